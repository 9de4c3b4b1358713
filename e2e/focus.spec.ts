import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("focus page: empty state and its links", async ({ page, user }) => {
  expect(user.id).toBeGreaterThan(0);
  await page.goto("/focus");
  await expect(page.getByText("No tasks available for focus")).toBeVisible();
  await expect(page.getByText("25:00")).toBeVisible();
  await expectAccessible(page, "focus empty");
  await page.getByRole("button", { name: "Add tasks" }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("focus session timer runs, completes and offers the break", async ({ page, api }) => {
  await page.clock.install();
  await api.task("Draft the newsletter");
  await page.goto("/focus");
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await page.clock.runFor(3000);
  await expect(page.getByRole("timer")).toHaveText("24:57");
  await page.getByRole("button", { name: "Pause" }).click();
  await page.clock.runFor(5000);
  await expect(page.getByRole("timer")).toHaveText("24:57");
  await page.getByRole("button", { name: "Resume" }).click();
  await page.clock.runFor(25 * 60 * 1000);
  await expect(toastText(page, "Focus session completed!")).toBeVisible();
  await page.getByRole("button", { name: "Take a 5-minute break" }).click();
  await page.clock.runFor(1000);
  await expect(page.getByRole("timer")).toHaveText("04:59");
});

test("focus mode dialog: countdown controls, checklist, complete task", async ({ page, api }) => {
  await page.clock.install();
  await api.task("Tidy the inbox", { category: "Personal", timeEstimate: 20 });
  await page.goto("/focus");
  await page.evaluate(() => sessionStorage.setItem("taskSteps", JSON.stringify(["Open mail", "Delete spam"])));
  await page.getByRole("button", { name: /Tidy the inbox/ }).click();
  const dialog = page.getByRole("dialog", { name: "Tidy the inbox" });
  await expect(dialog.getByText("Personal · 20 min")).toBeVisible();
  const timer = dialog.getByRole("timer", { name: "Focus countdown" });
  await expect(timer).toHaveText("25:00");
  await dialog.getByRole("button", { name: "Start" }).click();
  await page.clock.runFor(2000);
  await expect(timer).toHaveText("24:58");
  await dialog.getByRole("button", { name: "Pause" }).click();
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(timer).toHaveText("25:00");
  for (const cmd of ["Next step", "Pause", "I'm stuck", "Exit"])
    await expect(dialog.getByText(cmd, { exact: true })).toBeVisible();

  await dialog.getByRole("checkbox", { name: "Open mail" }).check();
  await expect(dialog.getByText("All steps completed!")).toBeHidden();
  await dialog.getByRole("checkbox", { name: "Delete spam" }).check();
  await expect(dialog.getByText("All steps completed!")).toBeVisible();
  await expectAccessible(page, "focus dialog");

  await dialog.getByRole("button", { name: "Complete Task" }).click();
  await expect(toastText(page, "Task completed")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No tasks available for focus")).toBeVisible();
  const tasks = await api.get<Array<{ completed: boolean }>>("/api/tasks");
  expect(tasks[0].completed).toBe(true);
});

test("leaving /focus turns focus mode off", async ({ page, api }) => {
  await api.task("Stretch");
  await page.goto("/focus");
  await page.getByRole("button", { name: /Stretch/ }).click();
  await expect(page.getByRole("dialog", { name: "Stretch" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /Stretch/ }).click();
  await expect(page.getByRole("dialog", { name: "Stretch" })).toBeVisible();
  await page.evaluate(() => {
    history.pushState({}, "", "/settings");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Focus Mode" }).click();
  await expect(page.getByRole("heading", { name: "Focus Mode", level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});
