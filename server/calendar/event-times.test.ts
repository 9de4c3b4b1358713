import { describe, expect, it } from "vitest";
import { fromProviderTimes, toProviderTimes } from "./event-times.ts";
import { googlePayload } from "./google-calendar.ts";

const fields = (date: string, startTime: string, duration: number) => ({
  title: "Check-in",
  description: null,
  location: null,
  date,
  startTime,
  duration,
});

describe("provider payload in the user's time zone", () => {
  it.each([
    // zone, date, start, duration, expected start, expected end
    ["America/Los_Angeles", "2026-03-07", "10:00", 60, "2026-03-07T10:00:00-08:00", "2026-03-07T11:00:00-08:00"],
    ["America/Los_Angeles", "2026-03-08", "10:00", 60, "2026-03-08T10:00:00-07:00", "2026-03-08T11:00:00-07:00"],
    // Spans the spring-forward gap: one real hour later on the wall clock reads 03:30.
    ["America/Los_Angeles", "2026-03-08", "01:30", 60, "2026-03-08T01:30:00-08:00", "2026-03-08T03:30:00-07:00"],
    ["America/Los_Angeles", "2026-11-01", "01:30", 60, "2026-11-01T01:30:00-07:00", "2026-11-01T01:30:00-08:00"],
    ["Europe/Berlin", "2026-03-28", "09:00", 30, "2026-03-28T09:00:00+01:00", "2026-03-28T09:30:00+01:00"],
    ["Europe/Berlin", "2026-03-29", "09:00", 30, "2026-03-29T09:00:00+02:00", "2026-03-29T09:30:00+02:00"],
    ["Europe/Berlin", "2026-10-25", "23:30", 60, "2026-10-25T23:30:00+01:00", "2026-10-26T00:30:00+01:00"],
    ["Asia/Tokyo", "2026-03-08", "10:00", 60, "2026-03-08T10:00:00+09:00", "2026-03-08T11:00:00+09:00"],
    ["Asia/Tokyo", "2026-12-31", "23:45", 30, "2026-12-31T23:45:00+09:00", "2027-01-01T00:15:00+09:00"],
  ])("%s %s %s for %i minutes", (zone, date, start, duration, expectedStart, expectedEnd) => {
    const payload = googlePayload(fields(date, start, duration), zone);
    expect(payload.start).toEqual({ date: null, dateTime: expectedStart, timeZone: zone });
    expect(payload.end).toEqual({ date: null, dateTime: expectedEnd, timeZone: zone });
    expect(payload.reminders).toEqual({ useDefault: true });
    // Reading the provider's copy back gives the same wall clock.
    const times = toProviderTimes(fields(date, start, duration), zone);
    expect(fromProviderTimes(times, zone)).toEqual({ date, startTime: start, duration });
  });

  it("sends all-day events as dates, the end being the next day", () => {
    const payload = googlePayload(fields("2026-03-08", "00:00", 1440), "America/Los_Angeles");
    expect(payload.start).toEqual({ date: "2026-03-08", dateTime: null, timeZone: null });
    expect(payload.end).toEqual({ date: "2026-03-09", dateTime: null, timeZone: null });
  });

  it("reads an instant sent in another zone as the user's wall clock", () => {
    const wall = fromProviderTimes(
      { allDay: false, start: "2026-06-01T22:30:00Z", end: "2026-06-01T23:30:00Z", timeZone: "Asia/Tokyo" },
      "Asia/Tokyo",
    );
    expect(wall).toEqual({ date: "2026-06-02", startTime: "07:30", duration: 60 });
  });

  it("moves a wall-clock time inside a spring-forward gap to the first real time", () => {
    const times = toProviderTimes(fields("2026-03-29", "02:30", 60), "Europe/Berlin");
    expect(times).toMatchObject({ start: "2026-03-29T03:30:00+02:00" });
  });
});
