// @vitest-environment jsdom
// Only Date is faked: the clock jumps as it does for a phone locked in a pocket, while the app's
// own timers and the real API keep real time.
import "@testing-library/jest-dom/vitest";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../../shared/constants.ts";
import type { Task } from "../../../../shared/schemas.ts";
import { FocusModeProvider } from "../../../app/focus-mode.tsx";
import { FocusPage } from "../../../pages/focus.tsx";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await signUp();
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  resetApp();
  vi.useRealTimers();
});

const DONE = "Session done. Time for a 5-minute break, or start another.";

function setVisibility(state: "hidden" | "visible") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** The finished session's minutes have reached the server (so nothing is left to write after the test). */
const sent = () =>
  waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.focusSession) ?? "{}").unsent).toEqual([]));

async function openDialog(title: string) {
  renderWithApp(
    <FocusModeProvider>
      <FocusPage />
    </FocusModeProvider>,
  );
  fireEvent.click(await screen.findByRole("button", { name: new RegExp(title) }));
  return within(await screen.findByRole("dialog", { name: title }));
}

describe("Focus mode dialog after walking away", () => {
  afterEach(() => {
    // Back to jsdom's own answer for the next test.
    delete (document as { visibilityState?: unknown }).visibilityState;
    delete (document as { hidden?: unknown }).hidden;
  });

  it("on return says the session is done and offers another session or the break, not a bare Start", async () => {
    await server<Task>("POST", "/api/tasks", { title: "Call the insurance company", timeEstimate: 25 });
    const dialog = await openDialog("Call the insurance company");
    fireEvent.click(dialog.getByRole("button", { name: "Start" }));
    expect(dialog.getByRole("timer")).toHaveTextContent("25:00");

    // The phone is locked; half an hour later it is looked at again.
    act(() => setVisibility("hidden"));
    act(() => {
      vi.setSystemTime(Date.now() + 30 * 60 * 1000);
      setVisibility("visible");
    });
    // At once, not at the next tick of a timer the browser held back while the tab was hidden.
    expect(dialog.getByText(DONE)).toBeVisible();
    expect(dialog.getByRole("timer")).toHaveTextContent("00:00");
    expect(dialog.queryByRole("button", { name: "Start" })).toBeNull();
    expect(dialog.getByRole("button", { name: "Take a 5-minute break" })).toBeVisible();
    expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    expect(screen.getByText("Focus session completed!")).toBeVisible();

    // Another session starts from the dialog, at the full length.
    fireEvent.click(dialog.getByRole("button", { name: "Start another session" }));
    expect(dialog.getByRole("timer")).toHaveTextContent("25:00");
    expect(dialog.queryByText(DONE)).toBeNull();
    expect(dialog.getByRole("button", { name: "Pause" })).toBeVisible();
    await sent();
  });

  it("the break taken from the dialog says it is a break", async () => {
    await server<Task>("POST", "/api/tasks", { title: "Sort the post", timeEstimate: 15 });
    const dialog = await openDialog("Sort the post");
    fireEvent.click(dialog.getByRole("button", { name: "Start" }));
    act(() => {
      vi.setSystemTime(Date.now() + 26 * 60 * 1000);
      setVisibility("visible");
    });
    fireEvent.click(dialog.getByRole("button", { name: "Take a 5-minute break" }));
    expect(dialog.getByRole("timer")).toHaveTextContent("05:00");
    expect(dialog.getByText("Step away, stretch, drink some water.")).toBeVisible();
    expect(dialog.getByRole("button", { name: "Pause" })).toBeVisible();
    await sent();
  });
});
