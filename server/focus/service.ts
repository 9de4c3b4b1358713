/**
 * Estimates that learn: each finished focus session records the minutes it really took next to
 * the task's estimate, and a per-category factor (actual ÷ estimated over the last tasks done) says
 * how far the person's estimates run off (docs/decisions/027-estimates-that-learn.md).
 */
import { TASK_CATEGORIES } from "../../shared/constants.ts";
import {
  type EstimateFactor,
  FACTOR_MAX,
  FACTOR_MIN,
  FACTOR_WINDOW,
  type FocusSession,
  type FocusSessionInput,
} from "../../shared/focus-schemas.ts";
import type { Db } from "../db/database.ts";
import { notFound } from "../errors.ts";
import { createWithRoom, type Keeper } from "../keep-limits.ts";

export async function recordFocusSession(
  db: Db,
  opts: Keeper & { input: FocusSessionInput; now: Date },
): Promise<FocusSession> {
  const row = await createWithRoom(db, opts, "focusSessions", async (trx) => {
    const task = await trx
      .selectFrom("tasks")
      .select(["id", "category", "time_estimate"])
      .where("id", "=", opts.input.taskId)
      .where("user_id", "=", opts.userId)
      .executeTakeFirst();
    if (!task) throw notFound("Task");
    return trx
      .insertInto("focus_sessions")
      .values({
        user_id: opts.userId,
        task_id: task.id,
        category: task.category,
        estimated_minutes: task.time_estimate,
        actual_minutes: opts.input.actualMinutes,
        ended_at: opts.now.toISOString(),
      })
      .returning(["id", "task_id", "category", "estimated_minutes", "actual_minutes", "ended_at"])
      .executeTakeFirstOrThrow();
  });
  return {
    id: row.id,
    taskId: row.task_id,
    category: row.category,
    estimatedMinutes: row.estimated_minutes,
    actualMinutes: row.actual_minutes,
    endedAt: row.ended_at,
  };
}

/**
 * One factor per task category, in the spec's order, plus any other category the user has used.
 * It measures tasks, not sessions: per task done, the minutes of all its sessions against the
 * estimate it had when work on it began (counted once), over the category's last 20 tasks done.
 * An open task teaches nothing yet (it may take longer still); a deleted one no longer counts.
 */
export async function estimateFactors(db: Db, opts: { userId: number }): Promise<EstimateFactor[]> {
  const rows = await db
    .selectFrom("focus_sessions as s")
    .innerJoin("tasks as t", "t.id", "s.task_id")
    .select(["s.task_id", "s.category", "s.estimated_minutes", "s.actual_minutes", "s.ended_at"])
    .where("s.user_id", "=", opts.userId)
    .where("t.user_id", "=", opts.userId)
    .where("t.completed", "=", 1)
    .orderBy("s.ended_at", "asc")
    .orderBy("s.id", "asc")
    .execute();
  // Sessions oldest first: a task's first session holds its estimate, its last one its category and time.
  const byTask = new Map<number, { category: string; estimated: number; actual: number; last: string }>();
  for (const row of rows) {
    if (row.task_id === null) continue;
    const task = byTask.get(row.task_id);
    if (task) {
      task.actual += row.actual_minutes;
      task.category = row.category;
      task.last = row.ended_at;
    } else {
      byTask.set(row.task_id, {
        category: row.category,
        estimated: row.estimated_minutes,
        actual: row.actual_minutes,
        last: row.ended_at,
      });
    }
  }
  const recent = new Map<string, { estimated: number; actual: number; tasks: number }>();
  const latestFirst = [...byTask.entries()].sort(([idA, a], [idB, b]) =>
    a.last === b.last ? idB - idA : a.last < b.last ? 1 : -1,
  );
  for (const [, task] of latestFirst) {
    const tally = recent.get(task.category) ?? { estimated: 0, actual: 0, tasks: 0 };
    if (tally.tasks >= FACTOR_WINDOW) continue;
    tally.estimated += task.estimated;
    tally.actual += task.actual;
    tally.tasks++;
    recent.set(task.category, tally);
  }
  const categories = [
    ...TASK_CATEGORIES,
    ...[...recent.keys()].filter((c) => !(TASK_CATEGORIES as readonly string[]).includes(c)),
  ];
  return categories.map((category) => {
    const tally = recent.get(category);
    if (!tally || tally.estimated === 0) return { category, factor: 1, tasks: 0 };
    const factor = Math.min(FACTOR_MAX, Math.max(FACTOR_MIN, tally.actual / tally.estimated));
    return { category, factor: Math.round(factor * 100) / 100, tasks: tally.tasks };
  });
}

/** Forgets the measured sessions (of one category, or all), so the factor starts again at 1. */
export async function resetEstimateFactors(
  db: Db,
  opts: { userId: number; category?: string },
): Promise<EstimateFactor[]> {
  let query = db.deleteFrom("focus_sessions").where("user_id", "=", opts.userId);
  if (opts.category) query = query.where("category", "=", opts.category);
  await query.execute();
  return estimateFactors(db, { userId: opts.userId });
}
