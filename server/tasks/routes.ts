import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createTaskInput,
  idParams,
  occurrenceEditScope,
  replaceTaskStepsInput,
  skipScope,
  type TaskStep,
  task,
  taskListQuery,
  taskStep,
  taskStepParams,
  updateTaskInput,
  updateTaskStepInput,
} from "../../shared/schemas.ts";
import { stepsEtag } from "../../shared/versions.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { sendPage, wantsWholeList } from "../lists/paging.ts";
import type { WholeListAnswers } from "../lists/whole-list-answers.ts";
import type { Routines } from "../routines/roll-forward.ts";
import {
  archiveTask,
  type Clock,
  createTask,
  deleteTask,
  deleteTaskOccurrence,
  listTaskPage,
  listTasks,
  restoreTask,
  toggleTask,
  updateTask,
  updateTaskOccurrence,
} from "./service.ts";
import { listTaskSteps, replaceTaskSteps, updateTaskStep } from "./steps.ts";

/** `now` is the clock "today" and the done time are read from; tests pass one they move forward. */
export function registerTaskRoutes(
  app: FastifyInstance,
  {
    db,
    now,
    wholeLists,
    routines,
    keep,
  }: { db: Db; now?: Clock; wholeLists: WholeListAnswers; routines: Routines; keep: KeepLimits },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["tasks"];
  r.get(
    "/api/tasks",
    {
      config: { wholeListAnswers: true },
      schema: { tags, querystring: taskListQuery, response: { 200: z.array(task) } },
    },
    async (req, reply) => {
      const userId = userIdOf(req);
      // Series roll forward to today first (docs/decisions/032-routines.md).
      await routines.today(userId, req);
      if (wantsWholeList(req.query)) return wholeLists.send(req, reply, "tasks", () => listTasks(db, { userId }));
      return sendPage(req, reply, await listTaskPage(db, { userId, query: req.query, now }));
    },
  );
  r.post(
    "/api/tasks",
    { config: { idempotent: true }, schema: { tags, body: createTaskInput, response: { 201: task } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      const today = await routines.today(userId, req);
      return reply.status(201).send(await createTask(db, { userId, keep, input: req.body, today }));
    },
  );
  r.patch(
    "/api/tasks/:id",
    {
      // Just this one of a routine makes a one-off row: sent again with its key, it answers the
      // first answer (docs/decisions/082-just-this-one-offline.md).
      config: { idempotent: true },
      schema: {
        tags,
        params: idParams,
        querystring: occurrenceEditScope,
        body: updateTaskInput,
        response: { 200: task },
      },
    },
    async (req) => {
      const userId = userIdOf(req);
      const today = await routines.today(userId, req);
      const opts = { userId, keep, id: req.params.id, input: req.body, now, today, occurrence: req.query.occurrence };
      return req.query.scope === "this" ? updateTaskOccurrence(db, opts) : updateTask(db, opts);
    },
  );
  // "Let go" and "Bring back" (docs/decisions/033-welcome-back.md).
  r.post("/api/tasks/:id/archive", { schema: { tags, params: idParams, response: { 200: task } } }, (req) =>
    archiveTask(db, { userId: userIdOf(req), id: req.params.id, now }),
  );
  r.post("/api/tasks/:id/restore", { schema: { tags, params: idParams, response: { 200: task } } }, (req) =>
    restoreTask(db, { userId: userIdOf(req), id: req.params.id }),
  );
  r.patch("/api/tasks/:id/toggle", { schema: { tags, params: idParams, response: { 200: task } } }, async (req) => {
    const userId = userIdOf(req);
    await routines.today(userId, req);
    return toggleTask(db, { userId, id: req.params.id, now });
  });
  r.delete("/api/tasks/:id", { schema: { tags, params: idParams, querystring: skipScope } }, async (req, reply) => {
    const userId = userIdOf(req);
    if (req.query.scope === "this") {
      const today = await routines.today(userId, req);
      await deleteTaskOccurrence(db, { userId, id: req.params.id, today, occurrence: req.query.occurrence });
    } else {
      await deleteTask(db, { userId, id: req.params.id });
    }
    return reply.status(204).send();
  });

  // A task's breakdown steps (docs/decisions/025-task-steps.md).
  // Each answer carries the checklist's version, for a change to send back as If-Match.
  const versioned = (reply: FastifyReply, steps: TaskStep[]) => {
    reply.header("etag", stepsEtag(steps));
    return steps;
  };
  r.get(
    "/api/tasks/:id/steps",
    { schema: { tags, params: idParams, response: { 200: z.array(taskStep) } } },
    async (req, reply) => versioned(reply, await listTaskSteps(db, { userId: userIdOf(req), taskId: req.params.id })),
  );
  r.put(
    "/api/tasks/:id/steps",
    { schema: { tags, params: idParams, body: replaceTaskStepsInput, response: { 200: z.array(taskStep) } } },
    async (req, reply) => {
      const ifMatch = req.headers["if-match"];
      const input = { userId: userIdOf(req), taskId: req.params.id, input: req.body, ifMatch };
      return versioned(reply, await replaceTaskSteps(db, input));
    },
  );
  r.patch(
    "/api/tasks/:id/steps/:stepId",
    { schema: { tags, params: taskStepParams, body: updateTaskStepInput, response: { 200: taskStep } } },
    (req) =>
      updateTaskStep(db, {
        userId: userIdOf(req),
        taskId: req.params.id,
        stepId: req.params.stepId,
        done: req.body.done,
      }),
  );
}
