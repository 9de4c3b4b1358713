import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

test("a task made to repeat every day shows as a routine, and ticking today's keeps the series", async ({
  page,
  api,
  app,
}) => {
  await app.dashboard.open();
  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Take the vitamins");
  await dialog.repeat.selectOption({ label: "Every day" });
  await dialog.addButton.click();
  await expect(dialog.root).toBeHidden();

  const [saved] = (
    await api.get<Array<{ title: string; repeat: string | null; dueDate: string | null }>>("/api/tasks")
  ).filter((t) => t.title === "Take the vitamins");
  expect(saved?.repeat).toMatch(/FREQ=DAILY/);

  await app.tasks.open();
  await expect(app.tasks.row("Take the vitamins").getByRole("img", { name: "Repeats every day" })).toBeVisible();
  await expectAccessible(page, "tasks page with a routine");
  await app.tasks.checkbox("Take the vitamins").click();
  await expect(app.tasks.doneToday.getByRole("checkbox", { name: "Complete Take the vitamins" })).toBeChecked();
  // Done for today, still a routine: the series is kept. The box is ticked as it is pressed; the
  // server hears of it a moment later.
  const stored = async () =>
    (await api.get<Array<{ title: string; repeat: string | null; completed: boolean }>>("/api/tasks")).find(
      (t) => t.title === "Take the vitamins",
    );
  await expect.poll(async () => (await stored())?.completed).toBe(true);
  expect((await stored())?.repeat).toMatch(/FREQ=DAILY/);
});

type SavedTask = { id: number; title: string; repeat: string | null; dueDate: string | null };
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

test("editing just this one of a daily routine makes a one-off, and the routine keeps its title", async ({
  page,
  api,
  app,
}) => {
  await api.task("Morning walk", { repeat: "FREQ=DAILY" });
  await app.tasks.open();
  const dialog = await app.tasks.edit("Morning walk");
  const choice = dialog.root.getByRole("group", { name: "It repeats. Which ones to change?" });
  await expect(choice.getByRole("radio", { name: /All of them/ })).toBeChecked();
  await expectAccessible(page, "edit dialog of a routine");
  await dialog.title.fill("Walk to the park");
  await choice.getByRole("radio", { name: /Just this one/ }).check();
  await dialog.save.click();
  await expect(dialog.root).toBeHidden();

  await expect(app.tasks.todayList.getByText("Walk to the park", { exact: true })).toBeVisible();
  await expect(app.tasks.todayList.getByText("Morning walk", { exact: true })).toBeHidden();
  // The routine itself is unchanged, waiting for tomorrow under Later with its repeat icon.
  await expect(app.tasks.later.getByRole("img", { name: "Repeats every day" })).toBeVisible();
  await expect(app.tasks.later.getByText("Morning walk", { exact: true })).toBeVisible();
  const rows = await api.get<SavedTask[]>("/api/tasks");
  expect(rows.map((t) => [t.title, t.repeat]).sort()).toEqual([
    ["Morning walk", "FREQ=DAILY"],
    ["Walk to the park", null],
  ]);
});

test("deleting just this one of a routine skips today, and the routine stays", async ({ page, api, app }) => {
  await api.task("Water the plants", { repeat: "FREQ=DAILY" });
  await app.tasks.open();
  await app.tasks.deleteButton("Water the plants").click();
  const ask = page.getByRole("dialog", { name: 'Delete "Water the plants"?' });
  await expect(ask).toContainText("it comes back tomorrow");
  await expectAccessible(page, "delete dialog of a routine");
  await ask.getByRole("button", { name: "Just this one" }).click();
  await expect(ask).toBeHidden();
  await expect(toastText(page, '"Water the plants" comes back tomorrow.')).toBeVisible();
  await page.locator("[data-toast]").getByRole("button", { name: "Close notification" }).first().click();

  await expect(app.tasks.todayList.getByText("Water the plants", { exact: true })).toBeHidden();
  await expect(app.tasks.later.getByText("Water the plants", { exact: true })).toBeVisible();
  await expect(app.tasks.later.getByRole("img", { name: "Repeats every day" })).toBeVisible();
  await expect
    .poll(async () => (await api.get<SavedTask[]>("/api/tasks")).map((t) => [t.title, t.repeat, t.dueDate]))
    .toEqual([["Water the plants", "FREQ=DAILY", localDate(1)]]);
});

test("a task weekly on Monday and Thursday is saved so, and opens again with those days", async ({
  page,
  api,
  app,
}) => {
  await app.dashboard.open();
  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Gym");
  await dialog.repeat.selectOption({ label: "Weekly on…" });
  const days = dialog.root.getByRole("group", { name: "On these days" });
  const todayName = WEEKDAYS[new Date().getDay()] as string;
  await expect(days.getByRole("button", { name: todayName })).toHaveAttribute("aria-pressed", "true");
  await days.getByRole("button", { name: todayName }).click();
  await expect(dialog.root.getByRole("alert")).toHaveText("Choose at least one day.");
  await expect(dialog.addButton).toBeDisabled();
  await days.getByRole("button", { name: "Monday" }).click();
  await days.getByRole("button", { name: "Thursday" }).click();
  await expectAccessible(page, "add dialog with weekly days");
  await dialog.addButton.click();
  await expect(dialog.root).toBeHidden();
  const [saved] = await api.get<SavedTask[]>("/api/tasks");
  expect(saved?.repeat).toBe("FREQ=WEEKLY;BYDAY=MO,TH");

  await app.tasks.open();
  await expect(page.getByRole("img", { name: "Repeats every Monday and Thursday" })).toBeVisible();
  const edit = await app.tasks.edit("Gym");
  await expect(edit.repeat).toHaveValue("weekly");
  const pressed = edit.root.getByRole("group", { name: "On these days" }).locator("[aria-pressed=true]");
  await expect(pressed).toHaveText(["Mon", "Thu"]);
});

test("a quick win made to repeat from the Quick Wins card shows its repeat icon", async ({ page, api, app }) => {
  await app.dashboard.open();
  const repeat = app.dashboard.quickWins.getByRole("button", { name: "Repeat: Does not repeat" });
  await repeat.click();
  await app.dashboard.quickWins.getByLabel("Repeat", { exact: true }).selectOption({ label: "Every day" });
  await expect(app.dashboard.quickWins.getByRole("button", { name: "Repeat: Every day" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expectAccessible(page, "quick win repeat choice");
  await app.dashboard.addQuickWin("Drink a glass of water");
  await expect(app.dashboard.quickWin("Drink a glass of water")).toBeVisible();
  await expect(app.dashboard.quickWins.getByRole("img", { name: "Repeats every day" })).toBeVisible();
  const wins = await api.get<Array<{ text: string; repeat: string | null }>>("/api/quick-wins");
  expect(wins).toEqual([expect.objectContaining({ text: "Drink a glass of water", repeat: "FREQ=DAILY" })]);
});
