import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createQuickWinInput,
  idParams,
  occurrenceEditScope,
  quickWin,
  quickWinListQuery,
  skipScope,
  updateQuickWinInput,
} from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { sendPage, wantsWholeList } from "../lists/paging.ts";
import type { WholeListAnswers } from "../lists/whole-list-answers.ts";
import type { Routines } from "../routines/roll-forward.ts";
import {
  createQuickWin,
  deleteQuickWin,
  deleteQuickWinOccurrence,
  listQuickWinPage,
  listQuickWins,
  toggleQuickWin,
  updateQuickWin,
  updateQuickWinOccurrence,
} from "./service.ts";

export function registerQuickWinRoutes(
  app: FastifyInstance,
  { db, wholeLists, routines, keep }: { db: Db; wholeLists: WholeListAnswers; routines: Routines; keep: KeepLimits },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["quick wins"];
  r.get(
    "/api/quick-wins",
    {
      config: { wholeListAnswers: true },
      schema: { tags, querystring: quickWinListQuery, response: { 200: z.array(quickWin) } },
    },
    async (req, reply) => {
      const userId = userIdOf(req);
      // Series roll forward to today first (docs/decisions/032-routines.md).
      const today = await routines.today(userId, req);
      if (wantsWholeList(req.query)) {
        return wholeLists.send(req, reply, "quick_wins", () => listQuickWins(db, { userId }));
      }
      return sendPage(req, reply, await listQuickWinPage(db, { userId, query: req.query, today }));
    },
  );
  r.post(
    "/api/quick-wins",
    { config: { idempotent: true }, schema: { tags, body: createQuickWinInput, response: { 201: quickWin } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      // A quick win that does not repeat needs no day: the hot path stays one read and one insert.
      const today = req.body.repeat ? await routines.today(userId, req) : undefined;
      return reply.status(201).send(await createQuickWin(db, { userId, keep, input: req.body, today }));
    },
  );
  r.patch(
    "/api/quick-wins/:id",
    {
      // Just this one of a routine makes a one-off row: sent again with its key, it answers the
      // first answer (docs/decisions/082-just-this-one-offline.md).
      config: { idempotent: true },
      schema: {
        tags,
        params: idParams,
        querystring: occurrenceEditScope,
        body: updateQuickWinInput,
        response: { 200: quickWin },
      },
    },
    async (req) => {
      const userId = userIdOf(req);
      const today = await routines.today(userId, req);
      const opts = { userId, keep, id: req.params.id, input: req.body, today, occurrence: req.query.occurrence };
      // "Just this one" of a repeating quick win (docs/decisions/032-routines.md).
      return req.query.scope === "this" ? updateQuickWinOccurrence(db, opts) : updateQuickWin(db, opts);
    },
  );
  r.patch(
    "/api/quick-wins/:id/toggle",
    { schema: { tags, params: idParams, response: { 200: quickWin } } },
    async (req) => {
      const userId = userIdOf(req);
      await routines.today(userId, req);
      return toggleQuickWin(db, { userId, id: req.params.id });
    },
  );
  r.delete(
    "/api/quick-wins/:id",
    { schema: { tags, params: idParams, querystring: skipScope } },
    async (req, reply) => {
      const userId = userIdOf(req);
      if (req.query.scope === "this") {
        const today = await routines.today(userId, req);
        await deleteQuickWinOccurrence(db, { userId, id: req.params.id, today, occurrence: req.query.occurrence });
      } else {
        await deleteQuickWin(db, { userId, id: req.params.id });
      }
      return reply.status(204).send();
    },
  );
}
