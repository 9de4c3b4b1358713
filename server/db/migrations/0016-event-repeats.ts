import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/**
 * Repeating events (docs/decisions/034-repeating-events.md).
 * - `event_series`: a repeating event made in the app: its RFC 5545 RRULE (shared/repeat.ts), what
 *   each new occurrence is made with, its first day, the last day occurrences have been made up to
 *   (`filled_until`) and, once the person stopped it, the last day it may have one (`ends_on`).
 * - `events.series_id`, `events.series_day`: an occurrence's series and the rule's day it stands
 *   for (kept when that one occurrence is moved). Unique together (rows of no series are null and
 *   never clash), so making occurrences again never doubles one.
 */
export async function up(db: Kysely<unknown>, { idType, idColumn }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("event_series")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("repeat", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("location", "text")
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("category", "text")
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("filled_until", "text", (c) => c.notNull())
    .addColumn("ends_on", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("event_series_user").on("event_series").columns(["user_id", "filled_until"]).execute();
  await db.schema
    .alterTable("events")
    .addColumn("series_id", "integer", (c) => c.references("event_series.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("events").addColumn("series_day", "text").execute();
  await db.schema.createIndex("events_series_day").on("events").columns(["series_id", "series_day"]).unique().execute();
}
