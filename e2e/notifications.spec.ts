import { expect, test, toastText } from "./fixtures.ts";

test("notifications: one at a time, 5 seconds, F8 reaches them, swipe right dismisses, 420px wide", async ({
  page,
  user: _signedIn,
}) => {
  await page.clock.install();
  await page.goto("/");
  const input = page.getByPlaceholder("Add a quick win...");
  await input.fill("Stretch for two minutes");
  await input.press("Enter");
  await expect(toastText(page, "Quick Win Added!")).toBeVisible();
  await input.fill("Drink a glass of water please");
  await input.press("Enter");
  await expect(toastText(page, 'Added "Drink a glass of water please...".')).toBeVisible();
  // The second replaced the first: never two at once.
  await expect(page.locator("[data-toast]")).toHaveCount(1);

  // It goes by itself after 5 seconds. The page's clock also runs on its own between these steps,
  // so the first look leaves two seconds for a slow machine.
  await page.clock.runFor(3000);
  await expect(page.locator("[data-toast]")).toHaveCount(1);
  await page.clock.runFor(2500);
  await expect(page.locator("[data-toast][data-state=open]")).toHaveCount(0);

  // F8 moves focus to the notification area (its timer waits while it has focus).
  await input.fill("Open the window");
  await input.press("Enter");
  const toast = page.locator("[data-toast][data-state=open]");
  await expect(toast).toHaveCount(1);
  const area = page.getByRole("region", { name: /Notifications/ }).locator("ol");
  const box = await area.boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  expect(box?.width).toBeLessThanOrEqual(420);
  await page.keyboard.press("F8");
  await expect(area).toBeFocused();

  // A swipe of more than 50 px to the right dismisses it.
  const at = await toast.boundingBox();
  if (!at) throw new Error("toast not laid out");
  await page.mouse.move(at.x + 30, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + 60, at.y + at.height / 2, { steps: 3 });
  await page.mouse.move(at.x + 120, at.y + at.height / 2, { steps: 3 });
  await page.mouse.up();
  await page.clock.runFor(500);
  await expect(page.locator("[data-toast][data-state=open]")).toHaveCount(0);
});

test("project cards say what comes next, or that nothing is left", async ({ page, api, app }) => {
  await api.project("Empty plan", { bucket: "work" });
  await api.project("Done plan", { bucket: "personal", tasks: [{ id: 1, title: "Only step", completed: true }] });
  await app.projects.open();
  await expect(page.getByText("No tasks defined")).toBeVisible();
  await expect(page.getByText("All tasks complete")).toBeVisible();
  await expect(page.getByText("0 of 0 tasks completed")).toBeVisible();
  await expect(page.getByText("1 of 1 tasks completed")).toBeVisible();
});

test("signing out clears one person's lists before the next signs in", async ({ page, api, app, login }) => {
  await api.task("Private task of the first person");
  await app.dashboard.open();
  await expect(app.dashboard.focusTask("Private task of the first person")).toBeVisible();
  await app.shell.signOut();
  await expect(toastText(page, "Logged out successfully")).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => /user/i.test(k) && !/mood/i.test(k))),
  ).toEqual([]);

  const second = `second${Date.now().toString(36)}`;
  await login.open();
  await login.register(second, "another long password");
  await expect(app.dashboard.heading).toBeVisible();
  await expect(page.getByText("No focus tasks for today")).toBeVisible();
  await expect(page.getByText("Private task of the first person")).toHaveCount(0);
});
