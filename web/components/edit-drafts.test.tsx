// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../shared/dates.ts";
import type { Project, QuickWin, Task, Thought, User } from "../../shared/schemas.ts";
import { EditProjectDialog } from "../features/projects/components/edit-project-dialog.tsx";
import { EditQuickWinDialog } from "../features/quick-wins/components/edit-quick-win-dialog.tsx";
import { EditTaskDialog } from "../features/tasks/components/edit-task-dialog.tsx";
import { TaskLists } from "../features/tasks/components/task-lists.tsx";
import { EditThoughtDialog } from "../features/thoughts/components/edit-thought-dialog.tsx";
import { renderWithApp, resetApp, server, signUp, storedDrafts } from "../testing/app-harness.tsx";

const BACK = "Your changes from before are back, not saved yet. Cancel gives them up.";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/** The row `id` of a list as the server has it now, as a page opened afresh reads it. */
async function row<T extends { id: number }>(list: string, id: number): Promise<T> {
  const found = (await server<T[]>("GET", list)).find((r) => r.id === id);
  if (!found) throw new Error(`${list} has no row ${id}`);
  return found;
}

/** A dialog as the app shows it: gone from the page once it closes. */
function Opened({ dialog }: { dialog: (onClose: () => void) => ReactElement }) {
  const [open, setOpen] = useState(true);
  return open ? dialog(() => setOpen(false)) : null;
}

function show(dialog: (onClose: () => void) => ReactElement, name: string) {
  renderWithApp(<Opened dialog={dialog} />, { signedInAs: user });
  return screen.findByRole("dialog", { name });
}

/** Edit task on the task as the server has it now. */
async function editTask(id: number) {
  const task = await row<Task>("/api/tasks", id);
  return { dialog: await show((onClose) => <EditTaskDialog task={task} onClose={onClose} />, "Edit task") };
}

describe("changes typed into an edit dialog and not saved (docs/decisions/067-edit-drafts.md)", () => {
  it("come back when the task's dialog opens again after the page went away, and are gone once saved", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Call the dentist", timeEstimate: 15 });
    let { dialog } = await editTask(task.id);
    expect(within(dialog).queryByText(BACK)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText("Task title"), " about the filling");
    await userEvent.selectOptions(within(dialog).getByLabelText("Category"), "Health");
    // The page goes away (a reload, a tab the phone discarded) and the dialog is opened again.
    cleanup();
    ({ dialog } = await editTask(task.id));
    expect(within(dialog).getByLabelText("Task title")).toHaveValue("Call the dentist about the filling");
    expect(within(dialog).getByLabelText("Category")).toHaveDisplayValue("Health");
    expect(within(dialog).getByText(BACK)).toBeVisible();
    // Nothing was saved meanwhile.
    expect((await row<Task>("/api/tasks", task.id)).title).toBe("Call the dentist");

    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Task updated")).toBeVisible();
    expect(await row<Task>("/api/tasks", task.id)).toMatchObject({
      title: "Call the dentist about the filling",
      category: "Health",
    });
    expect(storedDrafts()).toEqual([]);
    cleanup();
    ({ dialog } = await editTask(task.id));
    expect(within(dialog).queryByText(BACK)).toBeNull();
  });

  it("are laid over the task as it is now: a field changed on another device, and not here, shows that change", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Water plants", timeEstimate: 10 });
    let { dialog } = await editTask(task.id);
    await userEvent.type(within(dialog).getByLabelText("Task title"), " on the balcony");
    cleanup();
    // Meanwhile, on the phone: a longer estimate.
    await server("PATCH", `/api/tasks/${task.id}`, { timeEstimate: 20 });
    ({ dialog } = await editTask(task.id));
    expect(within(dialog).getByLabelText("Task title")).toHaveValue("Water plants on the balcony");
    expect(within(dialog).getByLabelText("Time estimate (minutes)")).toHaveValue(20);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Task updated")).toBeVisible();
    expect(await row<Task>("/api/tasks", task.id)).toMatchObject({
      title: "Water plants on the balcony",
      timeEstimate: 20,
    });
  });

  it("are kept when the dialog is closed with Escape, given up with Cancel, and not kept once typed back", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Pay rent", timeEstimate: 5 });
    let { dialog } = await editTask(task.id);
    await userEvent.type(within(dialog).getByLabelText("Task title"), " today");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    cleanup();
    ({ dialog } = await editTask(task.id));
    expect(within(dialog).getByLabelText("Task title")).toHaveValue("Pay rent today");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(storedDrafts()).toEqual([]);
    cleanup();
    ({ dialog } = await editTask(task.id));
    expect(within(dialog).getByLabelText("Task title")).toHaveValue("Pay rent");
    expect(within(dialog).queryByText(BACK)).toBeNull();

    // Changed and changed back: nothing to come back to.
    await userEvent.type(within(dialog).getByLabelText("Task title"), "!");
    expect(storedDrafts()).toHaveLength(1);
    await userEvent.type(within(dialog).getByLabelText("Task title"), "{Backspace}");
    expect(storedDrafts()).toEqual([]);
  });

  it("are each task's own", async () => {
    const first = await server<Task>("POST", "/api/tasks", { title: "Laundry", timeEstimate: 30 });
    const second = await server<Task>("POST", "/api/tasks", { title: "Dishes", timeEstimate: 10 });
    let { dialog } = await editTask(first.id);
    await userEvent.type(within(dialog).getByLabelText("Task title"), " (darks)");
    cleanup();
    ({ dialog } = await editTask(second.id));
    expect(within(dialog).getByLabelText("Task title")).toHaveValue("Dishes");
    expect(within(dialog).queryByText(BACK)).toBeNull();
  });

  it("come back in Edit quick win, its repeat included", async () => {
    const win = await server<QuickWin>("POST", "/api/quick-wins", { text: "Stretch" });
    const open = async () => {
      const now = await row<QuickWin>("/api/quick-wins", win.id);
      return show((onClose) => <EditQuickWinDialog win={now} onClose={onClose} />, "Edit quick win");
    };
    let dialog = await open();
    await userEvent.type(within(dialog).getByLabelText("Quick win"), " for two minutes");
    await userEvent.selectOptions(within(dialog).getByLabelText("Repeat"), "Every day");
    cleanup();
    dialog = await open();
    expect(within(dialog).getByLabelText("Quick win")).toHaveValue("Stretch for two minutes");
    expect(within(dialog).getByLabelText("Repeat")).toHaveDisplayValue("Every day");
    expect(within(dialog).getByText(BACK)).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Quick win updated")).toBeVisible();
    const saved = (await server<QuickWin[]>("GET", "/api/quick-wins")).find((w) => w.text.startsWith("Stretch"));
    expect(saved).toMatchObject({ text: "Stretch for two minutes", repeat: "FREQ=DAILY" });
    expect(storedDrafts()).toEqual([]);
  });

  it("come back in Edit thought: its words, type and day", async () => {
    const thought = await server<Thought>("POST", "/api/thoughts", { content: "Ask about the visa", type: "Idea" });
    const open = async () => {
      const now = await row<Thought>("/api/thoughts", thought.id);
      return show(
        (onClose) => <EditThoughtDialog thought={now} waitingForWords={false} onClose={onClose} />,
        "Edit thought",
      );
    };
    let dialog = await open();
    await userEvent.type(within(dialog).getByLabelText("Thought"), " before Friday");
    await userEvent.click(within(dialog).getByRole("button", { name: "Task" }));
    await userEvent.type(within(dialog).getByLabelText("Day (optional)"), "2027-01-15");
    cleanup();
    dialog = await open();
    expect(within(dialog).getByLabelText("Thought")).toHaveValue("Ask about the visa before Friday");
    expect(within(dialog).getByRole("button", { name: "Task" })).toHaveAttribute("aria-pressed", "true");
    expect(within(dialog).getByLabelText("Day (optional)")).toHaveValue("2027-01-15");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Thought updated")).toBeVisible();
    expect(await row<Thought>("/api/thoughts", thought.id)).toMatchObject({
      content: "Ask about the visa before Friday",
      type: "Task",
      whenDate: "2027-01-15",
    });
  });

  it("come back in Edit project", async () => {
    const project = await server<Project>("POST", "/api/projects", {
      title: "Garden",
      description: "Beds by the fence",
      bucket: "personal",
      tasks: [],
      progress: 0,
    });
    const open = async () => {
      const now = await server<Project>("GET", `/api/projects/${project.id}`);
      return show((onClose) => <EditProjectDialog project={now} onClose={onClose} />, "Edit project");
    };
    let dialog = await open();
    await userEvent.clear(within(dialog).getByLabelText("Description (optional)"));
    await userEvent.type(within(dialog).getByLabelText("Description (optional)"), "Raised beds, three of them");
    cleanup();
    dialog = await open();
    expect(within(dialog).getByLabelText("Project name")).toHaveValue("Garden");
    expect(within(dialog).getByLabelText("Description (optional)")).toHaveValue("Raised beds, three of them");
    expect(within(dialog).getByText(BACK)).toBeVisible();
  });

  it("are given up once the task is deleted", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Return the parcel", timeEstimate: 10 });
    const { dialog } = await editTask(task.id);
    await userEvent.type(within(dialog).getByLabelText("Task title"), " to the post office");
    await userEvent.keyboard("{Escape}");
    cleanup();
    expect(storedDrafts()).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={addDays(today, 1)} />, { signedInAs: user });
    await userEvent.click(await screen.findByRole("button", { name: "Delete Return the parcel" }));
    // Deleted once its toast closes (Undo could still bring it back with its changes until then).
    fireEvent.click(await screen.findByRole("button", { name: "Close notification" }));
    await waitFor(() => expect(storedDrafts()).toEqual([]));
    expect(await server<Task[]>("GET", "/api/tasks")).toEqual([]);
  });

  it("a kept change that no longer fits the form (edited by hand, an older form) is left out", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Read", timeEstimate: 20 });
    localStorage.setItem(
      `draft:${user.id}:edit-task:${task.id}`,
      JSON.stringify({ changes: JSON.stringify({ title: 42, estimate: "25", colour: "red" }) }),
    );
    const { dialog } = await editTask(task.id);
    expect(within(dialog).getByLabelText("Task title")).toHaveValue("Read");
    expect(within(dialog).getByLabelText("Time estimate (minutes)")).toHaveValue(25);
  });
});
