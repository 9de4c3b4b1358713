import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/**
 * Focus sessions with the minutes they really took, so estimates can learn per category
 * (docs/decisions/027-estimates-that-learn.md). The category and estimate are copied from the task
 * when the session ends: renaming or deleting the task later does not rewrite what was measured.
 */
export async function up(db: Kysely<unknown>, { idType, idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("focus_sessions")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("task_id", "integer", (c) => c.references("tasks.id").onDelete("set null"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("estimated_minutes", "integer", (c) => c.notNull())
    .addColumn("actual_minutes", "integer", (c) => c.notNull())
    .addColumn("ended_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("focus_sessions_user_category")
    .on("focus_sessions")
    .columns(["user_id", "category", "ended_at"])
    .execute();
}
