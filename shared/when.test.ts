import { describe, expect, it } from "vitest";
import { findWhen, withoutWhen } from "./when.ts";

// Monday 23 November 2026, 10:30 in the user's zone.
const now = { date: "2026-11-23", time: "10:30" };

describe("findWhen: dates and times in what people type", () => {
  it.each([
    ["Dentist tomorrow at 3pm", "2026-11-24", "15:00", "Dentist"],
    ["Bins out Thursday 8pm", "2026-11-26", "20:00", "Bins out"],
    ["Call the bank at 4:30pm", "2026-11-23", "16:30", "Call the bank"],
    ["Renew passport on Friday", "2026-11-27", null, "Renew passport"],
    ["Team lunch next Tuesday at noon", "2026-12-01", "12:00", "Team lunch"],
    ["Mum's birthday on 2 December", "2026-12-02", null, "Mum's birthday"],
  ])("%s → %s %s", (text, date, time, rest) => {
    const when = findWhen(text, now);
    expect(when).toMatchObject({ date, time });
    expect(when && withoutWhen(text, when)).toBe(rest);
  });

  it("finds nothing in words without a date", () => {
    expect(findWhen("Call mum", now)).toBeNull();
    expect(findWhen("Buy 3 apples", now)).toBeNull();
  });

  it("reads 'tomorrow' from the user's day, not the machine's", () => {
    // Late evening on the 31st in the user's zone: tomorrow is the 1st of the next month.
    expect(findWhen("Pay rent tomorrow", { date: "2026-12-31", time: "23:50" })?.date).toBe("2027-01-01");
  });

  it("a time already past today means the next one", () => {
    expect(findWhen("Stretch at 9am", now)).toMatchObject({ date: "2026-11-24", time: "09:00" });
  });
});
