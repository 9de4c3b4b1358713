import type { Selectable } from "kysely";
import type { z } from "zod";
import type { createQuickWinInput, QuickWin, updateQuickWinInput } from "../../shared/schemas.ts";
import { type Db, fromBool, nowIso, toBool } from "../db/database.ts";
import { deleteOwned, toggleOwnedCompleted } from "../db/owned.ts";
import type { QuickWinsTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";

const columns = ["id", "user_id", "text", "completed", "created_at"] as const;

function toQuickWin(row: Selectable<QuickWinsTable>): QuickWin {
  return {
    id: row.id,
    userId: row.user_id,
    text: row.text,
    completed: toBool(row.completed),
    createdAt: row.created_at,
  };
}

export async function listQuickWins(db: Db, opts: { userId: number }): Promise<QuickWin[]> {
  const rows = await db
    .selectFrom("quick_wins")
    .select(columns)
    .where("user_id", "=", opts.userId)
    .orderBy("id")
    .execute();
  return rows.map(toQuickWin);
}

async function getQuickWin(db: Db, userId: number, id: number): Promise<QuickWin> {
  const row = await db
    .selectFrom("quick_wins")
    .select(columns)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Quick win");
  return toQuickWin(row);
}

export async function createQuickWin(
  db: Db,
  opts: { userId: number; input: z.output<typeof createQuickWinInput> },
): Promise<QuickWin> {
  const row = await db
    .insertInto("quick_wins")
    .values({ user_id: opts.userId, text: opts.input.text, completed: 0, created_at: nowIso() })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toQuickWin(row);
}

export async function updateQuickWin(
  db: Db,
  opts: { userId: number; id: number; input: z.output<typeof updateQuickWinInput> },
): Promise<QuickWin> {
  await getQuickWin(db, opts.userId, opts.id);
  const patch: { text?: string; completed?: number } = {};
  if (opts.input.text !== undefined) patch.text = opts.input.text;
  if (opts.input.completed !== undefined) patch.completed = fromBool(opts.input.completed);
  if (Object.keys(patch).length > 0) {
    await db
      .updateTable("quick_wins")
      .set(patch)
      .where("id", "=", opts.id)
      .where("user_id", "=", opts.userId)
      .execute();
  }
  return getQuickWin(db, opts.userId, opts.id);
}

export async function toggleQuickWin(db: Db, opts: { userId: number; id: number }): Promise<QuickWin> {
  await toggleOwnedCompleted(db, "quick_wins", opts, "Quick win");
  return getQuickWin(db, opts.userId, opts.id);
}

export function deleteQuickWin(db: Db, opts: { userId: number; id: number }): Promise<void> {
  return deleteOwned(db, "quick_wins", opts, "Quick win");
}
