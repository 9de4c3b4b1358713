// @vitest-environment jsdom
/**
 * A server that cannot be reached for a moment (restarting), or that takes the change and never
 * answers: the change is kept on this device and sent again by itself while the app stays open —
 * no reload, no "back online" from the browser — and is made once
 * (docs/decisions/065-no-answer.md).
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task, User } from "../../shared/schemas.ts";
import { AddTaskDialog } from "../features/tasks/components/add-task-dialog.tsx";
import { ANSWER_WAIT_MS } from "../lib/api.ts";
import { renderWithApp, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { WaitingWrites } from "./waiting-writes.tsx";

configure({ asyncUtilTimeout: 10_000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

function AddTask() {
  const [open, setOpen] = useState(true);
  return <AddTaskDialog open={open} onOpenChange={setOpen} user={user} requireUser={() => true} />;
}

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

describe("a change the server did not take or did not answer", () => {
  it("kept while the server restarts, it is sent by itself once the server is back: no reload, no 'online' event", async () => {
    firstTaskSentMeets(() => Promise.reject(new TypeError("Failed to fetch")));
    await addTask("Post the parcel");
    expect(await screen.findByText("Saved on this device")).toBeVisible();

    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
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

      await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
      expect(await titlesOnServer()).toEqual(["Call the bank"]);
    },
    ANSWER_WAIT_MS + 20_000,
  );
});
