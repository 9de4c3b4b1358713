// @vitest-environment jsdom
/**
 * The dashboard's first reads after sign-in: a read that fails while the server is reachable says
 * so in the spec's words; one that fails because this device is offline leaves that to the offline
 * banner, and is read again once the connection is back.
 */
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../shared/schemas.ts";
import { OfflineBanner } from "../components/offline-banner.tsx";
import { renderWithApp, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { AuthProvider } from "./auth.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

const ERROR = "Error Loading Data";
let user: User;
beforeEach(async () => {
  user = await signUp();
  // Nothing is saved on its own meanwhile (the time zone following this browser).
  await server("PUT", "/api/settings", { followDeviceTimeZone: false });
});
afterEach(() => {
  setOnline(true);
  resetApp();
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

/** Reads of the day's events cannot get through (not kept on this device for today's dates). */
function eventsUnreachable(): () => void {
  const reachable = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://x");
    return url.pathname === "/api/events" ? Promise.reject(new TypeError("Failed to fetch")) : reachable(input, init);
  });
  return () => vi.stubGlobal("fetch", reachable);
}

function app() {
  return renderWithApp(
    <AuthProvider>
      <OfflineBanner />
    </AuthProvider>,
    { signedInAs: user },
  );
}

describe("the dashboard's first reads", () => {
  it("that fail while this device is offline leave it to the offline banner, and are read again once it is back", async () => {
    await server("POST", "/api/events", {
      title: "Dentist",
      date: new Date().toISOString().slice(0, 10),
      startTime: "09:00",
      duration: 30,
    });
    setOnline(false);
    const reconnect = eventsUnreachable();
    const { queryClient } = app();
    expect(await screen.findByText(/You're offline/)).toBeVisible();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Given a moment in which a toast would show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(ERROR)).toBeNull();

    reconnect();
    setOnline(true);
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/events") })
          .some((q) => JSON.stringify(q.state.data ?? null).includes("Dentist")),
      ).toBe(true),
    );
    expect(screen.queryByText(ERROR)).toBeNull();
  });

  it("that fail while the browser is online say so, as the spec has it", async () => {
    const back = eventsUnreachable();
    app();
    expect(await screen.findByText(ERROR)).toBeVisible();
    expect(screen.getByText("Could not load some of your data. Please try refreshing.")).toBeVisible();
    back();
  });
});
