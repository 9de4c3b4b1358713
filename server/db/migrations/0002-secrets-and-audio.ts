import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

export async function up(db: Kysely<unknown>, { blobType }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("user_secrets")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ciphertext", "text", (c) => c.notNull())
    .addColumn("hint", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_secrets_pk", ["user_id", "kind"])
    .execute();

  await db.schema
    .createTable("thought_audio")
    .addColumn("thought_id", "integer", (c) => c.primaryKey().references("thoughts.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("data", blobType, (c) => c.notNull())
    .addColumn("transcribed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("thought_audio_pending")
    .on("thought_audio")
    .columns(["user_id", "transcribed"])
    .execute();
}
