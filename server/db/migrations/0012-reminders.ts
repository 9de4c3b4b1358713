import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/** Reminders sent by Web Push (docs/decisions/031-reminders-by-web-push.md). */
export async function up(db: Kysely<unknown>, { idType, idColumn }: MigrationContext): Promise<void> {
  // Keys the server makes for itself (the VAPID key pair), sealed with the secrets key.
  await db.schema
    .createTable("server_keys")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // One row per device that asked for reminders; its keys are sealed like other secrets.
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("keys", "text", (c) => c.notNull())
    .addColumn("device", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();

  await db.schema
    .createTable("reminder_settings")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("event_lead_minutes", "integer", (c) => c.notNull().defaultTo(10))
    .addColumn("events", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("tasks", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("thoughts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("focus_end", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("daily_plan_time", "text")
    .addColumn("quiet_start", "text")
    .addColumn("quiet_end", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // The end of the person's running focus session, so it can be announced with the tab closed.
  await db.schema
    .createTable("focus_timers")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("ends_at", "text", (c) => c.notNull())
    .execute();

  // Each notification once: the unique key is claimed by one instance, which holds a lease
  // while it sends; a lease left by a stopped instance runs out and another takes it over.
  await db.schema
    .createTable("push_deliveries")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("push_deliveries_once", ["user_id", "key"])
    .execute();
  await db.schema
    .createIndex("push_deliveries_status")
    .on("push_deliveries")
    .columns(["status", "lease_until"])
    .execute();
  await db.schema.createIndex("push_deliveries_due").on("push_deliveries").column("due_at").execute();
}
