import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

export async function up(db: Kysely<unknown>, { idType, idColumn }: MigrationContext): Promise<void> {
  // One row per sign-in or calendar-consent attempt, found by the hash of the browser cookie.
  await db.schema
    .createTable("auth_flows")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("nonce", "text")
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("calendar_connections")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("calendar_id", "text", (c) => c.notNull())
    .addColumn("server_url", "text")
    .addColumn("username", "text")
    .addColumn("sync_token", "text")
    .addColumn("last_synced_at", "text")
    .addColumn("last_error", "text")
    .addColumn("next_sync_at", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("calendar_connections_due").on("calendar_connections").column("next_sync_at").execute();

  await db.schema.alterTable("events").addColumn("remote_etag", "text").execute();
  await db.schema.alterTable("events").addColumn("remote_updated", "text").execute();
  await db.schema
    .alterTable("events")
    .addColumn("sync_pending", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // One local copy per provider event: a retried pull can never duplicate.
  await db.schema.createIndex("events_user_remote").on("events").columns(["user_id", "google_id"]).unique().execute();

  // A local deletion waits here until the provider has it too, so a pull cannot bring it back.
  await db.schema
    .createTable("event_tombstones")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("remote_id", "text", (c) => c.notNull())
    .addColumn("etag", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("event_tombstones_user_remote")
    .on("event_tombstones")
    .columns(["user_id", "remote_id"])
    .unique()
    .execute();
}
