/**
 * A welcome back instead of a pile (docs/decisions/033-welcome-back.md). The app keeps, per user,
 * the last day (in the user's zone) it was used; a day of use three or more days after the one
 * before marks a return, whose welcome offers the oldest open tasks from before the absence, one
 * at a time, until it is done or set aside.
 */
import { TZDate } from "@date-fns/tz";
import { sql } from "kysely";
import { addDays } from "../../shared/dates.ts";
import { todayInZone } from "../../shared/ranking.ts";
import { WELCOME_BACK_AWAY_DAYS, WELCOME_BACK_MAX_TASKS, type WelcomeBack } from "../../shared/schemas.ts";
import type { Db } from "../db/database.ts";
import { DEFAULT_TIME_ZONE } from "../settings/service.ts";
import { listTasksByIds } from "../tasks/service.ts";

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

async function userZone(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom("user_settings").select("time_zone").where("user_id", "=", userId).executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/**
 * Notes that the user uses the app today. Writes at most once per user and day: only when the
 * stored day is older than today. A first day of use (a new account) is never a return.
 */
export async function recordDayOfUse(db: Db, opts: { userId: number; now: Date }): Promise<void> {
  const today = todayInZone(await userZone(db, opts.userId), opts.now);
  const row = await db
    .selectFrom("days_of_use")
    .select(["last_day", "away_since"])
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto("days_of_use")
      .values({ user_id: opts.userId, last_day: today, away_since: null })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    return;
  }
  if (row.last_day >= today) return;
  // Another day of use: a return after an absence opens a welcome; any other day closes one
  // that was never seen, so a welcome belongs to its day of return only.
  const away = daysBetween(row.last_day, today) >= WELCOME_BACK_AWAY_DAYS;
  await db
    .updateTable("days_of_use")
    .set({ last_day: today, away_since: away ? row.last_day : null })
    // Whichever request of the day comes first writes; the others find the day already there.
    .where("user_id", "=", opts.userId)
    .where("last_day", "=", row.last_day)
    .execute();
}

/** The instant (ISO-8601 UTC) a day of `timeZone` starts. */
function startOfDay(day: string, timeZone: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, timeZone).getTime()).toISOString();
}

/**
 * Whether to welcome the user back today, and with which tasks: the oldest open tasks made on or
 * before the last day of use before the absence, not let go and not put off past today.
 */
export async function welcomeBack(db: Db, opts: { userId: number; now: Date }): Promise<WelcomeBack> {
  await recordDayOfUse(db, opts);
  const row = await db
    .selectFrom("days_of_use")
    .select(["away_since"])
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row?.away_since) return { show: false, tasks: [] };
  const timeZone = await userZone(db, opts.userId);
  const today = todayInZone(timeZone, opts.now);
  const before = startOfDay(addDays(row.away_since, 1), timeZone);
  const ids = await db
    .selectFrom("tasks")
    .select("id")
    .where("user_id", "=", opts.userId)
    .where("completed", "=", 0)
    .where("archived_at", "is", null)
    // Routines come back on their own days (docs/decisions/032-routines.md): never a pile.
    .where("repeat", "is", null)
    .where((eb) => eb.or([eb("not_before", "is", null), eb("not_before", "<=", today)]))
    .where("created_at", "<", before)
    .orderBy(sql`created_at`)
    .orderBy("id")
    .limit(WELCOME_BACK_MAX_TASKS)
    .execute();
  if (ids.length === 0) return { show: false, tasks: [] };
  const tasks = await listTasksByIds(db, { userId: opts.userId, ids: ids.map((r) => r.id) });
  return { show: true, tasks };
}

/** The welcome is done ("Not now", closed, or every task answered): not again until the next return. */
export async function dismissWelcomeBack(db: Db, opts: { userId: number }): Promise<void> {
  await db.updateTable("days_of_use").set({ away_since: null }).where("user_id", "=", opts.userId).execute();
}
