import { sql } from "kysely";
import { notFound } from "../errors.ts";
import type { Db } from "./database.ts";

/** Tables whose rows belong to one user through `user_id`. */
type OwnedTable = "tasks" | "quick_wins" | "thoughts" | "projects" | "events";

/** Deletes the user's row; another user's id (or none) is "not found", never a hint it exists. */
export async function deleteOwned(
  db: Db,
  table: OwnedTable,
  opts: { userId: number; id: number },
  label: string,
): Promise<void> {
  const res = await db
    .deleteFrom(table)
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(label);
}

/** Flips `completed` in one statement, so two quick taps cannot both read the old value. */
export async function toggleOwnedCompleted(
  db: Db,
  table: "tasks" | "quick_wins",
  opts: { userId: number; id: number },
  label: string,
): Promise<void> {
  const res = await db
    .updateTable(table)
    .set({ completed: sql<number>`1 - completed` })
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(label);
}
