// @vitest-environment jsdom
// Fake timers drive the clock; user-event waits on real ones, so presses go through fireEvent.
import "@testing-library/jest-dom/vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, resetApp } from "../../../testing/app-harness.tsx";
import { FocusTimerCard } from "./focus-timer-card.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  resetApp();
  vi.useRealTimers();
});

const clock = () => screen.getByRole("timer");
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Focus timer (spec section 5: 25-minute session, then the 5-minute break)", () => {
  it("counts 25:00 down once a second, pauses, resumes and resets", async () => {
    renderWithApp(<FocusTimerCard taskTitle="Write report" />);
    expect(screen.getByText("Working on: Write report")).toBeVisible();
    expect(clock()).toHaveTextContent("25:00");
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    await wait(3000);
    expect(clock()).toHaveTextContent("24:57");
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    await wait(10_000);
    expect(clock()).toHaveTextContent("24:57");
    fireEvent.click(screen.getByRole("button", { name: "Resume" }));
    await wait(1000);
    expect(clock()).toHaveTextContent("24:56");
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(clock()).toHaveTextContent("25:00");
    expect(screen.getByRole("button", { name: "Start Focus Session" })).toBeVisible();
  });

  it("at zero says the session is done and offers the break, which counts 05:00", async () => {
    renderWithApp(<FocusTimerCard taskTitle={null} />);
    expect(screen.getByText("25 minutes of focus, then a 5-minute break.")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Start Focus Session" }));
    await wait(25 * 60 * 1000);
    expect(clock()).toHaveTextContent("00:00");
    expect(screen.getByText("Focus session completed!")).toBeVisible();
    expect(screen.getByText("Time for a 5-minute break.")).toBeVisible();
    // The card says so too, rather than offer to start beside a clock at 00:00 as if nothing happened.
    expect(screen.getByText("Session done. Time for a 5-minute break, or start another.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Start another session" })).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Take a 5-minute break" }));
    await wait(0);
    expect(screen.getByRole("heading", { name: "Break" })).toBeVisible();
    expect(screen.getByText("Step away, stretch, drink some water.")).toBeVisible();
    await wait(60_000);
    expect(clock()).toHaveTextContent("04:00");
    await wait(4 * 60 * 1000);
    expect(screen.getByText("Break over")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Focus Session" })).toBeVisible();
    expect(clock()).toHaveTextContent("25:00");
  });
});
