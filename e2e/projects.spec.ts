import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("projects page: buckets, create dialog with every field, lands on detail", async ({ page, api }) => {
  await api.project("Tax return", {
    bucket: "finance",
    deadline: "2025-01-05",
    description: "Sort receipts",
    tasks: [
      { id: 1, title: "Collect receipts", completed: true },
      { id: 2, title: "Fill the form", completed: false },
    ],
  });
  await page.goto("/projects");
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await expect(page.getByText("Organize your work into manageable projects")).toBeVisible();
  await expect(page.getByText("No projects in this category yet")).toHaveCount(3);
  await expect(page.getByText("Jan 5, 2025")).toBeVisible();
  await expect(page.getByText("1 of 2 tasks completed")).toBeVisible();
  await expect(page.getByText("Next: Fill the form")).toBeVisible();
  await expect(page.getByText("50%")).toBeVisible();
  await expectAccessible(page, "projects");

  // Collapsing a bucket hides its content.
  await page.getByRole("button", { name: /^Finance/ }).click();
  await expect(page.getByText("Next: Fill the form")).toBeHidden();
  await page.getByRole("button", { name: /^Finance/ }).click();

  await page.getByRole("button", { name: "Add Project" }).nth(2).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await expect(dialog.getByLabel("Category")).toHaveValue("health");
  await expect(dialog.getByRole("button", { name: "Create Project" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Get AI suggestions" }).click();
  await expect(toastText(page, "Please enter a project title first.")).toBeVisible();
  await expectAccessible(page, "create project dialog");

  await dialog.getByLabel("Project name").fill("Run a 10k");
  await dialog.getByLabel("Description (optional)").fill("Autumn race");
  await dialog.getByLabel("Deadline (optional)").fill("2030-10-01");
  await dialog.getByLabel("New project task").fill("Buy shoes");
  await dialog.getByLabel("New project task").press("Enter");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(toastText(page, "Project created")).toBeVisible();
  await expect(page).toHaveURL(/\/project-detail\/\d+$/);
  await expect(page.getByRole("heading", { name: "Run a 10k" })).toBeVisible();
  await expect(page.getByText("Health", { exact: true })).toBeVisible();
  await expect(page.getByText("Due Oct 1, 2030")).toBeVisible();
  await expect(page.getByText("Buy shoes")).toBeVisible();
});

test("create dialog: AI suggestions failing shows the error and keeps input", async ({ page, user }) => {
  expect(user.id).toBeGreaterThan(0);
  await page.route("**/api/ai/project-tasks", (route) => route.fulfill({ status: 404, body: "Not Found" }));
  await page.goto("/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await dialog.getByLabel("Project name").fill("Move house");
  await dialog.getByRole("button", { name: "Get AI suggestions" }).click();
  await expect(toastText(page, "Error generating tasks")).toBeVisible();
  await expect(dialog.getByLabel("Project name")).toHaveValue("Move house");
});

test("project detail: tasks add, toggle, inline edit, delete; notes", async ({ page, api }) => {
  const project = await api.project("Garden", { bucket: "personal" });
  await page.goto(`/project-detail/${project.id}`);
  await expect(page.getByText("No tasks yet. Add your first task above.")).toBeVisible();
  await expect(page.getByText('No notes yet. Click "Edit Notes" to add some.')).toBeVisible();
  await expect(page.getByText("Personal", { exact: true })).toBeVisible();
  const add = page.getByRole("button", { name: "Add", exact: true });
  await expect(add).toBeDisabled();

  const input = page.getByRole("textbox", { name: "New task" });
  await input.fill("Buy seeds");
  await input.press("Enter");
  await expect(toastText(page, "Task added")).toBeVisible();
  await input.fill("Dig beds");
  await add.click();
  await expect(page.getByText("0 of 2 completed")).toBeVisible();

  await page.getByRole("checkbox", { name: "Mark Buy seeds complete" }).click();
  await expect(page.getByText("1 of 2 completed")).toBeVisible();
  await expect(page.getByText("50%")).toBeVisible();

  await page.getByRole("button", { name: "Edit Dig beds" }).click();
  const edit = page.getByRole("textbox", { name: "Edit task title" });
  await edit.fill("Dig two beds");
  await edit.press("Escape");
  await expect(page.getByText("Dig beds")).toBeVisible();
  await page.getByRole("button", { name: "Edit Dig beds" }).click();
  await page.getByRole("textbox", { name: "Edit task title" }).fill("Dig two beds");
  await page.getByRole("textbox", { name: "Edit task title" }).press("Enter");
  await expect(page.getByText("Dig two beds")).toBeVisible();

  await page.route(`**/api/projects/${project.id}`, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "x" }) : route.continue(),
  );
  await page.getByRole("button", { name: "Delete Dig two beds" }).click();
  await expect(toastText(page, "Failed to delete task")).toBeVisible();
  await expect(page.getByText("Dig two beds")).toBeVisible();
  await page.unroute(`**/api/projects/${project.id}`);
  await page.getByRole("button", { name: "Delete Dig two beds" }).click();
  await expect(toastText(page, "Task deleted")).toBeVisible();
  await expect(page.getByText("1 of 1 completed")).toBeVisible();

  await page.getByRole("button", { name: "Edit Notes" }).click();
  await page
    .getByPlaceholder("Add notes, references, ideas, or any other information about this project...")
    .fill("Tomatoes by the fence");
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(toastText(page, "Notes updated")).toBeVisible();
  await expect(page.getByText("Tomatoes by the fence")).toBeVisible();
  await expectAccessible(page, "project detail");

  const saved = await api.get<{ tasks: Array<{ title: string; completed: boolean }>; notes: string; progress: number }>(
    `/api/projects/${project.id}`,
  );
  expect(saved).toMatchObject({
    notes: "Tomatoes by the fence",
    progress: 100,
    tasks: [{ title: "Buy seeds", completed: true }],
  });
  await page.getByRole("button", { name: "Back to Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test("project detail: bad ids redirect, missing projects say so", async ({ page, user }) => {
  expect(user.id).toBeGreaterThan(0);
  await page.goto("/project-detail/abc");
  await expect(page).toHaveURL(/\/projects$/);
  await page.goto("/project-detail/999999");
  await expect(page.getByText("Project not found")).toBeVisible();
  await page.getByRole("button", { name: "Return to Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);

  // A project that exists but cannot be loaded goes back to the list with the error.
  await page.route("**/api/projects/4242", (route) => route.fulfill({ status: 500, body: "down" }));
  await page.goto("/project-detail/4242");
  await expect(page).toHaveURL(/\/projects$/);
  await expect(toastText(page, "Could not load project details")).toBeVisible();
});

test("create dialog: offline 'Get AI suggestions' adds the built-in assistant's tasks", async ({ page, user }) => {
  expect(user.id).toBeGreaterThan(0);
  const res = await page.request.post("/api/ai/project-tasks", {
    data: { title: "Move house", description: null, category: "personal" },
  });
  const answer = (await res.json()) as { tasks: string[]; source: string };
  expect(answer.source).toBe("offline");
  expect(answer.tasks.length).toBeGreaterThan(0);

  await page.goto("/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await dialog.getByLabel("Project name").fill("Move house");
  await dialog.getByLabel("Category").selectOption("personal");
  await dialog.getByRole("button", { name: "Get AI suggestions" }).click();
  await expect(dialog.getByText(`Tasks received: ${answer.tasks.length}`)).toBeVisible();
  await expect(toastText(page, "Tasks generated")).toBeVisible();
  for (const task of answer.tasks) await expect(dialog.getByText(task, { exact: true })).toBeVisible();

  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/project-detail\/\d+$/);
  for (const task of answer.tasks) await expect(page.getByText(task, { exact: true })).toBeVisible();
});
