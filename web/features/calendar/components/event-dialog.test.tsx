// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../../shared/dates.ts";
import type { CalendarEvent, User } from "../../../../shared/schemas.ts";
import { sendWaiting } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import {
  loseConnection,
  renderWithApp,
  resetApp,
  server,
  signUpInUtc,
  storedDrafts,
} from "../../../testing/app-harness.tsx";
import { eventsQuery } from "../api.ts";
import { EventDialog } from "./event-dialog.tsx";

let user: User;
beforeEach(async () => {
  user = await signUpInUtc();
});
afterEach(resetApp);

const events = () => server<CalendarEvent[]>("GET", "/api/events");
/** The next Tuesday after today (UTC): the series' first occurrence, with more in the eight weeks after it. */
const TODAY = new Date().toISOString().slice(0, 10);
const TUESDAY = [1, 2, 3, 4, 5, 6, 7]
  .map((n) => addDays(TODAY, n))
  .find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 2) as string;
const A_WEEK_LATER = addDays(TUESDAY, 7);

/** "Stretch" at 07:00 from TUESDAY on, repeating by `rule`: its first occurrence. */
async function addStretch(rule: string): Promise<CalendarEvent | undefined> {
  await server("POST", "/api/events", {
    title: "Stretch",
    date: TUESDAY,
    startTime: "07:00",
    duration: 15,
    repeat: rule,
  });
  return (await events())[0];
}

function open(props: { event?: CalendarEvent; defaultDate?: string } = {}) {
  const onOpenChange = vi.fn();
  const { queryClient } = renderWithApp(
    <EventDialog
      open
      onOpenChange={onOpenChange}
      defaultDate={props.defaultDate ?? TUESDAY}
      event={props.event ?? null}
      timeZone="UTC"
    />,
    { signedInAs: user },
  );
  return { onOpenChange, queryClient };
}

describe("event dialog: Repeat (docs/decisions/034-repeating-events.md)", () => {
  it("offers the task dialogs' choices and the event's own weekday, and saves the rule", async () => {
    open();
    const repeat = screen.getByLabelText("Repeat");
    expect(repeat).toHaveDisplayValue("Does not repeat");
    expect(Array.from(repeat.querySelectorAll("option")).map((o) => o.textContent)).toEqual([
      "Does not repeat",
      "Every day",
      "Weekdays",
      "Every Tuesday",
      "Weekly on…",
      "Every month",
    ]);
    await userEvent.type(screen.getByLabelText("Title"), "Choir");
    await userEvent.selectOptions(repeat, "Every month");
    // The month's day follows the date picked after it.
    const date = screen.getByLabelText("Date");
    await userEvent.clear(date);
    await userEvent.type(date, A_WEEK_LATER);
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Event added")).toBeVisible();
    const [first] = await events();
    expect(first).toMatchObject({
      title: "Choir",
      date: A_WEEK_LATER,
      repeat: `FREQ=MONTHLY;BYMONTHDAY=${Number(A_WEEK_LATER.slice(8))}`,
    });
  });

  it("repeats weekly on chosen days, starting from the event's own weekday", async () => {
    open();
    await userEvent.type(screen.getByLabelText("Title"), "Swim");
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), "Weekly on…");
    const days = screen.getByRole("group", { name: "On these days" });
    expect(within(days).getByRole("button", { name: "Tuesday" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(days).getByRole("button", { name: "Tuesday" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose at least one day.");
    expect(screen.getByRole("button", { name: "Save event" })).toBeDisabled();
    await userEvent.click(within(days).getByRole("button", { name: "Thursday" }));
    await userEvent.click(within(days).getByRole("button", { name: "Tuesday" }));
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Event added")).toBeVisible();
    const all = await events();
    expect(all[0]).toMatchObject({ title: "Swim", date: TUESDAY, repeat: "FREQ=WEEKLY;BYDAY=TU,TH" });
    expect(all[1]?.date).toBe(addDays(TUESDAY, 2));
  });

  it("asks just this one or all of them when an occurrence is changed; just this one changes that one", async () => {
    const first = await addStretch("FREQ=WEEKLY;BYDAY=TU");
    expect(first?.repeat).toBe("FREQ=WEEKLY;BYDAY=TU");
    const { onOpenChange } = open({ event: first });
    expect(screen.getByLabelText("Repeat")).toHaveDisplayValue("Every Tuesday");
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Long stretch");
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    const choice = await screen.findByRole("dialog", { name: "Change a repeating event" });
    expect(within(choice).getByText(/this one and the ones after it/)).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    await userEvent.click(within(choice).getByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Event updated")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const all = await events();
    expect(all.filter((e) => e.title === "Long stretch").map((e) => e.id)).toEqual([first?.id]);
    expect(all.find((e) => e.date === A_WEEK_LATER)?.title).toBe("Stretch");
  });

  it("saves a changed rule for all of them without asking", async () => {
    await server("POST", "/api/events", { title: "Run", date: TUESDAY, duration: 30, repeat: "FREQ=DAILY" });
    const [first] = await events();
    open({ event: first });
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), "Every Tuesday");
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Event updated")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Change a repeating event" })).toBeNull();
    const all = await events();
    expect(all.slice(0, 2).map((e) => e.date)).toEqual([TUESDAY, A_WEEK_LATER]);
    expect(
      all.every((e) => e.repeat === "FREQ=WEEKLY;BYDAY=TU" && new Date(`${e.date}T12:00:00Z`).getUTCDay() === 2),
    ).toBe(true);
  });
});

describe("a new event made without a connection (docs/decisions/029-installable-offline.md)", () => {
  it("waits on this device, the dialog closes, and it is added once when the connection is back", async () => {
    const { onOpenChange } = open();
    await userEvent.type(screen.getByLabelText("Title"), "Dentist");
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(screen.getByText("It will be added to your calendar when the connection is back.")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // What was typed is kept by the waiting event now, not by a draft.
    expect(storedDrafts()).toEqual([]);
    expect(await events()).toEqual([]);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await events()).map((e) => [e.title, e.date])).toEqual([["Dentist", TUESDAY]]);
  });

  it("a refusal is said in the server's words without its field name, and the dialog keeps what was typed", async () => {
    const { onOpenChange } = open({ defaultDate: "9999-12-31" });
    await userEvent.type(screen.getByLabelText("Title"), "Far away");
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Expected a date up to 9998-12-31")).toBeVisible();
    expect(screen.queryByText(/^date: /)).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByLabelText("Title")).toHaveValue("Far away");
    expect(await events()).toEqual([]);
  });

  it("a device that cannot keep it says so, and the dialog keeps what was typed", async () => {
    const { onOpenChange } = open();
    await userEvent.type(screen.getByLabelText("Title"), "Dentist");
    loseConnection();
    // A browser that keeps nothing (storage refused): there is nowhere to wait.
    vi.stubGlobal("indexedDB", undefined);
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(
      await screen.findByText("Could not keep the event on this device. Please try again when you're back online."),
    ).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByLabelText("Title")).toHaveValue("Dentist");
  });

  it("a change to an event the server has waits on this device, and is saved once when the connection is back", async () => {
    await server("POST", "/api/events", { title: "Choir", date: TUESDAY, startTime: "19:00", duration: 60 });
    const [choir] = await events();
    const { onOpenChange, queryClient } = open({ event: choir });
    // The calendar the dialog was opened from.
    await queryClient.fetchQuery(eventsQuery());
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Choir practice");
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(screen.getByText("It will be saved when the connection is back.")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(queryClient.getQueryData<CalendarEvent[]>(queryKeys.events)?.map((e) => e.title)).toEqual([
      "Choir practice",
    ]);
    expect((await events())[0]?.title).toBe("Choir");

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await events()).map((e) => [e.title, e.date, e.startTime])).toEqual([["Choir practice", TUESDAY, "19:00"]]);
  });

  it("just this one of a repeating event waits on this device too, and only that one is changed once back", async () => {
    const stretch = await addStretch("FREQ=DAILY");
    const { onOpenChange, queryClient } = open({ event: stretch });
    await queryClient.fetchQuery(eventsQuery());
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Long stretch");
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    await userEvent.click(await screen.findByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const shown = queryClient.getQueryData<CalendarEvent[]>(queryKeys.events) ?? [];
    expect(shown.filter((e) => e.title === "Long stretch").map((e) => e.id)).toEqual([stretch?.id]);
    expect(shown.filter((e) => e.title === "Stretch").length).toBeGreaterThan(1);
    expect((await events()).every((e) => e.title === "Stretch")).toBe(true);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    const saved = await events();
    expect(saved.filter((e) => e.title === "Long stretch").map((e) => [e.id, e.date])).toEqual([
      [stretch?.id, TUESDAY],
    ]);
    expect(saved.find((e) => e.date === addDays(TUESDAY, 1))?.title).toBe("Stretch");
  });

  it("all of a repeating event from this one on still needs the connection, and says so", async () => {
    const stretch = await addStretch("FREQ=DAILY");
    const { onOpenChange } = open({ event: stretch });
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Long stretch");
    loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    await userEvent.click(await screen.findByRole("button", { name: "All of them" }));
    expect(
      await screen.findByText(
        "Changing a repeating event from this day on needs the connection. Please try again when you're back online.",
      ),
    ).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(screen.getByLabelText("Title")).toHaveValue("Long stretch");
    expect((await events()).every((e) => e.title === "Stretch")).toBe(true);
  });
});

describe("an edit saves what was changed in the dialog, over the event as it is now (docs/decisions/056-edits-over-what-is-there.md)", () => {
  it("keeps what another device changed while the dialog was open", async () => {
    await server("POST", "/api/events", { title: "Choir", date: TUESDAY, startTime: "19:00", duration: 60 });
    const [choir] = await events();
    open({ event: choir });
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Choir practice");
    // Meanwhile, on the phone (or from Google Calendar): it moved to half past and got a place.
    await server("PUT", `/api/events/${choir?.id}`, { startTime: "19:30", location: "Church hall" });
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Event updated")).toBeVisible();
    expect((await events()).map((e) => [e.title, e.startTime, e.location, e.duration])).toEqual([
      ["Choir practice", "19:30", "Church hall", 60],
    ]);
  });

  it("a change kept on this device keeps, once sent, what another device changed meanwhile", async () => {
    await server("POST", "/api/events", { title: "Choir", date: TUESDAY, startTime: "19:00", duration: 60 });
    const [choir] = await events();
    const { queryClient } = open({ event: choir });
    await queryClient.fetchQuery(eventsQuery());
    await userEvent.type(screen.getByLabelText("Location (optional)"), "Church hall");
    const reconnect = loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    reconnect();
    // Before this device sends it, the phone renames it and moves it to half past.
    await server("PUT", `/api/events/${choir?.id}`, { title: "Choir (tenors)", startTime: "19:30" });
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await events()).map((e) => [e.title, e.startTime, e.location])).toEqual([
      ["Choir (tenors)", "19:30", "Church hall"],
    ]);
  });

  it("all of them from this one on: an occurrence moved on its own keeps its time", async () => {
    const stretch = await addStretch("FREQ=WEEKLY;BYDAY=TU");
    const later = (await events()).find((e) => e.date === A_WEEK_LATER);
    await server("PUT", `/api/events/${later?.id}?scope=this`, { startTime: "08:00" });
    open({ event: stretch });
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Long stretch");
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    await userEvent.click(await screen.findByRole("button", { name: "All of them" }));
    expect(await screen.findByText("Event updated")).toBeVisible();
    const all = await events();
    expect(all.every((e) => e.title === "Long stretch")).toBe(true);
    expect(all.find((e) => e.date === TUESDAY)?.startTime).toBe("07:00");
    expect(all.find((e) => e.date === A_WEEK_LATER)?.startTime).toBe("08:00");
  });

  it("Save with nothing changed closes the dialog, asks nothing and changes nothing", async () => {
    const stretch = await addStretch("FREQ=WEEKLY;BYDAY=TU");
    const { onOpenChange } = open({ event: stretch });
    await server("PUT", `/api/events/${stretch?.id}?scope=this`, { startTime: "07:30" });
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole("dialog", { name: "Change a repeating event" })).toBeNull();
    expect(screen.queryByText("Event updated")).toBeNull();
    expect((await events()).find((e) => e.id === stretch?.id)?.startTime).toBe("07:30");
  });
});

describe("event dialog: the start a new event is offered", () => {
  afterEach(() => vi.useRealTimers());

  it("is 9:00 on a later day and, today once 9:00 has passed, the next whole hour", async () => {
    // Half past noon in the person's zone (UTC); only the clock is set, timers run as they do.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${TODAY}T12:30:00Z`));
    open({ defaultDate: TUESDAY });
    expect(screen.getByLabelText("Start time")).toHaveValue("09:00");
    cleanup();
    open({ defaultDate: TODAY });
    expect(screen.getByLabelText("Start time")).toHaveValue("13:00");
    // A start the person sets stays theirs.
    await userEvent.clear(screen.getByLabelText("Start time"));
    await userEvent.type(screen.getByLabelText("Start time"), "08:15");
    expect(screen.getByLabelText("Start time")).toHaveValue("08:15");
  });
});
