import { describe, expect, it } from "vitest";
import { deletedSummary } from "./data-tab.tsx";

describe("'Data Deleted' in words", () => {
  it("names each kind that had something, one or many, and the settings as the person's", () => {
    expect(
      deletedSummary({
        tasks: 3,
        quickWins: 1,
        thoughts: 0,
        projects: 2,
        events: 8,
        moods: 1,
        settings: 1,
        secrets: 0,
        calendarConnections: 1,
      }),
    ).toBe(
      "Deleted 3 tasks, 1 quick win, 2 projects, 8 events, 1 mood check-in, 1 calendar connection and your settings.",
    );
    expect(deletedSummary({ thoughts: 1 })).toBe("Deleted 1 thought.");
    expect(deletedSummary({ tasks: 0, settings: 0 })).toBe("There was nothing to delete.");
  });
});
