/**
 * Dates and times in what people type ("Dentist tomorrow at 3pm", "Bins out Thursday 8pm"),
 * read with chrono's English parser against the user's own wall clock, so "tomorrow" is the
 * user's tomorrow whatever zone the browser or server is in.
 */
import * as en from "chrono-node/en";

export type When = {
  /** YYYY-MM-DD in the user's zone. */
  date: string;
  /** HH:MM, or null when only a day was said ("on Friday"). */
  time: string | null;
  /** The words that said it, as typed. */
  phrase: string;
  index: number;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** `now` is the user's wall clock: today's date and the time (HH:MM) in their zone. */
export function findWhen(text: string, now: { date: string; time: string }): When | null {
  const [y, m, d] = now.date.split("-").map(Number);
  const [hh, mm] = now.time.split(":").map(Number);
  if (!y || !m || !d || Number.isNaN(hh) || Number.isNaN(mm)) return null;
  // The wall clock stands in as UTC, and chrono reads it back in UTC: no zone arithmetic at all.
  const instant = new Date(Date.UTC(y, m - 1, d, hh, mm));
  const [result] = en.casual.parse(text, { instant, timezone: 0 }, { forwardDate: true });
  if (!result) return null;
  const start = result.start;
  const year = start.get("year");
  const month = start.get("month");
  const day = start.get("day");
  if (!year || !month || !day) return null;
  const hasTime = start.isCertain("hour");
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: hasTime ? `${pad(start.get("hour") ?? 0)}:${pad(start.get("minute") ?? 0)}` : null,
    phrase: result.text,
    index: result.index,
  };
}

/** The text without the words that gave the date: "Dentist tomorrow at 3pm" → "Dentist". */
export function withoutWhen(text: string, when: When): string {
  const before = text.slice(0, when.index);
  const after = text.slice(when.index + when.phrase.length);
  const joined = `${before.replace(/\s+(on|at|by|for)\s*$/i, "")} ${after}`;
  return joined
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/^[\s,;:-]+|[\s,;:-]+$/g, "")
    .trim();
}
