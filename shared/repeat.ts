/**
 * Repeat rules of routines (docs/decisions/032-routines.md): the RFC 5545 RRULE text a repeating
 * task or quick win is stored with, limited to the four kinds the app offers. Read and written
 * here without the rrule package, so the web app can show and build rules without loading it; the
 * server turns them into occurrence days with rrule (server/routines/occurrences.ts).
 */
import { addDays } from "./dates.ts";

export const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];
export const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const WORK_WEEK: readonly WeekdayCode[] = ["MO", "TU", "WE", "TH", "FR"];

/** A rule as the app thinks of it. `weekly` with Monday to Friday is "weekdays". */
export type Repeat = { kind: "daily" } | { kind: "weekly"; days: WeekdayCode[] } | { kind: "monthly"; day: number };

export const REPEAT_RULE_MESSAGE =
  "Use a daily, weekly (BYDAY) or monthly (BYMONTHDAY) rule, such as FREQ=WEEKLY;BYDAY=MO,WE";

/** The rule's text, in one canonical form: `FREQ=DAILY`, `FREQ=WEEKLY;BYDAY=MO,WE`, `FREQ=MONTHLY;BYMONTHDAY=31`. */
export function formatRepeat(repeat: Repeat): string {
  if (repeat.kind === "daily") return "FREQ=DAILY";
  if (repeat.kind === "weekly") {
    const days = WEEKDAY_CODES.filter((d) => repeat.days.includes(d));
    return `FREQ=WEEKLY;BYDAY=${days.join(",")}`;
  }
  return `FREQ=MONTHLY;BYMONTHDAY=${repeat.day}`;
}

/**
 * Reads a rule (an optional `RRULE:` prefix, parts in any order, any case). Null for anything
 * beyond the four kinds: counts, end dates, intervals other than 1, times of day, more than one
 * day of the month.
 */
export function parseRepeat(rule: string): Repeat | null {
  const body = rule.trim().replace(/^RRULE:/i, "");
  if (body === "" || body.length > 200) return null;
  const parts = new Map<string, string>();
  for (const part of body.split(";")) {
    const [name, value, ...rest] = part.split("=");
    if (!name || value === undefined || rest.length > 0) return null;
    const key = name.trim().toUpperCase();
    if (parts.has(key)) return null;
    parts.set(key, value.trim().toUpperCase());
  }
  const interval = parts.get("INTERVAL");
  if (interval !== undefined && interval !== "1") return null;
  parts.delete("INTERVAL");
  const freq = parts.get("FREQ");
  parts.delete("FREQ");
  if (freq === "DAILY") return parts.size === 0 ? { kind: "daily" } : null;
  if (freq === "WEEKLY") {
    const byday = parts.get("BYDAY");
    if (byday === undefined || parts.size !== 1) return null;
    const days = byday.split(",");
    if (days.some((d) => !(WEEKDAY_CODES as readonly string[]).includes(d))) return null;
    if (new Set(days).size !== days.length) return null;
    return { kind: "weekly", days: WEEKDAY_CODES.filter((d) => days.includes(d)) };
  }
  if (freq === "MONTHLY") {
    const day = parts.get("BYMONTHDAY");
    if (day === undefined || parts.size !== 1 || !/^\d{1,2}$/.test(day)) return null;
    const n = Number(day);
    return n >= 1 && n <= 31 ? { kind: "monthly", day: n } : null;
  }
  return null;
}

/** The canonical text of a valid rule, else null. */
export function normalizeRepeat(rule: string): string | null {
  const parsed = parseRepeat(rule);
  return parsed ? formatRepeat(parsed) : null;
}

export function isWeekdays(repeat: Repeat): boolean {
  return repeat.kind === "weekly" && repeat.days.length === 5 && WORK_WEEK.every((d) => repeat.days.includes(d));
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

function listOf(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** How a rule reads to a person: "Repeats every weekday", "Repeats every month on the 31st". */
export function describeRepeat(rule: string): string {
  const repeat = parseRepeat(rule);
  if (!repeat) return "Repeats";
  if (repeat.kind === "daily") return "Repeats every day";
  if (isWeekdays(repeat)) return "Repeats every weekday";
  if (repeat.kind === "weekly") {
    if (repeat.days.length === 7) return "Repeats every day";
    return `Repeats every ${listOf(repeat.days.map((d) => WEEKDAY_NAMES[d]))}`;
  }
  return repeat.day > 28
    ? `Repeats every month on the ${ordinal(repeat.day)} (or the month's last day)`
    : `Repeats every month on the ${ordinal(repeat.day)}`;
}

/** The weekday code of a YYYY-MM-DD date. */
export function weekdayOf(date: string): WeekdayCode {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAY_CODES[(sundayFirst + 6) % 7] as WeekdayCode;
}

/** Whether a rule falls on a YYYY-MM-DD day; a month day past the month's end falls on its last day. */
export function occursOn(repeat: Repeat, date: string): boolean {
  if (repeat.kind === "daily") return true;
  if (repeat.kind === "weekly") return repeat.days.includes(weekdayOf(date));
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const monthLength = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d === Math.min(repeat.day, monthLength);
}

/**
 * The rule's first day strictly after `day` (YYYY-MM-DD): where a series skipped today comes back,
 * the same day the server moves it to (server/routines/occurrences.ts). Null for a rule that is
 * not one of the four kinds, or a weekly rule with no day.
 */
export function nextOccurrence(rule: string, day: string): string | null {
  const repeat = parseRepeat(rule);
  if (!repeat || (repeat.kind === "weekly" && repeat.days.length === 0)) return null;
  // Every rule of the four kinds falls at least once in any 31 days.
  for (let n = 1; n <= 31; n++) {
    const next = addDays(day, n);
    if (occursOn(repeat, next)) return next;
  }
  return null;
}
