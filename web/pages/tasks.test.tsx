// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/dates.ts";
import { OCCURRENCE_MOVED_ON, type QuickWin, type Task, type User } from "../../shared/schemas.ts";
import { AuthProvider } from "../app/auth.tsx";
import { dismissToast } from "../components/ui/toast-store.ts";
import { WaitingWrites } from "../components/waiting-writes.tsx";
import { TASKS_PAGE_SIZE } from "../features/tasks/api.ts";
import { keepWaiting, newIdempotencyKey, sendWaiting } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import {
  databaseAway,
  holdAnswers,
  loseConnection,
  loseNextAnswer,
  renderWithApp,
  renderWithOutbox,
  resetApp,
  server,
  signUp,
} from "../testing/app-harness.tsx";
import { TasksPage } from "./tasks.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const addTask = (title: string) => server<Task>("POST", "/api/tasks", { title });
const addWin = (text: string) => server<QuickWin>("POST", "/api/quick-wins", { text });
/** The titles in one of the page's lists. */
const titlesIn = (list: string) =>
  within(screen.getByRole("list", { name: list }))
    .getAllByRole("checkbox")
    .map((box) => box.getAttribute("aria-label")?.replace(/^Complete /, "") ?? box.closest("label")?.textContent);

function renderTasks() {
  renderWithApp(
    <AuthProvider>
      <TasksPage />
    </AuthProvider>,
  );
}

/** The Tasks page with what waits on this device shown and applied to the lists, as in the app. */
const renderTasksWithOutbox = () => renderWithOutbox(<TasksPage />, user);

describe("Find a task or quick win (docs/decisions/052-find-a-task.md)", () => {
  it("finds a task not yet read, by any of its words, ignoring case and accents", async () => {
    // More than a page of today's tasks, the one looked for last in the order.
    for (let i = 1; i <= TASKS_PAGE_SIZE + 2; i++) await addTask(`Chore ${i}`);
    await addTask("Call the Café about the cake");
    renderTasks();
    await screen.findByRole("button", { name: "Show more" });
    expect(screen.queryByText("Call the Café about the cake")).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "CAKE cafe");
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Call the Café about the cake"]));
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("counts the matches in each tab, says them, and finds quick wins too", async () => {
    await addTask("Reply to Ana");
    await addTask("Book the dentist");
    const done = await addTask("Reply to the school");
    await server("PATCH", `/api/tasks/${done.id}/toggle`);
    await addWin("Reply to Renée");
    await addWin("Reply to Kai");
    await addWin("Water the plants");
    renderTasks();
    await screen.findByText("Book the dentist");

    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "reply");
    expect(await screen.findByRole("tab", { name: "Focus tasks (2)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Quick wins (2)" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Found 2 focus tasks and 2 quick wins.");
    expect(titlesIn("Today's tasks")).toEqual(["Reply to Ana"]);
    expect(titlesIn("Done today")).toEqual(["Reply to the school"]);

    await userEvent.click(screen.getByRole("tab", { name: "Quick wins (2)" }));
    await waitFor(() => expect(titlesIn("Quick wins")).toEqual(["Reply to Renée", "Reply to Kai"]));
  });

  it("finds what still waits on this device to be added, and counts it", async () => {
    await addTask("Book the dentist");
    const waits = [
      ["/api/tasks", { title: "Reply to the plumber" }],
      ["/api/tasks", { title: "Buy bread" }],
      ["/api/quick-wins", { text: "Reply to Kai" }],
      ["/api/quick-wins", { text: "Water the plants" }],
    ] as const;
    for (const [path, body] of waits) {
      const label = "title" in body ? body.title : body.text;
      await keepWaiting({ userId: user.id, key: newIdempotencyKey(), path, body, label });
    }
    renderTasks();
    const waiting = (list: string) =>
      within(screen.getByRole("list", { name: list }))
        .getAllByRole("checkbox")
        .map((box) => box.closest("label")?.textContent);
    await waitFor(() =>
      expect(waiting("Tasks waiting to sync")).toEqual([
        "Reply to the plumberWaiting to sync",
        "Buy breadWaiting to sync",
      ]),
    );

    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "reply");
    expect(await screen.findByRole("tab", { name: "Focus tasks (1)" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Found 1 focus task and 1 quick win.");
    expect(waiting("Tasks waiting to sync")).toEqual(["Reply to the plumberWaiting to sync"]);
    // One matches, so the list does not say that nothing does.
    expect(screen.queryByText("No task for today matches “reply”.")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Quick wins (1)" }));
    await waitFor(() => expect(waiting("Quick wins waiting to sync")).toEqual(["Reply to KaiWaiting to sync"]));
    expect(screen.queryByText("No quick win matches “reply”.")).not.toBeInTheDocument();
  });

  it("says when nothing matches, in each list, and shows everything again once cleared", async () => {
    await addTask("Book the dentist");
    await addWin("Water the plants");
    renderTasks();
    await screen.findByText("Book the dentist");
    const box = screen.getByRole("searchbox", { name: "Find a task or quick win" });

    await userEvent.type(box, "zebra");
    expect(await screen.findByText("No task for today matches “zebra”.")).toBeInTheDocument();
    expect(screen.getByText("No task done today matches “zebra”.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Found no focus tasks and no quick wins."),
    );
    await userEvent.click(screen.getByRole("tab", { name: "Quick wins (0)" }));
    expect(await screen.findByText("No quick win matches “zebra”.")).toBeInTheDocument();

    await userEvent.clear(box);
    await waitFor(() => expect(titlesIn("Quick wins")).toEqual(["Water the plants"]));
    expect(screen.getByRole("tab", { name: "Quick wins" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("narrows the rows on show at once, and a renamed task leaves the matches", async () => {
    const task = await addTask("Reply to Ana");
    await addTask("Reply to Sam");
    renderTasks();
    await screen.findByText("Reply to Ana");
    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "ana");
    // Before typing has even paused long enough to ask the server.
    expect(titlesIn("Today's tasks")).toEqual(["Reply to Ana"]);

    await userEvent.click(screen.getByRole("button", { name: "Edit Reply to Ana" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    const title = within(dialog).getByLabelText("Task title");
    await userEvent.clear(title);
    await userEvent.type(title, "Reply to Bo");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("No task for today matches “ana”.")).toBeInTheDocument();
    await waitFor(async () =>
      expect((await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === task.id)?.title).toBe("Reply to Bo"),
    );
  });
});

describe("Done earlier (docs/decisions/053-done-earlier.md)", () => {
  it("holds what was done before today, closed until opened; unticking one puts it back on the list", async () => {
    // Imported as done: done before today, on no known day.
    await server("POST", "/api/data/import", {
      tasks: [
        { title: "File the old report", completed: true },
        { title: "Renew the library card", completed: true },
      ],
    });
    const today = await addTask("Done this morning");
    await server("PATCH", `/api/tasks/${today.id}/toggle`);
    renderTasks();
    const toggle = await screen.findByRole("button", { name: "Done earlier" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("list", { name: "Done earlier" })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(titlesIn("Done earlier")).toEqual(["Renew the library card", "File the old report"]));
    await waitFor(() => expect(titlesIn("Done today")).toEqual(["Done this morning"]));

    await userEvent.click(screen.getByRole("checkbox", { name: "Complete Renew the library card" }));
    expect(await screen.findByText("Back on your list")).toBeInTheDocument();
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Renew the library card"]));
    expect(titlesIn("Done earlier")).toEqual(["File the old report"]);
    // Focus stays in the list, on the row that took the reopened one's place.
    expect(document.activeElement?.closest("ul")).toHaveAccessibleName("Done earlier");

    expect(screen.getByText(`"Renew the library card" is open again, on today's list.`)).toBeInTheDocument();
  });

  it("says the day each was done, and Undo of a reopening puts the task back on its own day", async () => {
    // The test accounts live in UTC.
    const today = new Date().toISOString().slice(0, 10);
    const doneOn = async (title: string, day: string) => {
      const made = await addTask(title);
      await server("PATCH", `/api/tasks/${made.id}`, { completed: true, completedAt: `${day}T12:00:00.000Z` });
      return made;
    };
    const fern = await doneOn("Water the fern", addDays(today, -1));
    await doneOn("Post the letter", "2026-03-02");
    renderTasks();
    await userEvent.click(await screen.findByRole("button", { name: "Done earlier" }));
    await waitFor(() => expect(titlesIn("Done earlier")).toEqual(["Water the fern", "Post the letter"]));
    const list = screen.getByRole("list", { name: "Done earlier" });
    expect(within(list).getByText("Done yesterday")).toBeInTheDocument();
    expect(within(list).getByText("Done Mon, Mar 2")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("checkbox", { name: "Complete Water the fern" }));
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Water the fern"]));
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(() => expect(titlesIn("Done earlier")).toEqual(["Water the fern", "Post the letter"]));
    expect(within(list).getByText("Done yesterday")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Today's tasks" })).not.toBeInTheDocument();
    const saved = (await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === fern.id);
    expect(saved).toMatchObject({ completed: true, completedAt: `${addDays(today, -1)}T12:00:00.000Z` });
  });

  it("is searched with the rest, and says when nothing done earlier matches", async () => {
    await server("POST", "/api/data/import", { tasks: [{ title: "File the old report", completed: true }] });
    renderTasks();
    await userEvent.click(await screen.findByRole("button", { name: "Done earlier" }));
    await waitFor(() => expect(titlesIn("Done earlier")).toEqual(["File the old report"]));
    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "library");
    expect(await screen.findByText("No task done earlier matches “library”.")).toBeInTheDocument();
  });
});

describe("a tick made while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("counts from the moment it was made, not from when the connection came back", async () => {
    const made = await addTask("Take out the recycling");
    renderTasksWithOutbox();
    const box = await screen.findByRole("checkbox", { name: "Complete Take out the recycling" });
    const reconnect = loseConnection();
    const before = Date.now();
    await userEvent.click(box);
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    const ticked = Date.now();
    reconnect();
    // The connection comes back a while later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    const saved = (await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === made.id);
    expect(saved?.completed).toBe(true);
    const doneAt = Date.parse(saved?.completedAt ?? "");
    expect(doneAt).toBeGreaterThanOrEqual(before);
    expect(doneAt).toBeLessThanOrEqual(ticked);
  });

  it("ticked and unticked again before the connection is back, it stays open", async () => {
    const made = await addTask("Return the library book");
    renderTasksWithOutbox();
    const box = await screen.findByRole("checkbox", { name: "Complete Return the library book" });
    const reconnect = loseConnection();
    await userEvent.click(box);
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    // Its toast's Undo takes the tick back: that too waits on this device.
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(
      await screen.findByRole("checkbox", { name: "Complete Return the library book", checked: false }),
    ).toBeInTheDocument();
    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const saved = (await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === made.id);
    expect(saved).toMatchObject({ completed: false, completedAt: null });
  });
});

/**
 * Changes a row's words through its Edit dialog ("Edit task" or "Edit quick win"); with
 * `justThisOne`, a routine's for today only.
 */
const changeWords = async (from: string, to: string, dialogName = "Edit task", { justThisOne = false } = {}) => {
  await userEvent.click(await screen.findByRole("button", { name: `Edit ${from}` }));
  const dialog = await screen.findByRole("dialog", { name: dialogName });
  const words = within(dialog).getAllByRole("textbox")[0];
  await userEvent.clear(words);
  await userEvent.type(words, to);
  if (justThisOne) await userEvent.click(within(dialog).getByRole("radio", { name: /Just this one/ }));
  await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
};
/** Renames a task through its Edit dialog. */
const rename = (from: string, to: string) => changeWords(from, to);

describe("an edit made while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("waits on this device, shows at once, and is saved once the connection is back; a later edit joins it", async () => {
    const made = await addTask("Call the vet");
    renderTasksWithOutbox();
    const reconnect = loseConnection();
    await rename("Call the vet", "Call the vet about Milo");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.getByText("Your changes will be saved when the connection is back.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Edit task" })).not.toBeInTheDocument();
    expect(titlesIn("Today's tasks")).toEqual(["Call the vet about Milo"]);
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Edit:Call the vet about Milo");

    // Back online, a second edit of the same task: it must not arrive before the first one. The
    // first may be sent again at any moment now (its retry comes due): its answer is then held,
    // so that it is still on its way when the second is saved, however slow the typing.
    reconnect();
    const release = holdAnswers((_url, init) => init.method === "PATCH");
    await rename("Call the vet about Milo", "Call the vet about Milo's jab");
    // The dialog closes once the change is kept (the first one's toast may still be showing).
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit task" })).not.toBeInTheDocument());
    expect(screen.getByText("Saved on this device")).toBeInTheDocument();
    release();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const saved = (await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === made.id);
    expect(saved?.title).toBe("Call the vet about Milo's jab");
  });
});

/** Changes a routine's words for today only. */
const changeJustThisOne = (from: string, to: string, dialogName: string) =>
  changeWords(from, to, dialogName, { justThisOne: true });

describe("just this one of a routine, changed while the server cannot be reached (docs/decisions/082-just-this-one-offline.md)", () => {
  it("waits on this device, shows at once, and once sent makes today's one-off while the routine keeps its next day", async () => {
    const walk = await server<Task>("POST", "/api/tasks", { title: "Walk", repeat: "FREQ=DAILY" });
    const water = await server<QuickWin>("POST", "/api/quick-wins", { text: "Water the plants", repeat: "FREQ=DAILY" });
    const { queryClient } = renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Edit Walk" });
    const reconnect = loseConnection();
    await changeJustThisOne("Walk", "Walk to the park", "Edit task");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Edit task" })).not.toBeInTheDocument();
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Walk to the park"]));
    expect(rowIn("Today's tasks", "Walk to the park")).toHaveTextContent("Waiting to sync");
    // Read again (the server still has today's walk as the routine), it stays as changed.
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks });
    expect(titlesIn("Today's tasks")).toEqual(["Walk to the park"]);
    dismissToast();

    await userEvent.click(screen.getByRole("tab", { name: "Quick wins" }));
    await changeJustThisOne("Water the plants", "Water the basil", "Edit quick win");
    await waitFor(() => expect(rowIn("Quick wins", "Water the basil")).toHaveTextContent("Waiting to sync"));
    await userEvent.click(await screen.findByText("Waiting to sync: 2"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit:Walk to the park", "Edit:Water the basil"]);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const tasks = await server<Task[]>("GET", "/api/tasks");
    expect(tasks).toHaveLength(2);
    expect(tasks.find((t) => t.id === walk.id)).toMatchObject({
      title: "Walk",
      dueDate: addDays(walk.dueDate ?? "", 1),
    });
    expect(tasks.find((t) => t.id !== walk.id)).toMatchObject({
      title: "Walk to the park",
      repeat: null,
      dueDate: walk.dueDate,
    });
    const wins = await server<QuickWin[]>("GET", "/api/quick-wins");
    expect(wins).toHaveLength(2);
    expect(wins.find((w) => w.id === water.id)).toMatchObject({
      text: "Water the plants",
      occursOn: addDays(water.occursOn ?? "", 1),
    });
    expect(wins.find((w) => w.id !== water.id)).toMatchObject({ text: "Water the basil", repeat: null });
  });

  it("sent after today's walk was changed elsewhere, is not made of tomorrow's: the person is told, and the routine keeps tomorrow", async () => {
    const walk = await server<Task>("POST", "/api/tasks", { title: "Walk", repeat: "FREQ=DAILY" });
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Edit Walk" });
    const reconnect = loseConnection();
    await changeJustThisOne("Walk", "Walk to the park", "Edit task");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    reconnect();
    // Meanwhile another device changed today's walk on its own.
    await server("PATCH", `/api/tasks/${walk.id}?scope=this`, { title: "Walk with Sam" });
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ label: "Walk to the park" }), OCCURRENCE_MOVED_ON);
    const tasks = await server<Task[]>("GET", "/api/tasks");
    expect(tasks.map((t) => t.title).sort()).toEqual(["Walk", "Walk with Sam"]);
    expect(tasks.find((t) => t.id === walk.id)).toMatchObject({ dueDate: addDays(walk.dueDate ?? "", 1) });
  });

  it("whose answer was lost after the server made it, is kept and sent again without a second one-off or a refusal", async () => {
    const walk = await server<Task>("POST", "/api/tasks", { title: "Walk", repeat: "FREQ=DAILY" });
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Edit Walk" });
    loseNextAnswer("PATCH");
    await changeJustThisOne("Walk", "Walk to the park", "Edit task");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const tasks = await server<Task[]>("GET", "/api/tasks");
    expect(tasks.map((t) => t.title).sort()).toEqual(["Walk", "Walk to the park"]);
    expect(tasks.find((t) => t.id === walk.id)).toMatchObject({ dueDate: addDays(walk.dueDate ?? "", 1) });
  });

  it("made after a change of all of them that still waits, is sent after it: today's one-off has both", async () => {
    const walk = await server<Task>("POST", "/api/tasks", { title: "Walk", repeat: "FREQ=DAILY", timeEstimate: 15 });
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Edit Walk" });
    const reconnect = loseConnection();
    // All of them: a longer walk from now on.
    await userEvent.click(screen.getByRole("button", { name: "Edit Walk" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    const estimate = within(dialog).getByLabelText("Time estimate (minutes)");
    await userEvent.clear(estimate);
    await userEvent.type(estimate, "30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    dismissToast();
    // Back online, today's walk changed on its own while the first change still waits.
    reconnect();
    const release = holdAnswers((_url, init) => init.method === "PATCH");
    await changeJustThisOne("Walk", "Walk to the park", "Edit task");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit task" })).not.toBeInTheDocument());
    release();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const tasks = await server<Task[]>("GET", "/api/tasks");
    expect(tasks.find((t) => t.id === walk.id)).toMatchObject({ title: "Walk", timeEstimate: 30 });
    expect(tasks.find((t) => t.id !== walk.id)).toMatchObject({
      title: "Walk to the park",
      timeEstimate: 30,
      dueDate: walk.dueDate,
    });
  });
});

describe("writes made while the server's database is away (docs/decisions/083-when-the-server-cannot-serve.md)", () => {
  it("a new task, a tick and an edit wait on this device instead of failing, and are each made once when it is back", async () => {
    const vet = await addTask("Call the vet");
    await addTask("Post the parcel");
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Edit Call the vet" });
    const back = databaseAway();

    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    const add = await screen.findByRole("dialog", { name: "Add Task" });
    await userEvent.type(within(add).getByLabelText("Task title"), "Renew passport");
    await userEvent.click(within(add).getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.queryByText("Error Adding Task")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Task" })).not.toBeInTheDocument());
    dismissToast();

    await userEvent.click(screen.getByRole("checkbox", { name: "Complete Post the parcel" }));
    await rename("Call the vet", "Call the vet about Milo");
    await waitFor(() => expect(screen.getByText("Waiting to sync: 3")).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit task" })).not.toBeInTheDocument());
    expect(screen.queryByText("Failed to update task")).not.toBeInTheDocument();
    expect(rowIn("Today's tasks", "Call the vet about Milo")).toHaveTextContent("Waiting to sync");
    expect(rowIn("Done today", "Post the parcel")).toHaveTextContent("Waiting to sync");

    back();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const tasks = await server<Task[]>("GET", "/api/tasks");
    expect(tasks.map((t) => [t.title, t.completed]).sort()).toEqual([
      ["Call the vet about Milo", false],
      ["Post the parcel", true],
      ["Renew passport", false],
    ]);
    expect(tasks.find((t) => t.id === vet.id)?.title).toBe("Call the vet about Milo");
  });

  it("a refusal that sending again will not mend still says so at once: a task too long is not kept", async () => {
    renderTasksWithOutbox();
    await userEvent.click(await screen.findByRole("button", { name: "Add Task" }));
    const add = await screen.findByRole("dialog", { name: "Add Task" });
    await userEvent.click(within(add).getByLabelText("Task title"));
    await userEvent.paste("x".repeat(201));
    await userEvent.click(within(add).getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Error Adding Task")).toBeVisible();
    expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument();
  });
});

/** The row holding these words in one of the page's lists. */
const rowIn = (list: string, words: string) =>
  within(screen.getByRole("list", { name: list }))
    .getByText(words)
    .closest("li") as HTMLElement;

describe("a row whose change waits on this device (docs/decisions/029-installable-offline.md)", () => {
  it("says 'Waiting to sync' beside an edited task, a ticked one and an edited quick win until they are sent, and only beside those", async () => {
    await addTask("Call the vet");
    await addTask("Book the dentist");
    await addTask("Post the parcel");
    await addWin("Water the plants");
    await addWin("Reply to Kai");
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Edit Call the vet" });
    const reconnect = loseConnection();
    await rename("Call the vet", "Call the vet about Milo");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    dismissToast();
    await userEvent.click(screen.getByRole("checkbox", { name: "Complete Book the dentist" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 2")).toBeInTheDocument());
    dismissToast();

    await waitFor(() => expect(rowIn("Today's tasks", "Call the vet about Milo")).toHaveTextContent("Waiting to sync"));
    expect(rowIn("Done today", "Book the dentist")).toHaveTextContent("Waiting to sync");
    expect(rowIn("Today's tasks", "Post the parcel")).not.toHaveTextContent("Waiting to sync");

    await userEvent.click(screen.getByRole("tab", { name: "Quick wins" }));
    await userEvent.click(await screen.findByRole("button", { name: "Edit Water the plants" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit quick win" });
    const words = within(dialog).getByRole("textbox");
    await userEvent.clear(words);
    await userEvent.type(words, "Water the basil");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(rowIn("Quick wins", "Water the basil")).toHaveTextContent("Waiting to sync"));
    expect(rowIn("Quick wins", "Reply to Kai")).not.toHaveTextContent("Waiting to sync");

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    await waitFor(() => expect(rowIn("Quick wins", "Water the basil")).not.toHaveTextContent("Waiting to sync"));
    await userEvent.click(screen.getByRole("tab", { name: "Focus tasks" }));
    await waitFor(() =>
      expect(rowIn("Today's tasks", "Call the vet about Milo")).not.toHaveTextContent("Waiting to sync"),
    );
    expect(rowIn("Done today", "Book the dentist")).not.toHaveTextContent("Waiting to sync");
  });
});

describe("a task unticked while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("done today or earlier, it is back on today's list at once and through a read of the lists, marked, until it is sent", async () => {
    await server("POST", "/api/data/import", { tasks: [{ title: "File the old report", completed: true }] });
    const morning = await addTask("Done this morning");
    await server("PATCH", `/api/tasks/${morning.id}/toggle`);
    await addTask("Post the parcel");
    const { queryClient } = renderTasksWithOutbox();
    await userEvent.click(await screen.findByRole("button", { name: "Done earlier" }));
    await waitFor(() => expect(titlesIn("Done earlier")).toEqual(["File the old report"]));
    await waitFor(() => expect(titlesIn("Done today")).toEqual(["Done this morning"]));

    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("checkbox", { name: "Complete Done this morning" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Complete File the old report" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 2")).toBeInTheDocument());
    const reopened = ["Post the parcel", "Done this morning", "File the old report"];
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(reopened));
    // Read again (the server still has both done), they stay on today's list.
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks });
    expect(titlesIn("Today's tasks")).toEqual(reopened);
    expect(rowIn("Today's tasks", "Done this morning")).toHaveTextContent("Waiting to sync");
    expect(rowIn("Today's tasks", "File the old report")).toHaveTextContent("Waiting to sync");
    expect(rowIn("Today's tasks", "Post the parcel")).not.toHaveTextContent("Waiting to sync");
    expect(screen.queryByRole("list", { name: "Done today" })).not.toBeInTheDocument();

    reconnect();
    await sendWaiting(user.id, {
      onSent: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tasks }),
      onRefused: vi.fn(),
    });
    await waitFor(() => expect(screen.queryByText("Waiting to sync")).not.toBeInTheDocument());
    await waitFor(() => expect([...titlesIn("Today's tasks")].sort()).toEqual([...reopened].sort()));
    const saved = await server<Task[]>("GET", "/api/tasks");
    expect(
      saved
        .filter((t) => !t.completed)
        .map((t) => t.title)
        .sort(),
    ).toEqual([...reopened].sort());
  });
});

describe("a delete made while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  /** As renderTasksWithOutbox, inside the screen's main part, where focus goes when nothing else waits. */
  const renderTasksInMain = () =>
    renderWithApp(
      <AuthProvider>
        <main id="main" tabIndex={-1}>
          <WaitingWrites userId={user.id} />
          <TasksPage />
        </main>
      </AuthProvider>,
    );

  it("waits on this device once its toast closes: the task stays gone through a read of the list, and is deleted on the server once the connection is back", async () => {
    const made = await addTask("Call the vet");
    await addTask("Post the parcel");
    const { queryClient } = renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Delete Call the vet" });
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Delete Call the vet" }));
    expect(await screen.findByText("Task deleted")).toBeInTheDocument();
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    expect(screen.getByText("It will be deleted everywhere when the connection is back.")).toBeInTheDocument();
    expect(screen.queryByText("Failed to delete task")).not.toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Delete:Call the vet");
    // Every read of the tasks, again from what the worker kept offline, still leaves it out.
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks });
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Post the parcel"]));
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.id)).toContain(made.id);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.title)).toEqual(["Post the parcel"]);
  });

  it("a routine's 'Not today' waits too: it stays off today's list through a read of it, and moves on once sent", async () => {
    const series = await server<Task>("POST", "/api/tasks", { title: "Stretch", repeat: "FREQ=DAILY" });
    await addTask("Post the parcel");
    const { queryClient } = renderTasksWithOutbox();
    await userEvent.click(await screen.findByRole("button", { name: "Not today: Stretch" }));
    expect(await screen.findByText("Skipped for today")).toBeInTheDocument();
    const reconnect = loseConnection();
    dismissToast();
    expect(await screen.findByText("Skipped on this device")).toBeInTheDocument();
    expect(
      screen.getByText("The routine will move on to its next day when the connection is back."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Failed to delete task")).not.toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Skip today:Stretch");
    // Every read of the tasks, again from what the worker kept offline, still leaves it out.
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks });
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Post the parcel"]));
    const onServer = async () => (await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === series.id);
    expect(await onServer()).toMatchObject({ dueDate: series.dueDate });

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect(await onServer()).toMatchObject({ dueDate: addDays(series.dueDate as string, 1), repeat: "FREQ=DAILY" });
  });

  it("a routine's skip can be taken back while it waits: 'Bring back' puts it back on today's list", async () => {
    const series = await server<Task>("POST", "/api/tasks", { title: "Stretch", repeat: "FREQ=DAILY" });
    renderTasksInMain();
    await userEvent.click(await screen.findByRole("button", { name: "Not today: Stretch" }));
    loseConnection();
    dismissToast();
    expect(await screen.findByText("Skipped on this device")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Not today: Stretch" })).not.toBeInTheDocument());
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: "Bring back Stretch" }));
    expect(await screen.findByText("Not skipped")).toBeInTheDocument();
    expect(screen.getByText('"Stretch" is back on today\'s list.')).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Not today: Stretch" })).toBeInTheDocument();
    expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument();
    expect((await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === series.id)?.dueDate).toBe(series.dueDate);
  });

  it("leaves the row out of its tab's count of matches while it waits", async () => {
    await addTask("Reply to Ana");
    await addTask("Reply to Bo");
    await addTask("Reply to Cy");
    const done = await addTask("Reply to the school");
    await server("PATCH", `/api/tasks/${done.id}/toggle`);
    await addWin("Reply to Kai");
    await addWin("Reply to Renée");
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Delete Reply to Ana" });
    loseConnection();
    for (const title of ["Reply to Ana", "Reply to Bo"]) {
      await userEvent.click(screen.getByRole("button", { name: `Delete ${title}` }));
      dismissToast();
      expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
      dismissToast();
    }
    await userEvent.click(screen.getByRole("tab", { name: "Quick wins" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete Reply to Kai" }));
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    expect(await screen.findByText("Waiting to sync: 3")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "reply");
    // Reply to Cy, and Reply to the school done today; Reply to Renée.
    expect(await screen.findByRole("tab", { name: "Focus tasks (2)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Quick wins (1)" })).toBeInTheDocument();
    expect(screen.getByText("Found 2 focus tasks and 1 quick win.")).toHaveAttribute("role", "status");
    await waitFor(() => expect(titlesIn("Quick wins")).toEqual(["Reply to Renée"]));
  });

  it("leaves quick wins ticked here out of the count of matches while the ticks wait", async () => {
    for (const text of ["Reply to Kai", "Reply to Lu", "Reply to Mo", "Reply to Renée"]) await addWin(text);
    renderTasksWithOutbox();
    await userEvent.click(await screen.findByRole("tab", { name: "Quick wins" }));
    await screen.findByRole("button", { name: "Delete Reply to Kai" });
    loseConnection();
    await userEvent.click(screen.getByRole("checkbox", { name: "Reply to Kai" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Reply to Lu" }));
    expect(await screen.findByText("Waiting to sync: 2")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("searchbox", { name: "Find a task or quick win" }), "reply");
    // Reply to Mo and Reply to Renée.
    expect(await screen.findByRole("tab", { name: "Quick wins (2)" })).toBeInTheDocument();
    expect(screen.getByText("Found no focus tasks and 2 quick wins.")).toHaveAttribute("role", "status");
  });

  it("can be taken back while it waits: 'Bring back' under Waiting to sync puts the task back, and nothing is deleted", async () => {
    const made = await addTask("Call the vet");
    await addTask("Post the parcel");
    renderTasksInMain();
    await screen.findByRole("button", { name: "Delete Call the vet" });
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Delete Call the vet" }));
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: "Bring back Call the vet" }));
    expect(await screen.findByText("Not deleted")).toBeInTheDocument();
    expect(screen.getByText('"Call the vet" is back where it was.')).toBeInTheDocument();
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Call the vet", "Post the parcel"]));
    expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument();
    // Nothing else waits: focus goes to the screen's main part, not lost to the page's body.
    expect(screen.getByRole("main")).toHaveFocus();

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.id)).toContain(made.id);
  });

  /** Adds a task through the Add Task dialog while the connection is lost, and ticks it while it waits. */
  const addAndTickWhileAway = async (title: string) => {
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    const add = await screen.findByRole("dialog", { name: "Add Task" });
    await userEvent.type(within(add).getByLabelText("Task title"), title);
    await userEvent.click(within(add).getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Task" })).not.toBeInTheDocument());
    dismissToast();
    const waitingRows = await screen.findByRole("list", { name: "Tasks waiting to sync" });
    await userEvent.click(within(waitingRows).getByRole("checkbox"));
    await waitFor(() => expect(within(waitingRows).getByRole("checkbox")).toBeChecked());
  };

  it("something new can be taken back while it waits: 'Don't add' takes it off the list with its tick, and nothing is sent (docs/decisions/087-taking-back-something-new.md)", async () => {
    await addTask("Post the parcel");
    renderTasksInMain();
    await screen.findByRole("checkbox", { name: "Complete Post the parcel" });
    const reconnect = loseConnection();
    await addAndTickWhileAway("Renew passport");
    await userEvent.click(await screen.findByText("Waiting to sync: 2"));
    await userEvent.click(screen.getByRole("button", { name: "Don't add Renew passport" }));
    expect(await screen.findByText("Not added")).toBeInTheDocument();
    expect(screen.getByText('"Renew passport" will not be sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("list", { name: "Tasks waiting to sync" })).not.toBeInTheDocument());
    expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveFocus();

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.title)).toEqual(["Post the parcel"]);
  });

  it("taken back by mistake, Undo keeps it waiting again with its tick, and it is added once the connection is back", async () => {
    renderTasksInMain();
    await screen.findByRole("button", { name: "Add Task" });
    const reconnect = loseConnection();
    await addAndTickWhileAway("Renew passport");
    await userEvent.click(await screen.findByText("Waiting to sync: 2"));
    await userEvent.click(screen.getByRole("button", { name: "Don't add Renew passport" }));
    expect(await screen.findByText("Not added")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    const waitingRows = await screen.findByRole("list", { name: "Tasks waiting to sync" });
    expect(within(waitingRows).getByRole("checkbox")).toBeChecked();
    expect(await screen.findByText("Waiting to sync: 2")).toBeInTheDocument();

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const tasks = await server<Task[]>("GET", "/api/tasks");
    expect(tasks.map((t) => [t.title, t.completed])).toEqual([["Renew passport", true]]);
  });

  it("brought back, it still has the edit made offline before the delete, and the edit is saved once back", async () => {
    const made = await addTask("Call the vet");
    renderTasksInMain();
    const reconnect = loseConnection();
    await rename("Call the vet", "Call the vet about Milo");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    dismissToast();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Call the vet about Milo" }));
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: "Bring back Call the vet about Milo" }));
    expect(await screen.findByText("Not deleted")).toBeInTheDocument();
    await waitFor(() => expect(titlesIn("Today's tasks")).toEqual(["Call the vet about Milo"]));
    // The edit waits again, as it did before the delete.
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Edit:Call the vet about Milo");

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const saved = (await server<Task[]>("GET", "/api/tasks")).find((t) => t.id === made.id);
    expect(saved?.title).toBe("Call the vet about Milo");
  });

  it("an edit waiting for the task goes with it, and a task already deleted elsewhere is not a refusal", async () => {
    const made = await addTask("Water the plants");
    renderTasksWithOutbox();
    await screen.findByRole("button", { name: "Delete Water the plants" });
    const reconnect = loseConnection();
    await keepWaiting({
      userId: user.id,
      method: "PATCH",
      key: `/api/tasks/${made.id}`,
      path: `/api/tasks/${made.id}`,
      list: "/api/tasks",
      body: { title: "Water the ferns" },
      label: "Water the ferns",
      action: "Edit",
    });
    await userEvent.click(screen.getByRole("button", { name: "Delete Water the plants" }));
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Delete:Water the plants");

    reconnect();
    // Meanwhile, deleted elsewhere.
    await server("DELETE", `/api/tasks/${made.id}`);
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument();
  });
});
