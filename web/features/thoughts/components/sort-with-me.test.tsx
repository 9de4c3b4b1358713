// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalendarEvent, QuickWin, Thought } from "../../../../shared/schemas.ts";
import { sendWaiting, useWaitingWrites } from "../../../lib/outbox.ts";
import { loseConnection, renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { useThoughts } from "../api.ts";
import { useConvert } from "../inbox-actions.ts";
import { SortWithMe } from "./sort-with-me.tsx";

/** Sort with Me as the inbox mounts it: over the live list of thoughts. */
function Sorting({ onClose }: { onClose: () => void }) {
  const thoughts = useThoughts();
  const convert = useConvert();
  if (!thoughts.data) return null;
  return <SortWithMe thoughts={thoughts.data} projects={[]} today="2026-05-04" onConvert={convert} onClose={onClose} />;
}

/** Adds thoughts; answers them in the order the inbox lists them (newest first). */
async function seed(...items: Array<Pick<Thought, "content" | "type">>) {
  for (const item of items) await server<Thought>("POST", "/api/thoughts", item);
  return server<Thought[]>("GET", "/api/thoughts");
}

async function open() {
  const onClose = vi.fn();
  renderWithApp(<Sorting onClose={onClose} />);
  await screen.findByRole("dialog", { name: "Sort with Me" });
  return { onClose };
}

const stored = async (id: number) => (await server<Thought[]>("GET", "/api/thoughts")).find((t) => t.id === id);
const current = () => screen.getByRole("article", { name: "Current thought" });

let userId: number;
beforeEach(async () => {
  userId = (await signUp()).id;
});
afterEach(resetApp);

describe("Sort with Me keys", () => {
  it("S skips: the thought stays in the inbox and the next one shows", async () => {
    const [first, second] = await seed(
      { content: "One thought", type: "Note" },
      { content: "Another thought", type: "Note" },
    );
    await open();
    expect(screen.getByText("1 of 2")).toBeVisible();
    expect(current()).toHaveTextContent(first.content);
    await userEvent.keyboard("s");
    expect(await screen.findByText("Skipped. It stays in the inbox.")).toBeInTheDocument();
    expect(screen.getByText("2 of 2")).toBeVisible();
    expect(current()).toHaveTextContent(second.content);
    expect((await stored(first.id))?.status).toBe("inbox");
  });

  it("R archives the thought on the server", async () => {
    const [first, second] = await seed(
      { content: "Old musing", type: "Journal" },
      { content: "Next one", type: "Note" },
    );
    await open();
    await userEvent.keyboard("r");
    expect(await screen.findByText("Archived.")).toBeInTheDocument();
    expect(current()).toHaveTextContent(second.content);
    expect((await stored(first.id))?.status).toBe("archived");
  });

  it("Enter accepts the assistant's suggestion: a reminder becomes a quick win", async () => {
    const content = "Remember to call the dentist about the filling";
    const [thought] = await seed({ content, type: "Note" });
    await open();
    expect(await screen.findByText("Suggested: Reminder → make it a quick win")).toBeVisible();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("All sorted. Nice work.")).toBeVisible();
    const saved = await stored(thought.id);
    expect(saved).toMatchObject({ status: "converted", type: "Reminder" });
    const quickWins = await server<QuickWin[]>("GET", "/api/quick-wins");
    expect(quickWins.map((q) => q.text)).toEqual([content]);
  });

  it("a reminder whose words say a day and a time goes on the calendar then, under its words without them", async () => {
    const [thought] = await seed({ content: "Dentist on March 12 2027 at 3pm", type: "Reminder" });
    await open();
    expect(await screen.findByText("Your Reminder → put it on your calendar, Fri, Mar 12 at 3:00 PM")).toBeVisible();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("All sorted. Nice work.")).toBeVisible();
    expect(await stored(thought.id)).toMatchObject({ status: "converted", type: "Reminder" });
    const events = await server<CalendarEvent[]>("GET", "/api/events");
    expect(events.map((e) => [e.title, e.date, e.startTime, e.duration])).toEqual([
      ["Dentist", "2027-03-12", "15:00", 30],
    ]);
  });

  it("a reminder with only a day goes on the calendar as an all-day event", async () => {
    await seed({ content: "Bins out on March 11 2027", type: "Reminder" });
    await open();
    expect(await screen.findByText("Your Reminder → put it on your calendar, Thu, Mar 11 (all day)")).toBeVisible();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("All sorted. Nice work.")).toBeVisible();
    const events = await server<CalendarEvent[]>("GET", "/api/events");
    expect(events.map((e) => [e.title, e.date, e.duration])).toEqual([["Bins out", "2027-03-11", 1440]]);
  });

  it("a reminder whose day has gone is still proposed as a quick win", async () => {
    await seed({ content: "Ask about the parcel that came yesterday", type: "Reminder" });
    await open();
    expect(await screen.findByText("Your Reminder → make it a quick win")).toBeVisible();
  });

  it("C opens the conversion choices, where typing is not taken for keys", async () => {
    const [thought] = await seed({ content: "Plan the trip", type: "Note" });
    await open();
    await userEvent.keyboard("c");
    await userEvent.click(await screen.findByRole("button", { name: "Convert to calendar event" }));
    const title = screen.getByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Trip planning, a real session");
    expect(title).toHaveValue("Trip planning, a real session");
    expect((await stored(thought.id))?.status).toBe("inbox");
    await userEvent.click(screen.getByRole("button", { name: "Add to calendar" }));
    expect(await screen.findByText("All sorted. Nice work.")).toBeVisible();
    await waitFor(async () => expect((await stored(thought.id))?.status).toBe("converted"));
  });

  it("never overrides a type the user chose: an Idea stays an Idea, and Enter keeps it", async () => {
    // Worded like a note the assistant would archive, but captured as an Idea.
    const [thought] = await seed({ content: "The wifi password is on the router", type: "Idea" });
    await open();
    expect(await screen.findByText("Your Idea → keep it in the inbox for later")).toBeVisible();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("Kept in the inbox as Idea.")).toBeVisible();
    expect(await stored(thought.id)).toMatchObject({ type: "Idea", status: "inbox" });
  });

  it("Escape in the conversion step goes back to sorting; a second Escape closes", async () => {
    await seed({ content: "Plan the trip", type: "Note" });
    const { onClose } = await open();
    await userEvent.keyboard("c");
    expect(await screen.findByRole("button", { name: "Convert to calendar event" })).toBeVisible();
    await userEvent.keyboard("{Escape}");
    expect(await screen.findByRole("article", { name: "Current thought" })).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
  });

  it("Escape closes it", async () => {
    await seed({ content: "Anything", type: "Note" });
    const { onClose } = await open();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
  });
});

describe("Sort with Me while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  /** How many writes wait on this device, as "Waiting to sync" counts them. */
  function WaitingCount() {
    return <output aria-label="Waiting">{useWaitingWrites().length}</output>;
  }

  it("R archives on this device, says so, and the archive is made once the connection is back", async () => {
    const [first, second] = await seed(
      { content: "Old musing", type: "Journal" },
      { content: "Next one", type: "Idea" },
    );
    const onClose = vi.fn();
    renderWithApp(
      <>
        <WaitingCount />
        <Sorting onClose={onClose} />
      </>,
    );
    await screen.findByRole("dialog", { name: "Sort with Me" });
    const reconnect = loseConnection();
    await userEvent.keyboard("r");
    expect(
      await screen.findByText("Archived on this device. It will be saved when the connection is back."),
    ).toBeInTheDocument();
    expect(current()).toHaveTextContent(second.content);
    expect(screen.getByLabelText("Waiting", { selector: "output" })).toHaveTextContent("1");
    expect((await stored(first.id))?.status).toBe("inbox");

    reconnect();
    await sendWaiting(userId, { onSent: () => {}, onRefused: () => {} });
    expect((await stored(first.id))?.status).toBe("archived");
  });
});
