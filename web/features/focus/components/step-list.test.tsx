// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TASK_STEPS_MAX } from "../../../../shared/constants.ts";
import type { Task, TaskStep, User } from "../../../../shared/schemas.ts";
import { dismissToast } from "../../../components/ui/toast-store.ts";
import { NO_CONNECTION } from "../../../lib/api.ts";
import {
  holdAnswers,
  loseConnection,
  loseNextAnswer,
  renderWithApp,
  renderWithOutbox,
  resetApp,
  server,
  signUp,
} from "../../../testing/app-harness.tsx";
import { FocusModeDialog } from "./focus-mode-dialog.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const stored = (task: Task) => server<TaskStep[]>("GET", `/api/tasks/${task.id}/steps`);

/** The focus dialog on a task; "I'm stuck" answers `smaller`. With `outbox`, what waits is sent as the app does. */
async function openOn(task: Task, { smaller = [] as string[], outbox = false } = {}) {
  const dialog = (
    <FocusModeDialog task={task} open onClose={() => {}} onComplete={async () => {}} onStuck={async () => smaller} />
  );
  if (outbox) renderWithOutbox(dialog, user);
  else renderWithApp(dialog);
  return screen.findByRole("region", { name: "Steps" });
}

/** The focus dialog on a new task with `steps`. */
async function focusOn(steps: string[], smaller: string[] = [], { outbox = false } = {}) {
  const task = await server<Task>("POST", "/api/tasks", { title: "Write the report", timeEstimate: 30 });
  if (steps.length > 0) await server("PUT", `/api/tasks/${task.id}/steps`, { steps });
  const region = await openOn(task, { smaller, outbox });
  if (steps.length > 0) await within(region).findByRole("checkbox", { name: steps[0] });
  return { task, region };
}

const names = (region: HTMLElement) =>
  within(region)
    .queryAllByRole("checkbox")
    .map((box) => box.closest("label")?.textContent);

describe("the focus dialog's own steps (docs/decisions/050-own-steps.md)", () => {
  it("Undo puts a removed step back after the step it followed, even once a smaller step came first", async () => {
    const { task, region } = await focusOn(["Open the draft", "Write the summary", "Send it"], ["Open the laptop"]);
    await userEvent.click(within(region).getByRole("checkbox", { name: "Write the summary" }));
    await userEvent.click(within(region).getByRole("button", { name: "Remove step: Write the summary" }));
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Send it"]));
    await userEvent.click(screen.getByRole("button", { name: "I'm stuck" }));
    await waitFor(() => expect(names(region)).toEqual(["Open the laptop", "Open the draft", "Send it"]));

    await userEvent.click(within(region).getByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(names(region)).toEqual(["Open the laptop", "Open the draft", "Write the summary", "Send it"]),
    );
    expect(within(region).getByRole("checkbox", { name: "Write the summary" })).toBeChecked();
    expect(within(region).queryByRole("button", { name: "Undo" })).toBeNull();
    expect((await stored(task)).map((s) => [s.text, s.done])).toEqual([
      ["Open the laptop", false],
      ["Open the draft", false],
      ["Write the summary", true],
      ["Send it", false],
    ]);
  });

  it("a full checklist says so and takes no more", async () => {
    const steps = Array.from({ length: TASK_STEPS_MAX }, (_, i) => `Step ${i + 1}`);
    const { region } = await focusOn(steps);
    expect(within(region).getByLabelText("New step")).toBeDisabled();
    expect(within(region).getByText(`A task keeps at most ${TASK_STEPS_MAX} steps.`)).toBeVisible();
    await userEvent.click(within(region).getByRole("button", { name: "Remove step: Step 30" }));
    await waitFor(() => expect(within(region).getByLabelText("New step")).toBeEnabled());
    expect(within(region).queryByText(`A task keeps at most ${TASK_STEPS_MAX} steps.`)).toBeNull();
  });
});

describe("steps changed while an earlier change is still on its way", () => {
  it("keeps both of two steps removed one after the other, and a step added meanwhile", async () => {
    const { task, region } = await focusOn(["Open the draft", "Write the summary", "Send it", "Tidy up"]);
    const release = holdAnswers((_url, init) => init.method === "PUT");
    await userEvent.click(within(region).getByRole("button", { name: "Remove step: Write the summary" }));
    await userEvent.click(within(region).getByRole("button", { name: "Remove step: Tidy up" }));
    await userEvent.type(within(region).getByLabelText("New step"), "Check the numbers{Enter}");
    release();

    await waitFor(async () =>
      expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Send it", "Check the numbers"]),
    );
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Send it", "Check the numbers"]));
  });

  it("removes both of two steps with the same words, the second pressed while the first is on its way", async () => {
    const { task, region } = await focusOn(["Open the draft", "Call Sam", "Send it", "Call Sam"]);
    const release = holdAnswers((_url, init) => init.method === "PUT");
    const [first, second] = within(region).getAllByRole("button", { name: "Remove step: Call Sam" });
    await userEvent.click(first as HTMLElement);
    await userEvent.click(second as HTMLElement);
    release();
    await waitFor(async () => expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Send it"]));
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Send it"]));
  });

  it("a row's Remove pressed twice while its removal is on its way removes it once: the step with the same words stays", async () => {
    const { task, region } = await focusOn(["Open the draft", "Call Sam", "Send it", "Call Sam"]);
    const release = holdAnswers((_url, init) => init.method === "PUT");
    const first = within(region).getAllByRole("button", { name: "Remove step: Call Sam" })[0] as HTMLElement;
    await userEvent.click(first);
    await userEvent.click(first);
    release();
    await waitFor(async () =>
      expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Send it", "Call Sam"]),
    );
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Send it", "Call Sam"]));
  });

  it("keeps the next step being typed while the last one is on its way", async () => {
    const { task, region } = await focusOn(["Open the draft"]);
    const release = holdAnswers((_url, init) => init.method === "PUT");
    const box = within(region).getByLabelText("New step");
    await userEvent.type(box, "Write the summary{Enter}");
    await userEvent.clear(box);
    await userEvent.type(box, "Send i");
    release();

    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Write the summary"]));
    expect(box).toHaveValue("Send i");
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Write the summary"]);
  });

  it("keeps a step ticked and a step added elsewhere while the dialog was open: a removal here is made to the checklist as it is now", async () => {
    const { task, region } = await focusOn(["Open the draft", "Write the summary", "Send it"]);
    // Another device ticks the first step and adds one; this dialog still shows the list as it was.
    await server("PUT", `/api/tasks/${task.id}/steps`, {
      steps: [{ text: "Open the draft", done: true }, "Write the summary", "Send it", "Print a copy"],
    });
    await userEvent.click(within(region).getByRole("button", { name: "Remove step: Send it" }));

    await waitFor(async () =>
      expect((await stored(task)).map((s) => [s.text, s.done])).toEqual([
        ["Open the draft", true],
        ["Write the summary", false],
        ["Print a copy", false],
      ]),
    );
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Write the summary", "Print a copy"]));
    expect(within(region).getByRole("checkbox", { name: "Open the draft" })).toBeChecked();
  });

  it("ticks a step whose row another device's save has replaced: the step with its words is ticked", async () => {
    const { task, region } = await focusOn(["Open the draft", "Write the summary"]);
    // Another device adds a step: the checklist is saved whole and comes back with new ids.
    await server("PUT", `/api/tasks/${task.id}/steps`, { steps: ["Open the draft", "Write the summary", "Send it"] });
    await userEvent.click(within(region).getByRole("checkbox", { name: "Write the summary" }));

    await waitFor(async () =>
      expect((await stored(task)).map((s) => [s.text, s.done])).toEqual([
        ["Open the draft", false],
        ["Write the summary", true],
        ["Send it", false],
      ]),
    );
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Write the summary", "Send it"]));
    expect(within(region).getByRole("checkbox", { name: "Write the summary" })).toBeChecked();
  });
});

describe("a step ticked while the server cannot be reached (docs/decisions/092-a-step-ticked-offline.md)", () => {
  /** The words shown beside each step's box. */
  const waitingMarks = (region: HTMLElement) => within(region).queryAllByText("Waiting to sync");

  it("waits on this device: ticked, marked, through a reopen, and saved once back", async () => {
    const { task, region } = await focusOn(["Open the draft", "Write the summary"], [], { outbox: true });
    const reconnect = loseConnection();
    await userEvent.click(within(region).getByRole("checkbox", { name: "Open the draft" }));

    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    const box = within(region).getByRole("checkbox", { name: "Open the draft" });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription("Waiting to sync");
    expect(waitingMarks(region)).toHaveLength(1);
    expect((await stored(task)).map((s) => s.done)).toEqual([false, false]);

    // Closed and opened again, the checklist read afresh still shows the tick.
    cleanup();
    dismissToast();
    const again = await openOn(task, { outbox: true });
    expect(await within(again).findByRole("checkbox", { name: "Open the draft" })).toBeChecked();
    // What waits is read back from the device too: the mark is back before anything is sent.
    await waitFor(() => expect(waitingMarks(again)).toHaveLength(1));

    reconnect();
    window.dispatchEvent(new Event("online"));
    await waitFor(async () =>
      expect((await stored(task)).map((s) => [s.text, s.done])).toEqual([
        ["Open the draft", true],
        ["Write the summary", false],
      ]),
    );
    await waitFor(() => expect(waitingMarks(again)).toHaveLength(0));
    expect(within(again).getByRole("checkbox", { name: "Open the draft" })).toBeChecked();
  });

  it("a step added then says in plain words that the server cannot be reached, and keeps its words in the box", async () => {
    const { task, region } = await focusOn(["Open the draft"]);
    const reconnect = loseConnection();
    await userEvent.type(within(region).getByLabelText("New step"), "Send it{Enter}");

    expect(await screen.findByText(NO_CONNECTION)).toBeInTheDocument();
    expect(screen.queryByText(/fetch/i)).toBeNull();
    expect(within(region).getByLabelText("New step")).toHaveValue("Send it");
    reconnect();
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft"]);
  });

  it("carried by the checklist saved anew here before it was sent, it is made, and nothing is said", async () => {
    const { task, region } = await focusOn(["Open the draft"], [], { outbox: true });
    // Ticks cannot get through; a whole checklist can.
    const reachable = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "PATCH" ? Promise.reject(new TypeError("Failed to fetch")) : reachable(input, init),
    );
    await userEvent.click(within(region).getByRole("checkbox", { name: "Open the draft" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    await userEvent.type(within(region).getByLabelText("New step"), "Send it{Enter}");
    await waitFor(async () =>
      expect((await stored(task)).map((s) => [s.text, s.done])).toEqual([
        ["Open the draft", true],
        ["Send it", false],
      ]),
    );

    vi.stubGlobal("fetch", reachable);
    window.dispatchEvent(new Event("online"));
    // Sent: nothing waits any more, above the screen or beside the step.
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect(screen.queryByText("One thing couldn't be saved")).toBeNull();
    expect(within(region).getByRole("checkbox", { name: "Open the draft" })).toBeChecked();
  });
});

describe("a change to the steps whose answer was lost, made again (docs/decisions/064-project-changes-sent-again.md)", () => {
  it("a step added again is added once, its words kept in the box until then", async () => {
    const { task, region } = await focusOn(["Open the draft"]);
    loseNextAnswer("PUT");
    const box = within(region).getByLabelText("New step");
    await userEvent.type(box, "Write the summary{Enter}");
    expect(await screen.findByText("Error")).toBeVisible();
    expect(box).toHaveValue("Write the summary");
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Write the summary"]);

    await userEvent.type(box, "{Enter}");
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Write the summary"]));
    expect(box).toHaveValue("");
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Write the summary"]);
  });

  it("a step removed again is removed once: another step with the same words stays", async () => {
    const { task, region } = await focusOn(["Open the draft", "Call Sam", "Write the summary", "Call Sam"]);
    loseNextAnswer("PUT");
    await userEvent.click(within(region).getAllByRole("button", { name: "Remove step: Call Sam" })[0] as HTMLElement);
    expect(await screen.findByText("Error")).toBeVisible();
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Write the summary", "Call Sam"]);

    await userEvent.click(within(region).getAllByRole("button", { name: "Remove step: Call Sam" })[0] as HTMLElement);
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Write the summary", "Call Sam"]));
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Write the summary", "Call Sam"]);
  });

  it("a step put back again with Undo is put back once", async () => {
    const { task, region } = await focusOn(["Open the draft", "Send it"]);
    await userEvent.click(within(region).getByRole("button", { name: "Remove step: Send it" }));
    await waitFor(() => expect(names(region)).toEqual(["Open the draft"]));
    loseNextAnswer("PUT");
    await userEvent.click(within(region).getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Error")).toBeVisible();
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Send it"]);

    await userEvent.click(within(region).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(names(region)).toEqual(["Open the draft", "Send it"]));
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the draft", "Send it"]);
  });

  it("a smaller step asked for again is put first once", async () => {
    const { task, region } = await focusOn(["Open the draft"], ["Open the laptop"]);
    loseNextAnswer("PUT");
    await userEvent.click(screen.getByRole("button", { name: "I'm stuck" }));
    expect(await screen.findByText("Could not save the smaller step. Please try again.")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "I'm stuck" }));
    expect(await screen.findByText("New first step: Open the laptop")).toBeVisible();
    await waitFor(() => expect(names(region)).toEqual(["Open the laptop", "Open the draft"]));
    expect((await stored(task)).map((s) => s.text)).toEqual(["Open the laptop", "Open the draft"]);
  });
});
