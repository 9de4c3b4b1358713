/**
 * Calendar arithmetic on YYYY-MM-DD strings and wall clocks in IANA zones, shared by the server
 * (providers, reminders) and the web (agenda, schedule).
 */
import { TZDate } from "@date-fns/tz";

/** YYYY-MM-DD plus whole days, by the calendar: no time zone involved, month and year ends roll over. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant a wall-clock date and time in `timeZone` stands for (a time a DST gap skips moves on). */
export function zonedInstant(date: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = hhmm.split(":").map(Number);
  return new TZDate(y, (m || 1) - 1, d || 1, hh || 0, mm || 0, timeZone).getTime();
}

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h || 0) * 60 + (m || 0);
}

/** '14:05' → '2:05 PM'. */
export function formatTime12(hhmm: string): string {
  const total = minutesOf(hhmm);
  const h = Math.floor(total / 60);
  const m = total % 60;
  const suffix = h >= 12 ? "PM" : "AM";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, "0")} ${suffix}`;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock in an IANA zone at an instant: the date (YYYY-MM-DD) and the time (HH:MM); UTC
 * when the zone is unknown. A formatter costs far more to build than to use: one per zone is kept.
 */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  let format = wallFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      return timeZone === "UTC" ? { date: "1970-01-01", time: "00:00" } : wallClock(at, "UTC");
    }
    if (wallFormats.size < 1000) wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}
