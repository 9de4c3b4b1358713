// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../../shared/dates.ts";
import type { CalendarEvent, User } from "../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp, storedDrafts } from "../../testing/app-harness.tsx";
import { EventDialog } from "./components/event-dialog.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
  await server("PUT", "/api/settings", { timeZone: "UTC" });
});
afterEach(resetApp);

const TODAY = new Date().toISOString().slice(0, 10);
const LATER = addDays(TODAY, 3);
const events = () => server<CalendarEvent[]>("GET", "/api/events");

/** A page with an 'Add event' button, as the calendar and the dashboard have, its dialog opening on `day`. */
function Page({ day, event }: { day: string; event?: CalendarEvent }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <EventDialog open={open} onOpenChange={setOpen} defaultDate={day} event={event ?? null} timeZone="UTC" />
    </>
  );
}

/** The page drawn afresh (a reload) and the dialog opened on `day`. */
async function openOn(day: string, event?: CalendarEvent) {
  cleanup();
  renderWithApp(<Page day={day} event={event} />, { signedInAs: user });
  await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
  return screen.getByLabelText("Title");
}

describe("a new event typed into Add event and not saved", () => {
  it("comes back with its fields after a reload, and is forgotten once saved", async () => {
    let title = await openOn(TODAY);
    await userEvent.type(title, "Dentist");
    const date = screen.getByLabelText("Date");
    await userEvent.clear(date);
    await userEvent.type(date, LATER);
    const time = screen.getByLabelText("Start time");
    await userEvent.clear(time);
    await userEvent.type(time, "14:30");
    await userEvent.type(screen.getByLabelText("Location (optional)"), "High Street 4");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Personal");

    // Opened on another day: the date the person set stays.
    title = await openOn(addDays(TODAY, 1));
    expect(title).toHaveValue("Dentist");
    expect(screen.getByLabelText("Date")).toHaveValue(LATER);
    expect(screen.getByLabelText("Start time")).toHaveValue("14:30");
    expect(screen.getByLabelText("Location (optional)")).toHaveValue("High Street 4");
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("Personal");
    // The title has focus with the caret after it: typing goes on from the kept words.
    expect(title).toHaveFocus();
    await userEvent.keyboard(" check-up");
    expect(title).toHaveValue("Dentist check-up");

    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Event added")).toBeVisible();
    expect(await events()).toEqual([
      expect.objectContaining({
        title: "Dentist check-up",
        date: LATER,
        startTime: "14:30",
        location: "High Street 4",
        category: "Personal",
      }),
    ]);
    expect(storedDrafts()).toEqual([]);
    title = await openOn(TODAY);
    expect(title).toHaveValue("");
    expect(screen.getByLabelText("Date")).toHaveValue(TODAY);
    expect(screen.getByLabelText("Location (optional)")).toHaveValue("");
  });

  it("says so, without refusing it, when the date kept or typed has passed", async () => {
    await userEvent.type(await openOn(TODAY), "Book club");
    expect(screen.queryByText("This day has already passed.")).toBeNull();
    const date = screen.getByLabelText("Date");
    await userEvent.clear(date);
    await userEvent.type(date, addDays(TODAY, -2));
    // Days later, the kept draft opens on its own date, now past.
    await openOn(TODAY);
    expect(screen.getByLabelText("Date")).toHaveValue(addDays(TODAY, -2));
    expect(screen.getByText("This day has already passed.")).toBeVisible();
    expect(screen.getByLabelText("Date")).toHaveAccessibleDescription("This day has already passed.");
    expect(screen.getByRole("button", { name: "Save event" })).toBeEnabled();
    await userEvent.clear(screen.getByLabelText("Date"));
    await userEvent.type(screen.getByLabelText("Date"), LATER);
    expect(screen.queryByText("This day has already passed.")).toBeNull();
  });

  it("falls on the day the dialog opens on until a date is set", async () => {
    await userEvent.type(await openOn(TODAY), "Call the bank");
    expect(await openOn(LATER)).toHaveValue("Call the bank");
    expect(screen.getByLabelText("Date")).toHaveValue(LATER);
  });

  it("still follows the dialog's day after a date from its title was used and then put back", async () => {
    await userEvent.type(await openOn(TODAY), "Dentist tomorrow at 3pm");
    await userEvent.click(await screen.findByRole("button", { name: "Use it" }));
    expect(screen.getByLabelText("Date")).toHaveValue(addDays(TODAY, 1));
    await userEvent.click(screen.getByRole("button", { name: "Don't use it" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Dentist tomorrow at 3pm");
    expect(screen.getByLabelText("Date")).toHaveValue(TODAY);
    // The date was never the person's own: opened on another day, the event falls on that one.
    expect(await openOn(LATER)).toHaveValue("Dentist tomorrow at 3pm");
    expect(screen.getByLabelText("Date")).toHaveValue(LATER);
  });

  it("is given up with Cancel, and kept when the dialog is only closed", async () => {
    await userEvent.type(await openOn(TODAY), "Yoga");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Yoga");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(storedDrafts()).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
    expect(screen.getByLabelText("Title")).toHaveValue("");
  });

  it("starts afresh on the dialog's day when it was closed with no words typed", async () => {
    await openOn(TODAY);
    const date = screen.getByLabelText("Date");
    await userEvent.clear(date);
    await userEvent.type(date, LATER);
    await userEvent.keyboard("{Escape}");
    expect(storedDrafts()).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
    expect(screen.getByLabelText("Date")).toHaveValue(TODAY);
  });

  it("is not touched by editing an event, which keeps its own changes", async () => {
    await userEvent.type(await openOn(TODAY), "Piano lesson");
    await server("POST", "/api/events", { title: "Run", date: TODAY, startTime: "07:00", duration: 30 });
    const run = (await events()).find((e) => e.title === "Run") as CalendarEvent;
    const title = await openOn(TODAY, run);
    expect(title).toHaveValue("Run");
    await userEvent.type(title, " far");
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Run far");
    expect(await openOn(TODAY)).toHaveValue("Piano lesson");
  });
});

describe("changes typed into Edit event and not saved (docs/decisions/067-edit-drafts.md)", () => {
  const BACK = "Your changes from before are back, not saved yet. Cancel gives them up.";
  const made = async () => {
    await server("POST", "/api/events", { title: "Dentist", date: LATER, startTime: "09:00", duration: 30 });
    return (await events()).find((e) => e.title === "Dentist") as CalendarEvent;
  };
  const now = async (id: number) => (await events()).find((e) => e.id === id) as CalendarEvent;

  it("come back after a reload, laid over the event as it is now, and are gone once saved", async () => {
    const dentist = await made();
    const title = await openOn(TODAY, dentist);
    expect(screen.queryByText(BACK)).toBeNull();
    await userEvent.type(title, " (bring the X-rays)");
    // Meanwhile, on the phone: the place.
    await server("PUT", `/api/events/${dentist.id}`, { location: "Main Street 4" });
    expect(await openOn(TODAY, await now(dentist.id))).toHaveValue("Dentist (bring the X-rays)");
    expect(screen.getByLabelText("Location (optional)")).toHaveValue("Main Street 4");
    expect(screen.getByText(BACK)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Save event" }));
    expect(await screen.findByText("Event updated")).toBeVisible();
    expect(await now(dentist.id)).toMatchObject({ title: "Dentist (bring the X-rays)", location: "Main Street 4" });
    expect(storedDrafts()).toEqual([]);
    expect(await openOn(TODAY, await now(dentist.id))).toHaveValue("Dentist (bring the X-rays)");
    expect(screen.queryByText(BACK)).toBeNull();
  });

  it("are said to be back when the dialog opens again on them, and given up with Cancel", async () => {
    const dentist = await made();
    await userEvent.type(await openOn(TODAY, dentist), " at 9");
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Dentist at 9");
    expect(screen.getByText(BACK)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(storedDrafts()).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Open the dialog" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Dentist");
    expect(screen.queryByText(BACK)).toBeNull();
    expect((await now(dentist.id)).title).toBe("Dentist");
  });
});
