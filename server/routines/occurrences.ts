import type { RRule as Rule } from "rrule";
import * as rruleModule from "rrule";
import { addDays } from "../../shared/dates.ts";
import { parseRepeat } from "../../shared/repeat.ts";

// rrule's main file is a UMD bundle: Node loads it as CommonJS, whose named exports it cannot
// see, while bundlers and the test runner take its ES module build. Either way, its RRule.
const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;

/**
 * Occurrences are wall-clock days of the user's zone, never instants: rrule runs on "floating"
 * dates (midnight UTC standing for the local day), so no DST change can move one to another day
 * (docs/decisions/032-routines.md).
 */
const floating = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const rules = new Map<string, Rule>();

/**
 * The rrule for a stored rule, started on the first day of `month` (YYYY-MM). A month day past
 * the 28th falls on the month's last day in the months too short for it (31 → 30 April, 28 or 29
 * February): BYMONTHDAY=28,…,n with BYSETPOS=-1, still plain RFC 5545.
 *
 * Every kind here is fully fixed by its BYDAY / BYMONTHDAY with an interval of 1, so any start
 * gives the same days; rrule walks from its start to the day asked for, so starting at the asked
 * month keeps that walk to a few weeks (from a start in 2000 it took about 15 ms per call). A
 * start that is not itself an occurrence is not counted as one.
 */
function rruleOf(rule: string, month: string): Rule {
  const key = `${month} ${rule}`;
  let r = rules.get(key);
  if (r) return r;
  const repeat = parseRepeat(rule);
  if (!repeat) throw new Error("not a repeat rule of the four kinds");
  const text =
    repeat.kind === "monthly" && repeat.day > 28
      ? `FREQ=MONTHLY;BYMONTHDAY=${Array.from({ length: repeat.day - 27 }, (_, i) => 28 + i).join(",")};BYSETPOS=-1`
      : rule;
  r = new RRule({ ...RRule.parseString(text), dtstart: floating(`${month}-01`) });
  if (rules.size > 1000) rules.clear();
  rules.set(key, r);
  return r;
}

/** The first occurrence of `rule` on or after `day` (YYYY-MM-DD). */
export function occurrenceOnOrAfter(rule: string, day: string): string {
  const next = rruleOf(rule, day.slice(0, 7)).after(floating(day), true);
  // Every rule of the four kinds occurs at least once in any 31 days.
  if (!next) throw new Error("the rule has no occurrence after that day");
  return dayOf(next);
}

/** The first occurrence strictly after `day`. */
export function occurrenceAfter(rule: string, day: string): string {
  return occurrenceOnOrAfter(rule, addDays(day, 1));
}

/** Every occurrence of `rule` from `from` to `to`, both included, in order. */
export function occurrencesBetween(rule: string, from: string, to: string): string[] {
  if (to < from) return [];
  return rruleOf(rule, from.slice(0, 7)).between(floating(from), floating(to), true).map(dayOf);
}
