import { format } from "date-fns";
import { DATE_DISPLAY_FORMAT } from "../../shared/constants.ts";

/** A moment as cards show it: "Dec 1, 2:05 PM". */
export const shortDateTime = (iso: string) => format(new Date(iso), "MMM d, h:mm a");

/**
 * Wall-clock "now" in an IANA zone: the date as YYYY-MM-DD and minutes since midnight, plus the
 * instant and zone it was read in, so durations can be measured in real minutes across a DST change.
 */
export type ZonedNow = { date: string; minutes: number; hhmm: string; instant?: number; timeZone?: string };

/** The browser's zone, read again at most once a second: asking Intl costs a formatter each time. */
let zoneRead: { zone: string; at: number } | null = null;

export function browserTimeZone(): string {
  const at = Date.now();
  if (zoneRead && at - zoneRead.at >= 0 && at - zoneRead.at < 1000) return zoneRead.zone;
  let zone = "UTC";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    // No Intl zone support: UTC.
  }
  zoneRead = { zone, at };
  return zone;
}

/** One formatter per zone: making one is far dearer than using it, and every card asks for "now". */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

export function zonedNow(now: Date, timeZone: string): ZonedNow {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = wallClock(timeZone).formatToParts(now);
  } catch {
    return zonedNow(now, "UTC");
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const hour = Number(get("hour")) % 24;
  const minute = Number(get("minute"));
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    minutes: hour * 60 + minute,
    hhmm: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
    instant: now.getTime(),
    timeZone,
  };
}

/**
 * Today's date (YYYY-MM-DD) in the browser's own zone: what `zonedNow(now, browserTimeZone()).date`
 * says, read from the Date itself, without making a formatter (the first one costs the page the
 * locale and zone data).
 */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export { formatTime12, minutesOf, zonedInstant } from "../../shared/dates.ts";

/** A YYYY-MM-DD value as a local calendar date (no UTC shift). */
export function parseDateOnly(date: string): Date {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return new Date(y, (m || 1) - 1, d || 1);
}

/** A whole date as a date input holds it (YYYY-MM-DD); an input being typed into may hold less. */
export const isDateOnly = (date: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(date);

/** A date field's day as a local Date, or today while the field holds no date (the Repeat field's weekday). */
export const dayOfDate = (date: string): Date => (isDateOnly(date) ? parseDateOnly(date) : new Date());

/** 'MMM d, yyyy' (spec section 9). */
export function formatDisplayDate(date: string): string {
  return format(parseDateOnly(date), DATE_DISPLAY_FORMAT);
}

export function formatShortDay(date: string): string {
  return format(parseDateOnly(date), "EEE, MMM d");
}
