import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/**
 * A focus task's breakdown steps (docs/decisions/025-task-steps.md): stored with their task, in
 * order, each with its done state, so the checklist belongs to one task and survives a reload or
 * another device. Deleting the task deletes its steps.
 * Also a thought's day and time, when the words captured said one and the person kept it
 * (docs/decisions/022-dates-in-words.md): `when_date` YYYY-MM-DD, `when_time` HH:MM or null, in
 * the user's wall clock.
 */
export async function up(db: Kysely<unknown>, { idType, idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("task_steps")
    .addColumn("id", idType, idColumn)
    .addColumn("task_id", "integer", (c) => c.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("task_steps_task_position").on("task_steps").columns(["task_id", "position"]).execute();
  await db.schema.alterTable("thoughts").addColumn("when_date", "text").execute();
  await db.schema.alterTable("thoughts").addColumn("when_time", "text").execute();
}
