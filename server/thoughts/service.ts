import { type Selectable, sql, type Updateable } from "kysely";
import { z } from "zod";
import type { createThoughtInput, Thought, thoughtListQuery, updateThoughtInput } from "../../shared/schemas.ts";
import { type Db, held, inTransaction, nowIso } from "../db/database.ts";
import { deleteOwned } from "../db/owned.ts";
import { precompiled } from "../db/precompiled.ts";
import type { ThoughtsTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { createWithRoom, type Keeper } from "../keep-limits.ts";
import { afterKey, cursorValue, decodeCursor, encodeCursor, type Page, pageLimit, takePage } from "../lists/paging.ts";

const columns = [
  "id",
  "user_id",
  "content",
  "type",
  "status",
  "converted_to",
  "created_at",
  "when_date",
  "when_time",
] as const;

function toThought(row: Selectable<ThoughtsTable>): Thought {
  return {
    id: row.id,
    userId: row.user_id,
    content: row.content,
    type: row.type as Thought["type"],
    status: row.status as Thought["status"],
    convertedTo: row.converted_to,
    createdAt: row.created_at,
    whenDate: row.when_date,
    whenTime: row.when_time,
  };
}

/** Newest first; ties (same millisecond) broken by id so the order is stable. */
/** The whole list, the spec's plain answer: compiled once (server/db/precompiled.ts). */
const allThoughts = precompiled((db: Db, userId: number) =>
  db
    .selectFrom("thoughts")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc"),
);

export async function listThoughts(db: Db, opts: { userId: number }): Promise<Thought[]> {
  return (await allThoughts(db, opts.userId)).map(toThought);
}

const newestCursor = z.tuple([z.literal("newest"), z.tuple([cursorValue.timestamp, cursorValue.int])]);

/** One page of the user's thoughts, newest first, filtered by `status`. */
export async function listThoughtPage(
  db: Db,
  opts: { userId: number; query: z.output<typeof thoughtListQuery> },
): Promise<Page<Thought>> {
  const { query } = opts;
  const limit = pageLimit(query);
  let base = db.selectFrom("thoughts").where("user_id", "=", opts.userId);
  if (query.status !== undefined) base = base.where("status", "=", query.status);
  const total = async () => Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const cursor = query.cursor ? decodeCursor(query.cursor, newestCursor) : undefined;
  let q = base.select(columns);
  if (cursor) q = q.where(afterKey([sql.ref("created_at"), sql.ref("id")], cursor[1], "desc"));
  q = q.orderBy("created_at", "desc").orderBy("id", "desc");
  const [rows, n] = await Promise.all([q.limit(limit + 1).execute(), total()]);
  const page = takePage(rows.map(toThought), limit, (t) => encodeCursor(["newest", [t.createdAt, t.id]]));
  return { items: page.rows, total: n, nextCursor: page.next };
}

/**
 * With `hold`, in a transaction on PostgreSQL, the row stays locked until it ends: another change
 * of the thought at the same moment waits for it, and then reads it as it left it.
 */
export async function getThought(db: Db, userId: number, id: number, { hold = false } = {}): Promise<Thought> {
  const query = db.selectFrom("thoughts").select(columns).where("id", "=", id).where("user_id", "=", userId);
  const row = await held(db, query, hold).executeTakeFirst();
  if (!row) throw notFound("Thought");
  return toThought(row);
}

export async function createThought(
  db: Db,
  opts: Keeper & { input: z.output<typeof createThoughtInput> },
): Promise<Thought> {
  const row = await createWithRoom(db, opts, "thoughts", (trx) =>
    trx
      .insertInto("thoughts")
      .values({
        user_id: opts.userId,
        content: opts.input.content,
        type: opts.input.type,
        status: "inbox",
        converted_to: null,
        created_at: nowIso(),
        when_date: opts.input.whenDate ?? null,
        when_time: opts.input.whenDate ? (opts.input.whenTime ?? null) : null,
      })
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  return toThought(row);
}

export async function updateThought(
  db: Db,
  opts: { userId: number; id: number; input: z.output<typeof updateThoughtInput> },
): Promise<Thought> {
  await getThought(db, opts.userId, opts.id);
  const { input } = opts;
  const patch: Updateable<ThoughtsTable> = {};
  if (input.content !== undefined) patch.content = input.content;
  if (input.type !== undefined) patch.type = input.type;
  if (input.status !== undefined) patch.status = input.status;
  if (input.convertedTo !== undefined) patch.converted_to = input.convertedTo;
  if (input.whenDate !== undefined) {
    patch.when_date = input.whenDate;
    patch.when_time = input.whenDate ? (input.whenTime ?? null) : null;
  }
  await inTransaction(db, async (trx) => {
    if (Object.keys(patch).length > 0) {
      await trx
        .updateTable("thoughts")
        .set(patch)
        .where("id", "=", opts.id)
        .where("user_id", "=", opts.userId)
        .execute();
    }
    if (input.content !== undefined && input.contentIsTranscript) {
      // A later provider transcript would otherwise be added after these same words.
      await trx
        .updateTable("thought_audio")
        .set({ transcribed: 1 })
        .where("thought_id", "=", opts.id)
        .where("user_id", "=", opts.userId)
        .execute();
    }
  });
  return getThought(db, opts.userId, opts.id);
}

export function deleteThought(db: Db, opts: { userId: number; id: number }): Promise<void> {
  return deleteOwned(db, "thoughts", opts, "Thought");
}
