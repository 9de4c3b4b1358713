import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { welcomeBack } from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Db } from "../db/database.ts";
import type { Clock } from "../tasks/service.ts";
import { dismissWelcomeBack, welcomeBack as readWelcomeBack } from "./service.ts";

/** `now` is the clock today is read from; tests pass one they move forward. */
export function registerWelcomeRoutes(app: FastifyInstance, { db, now }: { db: Db; now?: Clock }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["welcome"];
  const at = () => new Date(now ? now() : Date.now());
  r.get("/api/welcome-back", { schema: { tags, response: { 200: welcomeBack } } }, (req) =>
    readWelcomeBack(db, { userId: userIdOf(req), now: at() }),
  );
  r.post("/api/welcome-back/dismiss", { schema: { tags } }, async (req, reply) => {
    await dismissWelcomeBack(db, { userId: userIdOf(req) });
    return reply.status(204).send();
  });
}
