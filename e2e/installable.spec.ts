/**
 * The installable app (docs/decisions/029-installable-offline.md): the manifest, the service worker
 * that keeps the last-seen day for offline use (the calm update prompt: e2e/new-version.spec.ts).
 */
import { expect, expectAccessible, shootWidths, test, toastText, waitForOfflineCopy } from "./fixtures.ts";

// The rest of the suite runs without the worker (playwright.config.ts); these tests are about it.
test.use({ serviceWorkers: "allow" });

test("the manifest is linked from the public and the signed-in pages and describes an installable app", async ({
  page,
  request,
}) => {
  const landing = await request.get("/", { headers: { cookie: "" } });
  expect(await landing.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');

  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: "Daily Compass", display: "standalone", start_url: "/dashboard" });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  const sizes = (purpose: string) =>
    manifest.icons.filter((i: { purpose: string }) => i.purpose === purpose).map((i: { sizes: string }) => i.sizes);
  expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(sizes("maskable")).toEqual(expect.arrayContaining(["512x512"]));
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
  }

  const sw = await request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);

  // The signed-in app's shell links it too, with a theme colour for light and for dark.
  await page.request.post("/api/auth/register", {
    data: { username: `m${Date.now()}`, password: "correct horse battery" },
  });
  await page.goto("/dashboard");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveCount(1);
});

test("offline, a reload still shows the day last seen, and signing out forgets it", async ({
  page,
  context,
  api,
  app,
}) => {
  await api.task("Call the dentist");
  await api.quickWin("Water the basil");
  await app.dashboard.open();
  await expect(app.dashboard.quickWin("Water the basil")).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/quick-wins", "/api/tasks"]);

  await context.setOffline(true);
  await page.reload();
  await expect(app.dashboard.heading).toBeVisible();
  await expect(app.dashboard.focusTask("Call the dentist")).toBeVisible();
  await expect(app.dashboard.quickWin("Water the basil")).toBeVisible();
  await expect(
    page.getByText(
      "You're offline. What you add, tick, edit or delete is kept on this device until you're back; some changes need the connection.",
    ),
  ).toBeVisible();
  await expectAccessible(page, "dashboard offline, from the kept copy");

  // A page of the app not opened before still starts, from the same shell.
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Capture Inbox", level: 1 })).toBeVisible();

  await context.setOffline(false);
  await page.goto("/dashboard");
  await app.shell.signOut();
  await expect(toastText(page, "Logged out successfully")).toBeVisible();
  expect(await page.evaluate(() => caches.has("dc-api"))).toBe(false);
  expect(await page.evaluate(() => caches.has("dc-pages"))).toBe(false);
});

test("offline, quick wins wait on this device, marked as waiting, and are each added once when the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  await app.dashboard.open();
  await expect(page.getByText("No quick wins yet. Add some!")).toBeVisible();
  await waitForOfflineCopy(page, ["/api/quick-wins"]);

  await context.setOffline(true);
  await app.dashboard.addQuickWin("Stretch for two minutes");
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await app.dashboard.addQuickWin("Refill the water bottle");
  const waitingList = page.getByRole("list", { name: "Quick wins waiting to sync" });
  await expect(waitingList.getByRole("listitem")).toHaveText([
    /Stretch for two minutes\s*Waiting to sync/,
    /Refill the water bottle\s*Waiting to sync/,
  ]);
  await expect(page.getByText("Waiting to sync: 2")).toBeVisible();
  await expectAccessible(page, "quick wins waiting to sync");
  await shootWidths(page, "waiting-to-sync");

  // Still there after a reload without a connection: they are kept on the device.
  await page.reload();
  await expect(page.getByText("Waiting to sync: 2")).toBeVisible();

  // The first one reached the server once already (its answer lost on the way back): sent again
  // with its key, it must not be added twice.
  const stored = await page.evaluate(
    () =>
      new Promise<Array<{ key: string; path: string; body: unknown }>>((resolve, reject) => {
        const open = indexedDB.open("daily-compass-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction("writes").objectStore("writes").getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
  );
  expect(stored).toHaveLength(2);
  const early = await page.request.post(stored[0].path, {
    data: stored[0].body,
    headers: { "Idempotency-Key": stored[0].key },
  });
  expect(early.status()).toBe(201);

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  await expect(app.dashboard.quickWin("Stretch for two minutes")).toBeVisible();
  await expect(app.dashboard.quickWin("Refill the water bottle")).toBeVisible();
  const onServer = (await api.get<Array<{ text: string }>>("/api/quick-wins")).map((q) => q.text).sort();
  expect(onServer).toEqual(["Refill the water bottle", "Stretch for two minutes"]);
});
