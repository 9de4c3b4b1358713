/** Recurring series from other CalDAV clients: expansion in their zone, overrides and EXDATEs. */
import { describe, expect, it } from "vitest";
import { expandIcsSeries, patchIcsOccurrence, readIcsOccurrence, removeIcsOccurrence } from "./ics.ts";

// As Nextcloud or Apple Calendar write it: a local time with a TZID, across the end of summer time.
const series = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Other client//EN",
  "BEGIN:VEVENT",
  "UID:standup@example.org",
  "DTSTAMP:20261001T000000Z",
  "LAST-MODIFIED:20261001T000000Z",
  "DTSTART;TZID=Europe/Berlin:20261019T090000",
  "DTEND;TZID=Europe/Berlin:20261019T091500",
  "RRULE:FREQ=WEEKLY;COUNT=3",
  "SUMMARY:Stand-up",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");
const window = { from: new Date("2026-10-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z"), limit: 100 };
const brief = (list: { key: string; fields: { title: string; date: string; startTime: string; duration: number } }[]) =>
  list.map((o) => [o.key, o.fields.title, o.fields.date, o.fields.startTime, o.fields.duration]);

describe("recurring series", () => {
  it("keeps the series' own wall clock across a DST change", () => {
    const berlin = expandIcsSeries(series, "Europe/Berlin", window) ?? [];
    expect(brief(berlin)).toEqual([
      ["20261019T090000", "Stand-up", "2026-10-19", "09:00", 15],
      ["20261026T090000", "Stand-up", "2026-10-26", "09:00", 15],
      ["20261102T090000", "Stand-up", "2026-11-02", "09:00", 15],
    ]);
    // Seen from UTC the meeting moves by an hour when Berlin leaves summer time.
    const utc = expandIcsSeries(series, "UTC", window) ?? [];
    expect(utc.map((o) => o.fields.startTime)).toEqual(["07:00", "08:00", "08:00"]);
  });

  it("keeps only what overlaps the window", () => {
    const narrow = { from: new Date("2026-10-20T00:00:00Z"), to: new Date("2026-10-30T00:00:00Z"), limit: 100 };
    expect(expandIcsSeries(series, "Europe/Berlin", narrow)?.map((o) => o.key)).toEqual(["20261026T090000"]);
    expect(expandIcsSeries(series, "Europe/Berlin", { ...window, limit: 2 })).toHaveLength(2);
  });

  it("changes one occurrence through an override and leaves the others", () => {
    const patched = patchIcsOccurrence(
      series,
      "20261026T090000",
      {
        title: "Stand-up (remote)",
        description: null,
        location: "Call",
        date: "2026-10-26",
        startTime: "10:00",
        duration: 30,
      },
      "Europe/Berlin",
    );
    expect(patched).toContain("RECURRENCE-ID;TZID=Europe/Berlin:20261026T090000");
    expect(patched).toContain("RRULE:FREQ=WEEKLY;COUNT=3");
    const after = expandIcsSeries(patched as string, "Europe/Berlin", window) ?? [];
    expect(brief(after)).toEqual([
      ["20261019T090000", "Stand-up", "2026-10-19", "09:00", 15],
      ["20261026T090000", "Stand-up (remote)", "2026-10-26", "10:00", 30],
      ["20261102T090000", "Stand-up", "2026-11-02", "09:00", 15],
    ]);
    expect(readIcsOccurrence(patched as string, "20261026T090000", "Europe/Berlin")?.fields.location).toBe("Call");
  });

  it("removes one occurrence with an EXDATE in the series' zone, its override with it", () => {
    const patched = patchIcsOccurrence(
      series,
      "20261102T090000",
      { title: "Moved", description: null, location: null, date: "2026-11-03", startTime: "09:00", duration: 15 },
      "Europe/Berlin",
    ) as string;
    const removed = removeIcsOccurrence(patched, "20261102T090000") as string;
    expect(removed).toContain("EXDATE;TZID=Europe/Berlin:20261102T090000");
    expect(removed).not.toContain("SUMMARY:Moved");
    expect(expandIcsSeries(removed, "Europe/Berlin", window)?.map((o) => o.key)).toEqual([
      "20261019T090000",
      "20261026T090000",
    ]);
    expect(readIcsOccurrence(removed, "20261102T090000", "Europe/Berlin")).toBeUndefined();
    // An occurrence the series never had cannot be changed or removed.
    expect(removeIcsOccurrence(series, "20261020T090000")).toBeUndefined();
  });
});
