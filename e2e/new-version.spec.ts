/**
 * A new version of the app (docs/decisions/029-installable-offline.md): the new service worker
 * waits until the person reloads from the calm "A new version is ready" prompt.
 *
 * Its own project in playwright.config.ts, run once the app's other tests are done: the test gives
 * the server's build folder a new sw.js for as long as it runs, which another test's worker, read
 * at that moment, would take for the app's own.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, expectAccessible, shootWidths, test, waitForOfflineCopy } from "./fixtures.ts";

// The rest of the suite runs without the worker (playwright.config.ts); this test is about it.
test.use({ serviceWorkers: "allow" });

test("a new version waits for the person: 'A new version is ready' and Reload", async ({ page, app }) => {
  await app.dashboard.open();
  await waitForOfflineCopy(page, ["/api/auth/me"]);

  // The server now has a new version of the worker: the file it sends is read from the build
  // folder on each request, as after a deploy. It keeps sending it until the test ends: the page
  // loaded again checks for a newer worker too, and the old file, back, would be one.
  const file = path.join(import.meta.dirname, "../dist/web/sw.js");
  const current = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, `${current}\n// next version\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole("status").filter({ hasText: "A new version is ready" });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    // Nothing swapped on its own: the page is still the one the old worker serves.
    await expect(app.dashboard.heading).toBeVisible();
    await expectAccessible(page, "update prompt");
    await shootWidths(page, "update-prompt");

    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(app.dashboard.heading).toBeVisible();
    await expect(page.getByText("A new version is ready")).toBeHidden();
    // The version now running is the newest: looking for a newer one finds none.
    const newer = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
      return Boolean(registration?.installing ?? registration?.waiting);
    });
    expect(newer).toBe(false);
  } finally {
    fs.writeFileSync(file, current);
  }
});
