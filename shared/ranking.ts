/**
 * The order of the dashboard's short lists, Top Focus Tasks and Quick Wins
 * (docs/decisions/015-ranked-short-lists.md). The server sorts the same way in SQL
 * (`GET /api/tasks?order=focus`, `GET /api/quick-wins?order=focus`); these functions are the
 * reference the client and the tests use, so the rule is written once here.
 */
import { MOODS } from "./constants.ts";

/** Moods after which the smallest tasks come first: a small start is what is within reach. */
export const LOW_ENERGY_MOODS = ["Tired", "Sad"] as const;

/**
 * The due time of a task with a due date but no time: the end of that day. "24:00" sorts after
 * every real HH:MM, so a task due "on Friday" comes after one due "Friday 17:00".
 */
export const END_OF_DAY = "24:00";

/** True for Tired and Sad, however the mood is written ("Tired", "tired", "😴 Tired"). */
export function isLowEnergyMood(mood: string | null | undefined): boolean {
  if (!mood) return false;
  const lower = mood.toLowerCase();
  const name = MOODS.find((m) => lower.includes(m.toLowerCase()));
  return name !== undefined && (LOW_ENERGY_MOODS as readonly string[]).includes(name);
}

/** What the focus order depends on besides the tasks: the user's today and energy. */
export type FocusRankContext = {
  /** Today's date (YYYY-MM-DD) in the user's time zone: a due time without a date is today's. */
  today: string;
  /** Today's mood is Tired or Sad: smallest estimate first among tasks without a due moment. */
  lowEnergy: boolean;
};

export type FocusRankable = {
  id: number;
  dueDate: string | null;
  dueTime: string | null;
  timeEstimate: number;
  createdAt: string;
};

/**
 * The sort key, compared element by element, smallest first:
 * 1. 0 for a task with a due moment (a due date, a due time, or both), 1 for one without;
 * 2-3. the due moment as a wall-clock date and time in the user's zone: date = dueDate, or today
 *    when only a time is set; time = dueTime, or END_OF_DAY when only a date is set. Undated
 *    tasks get today and END_OF_DAY, equal for all of them, so these keys never separate them;
 * 4. the time estimate when the mood is Tired or Sad, else 0 (not a key);
 * 5-6. createdAt, then id: the oldest first, and a total order when two were created together.
 *
 * A task is approaching (spec section 4) when its due moment is at or before now; by key 2-3 it
 * already stands ahead of every task still to come, so approaching needs no key of its own.
 */
export type FocusKey = [
  dated: 0 | 1,
  dueDate: string,
  dueTime: string,
  estimate: number,
  createdAt: string,
  id: number,
];

export function focusKey(task: FocusRankable, ctx: FocusRankContext): FocusKey {
  const dated = task.dueDate !== null || task.dueTime !== null;
  return [
    dated ? 0 : 1,
    task.dueDate ?? ctx.today,
    task.dueTime ?? END_OF_DAY,
    ctx.lowEnergy ? task.timeEstimate : 0,
    task.createdAt,
    task.id,
  ];
}

/** Element-wise comparison of sort keys; strings by code unit, as SQL's binary collation does. */
export function compareKeys(a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return a.length - b.length;
}

/**
 * True for a task put off with "Not today" that is not back yet: its `notBefore` day is after
 * `today` (both YYYY-MM-DD in the user's zone). On that day it is back, in its usual place.
 */
export function isPutOff(task: { notBefore: string | null }, today: string): boolean {
  return task.notBefore !== null && task.notBefore > today;
}

/**
 * Today's focus list: the open tasks not put off to a later day, in focus order. What
 * `GET /api/tasks?completed=false&order=focus` answers, page by page.
 */
export function todaysFocusTasks<T extends FocusRankable & { completed: boolean; notBefore: string | null }>(
  tasks: readonly T[],
  ctx: FocusRankContext,
): T[] {
  return rankFocusTasks(
    tasks.filter((t) => !t.completed && !isPutOff(t, ctx.today)),
    ctx,
  );
}

/** Tasks in focus order (a new array; the input is left as it is). */
export function rankFocusTasks<T extends FocusRankable>(tasks: readonly T[], ctx: FocusRankContext): T[] {
  return tasks
    .map((task) => ({ task, key: focusKey(task, ctx) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map((x) => x.task);
}

export type QuickWinRankable = { id: number; createdAt: string };

/** Quick wins have no due moment or estimate: the oldest first, by createdAt then id. */
export type QuickWinKey = [createdAt: string, id: number];

export function quickWinKey(win: QuickWinRankable): QuickWinKey {
  return [win.createdAt, win.id];
}

export function rankQuickWins<T extends QuickWinRankable>(wins: readonly T[]): T[] {
  return [...wins].sort((a, b) => compareKeys(quickWinKey(a), quickWinKey(b)));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in an IANA zone; UTC when the zone is unknown. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  // A formatter costs far more to build than to use: one per zone is kept.
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      return now.toISOString().slice(0, 10);
    }
    if (dayFormats.size < 1000) dayFormats.set(timeZone, format);
  }
  return format.format(now);
}
