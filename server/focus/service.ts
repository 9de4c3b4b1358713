/**
 * Estimates that learn: each finished focus session records the minutes it really took next to
 * the task's estimate, and a per-category factor (actual ÷ estimated over the last sessions) says
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

export async function recordFocusSession(
  db: Db,
  opts: { userId: number; input: FocusSessionInput; now: Date },
): Promise<FocusSession> {
  const task = await db
    .selectFrom("tasks")
    .select(["id", "category", "time_estimate"])
    .where("id", "=", opts.input.taskId)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!task) throw notFound("Task");
  const row = await db
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
  return {
    id: row.id,
    taskId: row.task_id,
    category: row.category,
    estimatedMinutes: row.estimated_minutes,
    actualMinutes: row.actual_minutes,
    endedAt: row.ended_at,
  };
}

/** One factor per task category, in the spec's order, plus any other category the user has used. */
export async function estimateFactors(db: Db, opts: { userId: number }): Promise<EstimateFactor[]> {
  const rows = await db
    .selectFrom("focus_sessions")
    .select(["category", "estimated_minutes", "actual_minutes"])
    .where("user_id", "=", opts.userId)
    .orderBy("ended_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const recent = new Map<string, { estimated: number; actual: number; sessions: number }>();
  for (const row of rows) {
    const tally = recent.get(row.category) ?? { estimated: 0, actual: 0, sessions: 0 };
    if (tally.sessions >= FACTOR_WINDOW) continue;
    tally.estimated += row.estimated_minutes;
    tally.actual += row.actual_minutes;
    tally.sessions++;
    recent.set(row.category, tally);
  }
  const categories = [
    ...TASK_CATEGORIES,
    ...[...recent.keys()].filter((c) => !(TASK_CATEGORIES as readonly string[]).includes(c)),
  ];
  return categories.map((category) => {
    const tally = recent.get(category);
    if (!tally || tally.estimated === 0) return { category, factor: 1, sessions: 0 };
    const factor = Math.min(FACTOR_MAX, Math.max(FACTOR_MIN, tally.actual / tally.estimated));
    return { category, factor: Math.round(factor * 100) / 100, sessions: tally.sessions };
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
