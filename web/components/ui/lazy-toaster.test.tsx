// @vitest-environment jsdom
/** The toasts' code, fetched as the app starts: when it cannot come (offline on a first visit). */
import "@testing-library/jest-dom/vitest";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "./toast-store.ts";

let online = false;
vi.mock("./toaster.tsx", () => {
  if (!online) throw new TypeError("Failed to fetch dynamically imported module");
  return { Toaster: () => <p role="status">the toasts</p> };
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("LazyToaster", () => {
  it("keeps the page when the toasts' code cannot come, and tries again once the connection is back", async () => {
    // React reports the failed load it recovers from; that report is expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { LazyToaster } = await import("./lazy-toaster.tsx");
    render(
      <main>
        <h1>Daily Compass</h1>
        <LazyToaster />
      </main>,
    );
    act(() => {
      toast({ title: "Saved on this device" });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole("heading", { name: "Daily Compass" })).toBeVisible();
    expect(screen.queryByRole("status")).toBeNull();

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByRole("status")).toHaveTextContent("the toasts");
    expect(screen.getByRole("heading", { name: "Daily Compass" })).toBeVisible();
  });
});
