// @vitest-environment jsdom
/**
 * A tab left open past midnight moves on to the new day by itself: every list is read again (a
 * task put off with "Not today" comes back, "Done today" starts empty), as a reload would.
 */
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DayChangeWatcher } from "./day-change.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the day changing while the app is open", () => {
  it("reads every list again once the person's day has changed, not before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T23:58:00-02:00"));
    const queryClient = new QueryClient();
    queryClient.setQueryData(["/api/tasks"], []);
    render(
      <QueryClientProvider client={queryClient}>
        <DayChangeWatcher timeZone="America/Noronha" />
      </QueryClientProvider>,
    );
    const stale = () => queryClient.getQueryState(["/api/tasks"])?.isInvalidated;
    const lookAgain = () => act(() => document.dispatchEvent(new Event("visibilitychange")));

    vi.setSystemTime(new Date("2026-11-29T23:59:30-02:00"));
    await lookAgain();
    expect(stale()).toBe(false);
    // Past midnight in Noronha (UTC−2).
    vi.setSystemTime(new Date("2026-11-30T00:00:30-02:00"));
    await lookAgain();
    expect(stale()).toBe(true);
  });
});
