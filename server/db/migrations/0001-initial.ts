import type { Kysely } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/** Users, sessions and every per-user list of the product. */
export async function up(db: Kysely<unknown>, { idType, idColumn, bigintType }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", idType, idColumn)
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("display_name", "text")
    .addColumn("email", "text")
    .addColumn("oidc_issuer", "text")
    .addColumn("oidc_subject", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("users_oidc_identity", ["oidc_issuer", "oidc_subject"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("tasks")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("time_estimate", "integer", (c) => c.notNull())
    .addColumn("due_time", "text")
    .addColumn("due_date", "text")
    .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tasks_user").on("tasks").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("quick_wins")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quick_wins_user").on("quick_wins").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("thoughts")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("inbox"))
    .addColumn("converted_to", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("thoughts_user_created").on("thoughts").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("notes", "text")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("deadline", "text")
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("projects_user").on("projects").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("project_tasks")
    .addColumn("id", idType, idColumn)
    .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("task_key", bigintType, (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("completed", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("project_tasks_key", ["project_id", "task_key"])
    .execute();

  await db.schema
    .createTable("events")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("location", "text")
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("category", "text")
    .addColumn("google_id", "text")
    .addColumn("google_calendar_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_user_date").on("events").columns(["user_id", "date", "start_time"]).execute();

  await db.schema
    .createTable("user_settings")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("theme", "text", (c) => c.notNull())
    .addColumn("tone", "text", (c) => c.notNull())
    .addColumn("help_level", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mood_entries")
    .addColumn("id", idType, idColumn)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mood", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("mood_entries_user_date", ["user_id", "date"])
    .execute();
}
