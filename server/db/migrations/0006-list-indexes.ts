import type { Kysely } from "kysely";

/**
 * Indexes that follow the list pages' filters and sort keys (docs/decisions/015-ranked-short-lists.md):
 * each page and its count read one user's slice of an index, never the whole table. Two indexes of
 * 0001 are replaced by ones that end in the id, the last key of every order, so PostgreSQL needs no
 * extra sort for ties (SQLite appends the rowid by itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Open (or done) tasks: the focus page sorts this slice; the id-ordered page and the count read it as is.
  await db.schema.createIndex("tasks_user_completed").on("tasks").columns(["user_id", "completed", "id"]).execute();
  // Open quick wins, oldest first.
  await db.schema
    .createIndex("quick_wins_user_completed_created")
    .on("quick_wins")
    .columns(["user_id", "completed", "created_at", "id"])
    .execute();
  // Thoughts newest first, all of them or one status (the inbox and its badge).
  await db.schema.dropIndex("thoughts_user_created").execute();
  await db.schema
    .createIndex("thoughts_user_created_id")
    .on("thoughts")
    .columns(["user_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("thoughts_user_status_created")
    .on("thoughts")
    .columns(["user_id", "status", "created_at", "id"])
    .execute();
  // Events of a date range in schedule order.
  await db.schema.dropIndex("events_user_date").execute();
  await db.schema
    .createIndex("events_user_date_start")
    .on("events")
    .columns(["user_id", "date", "start_time", "id"])
    .execute();
}
