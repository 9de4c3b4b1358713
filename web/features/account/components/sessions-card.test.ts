import { describe, expect, it } from "vitest";
import { activeText, deviceName } from "./sessions-card.tsx";

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
