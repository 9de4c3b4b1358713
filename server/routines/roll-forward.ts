/**
 * Rolling series forward (docs/decisions/032-routines.md). A repeating task or quick win is one
 * row whose date is its current occurrence. Once that day has passed, the row moves to the rule's
 * first occurrence on or after today — open or done, missed once or for weeks, it is one row, never
 * a pile of copies — and is open again; an occurrence after today hides it until its day.
 */
import type { FastifyRequest } from "fastify";
import { addDays, zonedInstant } from "../../shared/dates.ts";
import { todayInZone } from "../../shared/ranking.ts";
import type { Db } from "../db/database.ts";
import { fillUserSeries } from "../events/series.ts";
import { DEFAULT_TIME_ZONE } from "../settings/service.ts";
import { occurrenceOnOrAfter } from "./occurrences.ts";

export type Clock = () => number;

/** Where a series stands from `from` (or today) on: its occurrence, and the day it is hidden until. */
export function placeSeries(
  rule: string,
  from: string | null,
  today: string,
): { on: string; hiddenUntil: string | null } {
  const on = occurrenceOnOrAfter(rule, from !== null && from > today ? from : today);
  return { on, hiddenUntil: on > today ? on : null };
}

/**
 * Moves the user's series whose occurrence is before `today`, and makes their repeating events'
 * occurrences up to eight weeks ahead; answers how many rows moved or were made.
 */
export async function rollForward(db: Db, userId: number, today: string): Promise<number> {
  let moved = 0;
  const tasks = await db
    .selectFrom("tasks")
    .select(["id", "repeat", "due_date", "not_before"])
    .where("user_id", "=", userId)
    .where("repeat", "is not", null)
    .where((eb) => eb.or([eb("due_date", "is", null), eb("due_date", "<", today)]))
    .execute();
  for (const t of tasks) {
    const { on, hiddenUntil } = placeSeries(t.repeat as string, null, today);
    // A day the person put it off to stays, when it is later than the occurrence.
    const notBefore = hiddenUntil ?? (t.not_before !== null && t.not_before > today ? t.not_before : null);
    const res = await db
      .updateTable("tasks")
      .set({ due_date: on, not_before: notBefore, completed: 0, completed_at: null })
      .where("id", "=", t.id)
      .where("user_id", "=", userId)
      // Moved already by another request: left alone.
      .where("due_date", t.due_date === null ? "is" : "=", t.due_date)
      .executeTakeFirst();
    moved += Number(res.numUpdatedRows);
  }
  const wins = await db
    .selectFrom("quick_wins")
    .select(["id", "repeat", "occurs_on"])
    .where("user_id", "=", userId)
    .where("repeat", "is not", null)
    .where((eb) => eb.or([eb("occurs_on", "is", null), eb("occurs_on", "<", today)]))
    .execute();
  for (const w of wins) {
    const { on } = placeSeries(w.repeat as string, null, today);
    const res = await db
      .updateTable("quick_wins")
      .set({ occurs_on: on, completed: 0 })
      .where("id", "=", w.id)
      .where("user_id", "=", userId)
      .where("occurs_on", w.occurs_on === null ? "is" : "=", w.occurs_on)
      .executeTakeFirst();
    moved += Number(res.numUpdatedRows);
  }
  // Repeating events: their occurrences carried forward to eight weeks ahead (decision 034).
  moved += await fillUserSeries(db, userId, today);
  return moved;
}

/** The user's zone and today in it, read from the settings. */
export async function userToday(db: Db, userId: number, now: number): Promise<{ today: string; timeZone: string }> {
  const row = await db.selectFrom("user_settings").select("time_zone").where("user_id", "=", userId).executeTakeFirst();
  const timeZone = row?.time_zone ?? DEFAULT_TIME_ZONE;
  return { timeZone, today: todayInZone(timeZone, new Date(now)) };
}

type Day = { today: string; timeZone: string; until: number };
/** Users remembered at most; past it the oldest are forgotten (and rolled again, harmlessly). */
const MAX_USERS = 50_000;

/**
 * Rolls each user's series forward once per day of theirs, at the first list read of the day,
 * and remembers today for them until their next midnight, so later reads cost nothing.
 */
export class Routines {
  readonly #db: Db;
  readonly #now: Clock;
  readonly #days = new Map<number, Day>();

  constructor(db: Db, now: Clock = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  now(): number {
    return this.#now();
  }

  /**
   * Today for the user, after rolling their series forward if this is the first call of their day.
   * When rows moved, the request's lists version is read again, so a kept whole-list answer made
   * before the move is not answered (docs/decisions/024-cached-list-answers.md).
   */
  async today(userId: number, request?: FastifyRequest): Promise<string> {
    const at = this.#now();
    const known = this.#days.get(userId);
    if (known && at < known.until && at >= known.until - 50 * 3_600_000) return known.today;
    const { today, timeZone } = await userToday(this.#db, userId, at);
    const moved = await rollForward(this.#db, userId, today);
    if (moved > 0 && request?.sessionUser) {
      const row = await this.#db
        .selectFrom("users")
        .select("lists_version")
        .where("id", "=", userId)
        .executeTakeFirst();
      // A copy: the session's user may be shared by every request of the session (decision 039).
      if (row) request.sessionUser = { ...request.sessionUser, lists_version: row.lists_version };
    }
    this.#days.delete(userId);
    if (this.#days.size >= MAX_USERS) this.#days.delete(this.#days.keys().next().value as number);
    this.#days.set(userId, { today, timeZone, until: zonedInstant(addDays(today, 1), "00:00", timeZone) });
    return today;
  }

  /** Forgets the user's day: their zone changed, or their rows were written from outside the routes. */
  forget(userId: number): void {
    this.#days.delete(userId);
  }
}
