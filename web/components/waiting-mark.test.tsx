// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/dates.ts";
import type { CalendarEvent, QuickWin, Task, User } from "../../shared/schemas.ts";
import { EventDialog } from "../features/calendar/components/event-dialog.tsx";
import { ScheduleCard } from "../features/calendar/components/schedule-card.tsx";
import { EditQuickWinDialog } from "../features/quick-wins/components/edit-quick-win-dialog.tsx";
import { QuickWinsCard } from "../features/quick-wins/components/quick-wins-card.tsx";
import { EditTaskDialog } from "../features/tasks/components/edit-task-dialog.tsx";
import { TopFocusTasks } from "../features/tasks/components/top-focus-tasks.tsx";
import { sendWaiting } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { loseConnection, renderWithOutbox, resetApp, server, signUpInUtc } from "../testing/app-harness.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUpInUtc();
});
afterEach(resetApp);

const TODAY = new Date().toISOString().slice(0, 10);
const TOMORROW = addDays(TODAY, 1);

/** The row of the dashboard's card `card` holding these words (the schedule may name it twice: its row and what is next). */
const rowOf = (card: string, words: string) =>
  within(screen.getByRole("region", { name: card }))
    .getAllByText(words)
    .map((found) => found.closest("li"))
    .find((row) => row !== null) as HTMLElement;

/** Saves what the dialog holds, with `field` retyped as `words`. */
async function retype(dialog: string, field: string, words: string) {
  const open = await screen.findByRole("dialog", { name: dialog });
  const input = within(open).getByLabelText(field);
  await userEvent.clear(input);
  await userEvent.type(input, words);
  await userEvent.click(within(open).getByRole("button", { name: /^Save/ }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: dialog })).not.toBeInTheDocument());
}

describe("the dashboard's rows whose change waits on this device (docs/decisions/029-installable-offline.md)", () => {
  it("a task, a quick win and an event changed offline say 'Waiting to sync' until they are sent; the others do not", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Call the vet" });
    await server<Task>("POST", "/api/tasks", { title: "Post the parcel" });
    const win = await server<QuickWin>("POST", "/api/quick-wins", { text: "Water the plants" });
    await server<QuickWin>("POST", "/api/quick-wins", { text: "Reply to Kai" });
    const event = await server<CalendarEvent>("POST", "/api/events", {
      title: "Physio",
      date: TOMORROW,
      startTime: "09:30",
      duration: 15,
    });
    await server<CalendarEvent>("POST", "/api/events", {
      title: "Lunch",
      date: TODAY,
      startTime: "23:00",
      duration: 15,
    });

    // The dashboard's cards, and the dialogs the Tasks and Calendar pages change them with, one after another.
    function Dashboard() {
      const [step, setStep] = useState(0);
      return (
        <>
          <TopFocusTasks mood={null} onChoose={() => {}} onAddFocusTask={() => {}} />
          <QuickWinsCard user={user} requireUser={() => true} />
          <ScheduleCard timeZone="UTC" />
          {step === 0 && <EditTaskDialog task={task} onClose={() => setStep(1)} />}
          {step === 1 && <EditQuickWinDialog win={win} onClose={() => setStep(2)} />}
          {step === 2 && (
            <EventDialog open onOpenChange={() => setStep(3)} defaultDate={TODAY} event={event} timeZone="UTC" />
          )}
        </>
      );
    }
    const { queryClient } = renderWithOutbox(<Dashboard />, user);
    await screen.findByText("Post the parcel");
    await screen.findByText("Reply to Kai");
    await screen.findAllByText("Lunch");
    const reconnect = loseConnection();
    await retype("Edit task", "Task title", "Call the vet about Milo");
    await retype("Edit quick win", "Quick win", "Water the basil");
    await retype("Edit event", "Title", "Physio, knee");

    await waitFor(() =>
      expect(rowOf("Top Focus Tasks", "Call the vet about Milo")).toHaveTextContent("Waiting to sync"),
    );
    expect(rowOf("Top Focus Tasks", "Post the parcel")).not.toHaveTextContent("Waiting to sync");
    expect(rowOf("Quick Wins", "Water the basil")).toHaveTextContent("Waiting to sync");
    expect(rowOf("Quick Wins", "Reply to Kai")).not.toHaveTextContent("Waiting to sync");
    await waitFor(() => expect(rowOf("Schedule", "Physio, knee")).toHaveTextContent("Waiting to sync"));
    expect(rowOf("Schedule", "Lunch")).not.toHaveTextContent("Waiting to sync");

    reconnect();
    await sendWaiting(user.id, {
      onSent: () => void queryClient.invalidateQueries({ queryKey: queryKeys.events }),
      onRefused: vi.fn(),
    });
    await waitFor(() => expect(screen.queryByText("Waiting to sync")).not.toBeInTheDocument());
    expect(rowOf("Top Focus Tasks", "Call the vet about Milo")).toBeVisible();
    expect(rowOf("Schedule", "Physio, knee")).toBeVisible();
  });
});
