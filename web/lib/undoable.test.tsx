// @vitest-environment jsdom
/**
 * A delete waiting on its Undo toast outlives a page that dies before the toast closes (a crash, a
 * tab a phone discards in the background): the next start sends it (web/lib/undoable.ts).
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
// The toast's own buttons are pressed through fireEvent: jsdom lacks the pointer capture its swipe reads.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import type { Task, User } from "../../shared/schemas.ts";
import { WaitingWrites } from "../components/waiting-writes.tsx";
import { useDeleteTask } from "../features/tasks/api.ts";
import { holdAnswers, renderWithApp, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { UNSENT_DELETE_LEFT_AFTER_MS } from "./undoable.ts";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

function DeleteButton({ task }: { task: Task }) {
  const remove = useDeleteTask();
  return (
    <button type="button" onClick={() => remove(task)}>
      Delete {task.title}
    </button>
  );
}

function SkipButton({ task }: { task: Task }) {
  const remove = useDeleteTask();
  const words = { title: "Skipped for today", description: task.title, altText: "Undo skipping" };
  return (
    <button type="button" onClick={() => remove(task, { scope: "this", words })}>
      Skip {task.title}
    </button>
  );
}

const notes = () => Object.keys(localStorage).filter((key) => key.startsWith(`${STORAGE_KEYS.unsentDelete}:`));
const titles = async () => (await server<Task[]>("GET", "/api/tasks")).map((t) => t.title);

describe("a delete waiting on its toast when the page dies", () => {
  it("is noted on this device until it is sent or undone", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Call the bank" });
    renderWithApp(<DeleteButton task={task} />, { signedInAs: user });
    await userEvent.click(screen.getByRole("button", { name: "Delete Call the bank" }));
    expect(notes()).toEqual([`${STORAGE_KEYS.unsentDelete}:${user.id}:/api/tasks/${task.id}`]);
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    expect(notes()).toEqual([]);
    expect(await titles()).toEqual(["Call the bank"]);

    await userEvent.click(screen.getByRole("button", { name: "Delete Call the bank" }));
    fireEvent.click(await screen.findByRole("button", { name: "Close notification" }));
    expect(notes()).toEqual([]);
    await waitFor(async () => expect(await titles()).toEqual([]));
  });

  it("is sent on the next start, once its toast would have closed, and never for someone else", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Renew the passport" });
    await server("POST", "/api/tasks", { title: "Stays" });
    // The page that deleted it dies with the toast open: its note stays, and nothing was sent.
    // (Undo takes the toast away without sending; the note is then put back as the page left it.)
    const page = renderWithApp(<DeleteButton task={task} />, { signedInAs: user });
    await userEvent.click(screen.getByRole("button", { name: "Delete Renew the passport" }));
    const [key = ""] = notes();
    const note = localStorage.getItem(key) ?? "";
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    page.unmount();
    localStorage.setItem(key, note);
    expect(await titles()).toContain("Renew the passport");
    // Another person's note on this browser waits for them.
    const theirs = `${STORAGE_KEYS.unsentDelete}:${user.id + 100_000}:/api/tasks/${task.id}`;
    localStorage.setItem(theirs, note.replace(`"userId":${user.id}`, `"userId":${user.id + 100_000}`));

    // The next start, soon after: the toast would still be open, so it waits for its time.
    const started = Date.now();
    renderWithApp(<WaitingWrites userId={user.id} />, { signedInAs: user });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await titles()).toContain("Renew the passport");
    await waitFor(async () => expect(await titles()).toEqual(["Stays"]), {
      timeout: UNSENT_DELETE_LEFT_AFTER_MS + 5000,
    });
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(notes()).toEqual([theirs]);
  }, 30_000);

  it("a routine's skip is noted with its day, and sent again it skips that day only", async () => {
    const routine = await server<Task>("POST", "/api/tasks", { title: "Stretch", repeat: "FREQ=DAILY" });
    const today = routine.dueDate as string;
    const page = renderWithApp(<SkipButton task={routine} />, { signedInAs: user });
    await userEvent.click(screen.getByRole("button", { name: "Skip Stretch" }));
    const key = `${STORAGE_KEYS.unsentDelete}:${user.id}:/api/tasks/${routine.id}?scope=this`;
    expect(notes()).toEqual([key]);
    const note = JSON.parse(localStorage.getItem(key) ?? "{}");
    expect(note).toMatchObject({ scope: "this", occurrence: today, action: "Skip today" });
    // The page dies with the toast open, after the skip it sent as it went got through.
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    page.unmount();
    localStorage.setItem(key, JSON.stringify({ ...note, at: Date.now() - UNSENT_DELETE_LEFT_AFTER_MS - 1000 }));
    await server("DELETE", `/api/tasks/${routine.id}?scope=this&occurrence=${today}`);

    const sent: string[] = [];
    holdAnswers((url, init) => {
      if (init.method === "DELETE") sent.push(url);
      return false;
    });
    renderWithApp(<WaitingWrites userId={user.id} />, { signedInAs: user });
    await waitFor(() =>
      expect(sent).toEqual([expect.stringContaining(`/api/tasks/${routine.id}?scope=this&occurrence=${today}`)]),
    );
    expect(notes()).toEqual([]);
    // Tomorrow, not the day after: the day named was skipped already.
    expect(await server<Task[]>("GET", "/api/tasks")).toEqual([
      expect.objectContaining({ id: routine.id, dueDate: addDays(today, 1) }),
    ]);
  });
});
