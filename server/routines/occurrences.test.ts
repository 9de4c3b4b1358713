import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/dates.ts";
import { nextOccurrence } from "../../shared/repeat.ts";
import { occurrenceAfter } from "./occurrences.ts";

/** The web app names the day a skipped routine comes back without rrule: the same day the server moves it to. */
describe("the browser's next occurrence", () => {
  it("agrees with the server's occurrences on every day of a leap year", () => {
    const rules = [
      "FREQ=DAILY",
      "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      "FREQ=WEEKLY;BYDAY=SU",
      "FREQ=WEEKLY;BYDAY=MO,TH",
      "FREQ=MONTHLY;BYMONTHDAY=1",
      "FREQ=MONTHLY;BYMONTHDAY=29",
      "FREQ=MONTHLY;BYMONTHDAY=31",
    ];
    // Every day of a leap year and the turn of the next.
    const days = Array.from({ length: 372 }, (_, i) => addDays("2027-12-29", i));
    for (const day of days) {
      for (const rule of rules)
        expect(nextOccurrence(rule, day), `${rule} after ${day}`).toBe(occurrenceAfter(rule, day));
    }
  });
});
