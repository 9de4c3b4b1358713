// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
// The toast's own buttons are pressed through fireEvent: jsdom lacks the pointer capture its swipe reads.
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import type { CalendarEvent, User } from "../../shared/schemas.ts";
import { dismissToast } from "../components/ui/toast-store.ts";
import { formatShortDay } from "../lib/dates.ts";
import { editDraft } from "../lib/draft.ts";
import { sendWaiting } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { UNSENT_DELETE_LEFT_AFTER_MS } from "../lib/undoable.ts";
import {
  loseConnection,
  renderWithOutbox,
  resetApp,
  server,
  signUpInUtc,
  storedDrafts,
} from "../testing/app-harness.tsx";
import { CalendarPage } from "./calendar.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUpInUtc();
});
afterEach(resetApp);

const TOMORROW = addDays(new Date().toISOString().slice(0, 10), 1);
const events = () => server<CalendarEvent[]>("GET", "/api/events");
/**
 * What waits is sent once back: just that occurrence of the daily "Stretch" is gone, and the rest
 * of its `occurrences` stay.
 */
async function sendsOnlyItsOccurrence(made: CalendarEvent, occurrences: number): Promise<void> {
  const refused = vi.fn();
  await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
  expect(refused).not.toHaveBeenCalled();
  const left = await events();
  expect(left.map((e) => e.id)).not.toContain(made.id);
  expect(left.length).toBeGreaterThanOrEqual(occurrences - 1);
  expect(left.every((e) => e.title === "Stretch" && e.repeat === "FREQ=DAILY")).toBe(true);
}
const addEvent = (title: string, extra: object = {}) =>
  server("POST", "/api/events", { title, date: TOMORROW, startTime: "09:00", duration: 30, ...extra });

const renderCalendar = () => renderWithOutbox(<CalendarPage />, user);
/** Deletes noted on this device until they are sent or undone (web/lib/undoable.ts). */
const notes = () => Object.keys(localStorage).filter((key) => key.startsWith(`${STORAGE_KEYS.unsentDelete}:`));
/** An edit of the event not saved, kept on this device (docs/decisions/067-edit-drafts.md). */
const keepEditDraft = (id: number) =>
  localStorage.setItem(`${STORAGE_KEYS.draft}:${user.id}:${editDraft("event", id)}`, JSON.stringify({ title: "x" }));

/**
 * The page dies with the delete's toast open: its one note stays, and nothing was sent. (Undo
 * takes the toast away without sending; the note is then put back as the page left it, `ago` ms
 * older.)
 */
async function dieWithToastOpen(page: { unmount: () => void }, ago = 0) {
  const [key = "", ...more] = notes();
  expect(more).toEqual([]);
  const note = JSON.parse(localStorage.getItem(key) ?? "null") as { at: number };
  fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
  expect(notes()).toEqual([]);
  page.unmount();
  localStorage.setItem(key, JSON.stringify({ ...note, at: note.at - ago }));
}

describe("changing an event while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("waits on this device: the calendar shows the change through a read of it, and it is saved once the connection is back", async () => {
    await addEvent("Physio", { location: "Clinic" });
    const { queryClient } = renderCalendar();
    await userEvent.click(await screen.findByRole("button", { name: "Edit Physio" }));
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Physio, knee");
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Edit Physio, knee" })).toBeInTheDocument();
    // Its row says the change has not reached the server yet.
    const row = () => screen.getByRole("button", { name: "Edit Physio, knee" }).closest("li") as HTMLElement;
    expect(row()).toHaveTextContent("Waiting to sync");
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(screen.getByRole("list", { name: "What is waiting to sync" })).toHaveTextContent("Edit:Physio, knee");
    // Read again (from what the worker kept offline), the calendar still shows the change.
    await queryClient.refetchQueries({ queryKey: queryKeys.events, exact: true });
    expect(queryClient.getQueryData<CalendarEvent[]>(queryKeys.events)?.map((e) => [e.title, e.location])).toEqual([
      ["Physio, knee", "Clinic"],
    ]);
    expect((await events()).map((e) => e.title)).toEqual(["Physio"]);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await events()).map((e) => [e.title, e.location])).toEqual([["Physio, knee", "Clinic"]]);
    await waitFor(() => expect(row()).not.toHaveTextContent("Waiting to sync"));
  });
});

describe("deleting an event while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("waits on this device once its toast closes: the event stays gone through a read of the calendar, and is deleted once the connection is back, its edit draft with it", async () => {
    const made = (await addEvent("Physio")) as CalendarEvent;
    await addEvent("Choir");
    keepEditDraft(made.id);
    const { queryClient } = renderCalendar();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Physio" }));
    expect(await screen.findByText("Event deleted")).toBeInTheDocument();
    const reconnect = loseConnection();
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    expect(screen.queryByText("Could not delete event.")).not.toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(screen.getByRole("list", { name: "What is waiting to sync" })).toHaveTextContent("Delete:Physio");
    // Read again (from what the worker kept offline), the calendar still leaves it out.
    await queryClient.refetchQueries({ queryKey: queryKeys.events, exact: true });
    expect(queryClient.getQueryData<CalendarEvent[]>(queryKeys.events)?.map((e) => e.title)).toEqual(["Choir"]);
    expect(screen.queryByRole("button", { name: "Delete Physio" })).not.toBeInTheDocument();
    expect((await events()).map((e) => e.title).sort()).toEqual(["Choir", "Physio"]);
    expect(storedDrafts()).toHaveLength(1);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await events()).map((e) => e.title)).toEqual(["Choir"]);
    expect(storedDrafts()).toEqual([]);
  });

  it("just this one of a repeating event waits too: it stays off the calendar through a read of it, and only it is deleted once back", async () => {
    const made = (await addEvent("Stretch", { repeat: "FREQ=DAILY" })) as CalendarEvent;
    const { queryClient } = renderCalendar();
    await userEvent.click((await screen.findAllByRole("button", { name: "Delete Stretch" }))[0]);
    await userEvent.click(await screen.findByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Event deleted")).toBeInTheDocument();
    const reconnect = loseConnection();
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(screen.getByRole("list", { name: "What is waiting to sync" })).toHaveTextContent(
      `Delete:Stretch (${formatShortDay(TOMORROW)})`,
    );
    const occurrences = (await events()).length;
    await queryClient.refetchQueries({ queryKey: queryKeys.events, exact: true });
    const shown = queryClient.getQueryData<CalendarEvent[]>(queryKeys.events) ?? [];
    expect(shown.map((e) => e.id)).not.toContain(made.id);
    expect(shown).toHaveLength(occurrences - 1);

    reconnect();
    await sendsOnlyItsOccurrence(made, occurrences);
  });

  it("just this one, waiting, is taken back with 'Bring back': 'Not deleted', and it is on the calendar again", async () => {
    const made = (await addEvent("Stretch", { repeat: "FREQ=DAILY" })) as CalendarEvent;
    renderCalendar();
    const before = (await screen.findAllByRole("button", { name: "Delete Stretch" })).length;
    await userEvent.click(screen.getAllByRole("button", { name: "Delete Stretch" })[0]);
    await userEvent.click(await screen.findByRole("button", { name: "Just this one" }));
    loseConnection();
    dismissToast();
    expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: `Bring back Stretch (${formatShortDay(TOMORROW)})` }));
    expect(await screen.findByText("Not deleted")).toBeInTheDocument();
    expect(screen.getByText(`"Stretch (${formatShortDay(TOMORROW)})" is back where it was.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Stretch" })).toHaveLength(before));
    expect((await events()).map((e) => e.id)).toContain(made.id);
  });

  it("all of a repeating event from this one on still needs the connection: it comes back and says so", async () => {
    await addEvent("Stretch", { repeat: "FREQ=DAILY" });
    renderCalendar();
    await userEvent.click((await screen.findAllByRole("button", { name: "Delete Stretch" }))[0]);
    await userEvent.click(await screen.findByRole("button", { name: "All of them" }));
    expect(await screen.findByText("Repeating event deleted")).toBeInTheDocument();
    // Nor is it noted to outlive the page (docs/decisions/075-a-delete-outlives-its-page.md).
    expect(notes()).toEqual([]);
    loseConnection();
    dismissToast();
    expect(
      await screen.findByText(
        "Deleting a repeating event from this day on needs the connection. Please try again when you're back online.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Stretch" }).length).toBeGreaterThan(1));
    expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument();
  });
});

describe("the calendar's days and what its toasts name", () => {
  it("calls tomorrow by its name, and a deleted occurrence by its day", async () => {
    await addEvent("Stretch", { repeat: "FREQ=DAILY" });
    renderCalendar();
    expect(await screen.findByRole("heading", { name: `Tomorrow · ${formatShortDay(TOMORROW)}` })).toBeVisible();
    await userEvent.click((await screen.findAllByRole("button", { name: "Delete Stretch" }))[0]);
    await userEvent.click(await screen.findByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Event deleted")).toBeInTheDocument();
    expect(screen.getByText(`Stretch on ${formatShortDay(TOMORROW)}`)).toBeInTheDocument();
  });
});

describe("an event deleted just before its page dies, the toast still open (docs/decisions/075-a-delete-outlives-its-page.md)", () => {
  it("is noted as the toast opens, and the next start deletes it once its toast would have closed, its edit draft with it", async () => {
    const made = (await addEvent("Physio")) as CalendarEvent;
    await addEvent("Choir");
    keepEditDraft(made.id);
    const page = renderCalendar();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Physio" }));
    expect(notes()).toEqual([`${STORAGE_KEYS.unsentDelete}:${user.id}:/api/events/${made.id}`]);
    await dieWithToastOpen(page);
    expect((await events()).map((e) => e.title).sort()).toEqual(["Choir", "Physio"]);

    // The next start, soon after: the toast would still be open, so it waits for its time.
    const started = Date.now();
    renderCalendar();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await events()).map((e) => e.title)).toContain("Physio");
    await waitFor(async () => expect((await events()).map((e) => e.title)).toEqual(["Choir"]), {
      timeout: UNSENT_DELETE_LEFT_AFTER_MS + 5000,
    });
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(notes()).toEqual([]);
    await waitFor(() => expect(storedDrafts()).toEqual([]));
  }, 30_000);

  it("just this one of a repeating event is noted as its own delete, waits offline with its day's words, and only it goes", async () => {
    const made = (await addEvent("Stretch", { repeat: "FREQ=DAILY" })) as CalendarEvent;
    keepEditDraft(made.id);
    const page = renderCalendar();
    await userEvent.click((await screen.findAllByRole("button", { name: "Delete Stretch" }))[0]);
    await userEvent.click(await screen.findByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Event deleted")).toBeInTheDocument();
    expect(notes()).toEqual([`${STORAGE_KEYS.unsentDelete}:${user.id}:/api/events/${made.id}?scope=this`]);
    await dieWithToastOpen(page, UNSENT_DELETE_LEFT_AFTER_MS);
    const occurrences = (await events()).length;

    // The next start, long after, without a connection: it waits on this device, said as that day.
    const reconnect = loseConnection();
    const { queryClient } = renderCalendar();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    expect(screen.getByRole("list", { name: "What is waiting to sync" })).toHaveTextContent(
      `Delete:Stretch (${formatShortDay(TOMORROW)})`,
    );
    expect(notes()).toEqual([]);
    await queryClient.refetchQueries({ queryKey: queryKeys.events, exact: true });
    expect((queryClient.getQueryData<CalendarEvent[]>(queryKeys.events) ?? []).map((e) => e.id)).not.toContain(made.id);
    expect(storedDrafts()).toHaveLength(1);

    reconnect();
    await sendsOnlyItsOccurrence(made, occurrences);
    expect(storedDrafts()).toEqual([]);
  });

  it("as the page is left, is sent to outlive it, and stays noted in case it did not get through", async () => {
    const made = (await addEvent("Physio")) as CalendarEvent;
    const reachable = globalThis.fetch;
    const deletes: (boolean | undefined)[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "DELETE" && String(input).endsWith(`/api/events/${made.id}`)) deletes.push(init.keepalive);
      return reachable(input, init);
    });
    renderCalendar();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Physio" }));
    expect(await screen.findByText("Event deleted")).toBeInTheDocument();
    window.dispatchEvent(new Event("pagehide"));
    await waitFor(async () => expect(await events()).toEqual([]));
    expect(deletes).toEqual([true]);
    expect(notes()).toEqual([`${STORAGE_KEYS.unsentDelete}:${user.id}:/api/events/${made.id}`]);
  });
});

describe("focus as events are deleted by keyboard", () => {
  it("goes to the next event's Delete, and with none left to Add event, never to the page's body", async () => {
    await addEvent("Physio");
    await addEvent("Choir", { startTime: "19:00" });
    renderCalendar();
    (await screen.findByRole("button", { name: "Delete Physio" })).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Physio" })).toBeNull());
    expect(screen.getByRole("button", { name: "Delete Choir" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Choir" })).toBeNull());
    expect(screen.getByRole("button", { name: "Add event" })).toHaveFocus();
  });

  it("goes on to what stays once just this one, or all of them, of a repeating event is chosen", async () => {
    await addEvent("Stretch", { repeat: "FREQ=DAILY" });
    await addEvent("Choir", { startTime: "19:00" });
    renderCalendar();
    const first = (await screen.findAllByRole("button", { name: "Delete Stretch" }))[0];
    const second = screen.getAllByRole("button", { name: "Delete Stretch" })[1];
    first.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Just this one" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(first).not.toBeInTheDocument());
    // Tomorrow's Choir comes after tomorrow's Stretch.
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete Choir" })).toHaveFocus());

    second.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(await screen.findByRole("button", { name: "All of them" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Stretch" })).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete Choir" })).toHaveFocus());
  });
});

describe("a long calendar (docs/decisions/066-long-lists-in-steps.md)", () => {
  it("draws whole days until 20 upcoming events are drawn, Show more the next ones with focus on the first new day, and past days shown count for nothing", async () => {
    await addEvent("Stretch", { repeat: "FREQ=DAILY" });
    // The twentieth day holds a second event: the day is drawn whole.
    await addEvent("Choir", { date: addDays(TOMORROW, 19), startTime: "19:00" });
    await addEvent("Old meeting", { date: addDays(TOMORROW, -3) });
    const stretches = (await events()).filter((e) => e.title === "Stretch").length;
    expect(stretches).toBeGreaterThan(50);
    renderCalendar();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Stretch" })).toHaveLength(20));
    expect(screen.getByRole("button", { name: "Delete Choir" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Show past events" }));
    expect(await screen.findByRole("button", { name: "Delete Old meeting" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Delete Stretch" })).toHaveLength(20);

    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Stretch" })).toHaveLength(40));
    expect(screen.getByRole("region", { name: formatShortDay(addDays(TOMORROW, 20)) })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Stretch" })).toHaveLength(stretches));
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});

describe("a long past (docs/decisions/066-long-lists-in-steps.md)", () => {
  it("shown, draws whole past days back from yesterday until 20 events, above them Show earlier the ones before with focus on the earliest new day", async () => {
    const today = addDays(TOMORROW, -1);
    for (let back = 1; back <= 45; back++) await addEvent("Old walk", { date: addDays(today, -back) });
    // The twentieth day back holds a second event: the day is drawn whole.
    await addEvent("Dentist", { date: addDays(today, -20), startTime: "15:00" });
    await addEvent("Choir");
    renderCalendar();
    await screen.findByRole("button", { name: "Delete Choir" });
    expect(screen.queryByRole("button", { name: "Delete Old walk" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Show past events" }));
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Old walk" })).toHaveLength(20));
    expect(screen.getByRole("button", { name: "Delete Dentist" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: formatShortDay(addDays(today, -1)) })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: formatShortDay(addDays(today, -21)) })).toBeNull();
    // The button is above the past days, where the earlier ones will be drawn, and today's stay in view below.
    const earlier = screen.getByRole("button", { name: "Show earlier" });
    const firstShown = screen.getByRole("region", { name: formatShortDay(addDays(today, -20)) });
    expect(earlier.compareDocumentPosition(firstShown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Choir" })).toBeInTheDocument();

    await userEvent.click(earlier);
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Old walk" })).toHaveLength(40));
    expect(screen.getByRole("region", { name: formatShortDay(addDays(today, -40)) })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Show earlier" }));
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Delete Old walk" })).toHaveLength(45));
    expect(screen.queryByRole("button", { name: "Show earlier" })).toBeNull();
    expect(screen.getByRole("region", { name: formatShortDay(addDays(today, -45)) })).toHaveFocus();
  });
});

describe("what a screen reader hears of an event's buttons", () => {
  it("a repeating event's Edit and Delete are each described by their own day and time", async () => {
    await addEvent("Stretch", { repeat: "FREQ=DAILY" });
    renderCalendar();
    const [first, second] = await screen.findAllByRole("button", { name: "Delete Stretch" });
    const tomorrow = `Tomorrow · ${formatShortDay(TOMORROW)} 9:00 AM · 30 min`;
    expect(first).toHaveAccessibleDescription(expect.stringContaining(tomorrow));
    expect(second).toHaveAccessibleDescription(
      expect.stringContaining(`${formatShortDay(addDays(TOMORROW, 1))} 9:00 AM · 30 min`),
    );
    const [edit] = screen.getAllByRole("button", { name: "Edit Stretch" });
    expect(edit).toHaveAccessibleDescription(expect.stringContaining(tomorrow));
  });
});
