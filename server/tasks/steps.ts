import type { z } from "zod";
import type { replaceTaskStepsInput, TaskStep } from "../../shared/schemas.ts";
import { stepsEtag } from "../../shared/versions.ts";
import { type Db, fromBool, held, inTransaction, toBool } from "../db/database.ts";
import { notFound } from "../errors.ts";
import { checkIfMatch } from "../preconditions.ts";

const columns = ["task_steps.id", "task_steps.task_id", "task_steps.text", "task_steps.done"] as const;

function toStep(row: { id: number; task_id: number; text: string; done: number }): TaskStep {
  return { id: row.id, taskId: row.task_id, text: row.text, done: toBool(row.done) };
}

/**
 * Another user's task (or none) is "not found", never a hint it exists. With `hold`, the task's
 * row is held to the end of the transaction: on PostgreSQL a second change to the checklist waits
 * here until the first is committed, and then reads what the first left (SQLite runs one write
 * transaction at a time anyway).
 */
async function assertOwnTask(db: Db, userId: number, taskId: number, { hold = false } = {}): Promise<void> {
  const query = db.selectFrom("tasks").select("id").where("id", "=", taskId).where("user_id", "=", userId);
  if (!(await held(db, query, hold).executeTakeFirst())) throw notFound("Task");
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

/**
 * Replaces the whole checklist in one transaction, so a reader never sees half of it. With
 * `ifMatch` (the request's If-Match), only when the checklist is still as it was read
 * (docs/decisions/055-versions.md).
 */
export async function replaceTaskSteps(
  db: Db,
  opts: { userId: number; taskId: number; input: z.output<typeof replaceTaskStepsInput>; ifMatch?: string },
): Promise<TaskStep[]> {
  return inTransaction(db, async (trx) => {
    await assertOwnTask(trx, opts.userId, opts.taskId, { hold: true });
    if (opts.ifMatch !== undefined)
      checkIfMatch(opts.ifMatch, stepsEtag(await readSteps(trx, opts.taskId)), "checklist");
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
