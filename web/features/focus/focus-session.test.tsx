// @vitest-environment jsdom
// Fake timers drive the clock; user-event waits on real ones, so presses go through fireEvent.
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, resetApp } from "../../testing/app-harness.tsx";
import { FocusTimerCard } from "./components/focus-timer-card.tsx";
import { forgetFocusSession } from "./focus-session.tsx";

beforeEach(() => {
  vi.useFakeTimers();
  document.title = "Daily Compass";
});
afterEach(() => {
  resetApp();
  vi.useRealTimers();
});

const clock = () => screen.getByRole("timer");
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("One focus session for the whole app", () => {
  it("offers 5, 15, 25 and 45 minutes and the task's estimate; the chosen length counts down", async () => {
    renderWithApp(<FocusTimerCard taskTitle="Write report" taskEstimate={20} />);
    const lengths = screen.getByRole("group", { name: "Session length" });
    expect(lengths).toHaveTextContent("5 min15 min25 min45 minTask estimate (20 min)");
    expect(screen.getByRole("radio", { name: "25 min" })).toBeChecked();

    fireEvent.click(screen.getByRole("radio", { name: "Task estimate (20 min)" }));
    expect(clock()).toHaveTextContent("20:00");
    fireEvent.click(screen.getByRole("radio", { name: "5 min" }));
    expect(clock()).toHaveTextContent("05:00");
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    // The length cannot change under a running session.
    expect(screen.queryByRole("group", { name: "Session length" })).toBeNull();
    await wait(5 * 60 * 1000);
    expect(screen.getByText("Focus session completed!")).toBeVisible();
    // Reset goes back to the chosen length, not to 25:00.
    fireEvent.click(screen.getByRole("radio", { name: "5 min" }));
    expect(clock()).toHaveTextContent("05:00");
  });

  it("keeps running while the screen is away and after a reload, and shows the time in the tab title", async () => {
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    await wait(2000);
    expect(document.title).toBe("24:58 Focus · Daily Compass");

    // Leaving the page (and the app reloading) drops every component; the session is kept.
    cleanup();
    expect(document.title).toBe("Daily Compass");
    await wait(60_000);
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    expect(clock()).toHaveTextContent("23:58");
    expect(screen.getByRole("button", { name: "Pause" })).toBeVisible();
    expect(document.title).toBe("23:58 Focus · Daily Compass");

    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    cleanup();
    await wait(60_000);
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    expect(clock()).toHaveTextContent("23:58");
    expect(screen.getByRole("button", { name: "Resume" })).toBeVisible();
  });

  it("a session that ended while away says so when the app comes back", async () => {
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    cleanup();
    await wait(30 * 60 * 1000);
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    await wait(0);
    expect(clock()).toHaveTextContent("00:00");
    expect(screen.getByText("Focus session completed!")).toBeVisible();
    expect(screen.getByRole("button", { name: "Take a 5-minute break" })).toBeVisible();
  });

  it("plays a chime at the end unless the sound is turned off", async () => {
    const started: number[] = [];
    class FakeAudioContext {
      state = "running";
      currentTime = 0;
      destination = {};
      resume = async () => undefined;
      createOscillator() {
        return {
          type: "sine",
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: (at: number) => started.push(at),
          stop: () => undefined,
        };
      }
      createGain() {
        const gain = { setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} };
        return { gain, connect: (node: unknown) => node };
      }
    }
    vi.stubGlobal("AudioContext", FakeAudioContext);

    renderWithApp(<FocusTimerCard taskTitle={null} />);
    fireEvent.click(screen.getByRole("radio", { name: "5 min" }));
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    await wait(5 * 60 * 1000);
    expect(started.length).toBeGreaterThan(0);

    started.length = 0;
    fireEvent.click(screen.getByRole("checkbox", { name: "Play a sound when time is up" }));
    expect(screen.getByRole("checkbox", { name: "Play a sound when time is up" })).not.toBeChecked();
    fireEvent.click(screen.getByRole("button", { name: "Start another session" }));
    await wait(5 * 60 * 1000);
    expect(screen.getAllByText("Focus session completed!").length).toBeGreaterThan(0);
    expect(started).toEqual([]);
  });

  it("signing out forgets the session but keeps the sound choice", async () => {
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Play a sound when time is up" }));
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    await wait(5000);
    cleanup();
    forgetFocusSession();
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    expect(clock()).toHaveTextContent("25:00");
    expect(screen.getByRole("button", { name: "Start Focus Session" })).toBeVisible();
    expect(screen.getByRole("checkbox", { name: "Play a sound when time is up" })).not.toBeChecked();
  });

  it("forgotten at sign-out while still on screen, a later change does not bring the last person's session back", async () => {
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    await wait(5000);
    forgetFocusSession();
    await wait(0);
    expect(clock()).toHaveTextContent("25:00");
    // A change made after (here the sound turned on) is made to the forgotten session.
    fireEvent.click(screen.getByRole("checkbox", { name: "Play a sound when time is up" }));
    await wait(1000);
    cleanup();
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    expect(clock()).toHaveTextContent("25:00");
    expect(screen.getByRole("button", { name: "Start Focus Session" })).toBeVisible();
  });
});
