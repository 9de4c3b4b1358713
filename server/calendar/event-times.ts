/**
 * An event's `date` and `startTime` are wall-clock values in the user's time zone
 * (docs/decisions, "Time and calendar"); providers speak instants or dates. These convert
 * between the two without ever passing through the server's own zone.
 */
import { TZDate } from "@date-fns/tz";
import { ALL_DAY_MINUTES } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";

export type WallClock = { date: string; startTime: string; duration: number };

export type ProviderTimes =
  | { allDay: true; startDate: string; endDate: string }
  | { allDay: false; start: string; end: string; timeZone: string };

const pad = (n: number) => String(n).padStart(2, "0");

/** RFC 3339 with the zone's offset at that instant, e.g. 2026-03-08T10:00:00-07:00. */
function rfc3339(d: TZDate): string {
  return d.toISOString().replace(/\.\d{3}/, "");
}

export function toProviderTimes(event: WallClock, timeZone: string): ProviderTimes {
  if (event.duration === ALL_DAY_MINUTES) {
    return { allDay: true, startDate: event.date, endDate: addDays(event.date, 1) };
  }
  const [y, m, d] = event.date.split("-").map(Number);
  const [hh, mm] = event.startTime.split(":").map(Number);
  // A wall-clock time skipped by a DST jump moves forward, as calendar apps do.
  const start = new TZDate(y, m - 1, d, hh, mm, timeZone);
  const end = new TZDate(start.getTime() + event.duration * 60_000, timeZone);
  return { allDay: false, start: rfc3339(start), end: rfc3339(end), timeZone };
}

/** The wall clock in `timeZone` of a provider's start and end. */
export function fromProviderTimes(times: ProviderTimes, timeZone: string): WallClock {
  if (times.allDay) {
    // Multi-day all-day events keep their first day; the app's model has one day per event.
    return { date: times.startDate, startTime: "00:00", duration: ALL_DAY_MINUTES };
  }
  const start = new TZDate(Date.parse(times.start), timeZone);
  const minutes = Math.round((Date.parse(times.end) - Date.parse(times.start)) / 60_000);
  return {
    date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    startTime: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    duration: Math.min(Math.max(minutes, 1), ALL_DAY_MINUTES * 14),
  };
}
