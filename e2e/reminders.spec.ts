import { startPushService } from "../server/testing/push-service.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

test("reminder choices are kept with the account, and permission is never asked on load", async ({
  page,
  api,
  app,
}) => {
  await page.addInitScript(() => {
    // Counts the permission prompts the page asks for.
    const asked = { count: 0 };
    Object.assign(window, { __permissionAsked: asked });
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      asked.count += 1;
      return original(...args);
    };
  });
  await app.settings.open();
  const card = page.getByRole("region", { name: "Reminders" });
  await expect(card.getByRole("switch", { name: "Reminders on this device" })).toBeVisible();
  await expect(card.getByLabel("Events")).toHaveValue("10");

  await card.getByLabel("Events").selectOption({ label: "30 minutes before" });
  await expect(card.getByRole("status")).toHaveText("Saved.");
  await card.getByRole("switch", { name: "Tasks with a time" }).click();
  await expect(card.getByRole("switch", { name: "Tasks with a time" })).toHaveAttribute("aria-checked", "false");
  await card.getByRole("switch", { name: "Quiet hours" }).click();
  await expect(card.getByLabel("From")).toHaveValue("22:00");
  await card.getByLabel("Until").fill("06:30");
  await card.getByLabel("Until").blur();
  await expect(card.getByRole("status")).toHaveText("Saved.");
  await card.getByRole("switch", { name: "Plan your day" }).click();
  await expect(card.getByLabel("Nudge me at")).toHaveValue("09:00");

  expect(await api.get("/api/reminders/settings")).toEqual({
    eventLeadMinutes: 30,
    events: true,
    tasks: false,
    thoughts: true,
    focusEnd: true,
    dailyPlanTime: "09:00",
    quietStart: "22:00",
    quietEnd: "06:30",
  });
  await page.reload();
  await expect(page.getByRole("region", { name: "Reminders" }).getByLabel("Until")).toHaveValue("06:30");
  expect(
    await page.evaluate(() => (window as unknown as { __permissionAsked: { count: number } }).__permissionAsked.count),
  ).toBe(0);
  await expectAccessible(page, "settings with reminders");
});

test("a running focus session is told to the server, so its end can be announced with the app closed", async ({
  page,
  api,
  app,
}) => {
  await api.task("Write the report");
  await app.focus.open();
  const told = page.waitForRequest((r) => r.url().endsWith("/api/reminders/focus") && r.method() === "PUT");
  await app.focus.button("Start Focus Session").click();
  const body = (await told).postDataJSON() as { endsAt: string };
  const minutesAhead = (Date.parse(body.endsAt) - Date.now()) / 60_000;
  expect(minutesAhead).toBeGreaterThan(24);
  expect(minutesAhead).toBeLessThanOrEqual(25.1);
  const takenBack = page.waitForRequest((r) => r.url().endsWith("/api/reminders/focus") && r.method() === "DELETE");
  await app.focus.button("Pause").click();
  expect((await takenBack).method()).toBe("DELETE");
});

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow", permissions: ["notifications"] });

  test("a reminder sent through a real push service is shown by the app's service worker", async ({
    page,
    context,
    api,
    app,
  }) => {
    const push = await startPushService();
    try {
      await app.dashboard.open();
      await page.evaluate(() => navigator.serviceWorker.ready);
      // Headless Chromium has no push service of its own, so the device's subscription is made at
      // the local one and handed to the app as the browser would hand it over.
      const { publicKey } = await api.get<{ publicKey: string }>("/api/push/key");
      const subscription = await push.subscribe(publicKey);
      const saved = await page.request.post("/api/push/subscriptions", {
        data: { endpoint: subscription.endpoint, keys: subscription.keys },
      });
      expect(saved.status()).toBe(201);
      expect((await page.request.post("/api/push/test")).ok()).toBeTruthy();
      const [message] = await push.messages(subscription.clientHash);
      expect(JSON.parse(message)).toMatchObject({ title: "Reminders are on", url: "/settings" });

      // The push service hands the message to the browser, which wakes the worker with it.
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) =>
        cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const found = registrations.find((r) => !r.isDeleted);
          if (found) resolve(found.registrationId);
        }),
      );
      await cdp.send("ServiceWorker.enable");
      const origin = new URL(page.url()).origin;
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: await registration,
        data: message,
      });
      // The browser starts the worker for the message first, which on a busy machine can take longer
      // than the usual wait.
      await expect
        .poll(
          () =>
            page.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
            ),
          { timeout: 20_000 },
        )
        .toEqual([["Reminders are on", "This device will get your reminders."]]);
    } finally {
      await push.close();
    }
  });
  test("choosing a reminder moves the open app to its screen without loading the page again", async ({
    page,
    context,
    app,
  }) => {
    await app.dashboard.open();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.evaluate(() => {
      (window as { kept?: boolean }).kept = true;
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    // What the worker's notificationclick sends an open window of the app (web/sw/notification-click.ts).
    const tell = (path: string) =>
      worker.evaluate(async (path) => {
        type Scope = { clients: { matchAll(o: object): Promise<Array<{ postMessage(m: unknown): void }>> } };
        const scope = self as unknown as Scope;
        for (const c of await scope.clients.matchAll({ type: "window" })) c.postMessage({ type: "OPEN_PATH", path });
      }, path);
    await tell("/calendar");
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Calendar/);
    expect(await page.evaluate(() => (window as { kept?: boolean }).kept)).toBe(true);
    // Only the app's own screens are followed.
    await tell("https://evil.example/calendar");
    await tell("/privacy");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/calendar$/);
  });
});
