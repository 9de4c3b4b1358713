import { type Selectable, sql, type Updateable } from "kysely";
import { z } from "zod";
import { quickWinKey } from "../../shared/ranking.ts";
import type { createQuickWinInput, QuickWin, quickWinListQuery, updateQuickWinInput } from "../../shared/schemas.ts";
import { foldWords } from "../../shared/search-words.ts";
import { type Db, fromBool, held, inTransaction, nowIso, toBool } from "../db/database.ts";
import { deleteOwned, toggleOwnedCompleted } from "../db/owned.ts";
import { precompiled } from "../db/precompiled.ts";
import type { QuickWinsTable } from "../db/schema.ts";
import { notFound, occurrenceMovedOn } from "../errors.ts";
import { assertRoom, createWithRoom, type Keeper, limitReached } from "../keep-limits.ts";
import {
  afterKey,
  cursorValue,
  decodeCursor,
  encodeCursor,
  hasWords,
  type Page,
  pageLimit,
  takePage,
} from "../lists/paging.ts";
import { occurrenceAfter } from "../routines/occurrences.ts";
import { placeSeries, userToday } from "../routines/roll-forward.ts";

const columns = ["id", "user_id", "text", "completed", "created_at", "repeat", "occurs_on"] as const;

function toQuickWin(row: Pick<Selectable<QuickWinsTable>, (typeof columns)[number]>): QuickWin {
  return {
    id: row.id,
    userId: row.user_id,
    text: row.text,
    completed: toBool(row.completed),
    createdAt: row.created_at,
    repeat: row.repeat,
    occursOn: row.occurs_on,
  };
}

/** The whole list, the spec's plain answer: compiled once (server/db/precompiled.ts). */
const allQuickWins = precompiled((db: Db, userId: number) =>
  db.selectFrom("quick_wins").select(columns).where("user_id", "=", userId).orderBy("id"),
);

export async function listQuickWins(db: Db, opts: { userId: number }): Promise<QuickWin[]> {
  return (await allQuickWins(db, opts.userId)).map(toQuickWin);
}

const idCursor = z.tuple([z.literal("id"), cursorValue.int]);
const focusCursor = z.tuple([z.literal("focus"), z.tuple([cursorValue.timestamp, cursorValue.int])]);

/**
 * One page of the user's quick wins, filtered by `completed`, in id or focus order (oldest first).
 * The open ones (`completed=false`) are today's: a repeating quick win whose next day is later
 * waits until then.
 */
export async function listQuickWinPage(
  db: Db,
  opts: { userId: number; query: z.output<typeof quickWinListQuery>; today: string },
): Promise<Page<QuickWin>> {
  const { query } = opts;
  const limit = pageLimit(query);
  let base = db.selectFrom("quick_wins").where("user_id", "=", opts.userId);
  if (query.completed !== undefined) base = base.where("completed", "=", fromBool(query.completed));
  const words = hasWords(query.q);
  if (words) base = base.where(words);
  if (query.completed === false) {
    base = base.where((eb) => eb.or([eb("occurs_on", "is", null), eb("occurs_on", "<=", opts.today)]));
  }
  const total = async () => Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  let q = base.select(columns);
  let cursorAfter: (w: QuickWin) => string;
  if (query.order === "focus") {
    const cursor = query.cursor ? decodeCursor(query.cursor, focusCursor) : undefined;
    const exprs = [sql.ref("created_at"), sql.ref("id")];
    if (cursor) q = q.where(afterKey(exprs, cursor[1], "asc"));
    q = q.orderBy("created_at").orderBy("id");
    cursorAfter = (w) => encodeCursor(["focus", quickWinKey(w)]);
  } else {
    const cursor = query.cursor ? decodeCursor(query.cursor, idCursor) : undefined;
    if (cursor) q = q.where("id", ">", cursor[1]);
    q = q.orderBy("id");
    cursorAfter = (w) => encodeCursor(["id", w.id]);
  }
  const [rows, n] = await Promise.all([q.limit(limit + 1).execute(), total()]);
  const page = takePage(rows.map(toQuickWin), limit, cursorAfter);
  return { items: page.rows, total: n, nextCursor: page.next };
}

/**
 * With `hold`, in a transaction on PostgreSQL, the row stays locked until it ends: another change
 * of the quick win at the same moment waits for it, and then reads it as it left it.
 */
async function getQuickWin(db: Db, userId: number, id: number, { hold = false } = {}): Promise<QuickWin> {
  const query = db.selectFrom("quick_wins").select(columns).where("id", "=", id).where("user_id", "=", userId);
  const row = await held(db, query, hold).executeTakeFirst();
  if (!row) throw notFound("Quick win");
  return toQuickWin(row);
}

/**
 * A new quick win, only while the user keeps fewer than `limit`: one statement that reads the
 * count and adds the row, so creates sent at the same moment never pass the bound together, and
 * the new quick win keeps its shared commit on SQLite (decision 042), where each statement of the
 * commit sees the rows of the ones before it. On PostgreSQL the count's row is locked, so a second
 * insert waits for the first one's commit and reads the count it left.
 */
const insertQuickWinIfRoom = precompiled(
  (db: Db, userId: number, text: string, searchText: string, createdAt: string, limit: number) => {
    const row = db
      .selectFrom("kept_counts")
      .select((eb) => [
        eb.val(userId).as("user_id"),
        eb.val(text).as("text"),
        eb.val(searchText).as("search_text"),
        eb.lit(0).as("completed"),
        eb.val(createdAt).as("created_at"),
      ])
      .where("user_id", "=", userId)
      .where("quick_wins", "<", limit);
    return db
      .insertInto("quick_wins")
      .columns(["user_id", "text", "search_text", "completed", "created_at"])
      .expression(held(db, row))
      .returning(columns);
  },
);

export async function createQuickWin(
  db: Db,
  opts: Keeper & { input: z.output<typeof createQuickWinInput>; today?: string },
): Promise<QuickWin> {
  const repeat = opts.input.repeat ?? null;
  if (repeat !== null) {
    const today = opts.today ?? (await userToday(db, opts.userId, Date.now())).today;
    const row = await createWithRoom(db, opts, "quickWins", (trx) =>
      trx
        .insertInto("quick_wins")
        .values({
          user_id: opts.userId,
          text: opts.input.text,
          search_text: foldWords(opts.input.text),
          completed: 0,
          created_at: nowIso(),
          repeat,
          occurs_on: placeSeries(repeat, null, today).on,
        })
        .returning(columns)
        .executeTakeFirstOrThrow(),
    );
    return toQuickWin(row);
  }
  const limit = opts.keep.quickWins;
  const [row] = await insertQuickWinIfRoom(
    db,
    opts.userId,
    opts.input.text,
    foldWords(opts.input.text),
    nowIso(),
    limit,
  );
  if (!row) throw limitReached("quickWins", limit);
  return toQuickWin(row);
}

export async function updateQuickWin(
  db: Db,
  opts: { userId: number; id: number; input: z.output<typeof updateQuickWinInput>; today?: string },
): Promise<QuickWin> {
  const before = await getQuickWin(db, opts.userId, opts.id);
  const patch: Updateable<QuickWinsTable> = {};
  if (opts.input.text !== undefined) {
    patch.text = opts.input.text;
    patch.search_text = foldWords(opts.input.text);
  }
  if (opts.input.repeat !== undefined && opts.input.repeat !== before.repeat) {
    patch.repeat = opts.input.repeat;
    const today = opts.today ?? (await userToday(db, opts.userId, Date.now())).today;
    patch.occurs_on = opts.input.repeat === null ? null : placeSeries(opts.input.repeat, null, today).on;
  }
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

/** Moves a series past its current occurrence (or today, if that is later), open and hidden until then. */
async function skipOccurrence(db: Db, win: QuickWin, today: string): Promise<void> {
  const current = win.occursOn !== null && win.occursOn > today ? win.occursOn : today;
  await db
    .updateTable("quick_wins")
    .set({ occurs_on: occurrenceAfter(win.repeat as string, current), completed: 0 })
    .where("id", "=", win.id)
    .where("user_id", "=", win.userId)
    // Moved already by another request since it was read (the same skip sent twice at once): left alone.
    .where("occurs_on", win.occursOn === null ? "is" : "=", win.occursOn)
    .execute();
}

/**
 * "Just this one" for a repeating quick win (docs/decisions/032-routines.md): today's occurrence
 * becomes a one-off quick win with the edit, and the series moves on to its next day. One that
 * does not repeat is edited as it is. Answers the one-off.
 */
export async function updateQuickWinOccurrence(
  db: Db,
  opts: Keeper & {
    id: number;
    input: z.output<typeof updateQuickWinInput>;
    today: string;
    /** The day of the occurrence being changed, as read: refused once the series has moved on from it. */
    occurrence?: string;
  },
): Promise<QuickWin> {
  return inTransaction(db, async (trx) => {
    // The series is held first: a change of it at the same moment is waited for, not deadlocked
    // with (as for a task's, tasks/service.ts).
    const win = await getQuickWin(trx, opts.userId, opts.id, { hold: true });
    if (win.repeat === null) return updateQuickWin(trx, opts);
    // Changed just this once already (the same edit sent again), skipped, or rolled past its day.
    if (opts.occurrence !== undefined && win.occursOn !== opts.occurrence) throw occurrenceMovedOn();
    // Today's occurrence becomes a quick win of its own: one more kept.
    await assertRoom(trx, opts, "quickWins");
    const text = opts.input.text ?? win.text;
    const row = await trx
      .insertInto("quick_wins")
      .values({
        user_id: opts.userId,
        text,
        search_text: foldWords(text),
        completed: fromBool(opts.input.completed ?? win.completed),
        // It keeps the series' place among the oldest.
        created_at: win.createdAt,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await skipOccurrence(trx, win, opts.today);
    return toQuickWin(row);
  });
}

/** "Just this one" for deleting a repeating quick win: the series skips today's occurrence. */
export async function deleteQuickWinOccurrence(
  db: Db,
  opts: { userId: number; id: number; today: string; occurrence?: string },
): Promise<void> {
  const win = await getQuickWin(db, opts.userId, opts.id);
  // The occurrence asked to skip is behind the series already: skipped, done or rolled past.
  if (opts.occurrence !== undefined && win.occursOn !== opts.occurrence) return;
  if (win.repeat === null) return deleteQuickWin(db, opts);
  await skipOccurrence(db, win, opts.today);
}
