// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../../shared/dates.ts";
import type { User } from "../../../../shared/schemas.ts";
import { WaitingWrites } from "../../../components/waiting-writes.tsx";
import { sendWaiting } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { loseConnection, renderWithApp, resetApp, signUpInUtc } from "../../../testing/app-harness.tsx";
import { EventDialog } from "./event-dialog.tsx";
import { ScheduleCard } from "./schedule-card.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUpInUtc();
});
afterEach(resetApp);

const TODAY = new Date().toISOString().slice(0, 10);

/** The dashboard's schedule, and the dialog that adds an event on `date`, open until it is saved. */
function Schedule({ date }: { date: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <WaitingWrites userId={user.id} />
      <ScheduleCard timeZone="UTC" />
      <EventDialog open={open} onOpenChange={setOpen} defaultDate={date} event={null} timeZone="UTC" />
    </>
  );
}

const renderSchedule = (date: string) => renderWithApp(<Schedule date={date} />, { signedInAs: user });

async function addOffline(title: string) {
  await userEvent.type(screen.getByLabelText("Title"), title);
  await userEvent.click(screen.getByRole("button", { name: "Save event" }));
  expect(await screen.findByText("Saved on this device")).toBeVisible();
}

describe("the schedule while a new event waits on this device (docs/decisions/029-installable-offline.md)", () => {
  it("shows tomorrow's waiting event instead of 'No events scheduled', and the event itself once it is sent", async () => {
    const { queryClient } = renderSchedule(addDays(TODAY, 1));
    expect(await screen.findByText("No events scheduled")).toBeVisible();
    const reconnect = loseConnection();
    await addOffline("Dentist");

    const waiting = await screen.findByRole("list", { name: "Events waiting to sync" });
    expect(within(waiting).getByText("Dentist")).toBeVisible();
    expect(within(waiting).getByText("Waiting to sync")).toBeVisible();
    expect(screen.queryByText("No events scheduled")).not.toBeInTheDocument();

    reconnect();
    await sendWaiting(user.id, {
      onSent: () => void queryClient.invalidateQueries({ queryKey: queryKeys.events }),
      onRefused: vi.fn(),
    });
    await waitFor(() => expect(screen.queryByRole("list", { name: "Events waiting to sync" })).not.toBeInTheDocument());
    expect(await screen.findByText("Tomorrow")).toBeVisible();
    expect(screen.getByText("Dentist")).toBeVisible();
  });

  it("leaves out a waiting event of another week, as it leaves out the server's", async () => {
    renderSchedule(addDays(TODAY, 7));
    expect(await screen.findByText("No events scheduled")).toBeVisible();
    loseConnection();
    await addOffline("Holiday flight");
    expect(screen.queryByRole("list", { name: "Events waiting to sync" })).not.toBeInTheDocument();
    expect(screen.getByText("No events scheduled")).toBeVisible();
  });
});
