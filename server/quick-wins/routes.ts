import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createQuickWinInput,
  idParams,
  quickWin,
  quickWinListQuery,
  updateQuickWinInput,
} from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Db } from "../db/database.ts";
import { sendPage, wantsWholeList } from "../lists/paging.ts";
import type { WholeListAnswers } from "../lists/whole-list-answers.ts";
import {
  createQuickWin,
  deleteQuickWin,
  listQuickWinPage,
  listQuickWins,
  toggleQuickWin,
  updateQuickWin,
} from "./service.ts";

export function registerQuickWinRoutes(
  app: FastifyInstance,
  { db, wholeLists }: { db: Db; wholeLists: WholeListAnswers },
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
      if (wantsWholeList(req.query)) {
        return wholeLists.send(req, reply, "quick_wins", () => listQuickWins(db, { userId }));
      }
      return sendPage(req, reply, await listQuickWinPage(db, { userId, query: req.query }));
    },
  );
  r.post(
    "/api/quick-wins",
    { config: { idempotent: true }, schema: { tags, body: createQuickWinInput, response: { 201: quickWin } } },
    async (req, reply) => reply.status(201).send(await createQuickWin(db, { userId: userIdOf(req), input: req.body })),
  );
  r.patch(
    "/api/quick-wins/:id",
    { schema: { tags, params: idParams, body: updateQuickWinInput, response: { 200: quickWin } } },
    (req) => updateQuickWin(db, { userId: userIdOf(req), id: req.params.id, input: req.body }),
  );
  r.patch("/api/quick-wins/:id/toggle", { schema: { tags, params: idParams, response: { 200: quickWin } } }, (req) =>
    toggleQuickWin(db, { userId: userIdOf(req), id: req.params.id }),
  );
  r.delete("/api/quick-wins/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteQuickWin(db, { userId: userIdOf(req), id: req.params.id });
    return reply.status(204).send();
  });
}
