import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  // Failed sign-in counts, shared by every instance on this database. The key is a hash of what
  // is counted (an address, an account, or both), so the table holds no addresses or names.
  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("last_failure_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_throttle_expires").on("login_throttle").column("expires_at").execute();

  // Browsers an account has signed in on, found by the hash of their cookie: they are spared the
  // account-wide slowdown strangers cause (docs/decisions/012-shared-limits-and-password-policy.md).
  await db.schema
    .createTable("known_devices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("known_devices_user").on("known_devices").column("user_id").execute();
  await db.schema.createIndex("known_devices_expires").on("known_devices").column("expires_at").execute();

  // Requests per address and minute, summed over every instance: each instance counts in memory
  // and adds its counts here about once a second (server/shared-rate-limit.ts).
  await db.schema
    .createTable("rate_limit_counts")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_counts_pk", ["key", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limit_counts_expires").on("rate_limit_counts").column("expires_at").execute();
}
