import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("focus page: empty state and its links", async ({ page, app }) => {
  await app.focus.open();
  await expect(page.getByText("No tasks available for focus")).toBeVisible();
  await expect(page.getByText("25:00")).toBeVisible();
  await expectAccessible(page, "focus empty");
  await app.focus.button("Add tasks").click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("focus session timer runs, completes and offers the break", async ({ page, api, app }) => {
  await page.clock.install();
  await api.task("Draft the newsletter");
  await app.focus.open();
  await expect(app.focus.button("Start Focus Session")).toBeVisible();
  // From here the page's clock moves only when the test moves it: with time flowing, a busy
  // machine let seconds pass between the clicks (CI runs saw 24:54 and 24:51).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await app.focus.button("Start Focus Session").click();
  await page.clock.runFor(3000);
  await expect(app.focus.timer).toHaveText("24:57");
  await app.focus.button("Pause").click();
  await page.clock.runFor(5000);
  await expect(app.focus.timer).toHaveText("24:57");
  await app.focus.button("Resume").click();
  await page.clock.runFor(25 * 60 * 1000);
  await expect(toastText(page, "Focus session completed!")).toBeVisible();
  await app.focus.button("Take a 5-minute break").click();
  await page.clock.runFor(1000);
  await expect(app.focus.timer).toHaveText("04:59");
});

test("focus mode dialog: countdown controls, checklist, complete task", async ({ page, api, app }) => {
  await page.clock.install();
  const task = await api.task("Tidy the inbox", { category: "Personal", timeEstimate: 20 });
  await api.taskSteps(task.id, ["Open mail", "Delete spam"]);
  await app.focus.open();
  const dialog = await app.focus.chooseTask("Tidy the inbox");
  await expect(dialog.root.getByText("Personal · 20 min")).toBeVisible();
  await expect(dialog.timer).toHaveText("25:00");
  // The clock moves only when the test moves it, until the countdown is reset.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await dialog.button("Start").click();
  await page.clock.runFor(2000);
  await expect(dialog.timer).toHaveText("24:58");
  await dialog.button("Pause").click();
  // Paused, it says it goes on, as the Focus page's own timer does; reset, it starts afresh.
  await expect(dialog.button("Resume")).toBeVisible();
  await dialog.button("Reset").click();
  await expect(dialog.timer).toHaveText("25:00");
  await expect(dialog.button("Start")).toBeVisible();
  await page.clock.resume();
  for (const cmd of ["Next step", "Pause", "I'm stuck", "Exit"])
    await expect(dialog.voiceCommands.getByText(cmd, { exact: true })).toBeVisible();

  await dialog.step("Open mail").check();
  await expect(dialog.root.getByText("All steps completed!")).toBeHidden();
  await dialog.step("Delete spam").check();
  await expect(dialog.root.getByText("All steps completed!")).toBeVisible();
  await expectAccessible(page, "focus dialog");

  await dialog.button("Complete Task").click();
  await expect(toastText(page, "Task completed")).toBeVisible();
  await expect(dialog.root).toBeHidden();
  await expect(page.getByText("No tasks available for focus")).toBeVisible();
  const tasks = await api.get<Array<{ completed: boolean }>>("/api/tasks");
  expect(tasks[0].completed).toBe(true);
});

test("ticked steps are kept with their task through a reload", async ({ page, api, app }) => {
  const task = await api.task("Sort the laundry");
  await api.taskSteps(task.id, ["Empty the basket", "Whites in one pile", "Start the machine"]);
  await app.focus.open();
  let dialog = await app.focus.chooseTask("Sort the laundry");
  await dialog.step("Empty the basket").check();
  await expect(dialog.step("Empty the basket")).toBeChecked();
  await expect
    .poll(async () => (await api.get<Array<{ done: boolean }>>(`/api/tasks/${task.id}/steps`)).map((s) => s.done))
    .toEqual([true, false, false]);

  await page.reload();
  dialog = await app.focus.chooseTask("Sort the laundry");
  await expect(dialog.step("Empty the basket")).toBeChecked();
  await expect(dialog.step("Whites in one pile")).not.toBeChecked();
  await dialog.step("Empty the basket").uncheck();
  await expect
    .poll(async () => (await api.get<Array<{ done: boolean }>>(`/api/tasks/${task.id}/steps`)).map((s) => s.done))
    .toEqual([false, false, false]);
});

test("I'm stuck puts a smaller first step in front and keeps the ticks", async ({ page, api, app }) => {
  const task = await api.task("Write the cover letter");
  await api.taskSteps(task.id, [{ text: "Open the job ad", done: true }, "Write the first paragraph"]);
  await page.route("**/api/ai/breakdown", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: '{"steps":["Write one sentence about why you want the job","Read it aloud"]}',
    }),
  );
  await app.focus.open();
  const dialog = await app.focus.chooseTask("Write the cover letter");
  await dialog.button("I'm stuck").click();
  await expect(dialog.root.getByRole("status").filter({ hasText: "New first step" })).toHaveText(
    "New first step: Write one sentence about why you want the job",
  );
  await expect(dialog.steps).toHaveCount(3);
  await expect(dialog.steps.first()).toHaveAccessibleName("Write one sentence about why you want the job");
  await expect(dialog.steps.first()).not.toBeChecked();
  await expect(dialog.step("Open the job ad")).toBeChecked();
  await expectAccessible(page, "focus dialog after I'm stuck");

  await page.reload();
  const again = await app.focus.chooseTask("Write the cover letter");
  await expect(again.steps.first()).toHaveAccessibleName("Write one sentence about why you want the job");
  await expect(again.steps).toHaveCount(3);
});

test("leaving /focus turns focus mode off", async ({ page, api, app }) => {
  await api.task("Stretch");
  await app.focus.open();
  const dialog = await app.focus.chooseTask("Stretch");
  await expect(dialog.root).toBeVisible();
  await page.keyboard.press("Escape");
  await app.focus.chooseTask("Stretch");
  await expect(dialog.root).toBeVisible();
  await page.evaluate(() => {
    history.pushState({}, "", "/settings");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await app.shell.go("Focus Mode");
  await expect(app.focus.heading).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("one session for the whole app: it keeps time on other screens and through a reload", async ({
  page,
  api,
  app,
}) => {
  await page.clock.install();
  await api.task("Write the report", { timeEstimate: 20 });
  await app.focus.open();
  await expect(app.focus.timer).toHaveText("25:00");
  // Time moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 1000);
  await app.focus.chooseLength("15 min");
  await expect(app.focus.length("15 min")).toBeChecked();
  await expect(app.focus.timer).toHaveText("15:00");
  await app.focus.button("Start Focus Session").click();
  await page.clock.runFor(60_000);
  await expect(app.focus.timer).toHaveText("14:00");
  await expect(page).toHaveTitle("14:00 Focus · Daily Compass");

  // Noting a thought in the inbox: the session goes on, and the way back shows it.
  await app.shell.go("Capture Inbox");
  await page.clock.runFor(60_000);
  await expect(app.shell.focusSession).toHaveText("Focus 13:00");
  await expect(page).toHaveTitle("13:00 Focus · Daily Compass");
  await app.shell.focusSession.click();
  await expect(app.focus.timer).toHaveText("13:00");

  await page.clock.resume();
  await page.reload();
  // A reload takes a moment of real time; the session is still the same one, running.
  await expect(app.focus.timer).toHaveText(/^1[23]:\d\d$/);
  await expect(app.focus.button("Pause")).toBeVisible();

  // The task's dialog shows the same session, not a second timer.
  const dialog = await app.focus.chooseTask("Write the report");
  await dialog.button("Pause").click();
  const left = await dialog.timer.textContent();
  await page.keyboard.press("Escape");
  await page.clock.runFor(120_000);
  await expect(app.focus.timer).toHaveText(left ?? "");
  await expect(app.focus.button("Resume")).toBeVisible();
});

test("focus dialog: 'I'm stuck' asks for smaller first steps for this task", async ({ api, app }) => {
  await api.task("Clean the garage", { timeEstimate: 60 });
  await app.focus.open();
  const dialog = await app.focus.chooseTask("Clean the garage");
  await expect(dialog.steps).toHaveCount(0);
  await dialog.button("I'm stuck").click();
  await expect(dialog.steps.first()).toBeVisible();
  const steps = await dialog.steps.count();
  expect(steps).toBeGreaterThanOrEqual(3);
  // The steps are about the task in hand.
  await expect(dialog.root.getByRole("region", { name: "Steps" })).toContainText(/garage/i);
});

test("focus dialog: a person writes their own steps, removes one and puts it back, by keyboard alone", async ({
  page,
  api,
  app,
}) => {
  const task = await api.task("Pack for the trip", { timeEstimate: 30 });
  await app.focus.open();
  const dialog = await app.focus.chooseTask("Pack for the trip");
  const region = dialog.root.getByRole("region", { name: "Steps" });
  await expect(region.getByText("No steps yet. Write the first small one, or press I'm stuck.")).toBeVisible();
  const box = region.getByLabel("New step");
  await box.focus();
  for (const step of ["Find the suitcase", "Lay out clothes", "Charge the phone"]) {
    await page.keyboard.type(step);
    await page.keyboard.press("Enter");
    await expect(region.getByRole("checkbox", { name: step })).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
  }
  await dialog.step("Find the suitcase").check();
  await expectAccessible(page, "focus dialog with own steps");

  // Removed by mistake: focus moves to the next step's remove button, and Undo puts it back in
  // its place with its tick.
  await region.getByRole("button", { name: "Remove step: Find the suitcase" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.step("Find the suitcase")).toBeHidden();
  await expect(region.getByRole("button", { name: "Remove step: Lay out clothes" })).toBeFocused();
  await expect(region.getByRole("status")).toHaveText(/Removed "Find the suitcase"\./);
  // Undo comes right after the list: past the last step's checkbox and its remove button.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect(region.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.steps).toHaveCount(3);
  await expect(dialog.steps.first()).toHaveAccessibleName("Find the suitcase");
  await expect(dialog.step("Find the suitcase")).toBeChecked();
  await expect(region.getByRole("button", { name: "Undo" })).toBeHidden();
  await expect(dialog.root).toBeVisible();

  await region.getByRole("button", { name: "Remove step: Charge the phone" }).click();
  await expect(dialog.step("Charge the phone")).toBeHidden();
  const stored = await api.get<Array<{ text: string; done: boolean }>>(`/api/tasks/${task.id}/steps`);
  expect(stored.map(({ text, done }) => ({ text, done }))).toEqual([
    { text: "Find the suitcase", done: true },
    { text: "Lay out clothes", done: false },
  ]);
});

test("focus page: beside a long list of tasks, the timer keeps its own height at the top", async ({ page, api }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (let i = 1; i <= 8; i++) await api.task(`Task number ${i}`, { timeEstimate: 10 });
  await page.goto("/focus");
  const timer = page.getByRole("region", { name: "Focus Session" });
  const list = page.getByRole("region", { name: "Focus Tasks" });
  await expect(list.getByRole("listitem")).toHaveCount(8);
  const [timerBox, listBox] = [await timer.boundingBox(), await list.boundingBox()];
  // Side by side, both from the top; the timer not stretched into an empty card as long as the list.
  expect(timerBox?.y).toBeCloseTo(listBox?.y ?? Number.NaN, 0);
  expect((timerBox?.height ?? 0) + 200).toBeLessThan(listBox?.height ?? 0);
  await expect(timer.getByRole("button", { name: "Start Focus Session" })).toBeInViewport();
});
