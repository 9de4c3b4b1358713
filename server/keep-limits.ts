/**
 * What one person can keep (docs/decisions/070-what-one-account-can-keep.md). Each bound is far
 * above what anyone keeps in years of daily use, and stops a script from filling the server's
 * disk or database. A create past one answers 400 `LIMIT_REACHED` in words that say what to do,
 * and changes nothing; an import that would pass one is refused whole, as its transaction is.
 */
import type { KeptKind } from "../shared/constants.ts";
import type { KeepLimits } from "./config.ts";
import { type Db, held, inTransaction, locksRows } from "./db/database.ts";
import { precompiled } from "./db/precompiled.ts";
import { AppError } from "./errors.ts";

/** The kinds counted by the database's triggers (migration 0018), by their name in KEEP_AT_MOST. */
export type CountedKind =
  | "tasks"
  | "quickWins"
  | "thoughts"
  | "projects"
  | "events"
  | "focusSessions"
  | "recordingBytes";
export type KeptCounts = Record<CountedKind, number>;

/** Who is adding, and the bounds this server holds them to. */
export type Keeper = { userId: number; keep: KeepLimits };

const countsOf = (db: Db, userId: number) =>
  db
    .selectFrom("kept_counts")
    .select(["tasks", "quick_wins", "thoughts", "projects", "events", "focus_sessions", "recording_bytes"])
    .where("user_id", "=", userId);
const readCounts = precompiled(countsOf);
const holdCounts = precompiled((db: Db, userId: number) => held(db, countsOf(db, userId)));

/**
 * How much the user keeps of each counted kind: one row read by its key, never a count.
 *
 * Read in a transaction, the row is held until it ends, so creates sent at the same moment are
 * checked one after another and never pass a bound together. On PostgreSQL the row is locked: a
 * second create's read waits for the first one's commit and then reads the row as it left it
 * (READ COMMITTED reads the newest version of a row it waited for). On SQLite a transaction holds
 * the one connection, which does the same.
 */
export async function keptCounts(db: Db, userId: number): Promise<KeptCounts> {
  const [row] = await (db.isTransaction ? holdCounts : readCounts)(db, userId);
  return {
    tasks: row?.tasks ?? 0,
    quickWins: row?.quick_wins ?? 0,
    thoughts: row?.thoughts ?? 0,
    projects: row?.projects ?? 0,
    events: row?.events ?? 0,
    focusSessions: row?.focus_sessions ?? 0,
    recordingBytes: Number(row?.recording_bytes ?? 0),
  };
}

const count = (n: number) => n.toLocaleString("en-US");

/** A size in the words people use: "500 MB", "1.5 MB", "64 KB". */
export function sizeInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${count(Math.round(mb * 10) / 10)} MB`;
  return `${count(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** What a person reads past each bound: how many, and what to do to add more. */
const WORDS: Record<Exclude<KeptKind, "moods" | "sessions" | "idempotencyKeys">, (limit: number) => string> = {
  tasks: (n) => `At most ${count(n)} tasks, done and let go ones included: delete some to add more`,
  quickWins: (n) => `At most ${count(n)} quick wins, done ones included: delete some to add more`,
  thoughts: (n) => `At most ${count(n)} thoughts, archived ones included: delete some archived ones to add more`,
  projects: (n) => `At most ${count(n)} projects: delete some to add more`,
  projectTasks: (n) => `At most ${count(n)} tasks in all your projects together: delete some to add more`,
  events: (n) => `At most ${count(n)} events, past ones included: delete some to add more`,
  focusSessions: (n) => `At most ${count(n)} focus sessions: reset your estimates in Settings to record more`,
  recordingBytes: (n) => `At most ${sizeInWords(n)} of voice recordings: delete some voice notes to add more`,
};

/**
 * The field a refusal names by default: the list of that kind in an export file and in the import,
 * so one refusal reads the same from a create and from an import.
 */
const FIELD: Record<keyof typeof WORDS, string> = {
  tasks: "tasks",
  quickWins: "quickWins",
  thoughts: "thoughts",
  projects: "projects",
  projectTasks: "tasks",
  events: "events",
  focusSessions: "focusSessions",
  recordingBytes: "audio",
};

/** The refusal of one more of `kind`: "field: At most N …: delete some to add more". */
export function limitReached(kind: keyof typeof WORDS, limit: number, field = FIELD[kind]): AppError {
  return new AppError("LIMIT_REACHED", `${field}: ${WORDS[kind](limit)}`, { field });
}

/**
 * Holds the user's counts until the transaction `db` ends, for a bound counted by query (a
 * project's tasks, the repeating events at once): another change at the same moment waits for this
 * one and then counts what it added. On SQLite, where the transaction already holds the one
 * connection, nothing is read.
 */
export async function holdKeptCounts(db: Db, userId: number): Promise<void> {
  if (db.isTransaction && locksRows(db)) await holdCounts(db, userId);
}

/**
 * Refuses adding `adding` more of `kind` (rows, or bytes of recordings) when the user would then
 * keep more than their bound. It must run in the transaction that adds them (`keptCounts`): else
 * creates at the same moment could each see room for themselves and together pass the bound.
 */
export async function assertRoom(db: Db, keeper: Keeper, kind: CountedKind, adding = 1, field?: string): Promise<void> {
  if (adding <= 0) return;
  const limit = keeper.keep[kind];
  const kept = (await keptCounts(db, keeper.userId))[kind];
  if (kept + adding > limit) throw limitReached(kind, limit, field);
}

/**
 * Adds one of `kind` with `create`, in a transaction that first makes sure there is room for it:
 * no create sent at the same moment comes between the check and the new row.
 */
export function createWithRoom<T>(
  db: Db,
  keeper: Keeper,
  kind: CountedKind,
  create: (trx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    await assertRoom(trx, keeper, kind);
    return create(trx);
  });
}
