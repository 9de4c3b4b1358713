import type { Kysely } from "kysely";

/**
 * "Not today" and "Done today" on the Tasks page (docs/decisions/019-tasks-page-and-not-today.md):
 * - `not_before`: the first day (YYYY-MM-DD, the user's wall clock) a task put off with
 *   "Not today" is back in the focus order; null for a task that is not put off;
 * - `completed_at`: when a task was last marked done (ISO-8601 UTC), null while it is open and
 *   for tasks completed before this column existed.
 * The index serves 'Done today': one user's tasks done within one day, found by range (only done
 * tasks have a `completed_at`). It does not start with `completed`, so the open-task pages keep
 * reading `tasks_user_completed`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("not_before", "text").execute();
  await db.schema.alterTable("tasks").addColumn("completed_at", "text").execute();
  await db.schema
    .createIndex("tasks_user_completed_at")
    .on("tasks")
    .columns(["user_id", "completed_at", "id"])
    .execute();
}
