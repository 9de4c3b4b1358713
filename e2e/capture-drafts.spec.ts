import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, toastText } from "./fixtures.ts";
import { AppShell } from "./pages/shell.ts";

type Thought = { content: string; type: string };

const drafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("draft:")));

test("words typed in the Thought Dump and not saved come back after a reload, and go once saved", async ({
  page,
  app,
  api,
}) => {
  await app.dashboard.open();
  const box = app.dashboard.thoughtBox;
  const task = app.dashboard.thoughtType("Task");
  await box.fill("Ask Sam about the weekend");
  await task.click();

  // The tab goes away before anything was saved: a reload, or a phone discarding it in the background.
  await page.reload();
  await expect(box).toHaveValue("Ask Sam about the weekend");
  await expect(task).toHaveAttribute("aria-pressed", "true");
  // And after a trip to another screen.
  await app.shell.go("Projects");
  await app.shell.go("Daily Compass");
  await expect(box).toHaveValue("Ask Sam about the weekend");

  await app.dashboard.saveThoughtButton.click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  // Saved, the text and the type are cleared (spec, "Saving a thought"), and stay so.
  await expect(box).toHaveValue("");
  await expect(task).toHaveAttribute("aria-pressed", "false");
  expect((await api.get<Thought[]>("/api/thoughts")).map((t) => [t.content, t.type])).toEqual([
    ["Ask Sam about the weekend", "Task"],
  ]);
  await page.reload();
  await expect(app.dashboard.saveThoughtButton).toBeDisabled();
  await expect(box).toHaveValue("");
  await expect(task).toHaveAttribute("aria-pressed", "false");
});

test("a task typed into Add Task and not added comes back after a reload, and goes once added", async ({
  page,
  app,
  api,
}) => {
  await app.dashboard.open();
  let dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Renew the passport");
  await dialog.category.selectOption("Personal");

  await page.reload();
  // The dialog is closed after the reload; opened again, the task is as it was left.
  dialog = await app.dashboard.openAddTask();
  await expect(dialog.title).toHaveValue("Renew the passport");
  await expect(dialog.category).toHaveValue("Personal");
  await expectAccessible(page, "Add Task opened again on a kept task");
  // Typing goes on after the kept title, neither in front of it nor over it.
  await expect(dialog.title).toBeFocused();
  await page.keyboard.type(" by May");
  await expect(dialog.title).toHaveValue("Renew the passport by May");
  await dialog.addButton.click();
  await expect(toastText(page, "Task Added")).toBeVisible();
  expect(
    (await api.get<Array<{ title: string; category: string }>>("/api/tasks")).map((t) => [t.title, t.category]),
  ).toEqual([["Renew the passport by May", "Personal"]]);

  await page.reload();
  dialog = await app.dashboard.openAddTask();
  await expect(dialog.title).toHaveValue("");
  await expect(dialog.category).toHaveValue("Work");
  expect(await drafts(page)).toEqual([]);
});

test("a change typed into Edit task and not saved comes back after a reload, and goes once saved", async ({
  page,
  app,
  api,
}) => {
  await api.task("Renew the passport", { category: "Work", timeEstimate: 30 });
  await app.tasks.open();
  let dialog = await app.tasks.edit("Renew the passport");
  await dialog.title.fill("Renew the passport and the ID card");
  await dialog.category.selectOption("Personal");

  await page.reload();
  dialog = await app.tasks.edit("Renew the passport");
  await expect(dialog.title).toHaveValue("Renew the passport and the ID card");
  await expect(dialog.category).toHaveValue("Personal");
  await expect(
    dialog.root.getByText("Your changes from before are back, not saved yet.", { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, "Edit task opened again on kept changes");
  await dialog.save.click();
  await expect(toastText(page, "Task updated")).toBeVisible();
  expect(
    (await api.get<Array<{ title: string; category: string }>>("/api/tasks")).map((t) => [t.title, t.category]),
  ).toEqual([["Renew the passport and the ID card", "Personal"]]);
  expect(await drafts(page)).toEqual([]);
});

test("a project and an event typed into their dialogs and not saved come back after a reload", async ({
  page,
  app,
  api,
}) => {
  await app.projects.open();
  let project = await app.projects.openCreate();
  await project.name.fill("Move house");
  await project.field("Notes (optional)").fill("Ask Sam about the van");
  await project.addTask("Book movers");
  await page.reload();
  project = await app.projects.openCreate();
  await expect(project.name).toHaveValue("Move house");
  await expect(project.field("Notes (optional)")).toHaveValue("Ask Sam about the van");
  await expect(project.root.getByRole("group", { name: "Tasks" }).getByRole("listitem")).toHaveText(["Book movers"]);
  await expectAccessible(page, "Create Project opened again on a kept project");
  await expect(project.name).toBeFocused();
  await page.keyboard.type(" in March");
  await project.createButton.click();
  await expect(toastText(page, "Project created")).toBeVisible();
  expect((await api.get<Array<{ title: string }>>("/api/projects")).map((p) => p.title)).toEqual([
    "Move house in March",
  ]);

  await app.calendar.open();
  let event = await app.calendar.openAddEvent();
  await event.fill({ title: "Dentist", startTime: "14:30", location: "High Street 4" });
  await page.reload();
  event = await app.calendar.openAddEvent();
  await expect(event.field("Title")).toHaveValue("Dentist");
  await expect(event.field("Start time")).toHaveValue("14:30");
  await expect(event.field("Location (optional)")).toHaveValue("High Street 4");
  await expectAccessible(page, "Add event opened again on a kept event");
  await expect(event.field("Title")).toBeFocused();
  await page.keyboard.type(" check-up");
  await event.save();
  await expect(toastText(page, "Event added")).toBeVisible();
  expect((await api.get<Array<{ title: string; startTime: string }>>("/api/events")).map((e) => e.title)).toEqual([
    "Dentist check-up",
  ]);
  expect(await drafts(page)).toEqual([]);
});

test("the capture dialog keeps its words through a reload; a thought sent in one tab leaves the other", async ({
  page,
  app,
  api,
}) => {
  await app.inbox.open();
  const dialog = await app.shell.openCaptureByKey();
  await dialog.getByRole("textbox", { name: "Capture text" }).fill("Book the car's service");
  await page.reload();
  await app.shell.openCaptureByKey();
  await expect(dialog.getByRole("textbox", { name: "Capture text" })).toHaveValue("Book the car's service");
  // The caret waits after the kept words: what is typed next goes on from them.
  await page.keyboard.type(", Tuesday");
  await expect(dialog.getByRole("textbox", { name: "Capture text" })).toHaveValue("Book the car's service, Tuesday");

  // A second tab shows the same words; they are sent from the first.
  const other = await page.context().newPage();
  await other.goto("/inbox");
  const otherBox = (await new AppShell(other).openCaptureByKey()).getByRole("textbox", { name: "Capture text" });
  await expect(otherBox).toHaveValue("Book the car's service, Tuesday");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toastText(page, "Added to inbox")).toBeVisible();
  await expect(otherBox).toHaveValue("");
  expect((await api.get<Thought[]>("/api/thoughts")).map((t) => t.content)).toEqual([
    "Book the car's service, Tuesday",
  ]);
  await other.close();
});

test("signing out forgets the words not sent, and the next person on the device does not see them", async ({
  page,
  app,
  login,
}) => {
  await app.inbox.open();
  await app.inbox.captureBox.fill("Private thought of the first person");
  await app.dashboard.open();
  await app.dashboard.thoughtBox.fill("Another private thought");
  expect(await drafts(page)).toHaveLength(2);

  await app.shell.signOut();
  await expect(toastText(page, "Logged out successfully")).toBeVisible();
  expect(await drafts(page)).toEqual([]);

  await login.open();
  await login.register(`next${Date.now().toString(36)}`, "another long password");
  await expect(app.dashboard.heading).toBeVisible();
  await expect(app.dashboard.thoughtBox).toHaveValue("");
  await app.inbox.open();
  await expect(app.inbox.captureBox).toHaveValue("");
});

test("project notes being edited outlive a reload; saving or cancelling ends the draft", async ({ page, api }) => {
  const project = await api.project("Move house", { notes: "Boxes from the shop" });
  await page.goto(`/project-detail/${project.id}`);
  await page.getByRole("button", { name: "Edit Notes" }).click();
  const notes = page.getByRole("textbox", { name: "Project notes" });
  await notes.fill("Boxes from the shop\nBook the van for Saturday");
  await page.reload();
  await expect(notes).toHaveValue("Boxes from the shop\nBook the van for Saturday");
  await expect(page.getByRole("button", { name: "Save Notes" })).toBeVisible();

  // Meanwhile the notes were saved from another device: this edit says so before it replaces them.
  await api.updateProject(project.id, { notes: "Boxes from the shop\nCall the landlord" });
  await page.reload();
  await expect(
    page.getByText("These notes were changed elsewhere after you began. Saving keeps what is here."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Notes saved elsewhere" })).toContainText(
    "Boxes from the shop\nCall the landlord",
  );
  await expectAccessible(page, "project notes changed elsewhere");
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(toastText(page, "Notes updated")).toBeVisible();
  await expect(page.getByText("Book the van for Saturday")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Edit Notes" })).toBeVisible();
  await expect(notes).toBeHidden();

  // Cancelled: nothing is kept.
  await page.getByRole("button", { name: "Edit Notes" }).click();
  await notes.fill("Half a thought");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Edit Notes" })).toBeVisible();
  await expect(page.getByText("Half a thought")).toBeHidden();
  expect(await drafts(page)).toEqual([]);
});

test("a new quick win and a project's new task typed and not added come back after a reload", async ({ page, api }) => {
  const project = await api.project("Garden");
  await page.goto("/dashboard");
  await page.getByLabel("New quick win").fill("Refill the bird feeder");
  await page.goto(`/project-detail/${project.id}`);
  await page.getByLabel("New task").fill("Buy tomato seeds");
  await page.reload();
  await expect(page.getByLabel("New task")).toHaveValue("Buy tomato seeds");
  await page.getByLabel("New task").press("Enter");
  await expect(toastText(page, "Task added")).toBeVisible();
  await expect(page.getByLabel("New task")).toHaveValue("");

  await page.goto("/dashboard");
  const quickWin = page.getByLabel("New quick win");
  await expect(quickWin).toHaveValue("Refill the bird feeder");
  await quickWin.press("Enter");
  await expect(toastText(page, "Quick Win Added!")).toBeVisible();
  await page.reload();
  await expect(quickWin).toHaveValue("");
  expect(await drafts(page)).toEqual([]);
});
