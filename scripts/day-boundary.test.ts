import { describe, expect, it } from "vitest";
import { E2E_DAY_MARGIN_MS, waitBeforeDayTurns } from "./day-boundary.mjs";

const at = (time: string) => new Date(`2026-11-27T${time}`);
const minutes = (n: number) => n * 60 * 1000;

describe("waitBeforeDayTurns", () => {
  it("starts at once while the day has the suite's time left", () => {
    expect(waitBeforeDayTurns(at("09:00:00"))).toBe(0);
    expect(waitBeforeDayTurns(at("23:39:00"))).toBe(0);
    expect(waitBeforeDayTurns(at("00:00:01"))).toBe(0);
  });

  it("waits until just past midnight in the day's last minutes", () => {
    expect(waitBeforeDayTurns(at("23:50:00"))).toBe(minutes(10) + 5000);
    expect(waitBeforeDayTurns(at("23:59:59"))).toBe(6000);
    expect(waitBeforeDayTurns(at("23:45:00"), minutes(10))).toBe(0);
  });

  it("never waits longer than the margin", () => {
    for (let s = 0; s < 86_400; s += 37) {
      const now = new Date(at("00:00:00").getTime() + s * 1000);
      expect(waitBeforeDayTurns(now)).toBeLessThanOrEqual(E2E_DAY_MARGIN_MS);
    }
  });
});
