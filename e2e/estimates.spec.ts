import { type Api, expect, expectAccessible, test } from "./fixtures.ts";

/** Three Work tasks of 20 minutes that each took 30 in focus: Work tasks take about 1.5× the guess. */
async function learnWork(page: import("@playwright/test").Page, api: Api) {
  for (const title of ["Report", "Slides", "Budget review"]) {
    const task = await api.task(title, { category: "Work", timeEstimate: 20 });
    const res = await page.request.post("/api/focus-sessions", { data: { taskId: task.id, actualMinutes: 30 } });
    expect(res.status(), await res.text()).toBe(201);
    expect((await page.request.patch(`/api/tasks/${task.id}/toggle`)).ok()).toBeTruthy();
  }
}

test("estimates that learn: a kinder estimate offered in Add Task, shown and reset in Settings", async ({
  page,
  api,
  app,
}) => {
  await learnWork(page, api);

  await app.dashboard.open();
  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Quarterly plan");
  await dialog.estimate.fill("30");
  const offer = dialog.root.getByText("Work tasks usually take you about 1.5× your guess — use 45 min?");
  await expect(offer).toBeVisible();
  await expectAccessible(page, "add task with a kinder estimate");
  await dialog.root.getByRole("button", { name: "Use 45 min" }).click();
  await expect(dialog.estimate).toHaveValue("45");
  await expect(offer).toBeHidden();
  await dialog.addButton.click();
  await expect(dialog.root).toBeHidden();
  const tasks = await api.get<Array<{ title: string; timeEstimate: number }>>("/api/tasks");
  expect(tasks.find((t) => t.title === "Quarterly plan")?.timeEstimate).toBe(45);

  await app.settings.open();
  const card = page.getByRole("region", { name: "Estimates" });
  const row = (n: number) => card.getByRole("list", { name: "Learnt estimates" }).getByRole("listitem").nth(n);
  await expect(row(0).getByRole("paragraph")).toHaveText("Work: about 1.5× your guess, from 3 tasks");
  await expect(row(1).getByRole("paragraph")).toHaveText("Personal: Nothing learnt yet");
  await expect(row(1).getByRole("button")).toHaveCount(0);
  await expectAccessible(page, "estimates card");

  await card.getByRole("button", { name: "Reset Work" }).click();
  await expect(card.getByRole("status")).toHaveText("Work starts afresh.");
  await expect(row(0).getByRole("paragraph")).toHaveText("Work: Nothing learnt yet");
  await expect(card.getByRole("button", { name: "Reset all" })).toBeDisabled();
  const factors = await api.get<Array<{ category: string; factor: number; tasks: number }>>("/api/estimates");
  expect(factors.find((f) => f.category === "Work")).toEqual({ category: "Work", factor: 1, tasks: 0 });

  // With nothing learnt, Add Task offers nothing.
  await app.dashboard.open();
  const again = await app.dashboard.openAddTask();
  await again.estimate.fill("30");
  await expect(again.root.getByText(/usually take you/)).toBeHidden();
});
