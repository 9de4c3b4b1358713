import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/** Two-factor sign-in (TOTP with recovery codes, a pending step between password and code) and named devices. */
export async function up(db: Kysely<unknown>, { idType, idColumn }: MigrationContext): Promise<void> {
  // The browser a session was last used from, so Settings can list signed-in devices.
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();

  // Kept apart from user_secrets: Delete All Data empties that table, and must never turn a
  // second factor off.
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("two_factor_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("two_factor_challenges_expiry")
    .on("two_factor_challenges")
    .column("expires_at")
    .execute();
}
