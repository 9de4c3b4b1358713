import { type Expression, type Selectable, sql, type Updateable } from "kysely";
import { z } from "zod";
import { END_OF_DAY, type FocusRankContext, focusKey, isLowEnergyMood, todayInZone } from "../../shared/ranking.ts";
import type { createTaskInput, Task, taskListQuery, updateTaskInput } from "../../shared/schemas.ts";
import { type Db, fromBool, nowIso, toBool } from "../db/database.ts";
import { deleteOwned, toggleOwnedCompleted } from "../db/owned.ts";
import { precompiled } from "../db/precompiled.ts";
import type { TasksTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { afterKey, cursorValue, decodeCursor, encodeCursor, type Page, pageLimit, takePage } from "../lists/paging.ts";
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
] as const;
type Row = Selectable<TasksTable>;

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
  };
}

/** The whole list, the spec's plain answer: compiled once (server/db/precompiled.ts). */
const allTasks = precompiled((db: Db, userId: number) =>
  db.selectFrom("tasks").select(columns).where("user_id", "=", userId).orderBy("id"),
);

export async function listTasks(db: Db, opts: { userId: number }): Promise<Task[]> {
  return (await allTasks(db, opts.userId)).map(toTask);
}

const { int, date, time, timestamp } = cursorValue;
const idCursor = z.tuple([z.literal("id"), int]);
/** The focus order's cursor carries its context (today, low energy), so a walk stays one order. */
const focusCursor = z.tuple([
  z.literal("focus"),
  date,
  z.boolean(),
  z.tuple([z.union([z.literal(0), z.literal(1)]), date, time, int, timestamp, int]),
]);

/**
 * Today's date in the user's zone and whether today's mood is Tired or Sad: the `mood` given by
 * the client, else the mood stored for today. One query reads the zone with the moods of the three
 * dates today can be in any zone (UTC's yesterday, today and tomorrow).
 */
async function focusContext(db: Db, opts: { userId: number; mood?: string }): Promise<FocusRankContext> {
  const now = new Date();
  const near = [-1, 0, 1].map((d) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10));
  const rows = await db
    .selectFrom("users")
    .leftJoin("user_settings", "user_settings.user_id", "users.id")
    .leftJoin("mood_entries", (join) =>
      join.onRef("mood_entries.user_id", "=", "users.id").on("mood_entries.date", "in", near),
    )
    .select(["user_settings.time_zone", "mood_entries.date", "mood_entries.mood"])
    .where("users.id", "=", opts.userId)
    .execute();
  const today = todayInZone(rows[0]?.time_zone ?? DEFAULT_TIME_ZONE, now);
  const mood = opts.mood ?? rows.find((r) => r.date === today)?.mood;
  return { today, lowEnergy: isLowEnergyMood(mood) };
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

/** One page of the user's tasks, filtered by `completed`, in id or focus order. */
export async function listTaskPage(
  db: Db,
  opts: { userId: number; query: z.output<typeof taskListQuery> },
): Promise<Page<Task>> {
  const { query } = opts;
  const limit = pageLimit(query);
  let base = db.selectFrom("tasks").where("user_id", "=", opts.userId);
  if (query.completed !== undefined) base = base.where("completed", "=", fromBool(query.completed));
  const total = async () => Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  if (query.order === "focus") {
    const cursor = query.cursor ? decodeCursor(query.cursor, focusCursor) : undefined;
    const ctx: FocusRankContext = cursor
      ? { today: cursor[1], lowEnergy: cursor[2] }
      : await focusContext(db, { userId: opts.userId, mood: query.mood });
    const exprs = focusKeyExprs(ctx);
    const used = exprs.flatMap((e, i) => (e ? [i] : []));
    let q = base.select(columns);
    if (cursor) {
      q = q.where(
        afterKey(
          used.map((i) => exprs[i] as Expression<unknown>),
          used.map((i) => cursor[3][i] as string | number),
          "asc",
        ),
      );
    }
    for (const i of used) q = q.orderBy(exprs[i] as Expression<unknown>);
    const [rows, n] = await Promise.all([q.limit(limit + 1).execute(), total()]);
    const page = takePage(rows.map(toTask), limit, (t) =>
      encodeCursor(["focus", ctx.today, ctx.lowEnergy, focusKey(t, ctx)]),
    );
    return { items: page.rows, total: n, nextCursor: page.next };
  }

  const cursor = query.cursor ? decodeCursor(query.cursor, idCursor) : undefined;
  let q = base.select(columns);
  if (cursor) q = q.where("id", ">", cursor[1]);
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

async function getTask(db: Db, userId: number, id: number): Promise<Task> {
  const row = await db
    .selectFrom("tasks")
    .select(columns)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Task");
  return toTask(row);
}

export async function createTask(
  db: Db,
  opts: { userId: number; input: z.output<typeof createTaskInput> },
): Promise<Task> {
  const { input } = opts;
  const row = await db
    .insertInto("tasks")
    .values({
      user_id: opts.userId,
      title: input.title,
      category: input.category,
      time_estimate: input.timeEstimate,
      due_time: input.dueTime,
      due_date: input.dueDate,
      completed: 0,
      created_at: nowIso(),
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toTask(row);
}

export async function updateTask(
  db: Db,
  opts: { userId: number; id: number; input: z.output<typeof updateTaskInput> },
): Promise<Task> {
  const { input } = opts;
  await getTask(db, opts.userId, opts.id);
  const patch: Updateable<TasksTable> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.category !== undefined) patch.category = input.category;
  if (input.timeEstimate !== undefined) patch.time_estimate = input.timeEstimate;
  if (input.dueTime !== undefined) patch.due_time = input.dueTime;
  if (input.dueDate !== undefined) patch.due_date = input.dueDate;
  if (input.completed !== undefined) patch.completed = fromBool(input.completed);
  if (Object.keys(patch).length > 0) {
    await db.updateTable("tasks").set(patch).where("id", "=", opts.id).where("user_id", "=", opts.userId).execute();
  }
  return getTask(db, opts.userId, opts.id);
}

export async function toggleTask(db: Db, opts: { userId: number; id: number }): Promise<Task> {
  await toggleOwnedCompleted(db, "tasks", opts, "Task");
  return getTask(db, opts.userId, opts.id);
}

export function deleteTask(db: Db, opts: { userId: number; id: number }): Promise<void> {
  return deleteOwned(db, "tasks", opts, "Task");
}
