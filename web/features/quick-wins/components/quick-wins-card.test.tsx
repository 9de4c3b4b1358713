// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WEEKDAY_NAMES, weekdayOf } from "../../../../shared/repeat.ts";
import type { QuickWin, Thought, User } from "../../../../shared/schemas.ts";
import { sendWaiting } from "../../../lib/outbox.ts";
import {
  fillUp,
  holdAnswers,
  loseConnection,
  renderWithApp,
  renderWithOutbox,
  resetApp,
  server,
  signUp,
  storedDrafts,
} from "../../../testing/app-harness.tsx";
import { QuickWinsCard } from "./quick-wins-card.tsx";
import { QuickWinsList } from "./quick-wins-list.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

// The test server's users live in UTC until they say otherwise.
const today = new Date().toISOString().slice(0, 10);

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const wins = () => server<QuickWin[]>("GET", "/api/quick-wins");
const card = () => renderWithApp(<QuickWinsCard user={user} requireUser={() => true} />);
const clickInToast = async (name: string) => fireEvent.click(await screen.findByRole("button", { name }));

describe("Quick Wins card: repeating quick wins", () => {
  it("keeps Repeat folded under a small button, and adds a quick win weekly on chosen days", async () => {
    card();
    const repeatButton = await screen.findByRole("button", { name: "Repeat: Does not repeat" });
    expect(repeatButton).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("Repeat")).not.toBeInTheDocument();
    await userEvent.click(repeatButton);
    expect(repeatButton).toHaveAttribute("aria-expanded", "true");
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), "Weekly on…");
    const days = screen.getByRole("group", { name: "On these days" });
    const todayName = WEEKDAY_NAMES[weekdayOf(today)];
    expect(within(days).getByRole("button", { name: todayName })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(days).getByRole("button", { name: todayName }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose at least one day.");
    await userEvent.type(screen.getByLabelText("New quick win"), "Water the plants");
    expect(screen.getByRole("button", { name: "Add quick win" })).toBeDisabled();
    await userEvent.click(within(days).getByRole("button", { name: "Saturday" }));
    await userEvent.click(within(days).getByRole("button", { name: "Tuesday" }));
    expect(screen.getByRole("button", { name: "Repeat: Every Tuesday and Saturday" })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Add quick win" }));

    expect(await screen.findByText("Quick Win Added!")).toBeVisible();
    expect(await wins()).toEqual([
      expect.objectContaining({ text: "Water the plants", repeat: "FREQ=WEEKLY;BYDAY=TU,SA" }),
    ]);
    // The form is ready for the next one: empty, not repeating, folded.
    expect(screen.getByLabelText("New quick win")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Repeat: Does not repeat" })).toHaveAttribute("aria-expanded", "false");
  });

  it("shows a repeating quick win with its labelled repeat icon", async () => {
    await server("POST", "/api/quick-wins", { text: "Drink water", repeat: "FREQ=DAILY" });
    await server("POST", "/api/quick-wins", { text: "Reply to Sam" });
    card();
    const list = await screen.findByRole("list", { name: "Quick Wins" });
    expect(await within(list).findByRole("img", { name: "Repeats every day" })).toBeVisible();
    expect(within(list).getAllByRole("img", { name: /^Repeats/ })).toHaveLength(1);
  });

  it("a quick win added while the server cannot be reached waits with its repeat rule, and is added with it", async () => {
    card();
    await userEvent.click(await screen.findByRole("button", { name: "Repeat: Does not repeat" }));
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), "Every day");
    await userEvent.type(screen.getByLabelText("New quick win"), "Stretch");
    const reachable = globalThis.fetch;
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await userEvent.click(screen.getByRole("button", { name: "Add quick win" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    vi.stubGlobal("fetch", reachable);
    expect(await wins()).toEqual([]);
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect(await wins()).toEqual([expect.objectContaining({ text: "Stretch", repeat: "FREQ=DAILY" })]);
  });
});

describe("all quick wins: deleting a repeating one", () => {
  it("asks which: just this one skips today and says when it comes back; all of them deletes it", async () => {
    const series = await server<QuickWin>("POST", "/api/quick-wins", { text: "Drink water", repeat: "FREQ=DAILY" });
    await server("POST", "/api/quick-wins", { text: "Floss", repeat: "FREQ=DAILY" });
    renderWithApp(<QuickWinsList />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Drink water" }));
    const ask = await screen.findByRole("dialog", { name: 'Delete "Drink water"?' });
    await userEvent.click(within(ask).getByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Skipped for today")).toBeVisible();
    expect(screen.getByText('"Drink water" comes back tomorrow.')).toBeVisible();
    await clickInToast("Close notification");
    await waitFor(async () =>
      expect((await wins()).find((w) => w.id === series.id)).toMatchObject({
        repeat: "FREQ=DAILY",
        occursOn: expect.any(String),
      }),
    );
    expect((await wins()).find((w) => w.id === series.id)?.occursOn).not.toBe(today);

    await userEvent.click(await screen.findByRole("button", { name: "Delete Floss" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: 'Delete "Floss"?' })).getByRole("button", {
        name: "All of them",
      }),
    );
    expect(await screen.findByText("Quick win deleted")).toBeVisible();
    await clickInToast("Close notification");
    await waitFor(async () => expect((await wins()).map((w) => w.text)).toEqual(["Drink water"]));
  });
});

describe("Quick Wins card: words typed and not added (docs/decisions/049-one-line-drafts.md)", () => {
  /** The card drawn afresh, as after a reload, for the signed-in person. */
  const reloaded = () => {
    cleanup();
    renderWithApp(<QuickWinsCard user={user} requireUser={() => true} />, { signedInAs: user });
    return screen.getByLabelText("New quick win");
  };

  it("come back after a reload, and are forgotten once the quick win is added", async () => {
    await userEvent.type(reloaded(), "Refill the water jug");
    const box = reloaded();
    expect(box).toHaveValue("Refill the water jug");
    expect(storedDrafts()).toEqual([`draft:${user.id}:new-quick-win`]);
    await userEvent.click(screen.getByRole("button", { name: "Add quick win" }));
    expect(await screen.findByText("Quick Win Added!")).toBeVisible();
    expect(box).toHaveValue("");
    expect(storedDrafts()).toEqual([]);
    expect(reloaded()).toHaveValue("");
    expect((await wins()).map((q) => q.text)).toEqual(["Refill the water jug"]);
  });

  it("are forgotten when the box is emptied by hand", async () => {
    await userEvent.type(reloaded(), "Stretch");
    await userEvent.clear(reloaded());
    expect(storedDrafts()).toEqual([]);
    expect(reloaded()).toHaveValue("");
  });
});

describe("Quick Wins card on a slow network", () => {
  it("keeps what is typed while the last quick win is on its way", async () => {
    const release = holdAnswers((_url, init) => init.method === "POST");
    card();
    const box = screen.getByLabelText("New quick win");
    await userEvent.type(box, "Water the plants{Enter}");
    await userEvent.clear(box);
    await userEvent.type(box, "Refill the bot");
    expect(screen.getByRole("button", { name: "Add quick win" })).toHaveAttribute("aria-busy", "true");
    release();

    expect(await screen.findByText("Quick Win Added!")).toBeInTheDocument();
    expect(box).toHaveValue("Refill the bot");
    expect((await wins()).map((w) => w.text)).toEqual(["Water the plants"]);
  });
});

describe("Quick Wins card: adding", () => {
  it("adds a quick win once for Enter pressed twice before the button shows it is busy", async () => {
    card();
    const box = await screen.findByLabelText("New quick win");
    await userEvent.type(box, "Refill the water bottle");
    const form = box.closest("form") as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText("Quick Win Added!")).toBeVisible();
    expect((await wins()).map((q) => q.text)).toEqual(["Refill the water bottle"]);
  });
});

describe("Quick Wins card past what one person keeps (docs/decisions/070-what-one-account-can-keep.md)", () => {
  const words = "At most 20,000 quick wins, done ones included: delete some to add more";
  const total = async () => Number((await fetch("/api/quick-wins?limit=1")).headers.get("x-total-count"));

  it("says the server's words instead of 'Could not save quick win.', keeps the text, and adds nothing", async () => {
    await fillUp("quickWins");
    card();
    await userEvent.type(await screen.findByLabelText("New quick win"), "One more");
    await userEvent.click(screen.getByRole("button", { name: "Add quick win" }));
    expect(await screen.findByText("Error Adding Quick Win")).toBeVisible();
    expect(screen.getByText(words)).toBeVisible();
    expect(screen.queryByText("Could not save quick win.")).toBeNull();
    expect(screen.queryByText("Saved on this device")).toBeNull();
    expect(screen.getByLabelText("New quick win")).toHaveValue("One more");
    expect(await total()).toBe(20_000);
  }, 60_000);

  it("one kept on this device while offline is refused once when sent, in those words, and never sent again; its words stay to be caught in the inbox", async () => {
    await fillUp("quickWins");
    renderWithOutbox(<QuickWinsCard user={user} requireUser={() => true} />, user);
    const back = loseConnection();
    await userEvent.type(await screen.findByLabelText("New quick win"), "Offline one");
    await userEvent.click(screen.getByRole("button", { name: "Add quick win" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(await screen.findByText("Waiting to sync: 1")).toBeVisible();
    back();

    const reachable = globalThis.fetch;
    let sent = 0;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST" && String(input).endsWith("/api/quick-wins")) sent += 1;
      return reachable(input, init);
    });
    window.dispatchEvent(new Event("online"));
    expect(await screen.findByText("One thing couldn't be saved")).toBeVisible();
    expect(
      screen.getByText(`"Offline one" wasn't accepted: ${words}. Your words are kept at the top of the screen.`),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect(sent).toBe(1);

    // Nothing is left to send: coming back online again sends nothing more.
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sent).toBe(1);
    expect(await total()).toBe(20_000);

    // Its words stay on this device (decision 084), and are caught in the inbox with one tap.
    const kept = screen.getByRole("region", { name: "Couldn't be saved: 1" });
    expect(kept).toHaveTextContent(`Quick win: Offline oneNot accepted: ${words}`);
    await userEvent.click(within(kept).getByRole("button", { name: `Add "Offline one" to your inbox` }));
    expect(await screen.findByText("Added to your inbox")).toBeVisible();
    expect((await server<Thought[]>("GET", "/api/thoughts")).map((t) => t.content)).toEqual(["Offline one"]);
    expect(screen.queryByRole("region", { name: /Couldn't be saved/ })).toBeNull();
  }, 60_000);
});
