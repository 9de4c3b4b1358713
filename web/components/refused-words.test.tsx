// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { THOUGHT_CONTENT_MAX } from "../../shared/constants.ts";
import type { Task, Thought, User } from "../../shared/schemas.ts";
import { forgetWritesOf } from "../lib/outbox.ts";
import { keepRefusedWords } from "../lib/refused-words.ts";
import { TasksPage } from "../pages/tasks.tsx";
import { loseConnection, renderWithOutbox, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { dismissToast } from "./ui/toast-store.ts";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const renderTasks = () => renderWithOutbox(<TasksPage />, user);
/** The list of what the server refused, as the person sees it; null when there is none. */
const keptList = () => screen.queryByRole("region", { name: /Couldn't be saved/ });
const thoughts = () => server<Thought[]>("GET", "/api/thoughts");

/** Changes a task's words through its Edit dialog, without a connection. */
async function editOffline(from: string, title: string) {
  await userEvent.click(await screen.findByRole("button", { name: `Edit ${from}` }));
  const dialog = await screen.findByRole("dialog", { name: "Edit task" });
  const words = within(dialog).getByLabelText("Task title");
  await userEvent.clear(words);
  await userEvent.type(words, title);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
  expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
  dismissToast();
}

/** The connection back, what waits is sent, and the server refuses it. */
async function sendAndBeRefused(reconnect: () => void) {
  reconnect();
  window.dispatchEvent(new Event("online"));
  expect(await screen.findByText("One thing couldn't be saved")).toBeVisible();
  await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
}

describe("what the server refused once it was sent (docs/decisions/084-refused-words-are-kept.md)", () => {
  it("an edit of a task deleted elsewhere meanwhile keeps its words, through a reload, until they are added to the inbox", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Call the vet" });
    renderTasks();
    await screen.findByRole("button", { name: "Edit Call the vet" });
    // Another device deletes the task; this one, without a connection, has not heard.
    await server("DELETE", `/api/tasks/${task.id}`);
    const reconnect = loseConnection();
    await editOffline("Call the vet", "Call the vet about Milo's jab on Friday at 4");
    await sendAndBeRefused(reconnect);
    expect(
      screen.getByText(
        `"Call the vet about Milo's jab " wasn't accepted: Task not found. Your words are kept at the top of the screen.`,
      ),
    ).toBeVisible();

    const kept = await waitFor(() => keptList() ?? Promise.reject(new Error("nothing kept")));
    expect(within(kept).getByText("Couldn't be saved: 1")).toBeVisible();
    expect(within(kept).getByText("Call the vet about Milo's jab on Friday at 4")).toBeVisible();
    expect(within(kept).getByText("Not accepted: Task not found")).toBeVisible();

    // A reload: the words are still there.
    cleanup();
    renderTasks();
    await userEvent.click(
      await screen.findByRole("button", { name: `Add "Call the vet about Milo's jab on Friday at 4" to your inbox` }),
    );
    expect(await screen.findByText("Added to your inbox")).toBeVisible();
    await waitFor(() => expect(keptList()).toBeNull());
    expect((await thoughts()).map((t) => t.content)).toEqual(["Call the vet about Milo's jab on Friday at 4"]);

    // Gone from this device too: a reload shows nothing more.
    cleanup();
    renderTasks();
    await screen.findByRole("heading", { name: "Tasks", level: 1 });
    expect(keptList()).toBeNull();
  });

  it("dismissed, the words go and nothing is added; a tick refused carries no words, so nothing is kept", async () => {
    const vet = await server<Task>("POST", "/api/tasks", { title: "Call the vet" });
    const bins = await server<Task>("POST", "/api/tasks", { title: "Put the bins out" });
    renderTasks();
    const online = globalThis.fetch;
    const reconnect = loseConnection();
    await editOffline("Call the vet", "Call the vet today");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Complete Put the bins out" }));
    // Another device, online, deletes both.
    for (const { id } of [vet, bins]) expect((await online(`/api/tasks/${id}`, { method: "DELETE" })).ok).toBe(true);
    await sendAndBeRefused(reconnect);

    // The tick, refused last, kept nothing, and its toast does not say so.
    expect(await screen.findByText(`"Put the bins out" wasn't accepted: Task not found.`)).toBeVisible();
    const kept = await waitFor(() => keptList() ?? Promise.reject(new Error("nothing kept")));
    expect(within(kept).getByText("Couldn't be saved: 1")).toBeVisible();
    expect(within(kept).queryByText(/Put the bins out/)).toBeNull();
    await userEvent.click(within(kept).getByRole("button", { name: `Dismiss "Call the vet today"` }));
    expect(keptList()).toBeNull();
    cleanup();
    renderTasks();
    await screen.findByRole("heading", { name: "Tasks", level: 1 });
    expect(keptList()).toBeNull();
    expect(await thoughts()).toEqual([]);
  });

  it("go with the account: an account deleted forgets its words on this device", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Call the vet" });
    renderTasks();
    await screen.findByRole("button", { name: "Edit Call the vet" });
    await server("DELETE", `/api/tasks/${task.id}`);
    const reconnect = loseConnection();
    await editOffline("Call the vet", "Call the vet today");
    await sendAndBeRefused(reconnect);
    await waitFor(() => expect(keptList()).not.toBeNull());

    await forgetWritesOf(user.id);
    await waitFor(() => expect(keptList()).toBeNull());
    expect(localStorage.getItem("refused-words")).toBeNull();
  });

  it("a new project keeps its description, notes and tasks; notes longer than a thought holds stay to be copied, not cut", async () => {
    const project = (notes: string) => ({
      userId: user.id,
      key: `project-${notes.length}`,
      path: "/api/projects",
      label: "Move house",
      action: "Project",
      body: {
        title: "Move house",
        description: "Out by March",
        notes,
        tasks: [
          { id: 1, title: "Book movers" },
          { id: 2, title: "Pack books" },
        ],
      },
      createdAt: new Date().toISOString(),
    });
    keepRefusedWords(project("Ask Sam about the van"), "At most 2,000 projects");
    keepRefusedWords(project("x".repeat(THOUGHT_CONTENT_MAX)), "At most 2,000 projects");
    renderWithOutbox(<main id="main" />, user);
    const [short, long] = within(screen.getByRole("region", { name: "Couldn't be saved: 2" })).getAllByRole("listitem");
    expect(short).toHaveTextContent("Project: Move houseOut by MarchAsk Sam about the vanBook movers Pack books");
    expect(within(long).queryByRole("button", { name: /to your inbox/ })).toBeNull();
    expect(within(long).getByRole("button", { name: `Dismiss "Move house"` })).toBeVisible();

    await userEvent.click(within(short).getByRole("button", { name: `Add "Move house" to your inbox` }));
    expect(await screen.findByText("Added to your inbox")).toBeVisible();
    expect((await thoughts()).map((t) => t.content)).toEqual([
      "Move house\n\nOut by March\n\nAsk Sam about the van\n\nBook movers\nPack books",
    ]);
    expect(screen.getByRole("region", { name: "Couldn't be saved: 1" })).toBeVisible();
  });
});
