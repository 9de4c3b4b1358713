import { describe, expect, it } from "vitest";
import { nextOccurrence } from "./repeat.ts";

describe("nextOccurrence", () => {
  it("names the day a skipped routine comes back", () => {
    // Wednesday 12 March 2025.
    expect(nextOccurrence("FREQ=DAILY", "2025-03-12")).toBe("2025-03-13");
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=MO,TH", "2025-03-12")).toBe("2025-03-13");
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=MO,TH", "2025-03-13")).toBe("2025-03-17");
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=WE", "2025-03-12")).toBe("2025-03-19");
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2025-03-14")).toBe("2025-03-17");
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=12", "2025-03-12")).toBe("2025-04-12");
  });

  it("falls on the last day of a month too short for the rule's day", () => {
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=31", "2025-03-31")).toBe("2025-04-30");
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=30", "2025-01-30")).toBe("2025-02-28");
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=30", "2028-01-30")).toBe("2028-02-29");
  });

  it("answers null for a rule beyond the four kinds", () => {
    expect(nextOccurrence("FREQ=YEARLY", "2025-03-12")).toBeNull();
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=", "2025-03-12")).toBeNull();
  });
});
