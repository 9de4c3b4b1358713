import type { Thought } from "../../../shared/schemas.ts";
import { findWhen, type When, withoutWhen } from "../../../shared/when.ts";
import { zonedNow } from "../../lib/dates.ts";

/**
 * The day and time a thought's words say ("Dentist tomorrow at 3pm"), read on the user's wall
 * clock now; null when they say none. A day accepted at capture wins: "tomorrow" meant the day
 * after it was said, not after today.
 */
export function whenOf(thought: Pick<Thought, "content" | "whenDate" | "whenTime">, timeZone: string): When | null {
  const now = zonedNow(new Date(), timeZone);
  const found = findWhen(thought.content, { date: now.date, time: now.hhmm });
  return found && thought.whenDate ? { ...found, date: thought.whenDate, time: thought.whenTime } : found;
}

/** A thought's words as an event's title: without the day and time they said, unless nothing else is left. */
export function titleWithout(content: string, when: When | null): string {
  const full = content.trim().slice(0, 200);
  return when ? withoutWhen(content.trim(), when).slice(0, 200) || full : full;
}
