import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/dates.ts";
import { nextOccurrence } from "../../shared/repeat.ts";
import { occurrenceAfter } from "./occurrences.ts";

/** The web app names the day a skipped routine comes back without rrule: the same day the server moves it to. */
describe("the browser's next occurrence", () => {
  it("agrees with the server's occurrences around months' ends of a leap year and through a week", () => {
    const rules = [
      "FREQ=WEEKLY;BYDAY=SU",
      "FREQ=WEEKLY;BYDAY=MO,TH",
      "FREQ=MONTHLY;BYMONTHDAY=1",
      "FREQ=MONTHLY;BYMONTHDAY=29",
      "FREQ=MONTHLY;BYMONTHDAY=31",
    ];
    const days = Array.from({ length: 7 }, (_, i) => addDays("2028-03-06", i));
    // rrule counts from its start in 2000: a few months keep this quick. Daily is plain adding.
    for (const month of [1, 2, 3, 5, 12]) {
      const first = `2028-${String(month).padStart(2, "0")}-01`;
      days.push(...[-4, -3, -2, -1, 0].map((n) => addDays(first, n)));
    }
    for (const day of days) {
      for (const rule of rules)
        expect(nextOccurrence(rule, day), `${rule} after ${day}`).toBe(occurrenceAfter(rule, day));
    }
  });
});
