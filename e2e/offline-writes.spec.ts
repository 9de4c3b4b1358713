/**
 * Writes made offline (docs/decisions/029-installable-offline.md): a thought, a task, ticks of
 * tasks and quick wins, a tick of a quick win itself still waiting, a delete, a routine's skip of
 * today, just this one of a routine changed, a thought made a focus task, a new event and a change
 * to another, kept on this device through a reload, and each made once when the connection is back.
 */
import type { Page } from "@playwright/test";
import { addDays } from "../shared/dates.ts";
import {
  type App,
  expect,
  expectAccessible,
  localDate,
  shootWidths,
  test,
  toastText,
  waitForOfflineCopy,
} from "./fixtures.ts";
import { EventDialog } from "./pages/event-dialog.ts";

// The rest of the suite runs without the worker (playwright.config.ts): offline, it answers reads.
test.use({ serviceWorkers: "allow" });

/** What waits in this browser's outbox, oldest first. */
const stored = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ key: string; path: string; method?: string; body: unknown }>>((resolve, reject) => {
        const open = indexedDB.open("daily-compass-outbox");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction("writes").objectStore("writes").getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
  );

test("offline, thoughts, tasks and ticks wait through a reload and are each made once when the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  await api.task("Call the dentist");
  await api.quickWin("Water the basil");
  await app.dashboard.open();
  await expect(app.dashboard.quickWin("Water the basil")).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/tasks", "/api/quick-wins"]);

  await context.setOffline(true);
  // A thought, captured on the dashboard.
  await app.dashboard.thoughtBox.fill("Book a haircut");
  await app.dashboard.saveThoughtButton.click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await expect(app.dashboard.thoughtBox).toHaveValue("");

  // A task, from Add Task.
  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Post the parcel");
  await dialog.addButton.click();
  await expect(dialog.root).toBeHidden();
  const waitingTasks = page.getByRole("list", { name: "Tasks waiting to sync" });
  await expect(waitingTasks.getByRole("listitem")).toHaveText([/Post the parcel\s*Waiting to sync/]);

  // Ticks of a task and a quick win the server has: they leave the lists at once, as online.
  await app.dashboard.focusTaskCheckbox("Call the dentist").click();
  await expect(app.dashboard.focusTaskCheckbox("Call the dentist")).toHaveCount(0);
  await app.dashboard.quickWin("Water the basil").click();
  await expect(app.dashboard.quickWin("Water the basil")).toHaveCount(0);

  // A quick win added now, and ticked while it still waits.
  await app.dashboard.addQuickWin("Stretch for two minutes");
  const waitingWins = page.getByRole("list", { name: "Quick wins waiting to sync" });
  await waitingWins.getByRole("checkbox", { name: /Stretch for two minutes/ }).click();
  await expect(waitingWins.getByRole("checkbox", { name: /Stretch for two minutes/ })).toBeChecked();

  const banner = page.getByText("Waiting to sync: 6");
  await expect(banner).toBeVisible();
  await banner.click();
  await expect(page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem")).toHaveText([
    "Thought:Book a haircutDon't add",
    "Task:Post the parcelDon't add",
    "Done:Call the dentist",
    "Done:Water the basil",
    "Quick win:Stretch for two minutesDon't add",
    "Done:Stretch for two minutes",
  ]);
  await expectAccessible(page, "writes waiting to sync");
  await shootWidths(page, "offline-writes");

  // A reload without a connection: everything is still there, still waiting, the ticks kept.
  await page.reload();
  await expect(app.dashboard.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 6")).toBeVisible();
  await expect(waitingTasks.getByRole("listitem")).toHaveText([/Post the parcel\s*Waiting to sync/]);
  await expect(waitingWins.getByRole("checkbox", { name: /Stretch for two minutes/ })).toBeChecked();
  await expect(app.dashboard.focusTaskCheckbox("Call the dentist")).toHaveCount(0);
  await expect(app.dashboard.quickWin("Water the basil")).toHaveCount(0);
  await page.getByRole("link", { name: /Inbox/ }).first().click();
  const waitingThoughts = page.getByRole("list", { name: "Thoughts waiting to sync" });
  await expect(waitingThoughts.getByRole("listitem")).toHaveText([/Book a haircut\s*Waiting to sync/]);
  await expectAccessible(page, "thoughts waiting to sync");
  await shootWidths(page, "offline-writes-inbox");
  // The Tasks page lists it under today's tasks too.
  await page.getByRole("link", { name: "Tasks", exact: true }).first().click();
  await expect(waitingTasks.getByRole("listitem")).toHaveText([/Post the parcel\s*Waiting to sync/]);
  // The task ticked offline is done today, its row saying that the tick has not reached the server.
  await expect(page.getByRole("list", { name: "Done today" }).getByRole("listitem")).toHaveText([
    /Call the dentist.*Waiting to sync/,
  ]);
  await shootWidths(page, "offline-writes-tasks");

  // The task reached the server once already, its answer lost on the way back: sent again with
  // its key, it must not be added twice.
  const task = (await stored(page)).find((w) => w.path === "/api/tasks");
  expect(task).toBeDefined();
  const early = await page.request.post("/api/tasks", {
    data: task?.body,
    headers: { "Idempotency-Key": task?.key ?? "" },
  });
  expect(early.status()).toBe(201);

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  expect(await stored(page)).toEqual([]);

  const tasks = await api.get<Array<{ title: string; completed: boolean }>>("/api/tasks");
  expect(tasks.map((t) => [t.title, t.completed]).sort()).toEqual([
    ["Call the dentist", true],
    ["Post the parcel", false],
  ]);
  const wins = await api.get<Array<{ text: string; completed: boolean }>>("/api/quick-wins");
  expect(wins.map((q) => [q.text, q.completed]).sort()).toEqual([
    ["Stretch for two minutes", true],
    ["Water the basil", true],
  ]);
  const thoughts = await api.get<Array<{ content: string }>>("/api/thoughts");
  expect(thoughts.map((t) => t.content)).toEqual(["Book a haircut"]);
  // The Tasks page read its list again: the task is there, made, no longer waiting.
  await expect(page.getByRole("checkbox", { name: "Complete Post the parcel" })).toBeVisible();
});

test("offline, a task deleted and a routine skipped today stay gone through a reload and are sent once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  await api.task("Call the vet");
  await api.task("Post the parcel");
  const stretch = await api.task("Stretch", { repeat: "FREQ=DAILY" });
  await app.tasks.open();
  const remove = page.getByRole("button", { name: "Delete Call the vet" });
  await expect(remove).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/tasks"]);

  await context.setOffline(true);
  await remove.click();
  await expect(toastText(page, "Task deleted")).toBeVisible();
  // The toast closed (Undo no longer offered): the delete is sent, and waits for the connection.
  await page.getByRole("button", { name: "Close notification" }).first().click();
  await expect(toastText(page, "Deleted on this device")).toBeVisible();
  // A routine's "Not today" is its skip of today: it waits the same way.
  await page.getByRole("button", { name: "Not today: Stretch" }).click();
  await expect(toastText(page, "Skipped for today")).toBeVisible();
  await page.getByRole("button", { name: "Close notification" }).first().click();
  await expect(toastText(page, "Skipped on this device")).toBeVisible();
  await page.getByText("Waiting to sync: 2").click();
  await expect(page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem")).toHaveText([
    "Delete:Call the vetBring back",
    "Skip today:StretchBring back",
  ]);
  await expectAccessible(page, "a delete and a skip waiting to sync");
  await shootWidths(page, "offline-delete");

  await page.reload();
  await expect(app.tasks.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 2")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Complete Post the parcel" })).toBeVisible();
  expect(await app.tasks.todayTitles()).toEqual(["Post the parcel"]);
  expect((await stored(page)).map((w) => [w.method, w.path])).toEqual([
    ["DELETE", expect.stringMatching(/^\/api\/tasks\/\d+$/)],
    // The skip names its day: sent late or twice, it skips that day only (decision 077).
    ["DELETE", `/api/tasks/${stretch.id}?scope=this&occurrence=${stretch.dueDate}`],
  ]);

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const tasks = await api.get<Array<{ title: string; dueDate: string | null }>>("/api/tasks");
  expect(tasks.map((t) => [t.title, t.dueDate])).toEqual([
    ["Post the parcel", null],
    ["Stretch", addDays(stretch.dueDate ?? "", 1)],
  ]);
});

test("offline, a thought caught twice by mistake is taken back with 'Don't add': it stays gone through a reload and only one is sent", async ({
  page,
  context,
  app,
  api,
}) => {
  await app.dashboard.open();
  await expect(app.dashboard.heading).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/tasks", "/api/quick-wins"]);

  await context.setOffline(true);
  for (const words of ["Call the bank about the card", "Call the bank about the card"]) {
    await app.dashboard.thoughtBox.fill(words);
    await app.dashboard.saveThoughtButton.click();
    await expect(app.dashboard.thoughtBox).toHaveValue("");
  }
  await page.getByText("Waiting to sync: 2").click();
  const waiting = page.getByRole("list", { name: "What is waiting to sync" });
  await expect(waiting.getByRole("listitem")).toHaveText([
    "Thought:Call the bank about the cardDon't add",
    "Thought:Call the bank about the cardDon't add",
  ]);
  await expectAccessible(page, "something new waiting to sync, with Don't add");
  await shootWidths(page, "offline-dont-add");

  await waiting.getByRole("button", { name: "Don't add Call the bank about the card" }).last().click();
  await expect(toastText(page, "Not added")).toBeVisible();
  await expect(toastText(page, '"Call the bank about the card" will not be sent.')).toBeVisible();
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  // Focus stays in what is left of the list.
  await expect(page.locator("summary", { hasText: "Waiting to sync: 1" })).toBeFocused();

  await page.reload();
  await expect(app.dashboard.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();
  expect((await stored(page)).map((w) => w.path)).toEqual(["/api/thoughts"]);

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const thoughts = await api.get<Array<{ content: string }>>("/api/thoughts");
  expect(thoughts.map((t) => t.content)).toEqual(["Call the bank about the card"]);
});

test("offline, just this one of a routine changed waits through a reload, and once sent is today's one-off with the routine on its next day", async ({
  page,
  context,
  api,
  app,
}) => {
  const walk = await api.task("Morning walk", { repeat: "FREQ=DAILY" });
  await app.tasks.open();
  await expect(page.getByRole("button", { name: "Edit Morning walk", exact: true })).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/tasks"]);

  await context.setOffline(true);
  const dialog = await app.tasks.edit("Morning walk");
  await dialog.title.fill("Walk to the park");
  await dialog.root.getByRole("radio", { name: /Just this one/ }).check();
  await dialog.save.click();
  await expect(dialog.root).toBeHidden();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  expect(await app.tasks.todayTitles()).toEqual(["Walk to the park"]);

  await page.reload();
  await expect(app.tasks.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();
  await expect(app.tasks.todayList.getByRole("listitem")).toHaveCount(1);
  expect(await app.tasks.todayTitles()).toEqual(["Walk to the park"]);
  await expect(app.tasks.todayList.getByRole("listitem")).toContainText("Waiting to sync");
  // It names its day, and carries the key it was first tried with (decisions 081, 082).
  const [kept] = await stored(page);
  expect([kept.method, kept.path]).toEqual(["PATCH", `/api/tasks/${walk.id}?scope=this&occurrence=${walk.dueDate}`]);
  expect(kept).toHaveProperty("idempotencyKey", expect.stringMatching(/^[0-9a-f-]{36}$/));

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  await expect(app.tasks.later.getByText("Morning walk", { exact: true })).toBeVisible();
  expect(await app.tasks.todayTitles()).toEqual(["Walk to the park"]);
  const tasks =
    await api.get<Array<{ id: number; title: string; repeat: string | null; dueDate: string | null }>>("/api/tasks");
  expect(tasks.map((t) => [t.title, t.repeat, t.dueDate]).sort()).toEqual([
    ["Morning walk", "FREQ=DAILY", addDays(walk.dueDate ?? "", 1)],
    ["Walk to the park", null, walk.dueDate],
  ]);
});

test("offline, an edit of a task another device deleted meanwhile is refused once sent: its words stay through a reload and are caught in the inbox", async ({
  page,
  context,
  api,
  app,
}) => {
  const task = await api.task("Call the vet");
  await app.tasks.open();
  await expect(page.getByRole("button", { name: "Edit Call the vet", exact: true })).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/tasks"]);

  await context.setOffline(true);
  const dialog = await app.tasks.edit("Call the vet");
  await dialog.title.fill("Call the vet about Milo's jab on Friday at 4");
  await dialog.save.click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  // Another device, online, deletes the task.
  await api.delete(`/api/tasks/${task.id}`);

  await context.setOffline(false);
  await expect(toastText(page, "One thing couldn't be saved")).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("[data-toast]")).toContainText("Your words are kept at the top of the screen.");
  const kept = page.getByRole("region", { name: "Couldn't be saved: 1" });
  await expect(kept).toContainText("Edit: Call the vet about Milo's jab on Friday at 4");
  await expect(kept).toContainText("Not accepted: Task not found");
  await page.reload();
  await expect(kept).toBeVisible();
  await expectAccessible(page, "Tasks, with words the server refused");
  await shootWidths(page, "refused-words");

  await kept.getByRole("button", { name: 'Add "Call the vet about Milo\'s jab on Friday at 4" to your inbox' }).click();
  await expect(toastText(page, "Added to your inbox")).toBeVisible();
  await expect(kept).toBeHidden();
  const thoughts = await api.get<Array<{ content: string }>>("/api/thoughts");
  expect(thoughts.map((t) => t.content)).toEqual(["Call the vet about Milo's jab on Friday at 4"]);
});

test("offline, a thought made a focus task leaves the inbox, waits through a reload, and is converted once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  const thought = await api.thought("Book the plumber", "Task");
  await app.inbox.open();
  await expect(app.inbox.card("Book the plumber")).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/thoughts"]);

  await context.setOffline(true);
  const dialog = await app.inbox.openConvert("Book the plumber");
  await dialog.getByRole("button", { name: "Convert to focus task" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "The thought will become a focus task when the connection is back.")).toBeVisible();
  await expect(app.inbox.card("Book the plumber")).toHaveCount(0);
  await page.getByText("Waiting to sync: 1").click();
  await expect(page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem")).toHaveText([
    "Task:Book the plumberDon't add",
  ]);

  // A reload without a connection: the thought is still converted here, and says it waits.
  await page.reload();
  await expect(app.inbox.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();
  await app.inbox.openView("Converted (1)");
  await expect(app.inbox.card("Book the plumber")).toContainText("Waiting to sync");
  await expectAccessible(page, "a conversion waiting to sync");
  await shootWidths(page, "offline-convert");

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const tasks = await api.get<Array<{ id: number; title: string }>>("/api/tasks");
  expect(tasks.map((t) => t.title)).toEqual(["Book the plumber"]);
  const thoughts = await api.get<Array<{ id: number; status: string; convertedTo: string | null }>>("/api/thoughts");
  expect(thoughts.find((t) => t.id === thought.id)).toMatchObject({
    status: "converted",
    convertedTo: `task:${tasks[0].id}`,
  });
  // Read again once sent: the card now links to the task it became.
  await expect(app.inbox.card("Book the plumber").getByRole("link")).toBeVisible();
});

test("offline, a new event, changes and deletes (just this one of a repeating event too) wait through a reload and are on the calendar once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  const { calendar } = app;
  await api.event({ title: "Choir", date: localDate(2), startTime: "19:00", duration: 60 });
  const stretch = await api.event({
    title: "Stretch",
    date: localDate(3),
    startTime: "07:00",
    duration: 15,
    repeat: `FREQ=WEEKLY;BYDAY=${["SU", "MO", "TU", "WE", "TH", "FR", "SA"][new Date(`${localDate(3)}T12:00:00Z`).getUTCDay()]}`,
  });
  await calendar.open();
  await expect(page.getByRole("button", { name: "Edit Choir" })).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/events"]);

  await context.setOffline(true);
  const add = await calendar.openAddEvent();
  await add.fill({ title: "Physio", date: localDate(1), startTime: "14:15", duration: 45 });
  await add.save();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await expect(toastText(page, "It will be added to your calendar when the connection is back.")).toBeVisible();
  await expect(add.root).toBeHidden();
  // The calendar shows it as waiting, above the days.
  const waitingEvents = page.getByRole("list", { name: "Events waiting to sync" });
  await expect(waitingEvents.getByRole("listitem")).toHaveText([/Physio\s*Waiting to sync/]);
  // A change to an event the server has shows at once, and waits too.
  const edit = await calendar.openEdit("Choir");
  await edit.fill({ title: "Choir practice", location: "Town hall" });
  await edit.save();
  await expect(toastText(page, "It will be saved when the connection is back.")).toBeVisible();
  await expect(edit.root).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit Choir practice" })).toBeVisible();
  // Just this one of a repeating event: its first day deleted, its second changed.
  const weeks = await page.getByRole("button", { name: "Delete Stretch", exact: true }).count();
  await page.getByRole("button", { name: "Delete Stretch", exact: true }).first().click();
  await calendar.occurrenceChoice("Delete").getByRole("button", { name: "Just this one" }).click();
  await expect(toastText(page, "Event deleted")).toBeVisible();
  await page.getByRole("button", { name: "Close notification" }).first().click();
  await expect(toastText(page, "Deleted on this device")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Stretch", exact: true })).toHaveCount(weeks - 1);
  await page.getByRole("button", { name: "Edit Stretch" }).first().click();
  const once = new EventDialog(page, "Edit event");
  await once.fill({ title: "Stretch, longer" });
  await once.save();
  await calendar.occurrenceChoice("Change").getByRole("button", { name: "Just this one" }).click();
  await expect(once.root).toBeHidden();
  const changed = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: "Edit Stretch, longer" }) });
  await expect(changed).toContainText("Waiting to sync");
  await page.getByText("Waiting to sync: 4").click();
  await expect(page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem")).toHaveText([
    "Event:PhysioDon't add",
    "Edit:Choir practice",
    /^Delete:Stretch \(\w{3}, \w{3} \d{1,2}\)Bring back$/,
    /^Edit:Stretch, longer \(\w{3}, \w{3} \d{1,2}\)$/,
  ]);
  await expectAccessible(page, "events waiting to sync");
  await shootWidths(page, "offline-event");

  await page.reload();
  await expect(calendar.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 4")).toBeVisible();
  await expect(waitingEvents.getByRole("listitem")).toHaveText([/Physio\s*Waiting to sync/]);
  await expect(page.getByRole("button", { name: "Edit Choir practice" })).toBeVisible();
  await expect(page.getByText("Town hall")).toBeVisible();
  await expect(changed).toContainText("Waiting to sync");
  await expect(page.getByRole("button", { name: "Delete Stretch", exact: true })).toHaveCount(weeks - 2);

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const events =
    await api.get<Array<{ id: number; title: string; date: string; startTime: string; location: string | null }>>(
      "/api/events",
    );
  const stretches = events.filter((e) => e.title.startsWith("Stretch"));
  expect(stretches.map((e) => e.id)).not.toContain(stretch.id);
  expect(stretches.filter((e) => e.title === "Stretch, longer").map((e) => e.date)).toEqual([localDate(10)]);
  expect(stretches.filter((e) => e.title === "Stretch").length).toBeGreaterThan(0);
  expect(
    events
      .filter((e) => !e.title.startsWith("Stretch"))
      .map((e) => [e.title, e.date, e.startTime, e.location])
      .sort(),
  ).toEqual([
    ["Choir practice", localDate(2), "19:00", "Town hall"],
    ["Physio", localDate(1), "14:15", null],
  ]);
  // The calendar read its events again: the new one is there, no longer waiting.
  await expect(page.getByRole("button", { name: "Edit Physio" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Choir practice" })).toBeVisible();
  await expect(waitingEvents).toHaveCount(0);
});

/**
 * Opens the Projects page, waits until the worker keeps its list for a reload (it is read again
 * through the worker while on screen), and opens the project `title` from it.
 */
async function openFromTheListKept(page: Page, app: App, title: string) {
  await app.projects.open();
  await expect(page.getByRole("heading", { name: title, level: 3 })).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/projects"]);
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

test("offline, a project deleted stays gone through a reload and is deleted once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  const garden = await api.project("Garden", { bucket: "personal" });
  await api.project("Taxes", { bucket: "finance" });
  await openFromTheListKept(page, app, "Garden");
  expect(new URL(page.url()).pathname).toBe(`/project-detail/${garden.id}`);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Delete project" }).click();
  await expect(app.projects.heading).toBeVisible();
  await expect(toastText(page, "Project deleted")).toBeVisible();
  await page.getByRole("button", { name: "Close notification" }).first().click();
  await expect(toastText(page, "Deleted on this device")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Garden", level: 3 })).toHaveCount(0);
  await page.getByText("Waiting to sync: 1").click();
  await expect(page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem")).toHaveText([
    "Delete:GardenBring back",
  ]);
  await expectAccessible(page, "a project's delete waiting to sync");
  await shootWidths(page, "offline-project");

  await page.reload();
  await expect(app.projects.heading).toBeVisible();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Taxes", level: 3 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Garden", level: 3 })).toHaveCount(0);
  // Its own page, opened again, says it is gone.
  await app.projectDetail.open(garden.id);
  await expect(page.getByText("Project not found")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const projects = await api.get<Array<{ title: string }>>("/api/projects");
  expect(projects.map((p) => p.title)).toEqual(["Taxes"]);
});

test("offline, a new project waits in its category through a reload, and opens once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  await api.project("Taxes", { bucket: "finance" });
  await app.projects.open();
  await expect(page.getByRole("heading", { name: "Taxes", level: 3 })).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/projects"]);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Add Project to Health" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await dialog.getByLabel("Project name").fill("Run a 5k");
  await dialog.getByLabel("Description (optional)").fill("By the spring, slowly");
  await dialog.getByLabel("New project task").fill("Buy shoes");
  await dialog.getByLabel("New project task").press("Enter");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Saved on this device")).toBeVisible();

  await page.reload();
  await expect(app.projects.heading).toBeVisible();
  const card = page.getByRole("article", { name: "Run a 5k" });
  await expect(card).toContainText("1 task");
  await expect(card).toContainText("Waiting to sync: it opens once it is saved.");
  await page.getByText("Waiting to sync: 1").click();
  await expect(page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem")).toHaveText([
    "Project:Run a 5kDon't add",
  ]);
  await expectAccessible(page, "a new project waiting to sync");
  await shootWidths(page, "offline-new-project");

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("link", { name: /Run a 5k/ }).click();
  await expect(page.getByRole("heading", { name: "Run a 5k", level: 1 })).toBeVisible();
  const projects =
    await api.get<Array<{ title: string; bucket: string; tasks: Array<{ title: string }> }>>("/api/projects");
  expect(projects.map((p) => [p.title, p.bucket, p.tasks.map((t) => t.title)]).sort()).toEqual([
    ["Run a 5k", "health", ["Buy shoes"]],
    ["Taxes", "finance", []],
  ]);
});

test("offline, a project's name changed shows on its page and in the list through a reload, and is saved once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  const garden = await api.project("Garden", { bucket: "personal" });
  await openFromTheListKept(page, app, "Garden");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Edit project" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit project" });
  await dialog.getByLabel("Project name").fill("Vegetable garden");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vegetable garden", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Back to Projects" }).click();
  await page.reload();
  await expect(app.projects.heading).toBeVisible();
  const card = page.getByRole("link", { name: "Vegetable garden" });
  await expect(card).toContainText("Waiting to sync");
  await card.click();
  await expect(page.getByRole("heading", { name: "Vegetable garden", level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/project-detail/${garden.id}`);
  await expect(page.locator("header").getByText("Waiting to sync", { exact: true })).toBeVisible();
  await expectAccessible(page, "a project's change waiting to sync");
  await shootWidths(page, "offline-project-edit");

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const projects = await api.get<Array<{ title: string }>>("/api/projects");
  expect(projects.map((p) => p.title)).toEqual(["Vegetable garden"]);
});

test("offline, a project's tasks ticked, added and deleted and its notes show marked through a reload, and are made to the project as it is once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  const move = await api.project("Move flat", {
    bucket: "personal",
    tasks: [
      { id: 1, title: "Order boxes", completed: false },
      { id: 2, title: "Book the van", completed: false },
      { id: 3, title: "Pack books", completed: false },
    ],
  });
  await openFromTheListKept(page, app, "Move flat");
  // Opened from its card, the page shows the list's copy; read once on its own, it is kept offline.
  await page.reload();
  await waitForOfflineCopy(page, [`/api/projects/${move.id}`]);
  const tasks = page.getByRole("region", { name: "Tasks" });

  await context.setOffline(true);
  await tasks.getByRole("checkbox", { name: "Mark Order boxes complete" }).click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await tasks.getByLabel("New task").fill("Label boxes");
  await tasks.getByLabel("New task").press("Enter");
  await expect(tasks.getByLabel("New task")).toHaveValue("");
  await tasks.getByRole("button", { name: "Delete Pack books" }).click();
  await expect(toastText(page, "Task deleted")).toBeVisible();
  await page.getByRole("button", { name: "Edit Notes" }).click();
  await page.getByRole("textbox", { name: "Project notes" }).fill("Van on Saturday");
  await page.getByRole("button", { name: "Save Notes" }).click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  // Meanwhile, on another device: the van is ticked.
  await api.updateProject(move.id, {
    tasks: [
      { id: 1, title: "Order boxes", completed: false },
      { id: 2, title: "Book the van", completed: true },
      { id: 3, title: "Pack books", completed: false },
    ],
  });

  await page.reload();
  await expect(page.getByRole("heading", { name: "Move flat", level: 1 })).toBeVisible();
  await expect(tasks.getByRole("checkbox")).toHaveCount(3);
  await expect(tasks.getByRole("checkbox", { name: "Mark Order boxes incomplete" })).toBeChecked();
  await expect(tasks.getByRole("listitem").filter({ hasText: "Label boxes" })).toContainText("Waiting to sync");
  await expect(tasks.getByText("Pack books")).toHaveCount(0);
  await expect(page.getByText("Van on Saturday")).toBeVisible();
  await expect(page.locator("header").getByText("Waiting to sync", { exact: true })).toBeVisible();
  await expectAccessible(page, "a project's tasks waiting to sync");
  await shootWidths(page, "offline-project-tasks");
  expect((await stored(page)).map((w) => [w.method, w.path])).toEqual([["PUT", `/api/projects/${move.id}`]]);

  await context.setOffline(false);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const saved = await api.get<{ tasks: Array<{ title: string; completed: boolean }>; progress: number; notes: string }>(
    `/api/projects/${move.id}`,
  );
  expect(saved.tasks.map((t) => [t.title, t.completed])).toEqual([
    ["Order boxes", true],
    ["Book the van", true],
    ["Label boxes", false],
  ]);
  expect(saved.progress).toBe(67);
  expect(saved.notes).toBe("Van on Saturday");
  await expect(tasks.getByRole("checkbox", { name: "Mark Book the van incomplete" })).toBeChecked();
});

test("offline, a step ticked in focus mode stays ticked, marked, through a reload, and is saved once the connection is back", async ({
  page,
  context,
  api,
  app,
}) => {
  const task = await api.task("Tidy the inbox", { timeEstimate: 20 });
  await api.taskSteps(task.id, ["Open mail", "Delete spam"]);
  await app.focus.open();
  let dialog = await app.focus.chooseTask("Tidy the inbox");
  await expect(dialog.step("Open mail")).toBeVisible();
  await waitForOfflineCopy(page, ["/api/auth/me", "/api/tasks", `/api/tasks/${task.id}/steps`]);

  await context.setOffline(true);
  await dialog.step("Open mail").click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await expect(dialog.step("Open mail")).toBeChecked();
  await expect(dialog.step("Open mail")).toHaveAccessibleDescription("Waiting to sync");
  await expectAccessible(page, "focus checklist, a tick waiting to sync");
  await shootWidths(page, "offline-step-tick");

  await page.reload();
  dialog = await app.focus.chooseTask("Tidy the inbox");
  await expect(dialog.step("Open mail")).toBeChecked();
  await expect(dialog.step("Open mail")).toHaveAccessibleDescription("Waiting to sync");

  await context.setOffline(false);
  await expect(dialog.step("Open mail")).not.toHaveAccessibleDescription("Waiting to sync", { timeout: 15_000 });
  const steps = await api.get<Array<{ text: string; done: boolean }>>(`/api/tasks/${task.id}/steps`);
  expect(steps.map((s) => [s.text, s.done])).toEqual([
    ["Open mail", true],
    ["Delete spam", false],
  ]);
});
