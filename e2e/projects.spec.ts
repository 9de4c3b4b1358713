import { expect, expectAccessible, test, toastText } from "./fixtures.ts";
import { ProjectDetailPage } from "./pages/projects.ts";

test("projects page: buckets, create dialog with every field, lands on detail", async ({ page, api, app }) => {
  const { projects } = app;
  await api.project("Tax return", {
    bucket: "finance",
    deadline: "2025-01-05",
    description: "Sort receipts",
    tasks: [
      { id: 1, title: "Collect receipts", completed: true },
      { id: 2, title: "Fill the form", completed: false },
    ],
  });
  await projects.open();
  await expect(projects.heading).toBeVisible();
  await expect(page.getByText("Organize your work into manageable projects")).toBeVisible();
  await expect(page.getByText("No projects in this category yet")).toHaveCount(3);
  await expect(page.getByText("Jan 5, 2025")).toBeVisible();
  await expect(page.getByText("1 of 2 tasks completed")).toBeVisible();
  await expect(page.getByText("Next: Fill the form")).toBeVisible();
  await expect(page.getByText("50%")).toBeVisible();
  await expectAccessible(page, "projects");

  // Collapsing a bucket hides its content.
  await projects.bucket("Finance").click();
  await expect(page.getByText("Next: Fill the form")).toBeHidden();
  await projects.bucket("Finance").click();

  // Work, Personal and Health are empty; Health is the third.
  const dialog = await projects.openCreateFromEmptyBucket(2);
  await expect(dialog.field("Category")).toHaveValue("health");
  await expect(dialog.createButton).toBeDisabled();
  await dialog.suggestButton.click();
  await expect(toastText(page, "Please enter a project title first.")).toBeVisible();
  await expectAccessible(page, "create project dialog");

  await dialog.name.fill("Run a 10k");
  await dialog.field("Description (optional)").fill("Autumn race");
  await dialog.field("Deadline (optional)").fill("2030-10-01");
  await dialog.addTask("Buy shoes");
  await dialog.createButton.click();
  await expect(toastText(page, "Project created")).toBeVisible();
  await expect(page).toHaveURL(/\/project-detail\/\d+$/);
  await expect(page.getByRole("heading", { name: "Run a 10k" })).toBeVisible();
  await expect(page.getByText("Health", { exact: true })).toBeVisible();
  await expect(page.getByText("Due Oct 1, 2030")).toBeVisible();
  await expect(page.getByText("Buy shoes")).toBeVisible();
});

test("create dialog: AI suggestions failing shows the error and keeps input", async ({ page, app }) => {
  await page.route("**/api/ai/project-tasks", (route) => route.fulfill({ status: 404, body: "Not Found" }));
  await app.projects.open();
  const dialog = await app.projects.openCreate();
  await dialog.name.fill("Move house");
  await dialog.suggestButton.click();
  await expect(toastText(page, "Error generating tasks")).toBeVisible();
  await expect(dialog.name).toHaveValue("Move house");
});

test("project detail: tasks add, toggle, inline edit, delete; notes", async ({ page, api, app }) => {
  const detail = app.projectDetail;
  const project = await api.project("Garden", { bucket: "personal" });
  await detail.open(project.id);
  await expect(page.getByText("No tasks yet. Add your first task above.")).toBeVisible();
  await expect(page.getByText('No notes yet. Click "Edit Notes" to add some.')).toBeVisible();
  await expect(page.getByText("Personal", { exact: true })).toBeVisible();
  await expect(detail.addButton).toBeDisabled();

  await detail.addTask("Buy seeds");
  await expect(toastText(page, "Task added")).toBeVisible();
  await detail.newTask.fill("Dig beds");
  await detail.addButton.click();
  await expect(page.getByText("0 of 2 completed")).toBeVisible();

  await detail.taskCheckbox("Buy seeds").click();
  await expect(page.getByText("1 of 2 completed")).toBeVisible();
  await expect(page.getByText("50%")).toBeVisible();

  let edit = await detail.startEdit("Dig beds");
  await edit.fill("Dig two beds");
  await edit.press("Escape");
  await expect(page.getByText("Dig beds")).toBeVisible();
  edit = await detail.startEdit("Dig beds");
  await edit.fill("Dig two beds");
  await edit.press("Enter");
  await expect(page.getByText("Dig two beds")).toBeVisible();

  await page.route(`**/api/projects/${project.id}`, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "x" }) : route.continue(),
  );
  await detail.deleteTask("Dig two beds");
  await expect(toastText(page, "Failed to delete task")).toBeVisible();
  await expect(page.getByText("Dig two beds")).toBeVisible();
  await page.unroute(`**/api/projects/${project.id}`);
  await detail.deleteTask("Dig two beds");
  await expect(toastText(page, "Task deleted")).toBeVisible();
  await expect(page.getByText("1 of 1 completed")).toBeVisible();
  // Undo puts it back where it was; deleting again keeps it deleted.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Dig two beds")).toBeVisible();
  await expect(page.getByText("1 of 2 completed")).toBeVisible();
  await expect
    .poll(async () =>
      (await api.get<{ tasks: Array<{ title: string }> }>(`/api/projects/${project.id}`)).tasks.map((t) => t.title),
    )
    .toEqual(["Buy seeds", "Dig two beds"]);
  await detail.deleteTask("Dig two beds");
  await expect(toastText(page, "Task deleted")).toBeVisible();
  await expect(page.getByText("1 of 1 completed")).toBeVisible();

  await detail.saveNotes("Tomatoes by the fence");
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

test("project detail: two tabs on one project keep each other's changes (decision 055)", async ({ page, api, app }) => {
  const project = await api.project("Move flat", {
    tasks: [
      { id: 1, title: "Order boxes", completed: false },
      { id: 2, title: "Book the van", completed: false },
    ],
  });
  await app.projectDetail.open(project.id);
  await expect(page.getByText("0 of 2 completed")).toBeVisible();

  // The same project in a second tab (as on another device): a tick and a new task.
  const other = await page.context().newPage();
  const there = new ProjectDetailPage(other);
  await there.open(project.id);
  await there.taskCheckbox("Order boxes").click();
  await there.addTask("Tell the bank");
  await expect(other.getByText("1 of 3 completed")).toBeVisible();
  await other.close();

  // The first tab still shows the project as it was; its tick keeps what the other tab did.
  await expect(page.getByText("0 of 2 completed")).toBeVisible();
  await app.projectDetail.taskCheckbox("Book the van").click();
  await expect(page.getByText("2 of 3 completed")).toBeVisible();
  await expect(page.getByText("Tell the bank")).toBeVisible();
  const saved = await api.get<{ tasks: Array<{ title: string; completed: boolean }> }>(`/api/projects/${project.id}`);
  expect(saved.tasks.map((t) => [t.title, t.completed])).toEqual([
    ["Order boxes", true],
    ["Book the van", true],
    ["Tell the bank", false],
  ]);
});

test("project detail: a project can be renamed and moved, and deleted with Undo", async ({ page, api, app }) => {
  const made = await api.project("Tax retrun", { bucket: "work", description: "Sort receipts" });
  await api.project("Garden");
  await api.thought("Receipts from March", "Task");
  await page.goto(`/project-detail/${made.id}`);
  await page.getByRole("button", { name: "Edit project" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit project" });
  await expect(dialog.getByLabel("Project name")).toHaveValue("Tax retrun");
  await expect(dialog.getByLabel("Description (optional)")).toHaveValue("Sort receipts");
  await expectAccessible(page, "Edit project");
  await dialog.getByLabel("Project name").fill("Tax return");
  await dialog.getByLabel("Category").selectOption("Finance");
  await dialog.getByLabel("Deadline (optional)").fill("2027-01-31");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toastText(page, "Project updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Tax return", level: 1 })).toBeVisible();
  await expect(page.getByText("Due Jan 31, 2027")).toBeVisible();
  expect(await api.get<{ title: string; bucket: string; deadline: string }>(`/api/projects/${made.id}`)).toMatchObject({
    title: "Tax return",
    bucket: "finance",
    deadline: "2027-01-31",
  });

  // Deleted: back on the list without it, and Undo brings it back.
  await page.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(toastText(page, "Project deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: /Tax return/ })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Finance/ })).toContainText("0");
  // Undo first: the toast closes after five seconds, which a scan on a busy machine can outlast.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("link", { name: /Tax return/ })).toBeVisible();
  await expectAccessible(page, "projects, a deleted project brought back");

  // Deleted again, with notes and a task half written, and left to go. While its toast is up, the
  // inbox offers no converting into it.
  await page.getByRole("link", { name: /Tax return/ }).click();
  await page.getByRole("button", { name: "Edit Notes" }).click();
  await page.getByLabel("Project notes").fill("Ask about the");
  await page.getByLabel("New task").fill("Call the");
  const drafts = () =>
    page.evaluate(
      (id) => Object.keys(localStorage).filter((key) => new RegExp(`:project-(notes|task):${id}$`).test(key)),
      made.id,
    );
  await expect.poll(drafts).toHaveLength(2);
  await page.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole("link", { name: "Capture Inbox" }).first().click();
  const convert = await app.inbox.openConvert("Receipts from March");
  await convert.getByRole("button", { name: "Convert to project task" }).click();
  await expect(convert.getByLabel("Project", { exact: true }).locator("option")).toHaveText(["Garden"]);
  // Its toast waits behind the dialog, where it could not be pressed (decision 076), and is back after.
  await expect(toastText(page, "Project deleted")).toHaveCount(0);
  await convert.getByRole("button", { name: "Back" }).click();
  await page.keyboard.press("Escape");
  await expect(toastText(page, "Project deleted")).toBeVisible();
  // The server forgets it once the toast closes.
  await page.locator("[data-toast]").getByRole("button", { name: "Close notification" }).click();
  await expect
    .poll(async () => (await api.get<Array<{ title: string }>>("/api/projects")).map((p) => p.title))
    .toEqual(["Garden"]);
  // What was being written went with it: nothing is left on this device for a project that is gone.
  await expect.poll(drafts).toEqual([]);
  // Back to its page within the app (past the inbox and the list), whose reads are kept: it is gone there too.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/project-detail/${made.id}$`));
  await expect(page.getByText("Project not found")).toBeVisible();
});

test("project detail: bad ids redirect, missing projects say so", async ({ page, app }) => {
  await app.projectDetail.open("abc");
  await expect(page).toHaveURL(/\/projects$/);
  await app.projectDetail.open(999999);
  await expect(page.getByText("Project not found")).toBeVisible();
  await page.getByRole("button", { name: "Return to Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);

  // A project that exists but cannot be loaded goes back to the list with the error.
  await page.route("**/api/projects/4242", (route) => route.fulfill({ status: 500, body: "down" }));
  await app.projectDetail.open(4242);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(toastText(page, "Could not load project details")).toBeVisible();
});

test("create dialog: offline 'Get AI suggestions' adds the built-in assistant's tasks", async ({ page, app }) => {
  const res = await page.request.post("/api/ai/project-tasks", {
    data: { title: "Move house", description: null, category: "personal" },
  });
  const answer = (await res.json()) as { tasks: string[]; source: string };
  expect(answer.source).toBe("offline");
  expect(answer.tasks.length).toBeGreaterThan(0);

  await app.projects.open();
  const dialog = await app.projects.openCreate();
  await dialog.name.fill("Move house");
  await dialog.field("Category").selectOption("personal");
  await dialog.suggestButton.click();
  await expect(dialog.root.getByText(`Tasks received: ${answer.tasks.length}`)).toBeVisible();
  await expect(toastText(page, "Tasks generated")).toBeVisible();
  for (const task of answer.tasks) await expect(dialog.root.getByText(task, { exact: true })).toBeVisible();

  await dialog.createButton.click();
  await expect(page).toHaveURL(/\/project-detail\/\d+$/);
  for (const task of answer.tasks) await expect(page.getByText(task, { exact: true })).toBeVisible();
});

test("projects page: a short project's card beside a taller one keeps its rows together at the top", async ({
  page,
  api,
  app,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const long = "Call the insurance company about the hail damage claim for the car and ask about the windscreen";
  await api.project(long, { bucket: "work", description: "Claim number on the letter", tasks: [] });
  await api.project("Tidy the shed", { bucket: "work", description: "Short", tasks: [] });
  await app.projects.open();
  const cards = page.getByRole("link").filter({ has: page.getByRole("heading", { level: 3 }) });
  const tall = cards.filter({ hasText: long });
  const short = cards.filter({ hasText: "Tidy the shed" });
  const [tallBox, shortBox] = [await tall.boundingBox(), await short.boundingBox()];
  expect(tallBox && shortBox).toBeTruthy();
  if (!tallBox || !shortBox) return;
  // Side by side in one row, as tall as each other.
  expect(shortBox.y).toBeCloseTo(tallBox.y, 0);
  expect(shortBox.height).toBeCloseTo(tallBox.height, 0);
  // The short card's badge, name and progress start where the tall card's do, not spread down it.
  for (const part of [
    (card: typeof short) => card.getByText("Work", { exact: true }),
    (card: typeof short) => card.getByRole("heading", { level: 3 }),
  ]) {
    const [a, b] = [await part(tall).boundingBox(), await part(short).boundingBox()];
    expect(b?.y).toBeCloseTo(a?.y ?? Number.NaN, 0);
  }
  const heading = await short.getByRole("heading", { level: 3 }).boundingBox();
  const progress = await short.getByText("Progress", { exact: true }).boundingBox();
  expect(heading && progress).toBeTruthy();
  if (heading && progress) expect(progress.y - (heading.y + heading.height)).toBeLessThan(48);
});
