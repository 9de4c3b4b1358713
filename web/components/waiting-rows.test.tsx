// @vitest-environment jsdom
/**
 * Writes made while the server cannot be reached, as a person sees them: kept with "Saved on this
 * device", shown waiting (ticks too), counted above the screen, and made once when it is back.
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuickWin, Task, User } from "../../shared/schemas.ts";
import { useQuickWins, useToggleQuickWin } from "../features/quick-wins/api.ts";
import { AddTaskDialog } from "../features/tasks/components/add-task-dialog.tsx";
import { ANSWER_WAIT_MS } from "../lib/api.ts";
import { renderWithApp, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { WaitingRows } from "./waiting-rows.tsx";
import { WaitingWrites } from "./waiting-writes.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/** Add Task as the dashboard opens it: it closes once the task is kept. */
function AddTask() {
  const [open, setOpen] = useState(true);
  return <AddTaskDialog open={open} onOpenChange={setOpen} user={user} requireUser={() => true} />;
}

describe("writes waiting to sync", () => {
  it("keeps a task and its tick offline, shows both, and makes the task once, done when ticked, when the connection is back", async () => {
    const reachable = globalThis.fetch;
    renderWithApp(
      <>
        <WaitingWrites userId={user.id} />
        <AddTask />
        <WaitingRows list="/api/tasks" label="Tasks waiting to sync" tickable keepsDoneTime />
      </>,
    );
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));

    await userEvent.type(screen.getByLabelText("Task title"), "Post the parcel");
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(screen.queryByText("Error Adding Task")).toBeNull();
    const waiting = await screen.findByRole("list", { name: "Tasks waiting to sync" });
    const box = within(waiting).getByRole("checkbox", { name: /Post the parcel/ });
    expect(within(waiting).getByText("Waiting to sync")).toBeVisible();

    const before = Date.now();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const ticked = Date.now();
    expect(await screen.findByText("Waiting to sync: 2")).toBeVisible();

    // The connection comes back a while later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    vi.stubGlobal("fetch", reachable);
    act(() => {
      dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    const onServer = await server<Task[]>("GET", "/api/tasks");
    expect(onServer.map((t) => [t.title, t.completed])).toEqual([["Post the parcel", true]]);
    // Done when it was ticked, not when it was sent.
    const doneAt = Date.parse(onServer[0]?.completedAt ?? "");
    expect(doneAt).toBeGreaterThanOrEqual(before);
    expect(doneAt).toBeLessThanOrEqual(ticked);
  });

  it("a tick made online while an offline tick of the same item waits arrives last: the newest value wins", async () => {
    const win = await server<QuickWin>("POST", "/api/quick-wins", { text: "Water the plants" });
    const reachable = globalThis.fetch;
    function Tick() {
      const list = useQuickWins();
      const toggle = useToggleQuickWin();
      const item = list.data?.find((w) => w.id === win.id);
      if (!item) return null;
      return (
        <label>
          <input type="checkbox" checked={item.completed} onChange={() => toggle.mutate(item.id)} />
          {item.text}
        </label>
      );
    }
    renderWithApp(
      <>
        <WaitingWrites userId={user.id} />
        <Tick />
      </>,
    );
    const box = await screen.findByRole("checkbox", { name: "Water the plants" });

    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(await screen.findByText("Waiting to sync: 1")).toBeVisible();

    // The connection is back, but before the waiting tick is sent the person unticks it again.
    vi.stubGlobal("fetch", reachable);
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    act(() => {
      dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    const onServer = await server<QuickWin[]>("GET", "/api/quick-wins");
    expect(onServer.map((w) => [w.text, w.completed])).toEqual([["Water the plants", false]]);
    expect(box).not.toBeChecked();
  });
});

/** The first task sent meets `firstTry`; every other request reaches the server as usual. */
function firstTaskSentMeets(
  firstTry: (reachable: typeof fetch, input: RequestInfo | URL, init: RequestInit) => Promise<Response>,
) {
  const reachable = globalThis.fetch;
  let tried = false;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!tried && init.method === "POST" && String(input) === "/api/tasks") {
      tried = true;
      return firstTry(reachable, input, init);
    }
    return reachable(input, init);
  });
}

async function addTask(title: string) {
  renderWithApp(
    <>
      <WaitingWrites userId={user.id} />
      <AddTask />
    </>,
  );
  await userEvent.type(screen.getByLabelText("Task title"), title);
  await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
}

const titlesOnServer = async () => (await server<Task[]>("GET", "/api/tasks")).map((t) => t.title);

/**
 * A server that cannot be reached for a moment (restarting), or that takes the change and never
 * answers: the change is kept on this device and sent again by itself while the app stays open —
 * no reload, no "back online" from the browser — and is made once
 * (docs/decisions/065-no-answer.md).
 */
describe("a change the server did not take or did not answer", () => {
  it("kept while the server restarts, it is sent by itself once the server is back: no reload, no 'online' event", async () => {
    firstTaskSentMeets(() => Promise.reject(new TypeError("Failed to fetch")));
    await addTask("Post the parcel");
    expect(await screen.findByText("Saved on this device", {}, { timeout: 5000 })).toBeVisible();

    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull(), { timeout: 10_000 });
    expect(await titlesOnServer()).toEqual(["Post the parcel"]);
  });

  it(
    "taken by a server that never answers, it is kept after a while and sent again: made once",
    async () => {
      // The server saves the task; its answer never arrives, until the request is given up.
      firstTaskSentMeets(async (reachable, input, init) => {
        await reachable(input, { ...init, signal: undefined });
        return new Promise((_, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("The operation was aborted.", "AbortError")),
          );
        });
      });
      const started = Date.now();
      await addTask("Call the bank");
      expect(screen.getByRole("button", { name: "Adding..." })).toBeDisabled();

      expect(await screen.findByText("Saved on this device", {}, { timeout: ANSWER_WAIT_MS + 5000 })).toBeVisible();
      expect(Date.now() - started).toBeGreaterThanOrEqual(ANSWER_WAIT_MS - 1000);
      expect(screen.queryByText(/Error Adding Task/)).toBeNull();

      await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull(), { timeout: 10_000 });
      expect(await titlesOnServer()).toEqual(["Call the bank"]);
    },
    ANSWER_WAIT_MS + 20_000,
  );
});
