// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { User } from "../../../../shared/schemas.ts";
import { readsFail, renderWithApp, resetApp, signUp } from "../../../testing/app-harness.tsx";
import { activeText, deviceName, SessionsCard } from "./sessions-card.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });
afterEach(resetApp);

const platformFetch = globalThis.fetch;

/** The same account signed in on another device (no cookie of this one's). */
async function signInElsewhere(user: User): Promise<void> {
  const res = await platformFetch(`${inject("apiOrigin")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.username, password: "correct horse battery" }),
  });
  expect(res.status).toBe(200);
}

const devices = () =>
  within(screen.getByRole("list", { name: "Signed-in devices" }))
    .getAllByRole("listitem")
    .map((li) => (within(li).queryByText("This device") ? "this" : "other"));

describe("a signed-in device as a person reads it", () => {
  it("is named by browser and system, as far as they are known", () => {
    expect(deviceName({ browser: "Firefox", os: "Linux" })).toBe("Firefox on Linux");
    expect(deviceName({ browser: "Safari", os: null })).toBe("Safari");
    expect(deviceName({ browser: null, os: "Android" })).toBe("A browser on Android");
    expect(deviceName({ browser: null, os: null })).toBe("Unknown device");
  });

  it("says roughly when it was last active", () => {
    const now = Date.parse("2026-05-04T12:00:00Z");
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    expect(activeText({ lastSeenAt: ago(2), current: false }, now)).toBe("Active now");
    expect(activeText({ lastSeenAt: ago(5), current: false }, now)).toBe("Active 5 minutes ago");
    expect(activeText({ lastSeenAt: ago(90), current: false }, now)).toBe("Active about 2 hours ago");
    expect(activeText({ lastSeenAt: ago(3 * 24 * 60), current: false }, now)).toBe("Active 3 days ago");
    // This device is in use as the list is read.
    expect(activeText({ lastSeenAt: ago(60), current: true }, now)).toBe("Active now");
  });
});

describe("Settings: Signed-in devices when the list cannot be read again", () => {
  it("a device signed out here leaves the list, and the list stays on show", async () => {
    const user = await signUp();
    await signInElsewhere(user);
    await signInElsewhere(user);
    renderWithApp(<SessionsCard />);
    await waitFor(() => expect(devices().sort()).toEqual(["other", "other", "this"]));

    readsFail("/api/auth/sessions");
    const [first] = screen.getAllByRole("button", { name: /^Sign out Unknown device/ });
    await userEvent.click(first as HTMLElement);
    expect(await screen.findByText("Signed out")).toBeVisible();
    await waitFor(() => expect(devices().sort()).toEqual(["other", "this"]));
    expect(screen.queryByText("Could not load your devices. Please try refreshing.")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Sign out all other devices" }));
    expect(await screen.findByText("1 other device is no longer signed in.")).toBeVisible();
    await waitFor(() => expect(devices()).toEqual(["this"]));
    expect(screen.queryByText("Could not load your devices. Please try refreshing.")).toBeNull();
  });

  it("a list never read says it could not load", async () => {
    await signUp();
    readsFail("/api/auth/sessions");
    renderWithApp(<SessionsCard />);
    expect(await screen.findByText("Could not load your devices. Please try refreshing.")).toBeVisible();
  });
});
