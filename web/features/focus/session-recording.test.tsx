// @vitest-environment jsdom
// Focus sessions on a task teach the estimates (docs/decisions/027-estimates-that-learn.md).
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../../shared/constants.ts";
import type { Task } from "../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../testing/app-harness.tsx";
import { factorOf } from "../../testing/learn-estimates.ts";
import { FocusTimerCard } from "./components/focus-timer-card.tsx";
import { useFocusSession } from "./focus-session.tsx";

let task: Task;
beforeEach(async () => {
  await signUp();
  // A task already done, so every session recorded on it shows in the Finance factor at once.
  task = await server<Task>("POST", "/api/tasks", { title: "Taxes", category: "Finance", timeEstimate: 10 });
  await server("PATCH", `/api/tasks/${task.id}/toggle`);
});
afterEach(resetApp);

const MIN = 60_000;

/** A focus session as another visit of the app left it: started `ago` ms back, `length` minutes long. */
function leaveSession(opts: { ago: number; length: number; taskId: number | null; key?: string }) {
  const startedAt = Date.now() - opts.ago;
  localStorage.setItem(
    STORAGE_KEYS.focusSession,
    JSON.stringify({
      phase: "focus",
      length: opts.length * 60,
      state: "running",
      endsAt: startedAt + opts.length * MIN,
      remaining: opts.length * 60,
      startedAt,
      history: [],
      taskId: opts.taskId,
      key: opts.taskId ? (opts.key ?? "focus-left-behind") : null,
      spent: 0,
      unsent: [],
    }),
  );
}

const card = () => <FocusTimerCard taskTitle={task.title} taskEstimate={task.timeEstimate} taskId={task.id} />;

describe("Recording focus sessions on a task", () => {
  it("records the minutes of a session that ran out, once, however many tabs or reloads see it end", async () => {
    leaveSession({ ago: 40 * MIN, length: 15, taskId: task.id });
    renderWithApp(card());
    renderWithApp(card());
    expect(await screen.findAllByText("Focus session completed!")).not.toHaveLength(0);
    // 15 minutes on a 10-minute task: 1.5×, counted once (twice would read 3×).
    await waitFor(async () => expect(await factorOf("Finance")).toMatchObject({ factor: 1.5, tasks: 1 }));
    cleanup();
    renderWithApp(card());
    await new Promise((r) => setTimeout(r, 500));
    expect(await factorOf("Finance")).toMatchObject({ factor: 1.5, tasks: 1 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.focusSession) ?? "{}").unsent).toEqual([]);
  });

  it("records what a session took when it is stopped early after a minute or more", async () => {
    leaveSession({ ago: 12 * MIN, length: 25, taskId: task.id });
    renderWithApp(card());
    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(async () => expect(await factorOf("Finance")).toMatchObject({ factor: 1.2, tasks: 1 }));
  });

  it("records nothing for a session without a task, or one stopped within its first minute", async () => {
    leaveSession({ ago: 30 * MIN, length: 20, taskId: null });
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    expect(await screen.findByText("Focus session completed!")).toBeVisible();
    cleanup();
    leaveSession({ ago: 30_000, length: 25, taskId: task.id });
    renderWithApp(card());
    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    await new Promise((r) => setTimeout(r, 500));
    expect(await factorOf("Finance")).toMatchObject({ factor: 1, tasks: 0 });
  });

  it("a session started on a task is that task's, and pauses do not count", async () => {
    renderWithApp(card());
    await userEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.focusSession) ?? "{}");
    expect(stored).toMatchObject({ taskId: task.id, state: "running" });
    // Three minutes of focus before a pause, then a long pause, then Reset: three minutes.
    localStorage.setItem(
      STORAGE_KEYS.focusSession,
      JSON.stringify({ ...stored, state: "paused", endsAt: null, startedAt: null, spent: 3 * MIN, remaining: 22 * 60 }),
    );
    cleanup();
    renderWithApp(card());
    await userEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(async () => expect(await factorOf("Finance")).toMatchObject({ factor: 0.5, tasks: 1 }));
  });

  it("records what a session took when its task is marked done from focus mode", async () => {
    leaveSession({ ago: 20 * MIN, length: 25, taskId: task.id });
    function MarkDone() {
      const session = useFocusSession();
      return (
        <button type="button" onClick={session.finish}>
          Mark done
        </button>
      );
    }
    renderWithApp(<MarkDone />);
    await userEvent.click(screen.getByRole("button", { name: "Mark done" }));
    await waitFor(async () => expect(await factorOf("Finance")).toMatchObject({ factor: 2, tasks: 1 }));
  });
});
