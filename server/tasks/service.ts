import { TZDate } from "@date-fns/tz";
import { type Expression, type Selectable, sql, type Updateable } from "kysely";
import { z } from "zod";
import { addDays } from "../../shared/dates.ts";
import { END_OF_DAY, type FocusRankContext, focusKey, isLowEnergyMood, todayInZone } from "../../shared/ranking.ts";
import type { createTaskInput, Task, taskListQuery, updateTaskInput } from "../../shared/schemas.ts";
import { foldWords } from "../../shared/search-words.ts";
import { type Db, fromBool, held, inTransaction, nowIso, toBool } from "../db/database.ts";
import { deleteOwned } from "../db/owned.ts";
import { precompiled } from "../db/precompiled.ts";
import type { TasksTable } from "../db/schema.ts";
import { invalidField, notFound, occurrenceMovedOn } from "../errors.ts";
import { assertRoom, createWithRoom, type Keeper } from "../keep-limits.ts";
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
import { DEFAULT_TIME_ZONE } from "../settings/service.ts";

const columns = [
  "id",
  "user_id",
  "title",
  "category",
  "time_estimate",
  "due_time",
  "due_date",
  "completed",
  "created_at",
  "not_before",
  "completed_at",
  "archived_at",
  "repeat",
] as const;
type Row = Pick<Selectable<TasksTable>, (typeof columns)[number]>;

function toTask(row: Row): Task {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    category: row.category as Task["category"],
    timeEstimate: row.time_estimate,
    dueTime: row.due_time,
    dueDate: row.due_date,
    completed: toBool(row.completed),
    createdAt: row.created_at,
    notBefore: row.not_before,
    completedAt: row.completed_at,
    archivedAt: row.archived_at,
    repeat: row.repeat,
  };
}

/** The clock the task routes run on: the server's, or one a test moves forward. */
export type Clock = () => number;
const systemClock: Clock = () => Date.now();

/**
 * The whole list, the spec's plain answer: every task but those let go (archived). Compiled once
 * (server/db/precompiled.ts).
 */
const allTasks = precompiled((db: Db, userId: number) =>
  db.selectFrom("tasks").select(columns).where("user_id", "=", userId).where("archived_at", "is", null).orderBy("id"),
);

export async function listTasks(db: Db, opts: { userId: number }): Promise<Task[]> {
  return (await allTasks(db, opts.userId)).map(toTask);
}

/** Every task, those let go included: what an export carries. */
export async function listTasksWithArchived(db: Db, opts: { userId: number }): Promise<Task[]> {
  const rows = await db.selectFrom("tasks").select(columns).where("user_id", "=", opts.userId).orderBy("id").execute();
  return rows.map(toTask);
}

const { int, date, time, timestamp } = cursorValue;
const idCursor = z.tuple([z.literal("id"), int]);
/** `order=done`: the last row's completedAt (null once past the done tasks that have one) and id. */
const doneCursor = z.tuple([z.literal("done"), timestamp.nullable(), int]);
/** The focus order's cursor carries its context (today, low energy), so a walk stays one order. */
const focusCursor = z.tuple([
  z.literal("focus"),
  date,
  z.boolean(),
  z.tuple([z.union([z.literal(0), z.literal(1)]), date, time, int, timestamp, int]),
]);

/**
 * The user's zone and today's mood: the `mood` given by the client, else the mood stored for
 * today. One query reads the zone with the moods of the three dates today can be in any zone
 * (UTC's yesterday, today and tomorrow).
 */
async function userDay(
  db: Db,
  opts: { userId: number; mood?: string; now: number },
): Promise<FocusRankContext & { timeZone: string }> {
  const near = [-1, 0, 1].map((d) => new Date(opts.now + d * 86_400_000).toISOString().slice(0, 10));
  const rows = await db
    .selectFrom("users")
    .leftJoin("user_settings", "user_settings.user_id", "users.id")
    .leftJoin("mood_entries", (join) =>
      join.onRef("mood_entries.user_id", "=", "users.id").on("mood_entries.date", "in", near),
    )
    .select(["user_settings.time_zone", "mood_entries.date", "mood_entries.mood"])
    .where("users.id", "=", opts.userId)
    .execute();
  const timeZone = rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
  const today = todayInZone(timeZone, new Date(opts.now));
  const mood = opts.mood ?? rows.find((r) => r.date === today)?.mood;
  return { today, lowEnergy: isLowEnergyMood(mood), timeZone };
}

/** The instants (ISO-8601 UTC) a wall-clock day of `timeZone` starts and ends: [start, end). */
function dayBounds(day: string, timeZone: string): [string, string] {
  const at = (d: string) => {
    const [y, m, dd] = d.split("-").map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, dd, 0, 0, timeZone).getTime()).toISOString();
  };
  return [at(day), at(addDays(day, 1))];
}

/**
 * The SQL twin of `focusKey` in shared/ranking.ts: the same six values in the same order; null
 * where the key holds a constant (the estimate on a calm day), which sorts nothing.
 */
function focusKeyExprs(ctx: FocusRankContext): Array<Expression<unknown> | null> {
  return [
    sql`case when due_date is null and due_time is null then 1 else 0 end`,
    sql`coalesce(due_date, ${ctx.today})`,
    sql`coalesce(due_time, ${END_OF_DAY})`,
    ctx.lowEnergy ? sql.ref("time_estimate") : null,
    sql.ref("created_at"),
    sql.ref("id"),
  ];
}

/**
 * One page of the user's tasks, filtered by `completed`, `putOff` and `completedOn`, in id or
 * focus order. The focus order leaves out tasks put off to a later day unless `putOff=true`
 * asks for exactly those.
 */
export async function listTaskPage(
  db: Db,
  opts: { userId: number; query: z.output<typeof taskListQuery>; now?: Clock },
): Promise<Page<Task>> {
  const { query } = opts;
  const limit = pageLimit(query);
  const focus = query.order === "focus";
  const focusAt = focus && query.cursor ? decodeCursor(query.cursor, focusCursor) : undefined;
  const byDone = query.order === "done";
  const doneAt = byDone && query.cursor ? decodeCursor(query.cursor, doneCursor) : undefined;
  const idAt = !focus && !byDone && query.cursor ? decodeCursor(query.cursor, idCursor) : undefined;
  const putOff = query.putOff ?? (focus ? false : undefined);
  // A focus walk keeps the day it started on, for its order and for what counts as put off.
  const needsDay = (focus || putOff !== undefined) && !focusAt;
  const day =
    needsDay || query.completedOn !== undefined || query.completedBefore !== undefined
      ? await userDay(db, { userId: opts.userId, mood: query.mood, now: (opts.now ?? systemClock)() })
      : undefined;
  const focusCtx: FocusRankContext | undefined = focusAt
    ? { today: focusAt[1], lowEnergy: focusAt[2] }
    : focus && day
      ? { today: day.today, lowEnergy: day.lowEnergy }
      : undefined;
  const today = focusCtx?.today ?? day?.today ?? "";

  let base = db
    .selectFrom("tasks")
    .where("user_id", "=", opts.userId)
    .where("archived_at", query.archived ? "is not" : "is", null);
  if (query.completed !== undefined) base = base.where("completed", "=", fromBool(query.completed));
  const words = hasWords(query.q);
  if (words) base = base.where(words);
  if (putOff === true) base = base.where("not_before", ">", today);
  if (putOff === false) base = base.where((eb) => eb.or([eb("not_before", "is", null), eb("not_before", "<=", today)]));
  if (query.completedOn !== undefined && day) {
    const [start, end] = dayBounds(query.completedOn, day.timeZone);
    base = base.where("completed", "=", 1).where("completed_at", ">=", start).where("completed_at", "<", end);
  }
  if (query.completedBefore !== undefined && day) {
    const [start] = dayBounds(query.completedBefore, day.timeZone);
    base = base
      .where("completed", "=", 1)
      .where((eb) => eb.or([eb("completed_at", "<", start), eb("completed_at", "is", null)]));
  }
  const total = async () => Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  if (focusCtx) {
    const exprs = focusKeyExprs(focusCtx);
    const used = exprs.flatMap((e, i) => (e ? [i] : []));
    let q = base.select(columns);
    if (focusAt) {
      const key = focusAt[3];
      q = q.where(
        afterKey(
          used.map((i) => exprs[i] as Expression<unknown>),
          used.map((i) => key[i] as string | number),
          "asc",
        ),
      );
    }
    for (const i of used) q = q.orderBy(exprs[i] as Expression<unknown>);
    const [rows, n] = await Promise.all([q.limit(limit + 1).execute(), total()]);
    const page = takePage(rows.map(toTask), limit, (t) =>
      encodeCursor(["focus", focusCtx.today, focusCtx.lowEnergy, focusKey(t, focusCtx)]),
    );
    return { items: page.rows, total: n, nextCursor: page.next };
  }

  if (byDone) {
    // Those with a done time, newest first, through the (user, completed_at, id) index; then
    // those done before the time was kept (or imported as done), newest made first.
    const rows: Row[] = [];
    if (doneAt?.[1] !== null) {
      let dated = base.select(columns).where("completed_at", "is not", null);
      if (doneAt)
        dated = dated.where(afterKey([sql.ref("completed_at"), sql.ref("id")], [doneAt[1], doneAt[2]], "desc"));
      rows.push(
        ...(await dated
          .orderBy("completed_at", "desc")
          .orderBy("id", "desc")
          .limit(limit + 1)
          .execute()),
      );
    }
    if (rows.length <= limit) {
      let undated = base.select(columns).where("completed_at", "is", null);
      if (doneAt?.[1] === null) undated = undated.where("id", "<", doneAt[2]);
      rows.push(
        ...(await undated
          .orderBy("id", "desc")
          .limit(limit + 1 - rows.length)
          .execute()),
      );
    }
    const page = takePage(rows.map(toTask), limit, (t) => encodeCursor(["done", t.completedAt, t.id]));
    return { items: page.rows, total: await total(), nextCursor: page.next };
  }

  let q = base.select(columns);
  if (idAt) q = q.where("id", ">", idAt[1]);
  const [rows, n] = await Promise.all([
    q
      .orderBy("id")
      .limit(limit + 1)
      .execute(),
    total(),
  ]);
  const page = takePage(rows.map(toTask), limit, (t) => encodeCursor(["id", t.id]));
  return { items: page.rows, total: n, nextCursor: page.next };
}

/**
 * With `hold`, in a transaction on PostgreSQL, the row stays locked until it ends: another change
 * of the task at the same moment waits for it, and then reads it as it left it.
 */
async function getTask(db: Db, userId: number, id: number, { hold = false } = {}): Promise<Task> {
  const query = db.selectFrom("tasks").select(columns).where("id", "=", id).where("user_id", "=", userId);
  const row = await held(db, query, hold).executeTakeFirst();
  if (!row) throw notFound("Task");
  return toTask(row);
}

export async function createTask(
  db: Db,
  opts: Keeper & { input: z.output<typeof createTaskInput>; today?: string },
): Promise<Task> {
  const { input } = opts;
  // A series starts at its first occurrence on or after its due date (or today), hidden until then.
  const repeat = input.repeat ?? null;
  const series = repeat
    ? placeSeries(repeat, input.dueDate, opts.today ?? (await userToday(db, opts.userId, Date.now())).today)
    : null;
  const row = await createWithRoom(db, opts, "tasks", (trx) =>
    trx
      .insertInto("tasks")
      .values({
        user_id: opts.userId,
        title: input.title,
        search_text: foldWords(input.title),
        category: input.category,
        time_estimate: input.timeEstimate,
        due_time: input.dueTime,
        due_date: series ? series.on : input.dueDate,
        completed: 0,
        created_at: nowIso(),
        not_before: series ? series.hiddenUntil : null,
        completed_at: null,
        archived_at: null,
        repeat,
      })
      .returning(columns)
      .executeTakeFirstOrThrow(),
  );
  return toTask(row);
}

export async function updateTask(
  db: Db,
  opts: {
    userId: number;
    id: number;
    input: z.output<typeof updateTaskInput>;
    now?: Clock;
    /** Today in the user's zone, for a change to a series. */
    today?: string;
  },
): Promise<Task> {
  const { input } = opts;
  const before = await getTask(db, opts.userId, opts.id);
  const patch: Updateable<TasksTable> = {};
  if (input.repeat !== undefined) patch.repeat = input.repeat;
  const repeat = input.repeat !== undefined ? input.repeat : before.repeat;
  if (repeat !== null && (input.repeat !== undefined || input.dueDate !== undefined)) {
    // A new rule or a new day for a series: it moves to its first occurrence from that day on.
    const today = opts.today ?? (await userToday(db, opts.userId, (opts.now ?? systemClock)())).today;
    const from = input.dueDate !== undefined ? input.dueDate : before.dueDate;
    const series = placeSeries(repeat, from, today);
    patch.due_date = series.on;
    patch.not_before = series.hiddenUntil;
  }
  if (repeat !== null && input.notBefore === null && patch.due_date === undefined && before.dueDate !== null) {
    // A routine brought back from Later before its next day is done today: today's occurrence,
    // so ticking it counts for today and the series still comes back on its own day.
    const today = opts.today ?? (await userToday(db, opts.userId, (opts.now ?? systemClock)())).today;
    if (before.dueDate > today) patch.due_date = today;
  }
  if (input.title !== undefined) {
    patch.title = input.title;
    patch.search_text = foldWords(input.title);
  }
  if (input.category !== undefined) patch.category = input.category;
  if (input.timeEstimate !== undefined) patch.time_estimate = input.timeEstimate;
  if (input.dueTime !== undefined) patch.due_time = input.dueTime;
  if (input.dueDate !== undefined && patch.due_date === undefined) patch.due_date = input.dueDate;
  if (input.notBefore !== undefined) patch.not_before = input.notBefore;
  if (input.completed !== undefined) patch.completed = fromBool(input.completed);
  if (Object.keys(patch).length > 0) {
    let update = db.updateTable("tasks").set(patch);
    const now = (opts.now ?? systemClock)();
    if (input.completed === true && input.completedAt !== undefined) {
      update = update.set({ completed_at: doneMoment(input.completedAt, now) });
    } else if (input.completed !== undefined) {
      // Marking a done task done again keeps the moment it was first done.
      const at = new Date(now).toISOString();
      update = update.set({ completed_at: input.completed ? sql<string | null>`coalesce(completed_at, ${at})` : null });
    }
    await update.where("id", "=", opts.id).where("user_id", "=", opts.userId).execute();
  }
  return getTask(db, opts.userId, opts.id);
}

/** How far ahead of the server's clock a device's may run before its done time is refused. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * A done time given by a client (`completedAt`), as stored: in UTC, so the done order compares it
 * as text; a moment a little ahead of the server's clock (a device's clock running fast) is now.
 */
function doneMoment(given: string | null, now: number): string | null {
  if (given === null) return null;
  const at = Date.parse(given);
  if (at > now + CLOCK_SKEW_MS) throw invalidField("completedAt", "Must not be in the future");
  return new Date(Math.min(at, now)).toISOString();
}

/**
 * Flips `completed` in one statement, so two quick taps cannot both read the old value, and keeps
 * `completed_at` with it (both sides of a SET read the row as it was).
 */
export async function toggleTask(db: Db, opts: { userId: number; id: number; now?: Clock }): Promise<Task> {
  const at = new Date((opts.now ?? systemClock)()).toISOString();
  const res = await db
    .updateTable("tasks")
    .set({
      completed: sql<number>`1 - completed`,
      completed_at: sql<string | null>`case when completed = 0 then ${at} else null end`,
    })
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound("Task");
  return getTask(db, opts.userId, opts.id);
}

export function deleteTask(db: Db, opts: { userId: number; id: number }): Promise<void> {
  return deleteOwned(db, "tasks", opts, "Task");
}

/**
 * "Let go": the task leaves every list, count, reminder and the assistant's context, and waits to
 * be brought back. Letting go a task already let go keeps the first moment.
 */
export async function archiveTask(
  db: Db,
  opts: { userId: number; id: number; now?: Clock; at?: string },
): Promise<Task> {
  const at = opts.at ?? new Date((opts.now ?? systemClock)()).toISOString();
  const res = await db
    .updateTable("tasks")
    .set({ archived_at: sql<string>`coalesce(archived_at, ${at})` })
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound("Task");
  return getTask(db, opts.userId, opts.id);
}

/** "Bring back" a task let go: it is in its lists again, where its age and due moment place it. */
export async function restoreTask(db: Db, opts: { userId: number; id: number }): Promise<Task> {
  const res = await db
    .updateTable("tasks")
    .set({ archived_at: null })
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound("Task");
  return getTask(db, opts.userId, opts.id);
}

/** The user's tasks with these ids, in the order given. */
export async function listTasksByIds(db: Db, opts: { userId: number; ids: number[] }): Promise<Task[]> {
  if (opts.ids.length === 0) return [];
  const rows = await db
    .selectFrom("tasks")
    .select(columns)
    .where("user_id", "=", opts.userId)
    .where("id", "in", opts.ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toTask(r)]));
  return opts.ids.flatMap((id) => byId.get(id) ?? []);
}

/** Moves a series past its current occurrence (or today, if that is later), open and hidden until then. */
async function skipOccurrence(db: Db, task: Task, today: string): Promise<void> {
  const current = task.dueDate !== null && task.dueDate > today ? task.dueDate : today;
  const next = occurrenceAfter(task.repeat as string, current);
  await db
    .updateTable("tasks")
    .set({ due_date: next, not_before: next, completed: 0, completed_at: null })
    .where("id", "=", task.id)
    .where("user_id", "=", task.userId)
    // Moved already by another request since it was read (the same skip sent twice at once): left alone.
    .where("due_date", task.dueDate === null ? "is" : "=", task.dueDate)
    .execute();
}

/**
 * "Just this one" for a repeating task: the current occurrence becomes a one-off task with the
 * edit, and the series moves on to its next occurrence. A task that does not repeat is edited as
 * it is. Answers the one-off task.
 */
export async function updateTaskOccurrence(
  db: Db,
  opts: Keeper & {
    id: number;
    input: z.output<typeof updateTaskInput>;
    now?: Clock;
    today: string;
    /** The day of the occurrence being changed, as read: refused once the series has moved on from it. */
    occurrence?: string;
  },
): Promise<Task> {
  const { input } = opts;
  return inTransaction(db, async (trx) => {
    // The series is held first: a change of it at the same moment is waited for, not deadlocked
    // with (an edit takes the series' row before the person's lists version, which the new
    // one-off's row takes here).
    const task = await getTask(trx, opts.userId, opts.id, { hold: true });
    if (task.repeat === null) return updateTask(trx, opts);
    // Changed just this once already (the same edit sent again), skipped, or rolled past its day.
    if (opts.occurrence !== undefined && task.dueDate !== opts.occurrence) throw occurrenceMovedOn();
    // The occurrence becomes a task of its own: one more kept.
    await assertRoom(trx, opts, "tasks");
    const completed = input.completed ?? task.completed;
    const at = new Date((opts.now ?? systemClock)()).toISOString();
    const title = input.title ?? task.title;
    const row = await trx
      .insertInto("tasks")
      .values({
        user_id: opts.userId,
        title,
        search_text: foldWords(title),
        category: input.category ?? task.category,
        time_estimate: input.timeEstimate ?? task.timeEstimate,
        due_time: input.dueTime !== undefined ? input.dueTime : task.dueTime,
        due_date: input.dueDate !== undefined ? input.dueDate : task.dueDate,
        completed: fromBool(completed),
        // It keeps the series' place among tasks made at the same time.
        created_at: task.createdAt,
        not_before: input.notBefore !== undefined ? input.notBefore : task.notBefore,
        completed_at: !completed
          ? null
          : input.completedAt !== undefined
            ? doneMoment(input.completedAt, (opts.now ?? systemClock)())
            : (task.completedAt ?? at),
        repeat: null,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await skipOccurrence(trx, task, opts.today);
    return toTask(row);
  });
}

/** "Just this one" for deleting a repeating task: the series skips its current occurrence. */
export async function deleteTaskOccurrence(
  db: Db,
  opts: { userId: number; id: number; today: string; occurrence?: string },
): Promise<void> {
  const task = await getTask(db, opts.userId, opts.id);
  // The occurrence asked to skip is behind the series already: skipped, done or rolled past.
  if (opts.occurrence !== undefined && task.dueDate !== opts.occurrence) return;
  if (task.repeat === null) return deleteTask(db, opts);
  await skipOccurrence(db, task, opts.today);
}
