import { expect, expectAccessible, test } from "./fixtures.ts";

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
  // Done for today, still a routine: the series is kept.
  const after = (await api.get<Array<{ title: string; repeat: string | null; completed: boolean }>>("/api/tasks")).find(
    (t) => t.title === "Take the vitamins",
  );
  expect(after).toMatchObject({ completed: true });
  expect(after?.repeat).toMatch(/FREQ=DAILY/);
});
