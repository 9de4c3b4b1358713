import { type Kysely, sql } from "kysely";

/**
 * Routines (docs/decisions/032-routines.md): one row per series.
 * - `tasks.repeat`, `quick_wins.repeat`: the RFC 5545 RRULE (FREQ=DAILY, FREQ=WEEKLY;BYDAY=…,
 *   FREQ=MONTHLY;BYMONTHDAY=n), null for a one-off. A repeating task's `due_date` is its current
 *   occurrence, its `not_before` hides it until that day.
 * - `quick_wins.occurs_on`: a repeating quick win's current occurrence (YYYY-MM-DD, the user's
 *   wall clock); the open list leaves it out until that day.
 * The partial indexes find the few series that need rolling forward to a new day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("repeat", "text").execute();
  await db.schema.alterTable("quick_wins").addColumn("repeat", "text").execute();
  await db.schema.alterTable("quick_wins").addColumn("occurs_on", "text").execute();
  await db.schema
    .createIndex("tasks_user_repeat")
    .on("tasks")
    .columns(["user_id", "due_date"])
    .where(sql.ref("repeat"), "is not", null)
    .execute();
  await db.schema
    .createIndex("quick_wins_user_repeat")
    .on("quick_wins")
    .columns(["user_id", "occurs_on"])
    .where(sql.ref("repeat"), "is not", null)
    .execute();
}
