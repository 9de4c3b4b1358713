import type { z } from "zod";
import type { replaceTaskStepsInput, TaskStep } from "../../shared/schemas.ts";
import { type Db, fromBool, inTransaction, toBool } from "../db/database.ts";
import { notFound } from "../errors.ts";

const columns = ["task_steps.id", "task_steps.task_id", "task_steps.text", "task_steps.done"] as const;

function toStep(row: { id: number; task_id: number; text: string; done: number }): TaskStep {
  return { id: row.id, taskId: row.task_id, text: row.text, done: toBool(row.done) };
}

/** Another user's task (or none) is "not found", never a hint it exists. */
async function assertOwnTask(db: Db, userId: number, taskId: number): Promise<void> {
  const row = await db
    .selectFrom("tasks")
    .select("id")
    .where("id", "=", taskId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Task");
}

async function readSteps(db: Db, taskId: number): Promise<TaskStep[]> {
  const rows = await db
    .selectFrom("task_steps")
    .select(columns)
    .where("task_id", "=", taskId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(toStep);
}

/** The task's checklist, in order. */
export async function listTaskSteps(db: Db, opts: { userId: number; taskId: number }): Promise<TaskStep[]> {
  await assertOwnTask(db, opts.userId, opts.taskId);
  return readSteps(db, opts.taskId);
}

/** Replaces the whole checklist in one transaction, so a reader never sees half of it. */
export async function replaceTaskSteps(
  db: Db,
  opts: { userId: number; taskId: number; input: z.output<typeof replaceTaskStepsInput> },
): Promise<TaskStep[]> {
  return inTransaction(db, async (trx) => {
    await assertOwnTask(trx, opts.userId, opts.taskId);
    await trx.deleteFrom("task_steps").where("task_id", "=", opts.taskId).execute();
    const values = opts.input.steps.map((s, position) => {
      const step = typeof s === "string" ? { text: s, done: false } : s;
      return { task_id: opts.taskId, position, text: step.text, done: fromBool(step.done) };
    });
    if (values.length > 0) await trx.insertInto("task_steps").values(values).execute();
    return readSteps(trx, opts.taskId);
  });
}

/** Ticks one step done or open again. */
export async function updateTaskStep(
  db: Db,
  opts: { userId: number; taskId: number; stepId: number; done: boolean },
): Promise<TaskStep> {
  await assertOwnTask(db, opts.userId, opts.taskId);
  const row = await db
    .updateTable("task_steps")
    .set({ done: fromBool(opts.done) })
    .where("id", "=", opts.stepId)
    .where("task_id", "=", opts.taskId)
    .returning(["id", "task_id", "text", "done"])
    .executeTakeFirst();
  if (!row) throw notFound("Step");
  return toStep(row);
}
