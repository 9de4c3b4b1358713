import type { Selectable, Updateable } from "kysely";
import type { z } from "zod";
import type { createTaskInput, Task, updateTaskInput } from "../../shared/schemas.ts";
import { type Db, fromBool, nowIso, toBool } from "../db/database.ts";
import { deleteOwned, toggleOwnedCompleted } from "../db/owned.ts";
import type { TasksTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";

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

export async function listTasks(db: Db, opts: { userId: number }): Promise<Task[]> {
  const rows = await db.selectFrom("tasks").select(columns).where("user_id", "=", opts.userId).orderBy("id").execute();
  return rows.map(toTask);
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
