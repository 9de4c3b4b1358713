import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/**
 * Idempotency keys of create requests (docs/decisions/028-idempotency-keys.md): one row per user,
 * key, method and path. The unique constraint is what makes a repeat create nothing, even when two
 * requests with the same key reach two server instances at the same moment.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("id", ctx.idType, ctx.idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("idem_key", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    // Null while the first request is still being handled.
    .addColumn("status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("idempotency_keys_unique", ["user_id", "idem_key", "method", "path"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created").on("idempotency_keys").column("created_at").execute();
}
