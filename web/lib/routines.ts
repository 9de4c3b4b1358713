import { addDays } from "../../shared/dates.ts";
import { nextOccurrence, WEEKDAY_NAMES, weekdayOf } from "../../shared/repeat.ts";
import { formatShortDay } from "./dates.ts";

/**
 * When a routine skipped today comes back, as a sentence ends: "tomorrow", "on Thursday" (within
 * the week), "on Sat, Apr 12" (docs/decisions/032-routines.md).
 */
export function whenBack(rule: string, today: string): string {
  const next = nextOccurrence(rule, today);
  if (!next) return "on its next day";
  if (next === addDays(today, 1)) return "tomorrow";
  if (next <= addDays(today, 6)) return `on ${WEEKDAY_NAMES[weekdayOf(next)]}`;
  return `on ${formatShortDay(next)}`;
}
