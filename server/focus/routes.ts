import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { estimateFactor, focusSession, focusSessionInput, resetFactorsQuery } from "../../shared/focus-schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { estimateFactors, recordFocusSession, resetEstimateFactors } from "./service.ts";

export function registerFocusRoutes(
  app: FastifyInstance,
  { db, now, keep }: { db: Db; now: () => number; keep: KeepLimits },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["focus"];
  r.post(
    "/api/focus-sessions",
    { config: { idempotent: true }, schema: { tags, body: focusSessionInput, response: { 201: focusSession } } },
    async (req, reply) => {
      const session = await recordFocusSession(db, {
        userId: userIdOf(req),
        keep,
        input: req.body,
        now: new Date(now()),
      });
      return reply.code(201).send(session);
    },
  );
  r.get("/api/estimates", { schema: { tags, response: { 200: z.array(estimateFactor) } } }, (req) =>
    estimateFactors(db, { userId: userIdOf(req) }),
  );
  r.delete(
    "/api/estimates",
    { schema: { tags, querystring: resetFactorsQuery, response: { 200: z.array(estimateFactor) } } },
    (req) => resetEstimateFactors(db, { userId: userIdOf(req), category: req.query.category }),
  );
}
