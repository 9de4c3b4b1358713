// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuickWin, Task, Thought, User } from "../../shared/schemas.ts";
import { AppLayout } from "../app/app-layout.tsx";
import { AuthProvider } from "../app/auth.tsx";
import { FocusModeProvider } from "../app/focus-mode.tsx";
import { dismissToast } from "../components/ui/toast-store.ts";
import { WaitingWrites } from "../components/waiting-writes.tsx";
import { useProject } from "../features/projects/api.ts";
import { keepWaiting, newIdempotencyKey, sendWaiting } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { keepUnsent } from "../lib/voice-outbox.ts";
import { loseConnection, renderWithApp, renderWithOutbox, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { InboxPage } from "./inbox.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const add = (content: string, type: Thought["type"]) => server<Thought>("POST", "/api/thoughts", { content, type });
const stored = () => server<Thought[]>("GET", "/api/thoughts");
/** The cards' words, also while a dialog hides them from the accessibility tree. */
const cards = () => screen.queryAllByRole("listitem", { hidden: true }).map((li) => li.querySelector("p")?.textContent);
const cardOf = (text: string) => screen.getByText(text).closest("li") as HTMLElement;

function renderInbox() {
  renderWithApp(
    <AuthProvider>
      <InboxPage />
    </AuthProvider>,
  );
}

/** A Task thought caught on this device while the server could not be reached: it waits. */
const keepThought = (content: string) =>
  keepWaiting({
    userId: user.id,
    key: newIdempotencyKey(),
    path: "/api/thoughts",
    body: { content, type: "Task" },
    label: content,
    action: "Thought",
  });

/** The inbox with the app's outbox, whose waiting changes its lists show (as in the layout). */
const renderInboxWithOutbox = () => renderWithOutbox(<InboxPage />, user);

/** The inbox inside the app's layout: its sidebar's count, its capture button, its outbox. */
function renderInboxInLayout() {
  return renderWithApp(
    <AuthProvider>
      <FocusModeProvider>
        <AppLayout>
          <InboxPage />
        </AppLayout>
      </FocusModeProvider>
    </AuthProvider>,
  );
}

async function editDialog(text: string) {
  renderInbox();
  await screen.findByText(text);
  await userEvent.click(within(cardOf(text)).getByRole("button", { name: "Edit" }));
  return screen.findByRole("dialog", { name: "Edit thought" });
}

/** A voice note kept with its recording, waiting for a transcription nothing here can make. */
async function keptVoiceNote(): Promise<number> {
  const boundary = "----voice-note";
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="audio"; filename="note.ogg"',
    "Content-Type: audio/ogg",
    "",
    "OggS".padEnd(2048, "x"),
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const res = await fetch("/api/ai/transcribe?keep=true", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { thoughtId: number }).thoughtId;
}

describe("Edit thought (docs/decisions/048-edit-and-delete-thoughts.md)", () => {
  it("fixes a thought's words and type in place, and gives focus back to its Edit button", async () => {
    const thought = await add("Cal mom about sunday", "Note");
    await add("Paint the fence blue", "Idea");
    const dialog = await editDialog("Cal mom about sunday");
    const words = within(dialog).getByLabelText("Thought");
    expect(words).toHaveValue("Cal mom about sunday");
    const types = within(dialog).getByRole("group", { name: "Type" });
    expect(within(types).getByRole("button", { name: "Note" })).toHaveAttribute("aria-pressed", "true");
    // The chosen type stays chosen when tapped again: a thought always has one.
    await userEvent.click(within(types).getByRole("button", { name: "Note" }));
    expect(within(types).getByRole("button", { name: "Note" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.clear(words);
    expect(within(dialog).getByRole("button", { name: "Save changes" })).toBeDisabled();
    await userEvent.type(words, "  Call mom about Sunday ");
    await userEvent.click(within(types).getByRole("button", { name: "Reminder" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Thought updated")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Edit thought" })).toBeNull();
    expect(cards()).toContain("Call mom about Sunday");
    expect(within(cardOf("Call mom about Sunday")).getByText("Reminder")).toBeVisible();
    expect((await stored()).find((t) => t.id === thought.id)).toMatchObject({
      content: "Call mom about Sunday",
      type: "Reminder",
      status: "inbox",
    });
    await waitFor(() =>
      expect(within(cardOf("Call mom about Sunday")).getByRole("button", { name: "Edit" })).toHaveFocus(),
    );
  });

  it("keeps what another device changed while the dialog was open (docs/decisions/056-edits-over-what-is-there.md)", async () => {
    const thought = await add("Cal mom about sunday", "Note");
    const dialog = await editDialog("Cal mom about sunday");
    const words = within(dialog).getByLabelText("Thought");
    await userEvent.clear(words);
    await userEvent.type(words, "Call mom about Sunday");
    // Meanwhile, on the phone: sorted as a reminder for Sunday.
    await server("PATCH", `/api/thoughts/${thought.id}`, { type: "Reminder", whenDate: "2027-01-03" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Thought updated")).toBeVisible();
    expect((await stored()).find((t) => t.id === thought.id)).toMatchObject({
      content: "Call mom about Sunday",
      type: "Reminder",
      whenDate: "2027-01-03",
    });
  });

  it("Save with nothing changed closes the dialog and changes nothing", async () => {
    const thought = await add("Call mom about Sunday", "Note");
    const dialog = await editDialog("Call mom about Sunday");
    await server("PATCH", `/api/thoughts/${thought.id}`, { type: "Reminder" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit thought" })).toBeNull());
    expect(screen.queryByText("Thought updated")).toBeNull();
    expect((await stored()).find((t) => t.id === thought.id)).toMatchObject({
      content: "Call mom about Sunday",
      type: "Reminder",
    });
  });

  it("a new type takes the thought out of the tab on show, and focus goes to that tab", async () => {
    await add("Maybe a herb garden", "Note");
    renderInbox();
    await userEvent.click(await screen.findByRole("tab", { name: /^Note/ }));
    await userEvent.click(within(cardOf("Maybe a herb garden")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit thought" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Idea" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Thought updated")).toBeVisible();
    await waitFor(() => expect(screen.queryByText("Maybe a herb garden")).toBeNull());
    await waitFor(() => expect(screen.getByRole("tab", { name: /^Note/ })).toHaveFocus());
    expect(screen.getByRole("tab", { name: /^Idea/ })).toHaveTextContent("1");
  });

  it("a refusal keeps the dialog with the words as typed, says why, and changes nothing", async () => {
    const thought = await add("Short", "Note");
    const dialog = await editDialog("Short");
    const words = within(dialog).getByLabelText("Thought");
    await userEvent.click(words);
    await userEvent.paste("x".repeat(10_000));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(/at most 10000 characters/i)).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Edit thought" })).toBeVisible();
    expect(words).toHaveValue(`Short${"x".repeat(10_000)}`);
    expect((await stored()).find((t) => t.id === thought.id)?.content).toBe("Short");
    // Behind the dialog, the card is as it was.
    await waitFor(() => expect(cards()).toContain("Short"));
  });

  it("a voice note waiting for its transcription opens empty; the words typed become its text", async () => {
    const id = await keptVoiceNote();
    renderInbox();
    expect(await screen.findByText("Transcription is coming")).toBeVisible();
    // Found as its card reads (docs/decisions/051-find-a-thought.md).
    const find = screen.getByRole("searchbox", { name: "Find a thought" });
    await userEvent.type(find, "voice");
    expect(cards()).toEqual(["Voice note"]);
    await userEvent.clear(find);
    await userEvent.click(within(cardOf("Voice note")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit thought" });
    expect(within(dialog).getByText("Write what the voice note says, or change its type.")).toBeVisible();
    const words = within(dialog).getByLabelText("Thought");
    expect(words).toHaveValue("");
    await userEvent.type(words, "Pick up the dry cleaning");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Pick up the dry cleaning")).toBeVisible();
    // The recording no longer waits: no transcript will be added after the person's own words.
    await waitFor(() => expect(screen.queryByText("Transcription is coming")).toBeNull());
    const { recordings } = await server<{ recordings: Array<{ thoughtId: number; pending: boolean }> }>(
      "GET",
      "/api/ai/recordings",
    );
    expect(recordings).toEqual([expect.objectContaining({ thoughtId: id, pending: false })]);
  });
});

describe("what waited on this device, sent as the page opens (docs/decisions/029-installable-offline.md)", () => {
  it("shows in the list once sent, even when the list's first read left before it was made", async () => {
    await keepThought("Book a haircut");
    // The list's first read leaves at once, as the page's early reads do, and its answer is held
    // until the waiting thought has been sent.
    const reachable = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (first && (init?.method ?? "GET") === "GET" && url.endsWith("/api/thoughts")) {
        first = false;
        const answer = await reachable(input, init);
        await held;
        return answer;
      }
      return reachable(input, init);
    });
    renderInboxWithOutbox();
    await waitFor(async () => expect((await stored()).map((t) => t.content)).toEqual(["Book a haircut"]));
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument());
    release();
    expect(await screen.findByText("Book a haircut")).toBeInTheDocument();
    expect(cards()).toContain("Book a haircut");
  });
});

describe("Find a thought, with thoughts caught while the server cannot be reached (docs/decisions/051-find-a-thought.md)", () => {
  it("narrows the thoughts waiting to sync too, shows them all again once cleared, and only in the inbox", async () => {
    await add("Water the plants", "Task");
    await keepThought("Call the vet about Milo");
    await keepThought("Book a haircut");
    const reconnect = loseConnection();
    renderInboxWithOutbox();
    const waiting = () => screen.getByRole("list", { name: "Thoughts waiting to sync" });
    await waitFor(() => expect(within(waiting()).getAllByRole("listitem")).toHaveLength(2));

    const find = await screen.findByRole("searchbox", { name: "Find a thought" });
    await userEvent.type(find, "vet");
    expect(within(waiting()).getByText("Call the vet about Milo")).toBeVisible();
    expect(within(waiting()).queryByText("Book a haircut")).toBeNull();
    expect(screen.queryByText("Water the plants")).toBeNull();

    await userEvent.clear(find);
    expect(within(waiting()).getByText("Book a haircut")).toBeVisible();

    // They will reach the inbox: Archived and Converted show only what is there.
    await userEvent.click(screen.getByRole("button", { name: /^Archived/ }));
    expect(screen.queryByRole("list", { name: "Thoughts waiting to sync" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /^Converted/ }));
    expect(screen.queryByRole("list", { name: "Thoughts waiting to sync" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Back to inbox" }));
    expect(within(waiting()).getAllByRole("listitem")).toHaveLength(2);
    reconnect();
  });
});

describe("Edit thought while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("waits on this device, shows at once and after the list is read again, and is saved once the connection is back", async () => {
    const thought = await add("Cal mom about sunday", "Note");
    const { queryClient } = renderInboxWithOutbox();
    await screen.findByText("Cal mom about sunday");
    const reconnect = loseConnection();
    await userEvent.click(within(cardOf("Cal mom about sunday")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit thought" });
    const words = within(dialog).getByLabelText("Thought");
    await userEvent.clear(words);
    await userEvent.type(words, "Call mom about Sunday");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Edit thought" })).toBeNull();
    expect(await screen.findByText("Waiting to sync: 1")).toBeVisible();
    expect(cards()).toContain("Call mom about Sunday");
    // Its card says the change has not reached the server yet.
    const card = () => screen.getByText("Call mom about Sunday", { selector: "li > p" }).closest("li");
    expect(card()).toHaveTextContent("Waiting to sync");
    // The list read again (from the kept copy, offline) still shows the edit.
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts, exact: true });
    const read = queryClient.getQueryData<Thought[]>(queryKeys.thoughts);
    expect(read?.find((t) => t.id === thought.id)?.content).toBe("Call mom about Sunday");
    expect(cards()).toContain("Call mom about Sunday");
    expect((await stored()).find((t) => t.id === thought.id)?.content).toBe("Cal mom about sunday");

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect((await stored()).find((t) => t.id === thought.id)?.content).toBe("Call mom about Sunday");
    await waitFor(() => expect(card()).not.toHaveTextContent("Waiting to sync"));
  });
});

describe("Archive and restore while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("the thought moves at once, waits on this device through a read of the list, and is moved on the server once the connection is back", async () => {
    const thought = await add("Look into pottery classes", "Idea");
    const { queryClient } = renderInboxWithOutbox();
    await screen.findByText("Look into pottery classes");
    const reconnect = loseConnection();
    await userEvent.click(within(cardOf("Look into pottery classes")).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(screen.getByText("Archive:")).toBeVisible();
    expect(cards()).not.toContain("Look into pottery classes");
    // The list read again (from the kept copy, offline) still has it archived.
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts, exact: true });
    expect(queryClient.getQueryData<Thought[]>(queryKeys.thoughts)?.find((t) => t.id === thought.id)?.status).toBe(
      "archived",
    );
    await userEvent.click(screen.getByRole("button", { name: "Archived (1)" }));
    const archived = screen.getByRole("region", { name: "Archived" });
    expect(within(archived).getByText("Look into pottery classes")).toBeVisible();
    expect((await stored()).find((t) => t.id === thought.id)?.status).toBe("inbox");

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect((await stored()).find((t) => t.id === thought.id)?.status).toBe("archived");
  });

  it("Undo while still offline joins the waiting move: the thought stays in the inbox, on the server too", async () => {
    const thought = await add("Buy stamps", "Task");
    renderInboxWithOutbox();
    await screen.findByText("Buy stamps");
    const reconnect = loseConnection();
    await userEvent.click(within(cardOf("Buy stamps")).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    // Clicked without pointer events, which Radix Toast's swipe reads and jsdom lacks.
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(cards()).toContain("Buy stamps"));
    await userEvent.click(screen.getByText("Waiting to sync: 1"));
    expect(await screen.findByText("Restore:")).toBeVisible();

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    const after = (await stored()).find((t) => t.id === thought.id);
    expect(after?.status).toBe("inbox");
  });

  it("online, a refused archive (the thought was deleted elsewhere) puts it back where it was, says so, and keeps nothing waiting", async () => {
    const thought = await add("Plan the garden", "Idea");
    await add("Fix the gate", "Task");
    renderInboxWithOutbox();
    await screen.findByText("Plan the garden");
    await server("DELETE", `/api/thoughts/${thought.id}`);
    await userEvent.click(within(cardOf("Plan the garden")).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Could not update the thought.")).toBeVisible();
    // Back in the inbox, ready to archive again.
    expect(within(cardOf("Plan the garden")).getByRole("button", { name: "Archive" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Archived (0)" })).toBeVisible();
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
  });

  it("the sidebar's count of unprocessed thoughts follows what waits: an archive, its Undo, a thought captured", async () => {
    await add("Look into pottery classes", "Idea");
    await add("Buy stamps", "Task");
    const { queryClient } = renderInboxInLayout();
    const badgeSays = (count: number) =>
      waitFor(() =>
        expect(screen.getByRole("link", { name: /Capture Inbox/ })).toHaveTextContent(
          `Capture InboxUnprocessed thoughts: ${count}`,
        ),
      );
    await badgeSays(2);
    await screen.findByText("Look into pottery classes");
    const reconnect = loseConnection();
    await userEvent.click(within(cardOf("Look into pottery classes")).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    await badgeSays(1);
    // The count read again (from the kept copy, offline) is the server's, still 2: what waits is counted on top.
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts });
    await badgeSays(1);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await badgeSays(2);

    await userEvent.click(screen.getAllByRole("button", { name: /Capture/ })[0]);
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Capture text"), "Return the library books");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getAllByText("Saved on this device").length).toBeGreaterThan(0));
    await badgeSays(3);

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts });
    expect((await stored()).filter((t) => t.status === "inbox")).toHaveLength(3);
    await badgeSays(3);
  });

  it("a thought archived and then deleted offline waits as one delete: the count leaves it out, and the server has neither it nor its move", async () => {
    const gone = await add("Old shopping list", "Note");
    await add("Book the dentist", "Task");
    const { queryClient } = renderInboxInLayout();
    const badge = () => screen.getByRole("link", { name: /Capture Inbox/ });
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 2"));
    await screen.findByText("Old shopping list");
    const reconnect = loseConnection();
    await userEvent.click(within(cardOf("Old shopping list")).getByRole("button", { name: "Archive" }));
    await userEvent.click(await screen.findByRole("button", { name: "Archived (1)" }));
    const archived = screen.getByRole("region", { name: "Archived" });
    const card = within(archived).getByText("Old shopping list").closest("li") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Thought deleted")).toBeVisible();
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeVisible();
    await userEvent.click(screen.getByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Delete:Old shopping list");
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts });
    expect(screen.getByRole("button", { name: "Archived (0)" })).toBeVisible();
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 1"));

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect((await stored()).map((t) => t.id)).not.toContain(gone.id);
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts });
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 1"));
  });
});

describe("a voice note the server could not take yet (docs/decisions/088-a-voice-note-that-waits.md)", () => {
  it("shows in the inbox it will reach, marked, and the inbox is not said to be empty", async () => {
    await keepUnsent(user.id, new Blob(["webm"], { type: "audio/webm" }));
    renderInboxWithOutbox();
    const waiting = await screen.findByRole("list", { name: "Voice notes waiting to sync" });
    expect(within(waiting).getByRole("listitem")).toHaveTextContent(
      /^Voice note recorded \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]MWaiting to sync$/,
    );
    // The inbox read (its placeholder gone), nothing in it but the voice note.
    await waitFor(() => expect(document.querySelector(".animate-pulse")).toBeNull());
    expect(screen.getByRole("tab", { name: "All 0" })).toBeInTheDocument();
    expect(screen.queryByText("Your inbox is empty")).toBeNull();
  });
});

describe("Convert while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  const convertOffline = async (words: string, choice: string) => {
    await userEvent.click(within(cardOf(words)).getByRole("button", { name: "Convert" }));
    const dialog = await screen.findByRole("dialog", { name: "Convert thought" });
    await userEvent.click(within(dialog).getByRole("button", { name: choice }));
    return dialog;
  };

  it("into a focus task: it waits on this device, the thought leaves the inbox and its count, and the task is made once when the connection is back", async () => {
    const thought = await add("Book the plumber", "Task");
    await add("Buy stamps", "Task");
    const { queryClient } = renderInboxInLayout();
    const badge = () => screen.getByRole("link", { name: /Capture Inbox/ });
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 2"));
    await screen.findByText("Book the plumber");
    const reconnect = loseConnection();
    await convertOffline("Book the plumber", "Convert to focus task");
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(screen.getByText("The thought will become a focus task when the connection is back.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Convert thought" })).toBeNull());
    expect(cards()).not.toContain("Book the plumber");
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 1"));
    await userEvent.click(screen.getByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Task:Book the plumber");
    // Read again (from the kept copy, offline), the thought is still converted, and shows as waiting.
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts });
    expect(cards()).not.toContain("Book the plumber");
    await userEvent.click(screen.getByRole("button", { name: "Converted (1)" }));
    const convertedCard = () =>
      within(screen.getByRole("region", { name: "Converted" }))
        .getByText("Book the plumber")
        .closest("li") as HTMLElement;
    expect(within(convertedCard()).getByText("Waiting to sync")).toBeVisible();
    expect((await stored()).find((t) => t.id === thought.id)?.status).toBe("inbox");

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const tasks = (await server<Task[]>("GET", "/api/tasks")).filter((t) => t.title === "Book the plumber");
    expect(tasks).toHaveLength(1);
    expect((await stored()).find((t) => t.id === thought.id)).toMatchObject({
      status: "converted",
      convertedTo: `task:${tasks[0].id}`,
    });
    await queryClient.refetchQueries({ queryKey: queryKeys.thoughts });
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 1"));
    await waitFor(() => expect(within(convertedCard()).getByRole("link")).toBeVisible());
    expect(within(convertedCard()).queryByText("Waiting to sync")).toBeNull();
  });

  it("taken back with 'Don't add', the thought is back in the inbox and its count, and nothing is made (docs/decisions/087-taking-back-something-new.md)", async () => {
    const thought = await add("Book the plumber", "Task");
    renderInboxInLayout();
    const badge = () => screen.getByRole("link", { name: /Capture Inbox/ });
    await screen.findByText("Book the plumber");
    const reconnect = loseConnection();
    await convertOffline("Book the plumber", "Convert to focus task");
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    await waitFor(() => expect(cards()).not.toContain("Book the plumber"));
    await waitFor(() => expect(badge()).not.toHaveTextContent("Unprocessed thoughts"));
    await userEvent.click(screen.getByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: "Don't add Book the plumber" }));
    expect(await screen.findByText("Not added")).toBeVisible();
    await waitFor(() => expect(cards()).toContain("Book the plumber"));
    await waitFor(() => expect(badge()).toHaveTextContent("Unprocessed thoughts: 1"));
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.title)).toEqual([]);
    expect((await stored()).find((t) => t.id === thought.id)?.status).toBe("inbox");
  });

  it("converted on another device meanwhile: the waiting one is refused and said, and waits no more", async () => {
    const thought = await add("Water the ferns", "Task");
    renderInboxWithOutbox();
    await screen.findByText("Water the ferns");
    const reconnect = loseConnection();
    await convertOffline("Water the ferns", "Convert to quick win");
    expect(await screen.findByText("The thought will become a quick win when the connection is back.")).toBeVisible();

    reconnect();
    await server("POST", `/api/thoughts/${thought.id}/convert`, { to: "task" });
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).toHaveBeenCalledWith(expect.anything(), "This thought was already converted");
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect((await server<QuickWin[]>("GET", "/api/quick-wins")).map((q) => q.text)).not.toContain("Water the ferns");
  });

  it("on a device that cannot keep it, it says so and the thought stays in the inbox", async () => {
    const thought = await add("Fix the bike light", "Task");
    renderInbox();
    await screen.findByText("Fix the bike light");
    loseConnection();
    // A browser that keeps nothing (storage refused): there is nowhere to wait.
    vi.stubGlobal("indexedDB", undefined);
    await convertOffline("Fix the bike light", "Convert to quick win");
    expect(
      await screen.findByText(
        "Could not keep the conversion on this device. Please try again when you're back online.",
      ),
    ).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Convert thought" })).toBeVisible();
    expect((await stored()).find((t) => t.id === thought.id)?.status).toBe("inbox");
  });

  it("into a project task it waits too, named with its project: the project's page shows it once the connection is back", async () => {
    const garden = await server<{ id: number }>("POST", "/api/projects", { title: "Garden" });
    const thought = await add("Order tomato seeds", "Task");
    /** The project's tasks as its own page reads them. */
    function GardenTasks() {
      const project = useProject(garden.id).data;
      return <output aria-label="Garden's tasks">{project?.tasks.map((t) => t.title).join(", ")}</output>;
    }
    renderWithApp(
      <AuthProvider>
        <WaitingWrites userId={user.id} />
        <InboxPage />
        <GardenTasks />
      </AuthProvider>,
    );
    const gardenTasks = () => screen.getByLabelText("Garden's tasks", { selector: "output" });
    await screen.findByText("Order tomato seeds");
    const reconnect = loseConnection();
    const dialog = await convertOffline("Order tomato seeds", "Convert to project task");
    expect(await within(dialog).findByRole("option", { name: "Garden" })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to project" }));
    expect(
      await screen.findByText("The thought will become a task in Garden when the connection is back."),
    ).toBeVisible();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent("Project task:Order tomato seeds");
    // The project itself shows it once the server has it (spec section 4).
    expect(gardenTasks()).toHaveTextContent(/^$/);

    // The connection is back: the app sends what waits, and reads the project's page again.
    reconnect();
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(gardenTasks()).toHaveTextContent("Order tomato seeds"));
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
    expect((await stored()).find((t) => t.id === thought.id)?.convertedTo).toBe(`project:${garden.id}`);
  });

  it("into a calendar event it waits too: the calendar gets it once the connection is back", async () => {
    const thought = await add("Dentist on Friday", "Reminder");
    renderInboxWithOutbox();
    await screen.findByText("Dentist on Friday");
    const reconnect = loseConnection();
    const dialog = await convertOffline("Dentist on Friday", "Convert to calendar event");
    const title = (within(dialog).getByLabelText(/Title/) as HTMLInputElement).value;
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to calendar" }));
    expect(
      await screen.findByText("The thought will become a calendar event when the connection is back."),
    ).toBeVisible();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(
      within(screen.getByRole("list", { name: "What is waiting to sync" })).getByRole("listitem"),
    ).toHaveTextContent(`Event:${title}`);
    expect(cards()).not.toContain("Dentist on Friday");

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const events = await server<Array<{ id: number; title: string }>>("GET", "/api/events");
    expect(events.map((e) => e.title)).toEqual([title]);
    expect((await stored()).find((t) => t.id === thought.id)?.convertedTo).toBe(`event:${events[0].id}`);
  });
});

describe("Delete an archived thought (docs/decisions/048-edit-and-delete-thoughts.md)", () => {
  async function archivedView(...texts: string[]) {
    for (const text of texts) {
      const t = await add(text, "Journal");
      await server("PATCH", `/api/thoughts/${t.id}`, { status: "archived" });
    }
    renderInbox();
    await userEvent.click(await screen.findByRole("button", { name: `Archived (${texts.length})` }));
    return screen.findByRole("region", { name: "Archived" });
  }

  it("leaves at once with Undo in its toast; Undo brings it back, and nothing was deleted", async () => {
    await archivedView("A hard day, written down");
    await userEvent.click(within(cardOf("A hard day, written down")).getByRole("button", { name: "Delete" }));
    expect(screen.queryByText("A hard day, written down")).toBeNull();
    expect(await screen.findByText("Thought deleted")).toBeVisible();
    expect(screen.getByText('"A hard day, written down" is gone from Archived.')).toBeVisible();
    expect(screen.getByRole("button", { name: "Archived (0)" })).toBeVisible();
    // Clicked without pointer events, which Radix Toast's swipe reads and jsdom lacks.
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("A hard day, written down")).toBeVisible();
    expect((await stored()).map((t) => t.content)).toEqual(["A hard day, written down"]);
  });

  it("is deleted on the server once its toast closes, and focus moves to the next thought's Delete", async () => {
    await archivedView("First entry", "Second entry");
    // Newest first: "Second entry" is above "First entry".
    expect(cards()).toEqual(["Second entry", "First entry"]);
    await userEvent.click(within(cardOf("Second entry")).getByRole("button", { name: "Delete" }));
    expect(within(cardOf("First entry")).getByRole("button", { name: "Delete" })).toHaveFocus();
    expect(await screen.findByText("Thought deleted")).toBeVisible();
    dismissToast();
    await waitFor(async () => expect((await stored()).map((t) => t.content)).toEqual(["First entry"]));
    expect(cards()).toEqual(["First entry"]);
    // The last one gone, focus rests on the list's heading, not the page.
    await userEvent.click(within(cardOf("First entry")).getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("heading", { name: "Archived" })).toHaveFocus();
    expect(screen.getByText("Nothing archived.")).toBeVisible();
  });
});

describe("Edit thought: the day and time a thought is for", () => {
  it("sets a day and time, shows them on the card, and clears them again", async () => {
    const thought = await add("Dentist", "Reminder");
    let dialog = await editDialog("Dentist");
    const time = within(dialog).getByLabelText("Time (optional)");
    expect(time).toBeDisabled();
    expect(time).toHaveAccessibleDescription("Pick a day to add a time.");
    await userEvent.type(within(dialog).getByLabelText("Day (optional)"), "2026-12-01");
    expect(time).toBeEnabled();
    await userEvent.type(time, "09:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Thought updated")).toBeVisible();
    await waitFor(() => expect(cardOf("Dentist")).toHaveTextContent(/For\s*Tue, Dec 1 at 9:30 AM/));
    expect((await stored()).find((t) => t.id === thought.id)).toMatchObject({
      whenDate: "2026-12-01",
      whenTime: "09:30",
    });

    await userEvent.click(within(cardOf("Dentist")).getByRole("button", { name: "Edit" }));
    dialog = await screen.findByRole("dialog", { name: "Edit thought" });
    expect(within(dialog).getByLabelText("Day (optional)")).toHaveValue("2026-12-01");
    expect(within(dialog).getByLabelText("Time (optional)")).toHaveValue("09:30");
    await userEvent.clear(within(dialog).getByLabelText("Day (optional)"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(cardOf("Dentist")).not.toHaveTextContent(/For/));
    expect((await stored()).find((t) => t.id === thought.id)).toMatchObject({ whenDate: null, whenTime: null });
  });
});

describe("Find a thought (docs/decisions/051-find-a-thought.md)", () => {
  it("narrows every list to the thoughts with all the words typed, and says when none has them", async () => {
    await add("Swap plants at the Café", "Idea");
    await add("Plant the tomatoes", "Task");
    await add("Call the plumber", "Task");
    const old = await add("Old plant catalogue", "Note");
    await server("PATCH", `/api/thoughts/${old.id}`, { status: "archived" });
    renderInbox();
    const find = await screen.findByRole("searchbox", { name: "Find a thought" });
    await screen.findByText("Call the plumber");

    await userEvent.type(find, "cafe PLANT");
    expect(cards()).toEqual(["Swap plants at the Café"]);
    expect(screen.getByRole("tab", { name: /^All/ })).toHaveTextContent("1");
    expect(screen.getByRole("tab", { name: /^Task/ })).toHaveTextContent("0");
    // The views' own counts stay whole: the search narrows what is shown, not what there is.
    expect(screen.getByRole("button", { name: "Archived (1)" })).toBeVisible();

    await userEvent.clear(find);
    await userEvent.type(find, "plant");
    expect(cards()).toEqual(["Plant the tomatoes", "Swap plants at the Café"]);
    await userEvent.click(screen.getByRole("button", { name: "Archived (1)" }));
    expect(cards()).toEqual(["Old plant catalogue"]);

    await userEvent.type(find, " boat");
    expect(screen.getByText("No thought here matches “plant boat”.")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Back to inbox" }));
    expect(screen.getByText("No thought here matches “plant boat”.")).toBeVisible();
    await userEvent.clear(find);
    expect(cards()).toEqual(["Call the plumber", "Plant the tomatoes", "Swap plants at the Café"]);
  });
});

describe("a long inbox (docs/decisions/066-long-lists-in-steps.md)", () => {
  it("draws 20 thoughts at first; Show more adds the next and takes focus to the first of them; Find looks through all", async () => {
    for (let i = 1; i <= 45; i++) await add(`Thought number ${i}`, "Note");
    renderInbox();
    const panel = within(await screen.findByRole("tabpanel"));
    await waitFor(() => expect(panel.getAllByRole("listitem")).toHaveLength(20));
    // The tab counts every thought, drawn or not.
    expect(screen.getByRole("tab", { name: /^All/ })).toHaveTextContent("45");
    expect(panel.queryByText("Thought number 1")).toBeNull();

    // The first thought made is drawn last: Find reaches it without Show more.
    const find = screen.getByRole("searchbox", { name: "Find a thought" });
    await userEvent.type(find, "number 1");
    expect(await panel.findByText("Thought number 1")).toBeVisible();
    await userEvent.clear(find);

    await waitFor(() => expect(panel.getAllByRole("listitem")).toHaveLength(20));
    await userEvent.click(panel.getByRole("button", { name: "Show more" }));
    expect(panel.getAllByRole("listitem")).toHaveLength(40);
    expect(panel.getAllByRole("listitem")[20]).toHaveFocus();
    await userEvent.click(panel.getByRole("button", { name: "Show more" }));
    expect(panel.getAllByRole("listitem")).toHaveLength(45);
    expect(panel.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});

describe("which thought a card's buttons are for", () => {
  it("each button is described by its thought's words, so one 'Edit' among many says whose it is", async () => {
    await add("Call the plumber", "Task");
    await add("Herb garden on the balcony", "Idea");
    renderInbox();
    await screen.findByText("Call the plumber");
    for (const words of ["Call the plumber", "Herb garden on the balcony"]) {
      for (const name of ["Convert", "Edit", "Archive"]) {
        expect(within(cardOf(words)).getByRole("button", { name })).toHaveAccessibleDescription(words);
      }
    }
    await userEvent.click(within(cardOf("Call the plumber")).getByRole("button", { name: "Archive" }));
    await userEvent.click(await screen.findByRole("button", { name: "Archived (1)" }));
    for (const name of ["Restore", "Delete"]) {
      expect(
        within(await waitFor(() => cardOf("Call the plumber"))).getByRole("button", { name }),
      ).toHaveAccessibleDescription("Call the plumber");
    }
  });

  it("a long thought describes them by its first words only, not by every word after each button", async () => {
    const long = `Plan the garden: ${"tulips and daffodils along the fence, ".repeat(20)}and a bench`;
    await add(long, "Idea");
    renderInbox();
    const card = await waitFor(() => screen.getByText(/and a bench$/).closest("li") as HTMLElement);
    for (const name of ["Convert", "Edit", "Archive"]) {
      expect(within(card).getByRole("button", { name })).toHaveAccessibleDescription(
        "Plan the garden: tulips and daffodils along the fence…",
      );
    }
  });
});
