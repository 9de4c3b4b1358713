import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/**
 * A welcome back instead of a pile (docs/decisions/033-welcome-back.md):
 * - `tasks.archived_at`: when a task was let go (ISO-8601 UTC); null while it is kept. A task let
 *   go leaves every list, count and reminder and can be brought back. Writing it is a write to
 *   `tasks`, so the lists-version triggers of migration 0013 already raise the user's version.
 * - `days_of_use`: per user, the last day (YYYY-MM-DD, the user's zone) the app was used, and the
 *   day of use before an absence of three days or more while its welcome is still to be shown.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("archived_at", "text").execute();
  await db.schema
    .createTable("days_of_use")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("last_day", "text", (c) => c.notNull())
    .addColumn("away_since", "text")
    .execute();
}
