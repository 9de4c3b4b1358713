/** Settings → Account → Signed-in devices: list the user's sessions and end any of them. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deviceSession, deviceSessionParams, revokedSessions } from "../../shared/schemas.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { notFound } from "../errors.ts";
import { clearSessionCookie, userIdOf } from "./request-user.ts";
import { deleteOtherSessions, deleteSessionById, isSessionId, listSessions } from "./sessions.ts";

export function registerSessionRoutes(app: FastifyInstance, deps: { config: Config; db: Db }): void {
  const { config, db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];

  r.get("/api/auth/sessions", { schema: { tags, response: { 200: deviceSession.array() } } }, async (request) =>
    listSessions(db, { userId: userIdOf(request), currentToken: request.sessionToken }),
  );

  r.delete("/api/auth/sessions/:id", { schema: { tags, params: deviceSessionParams } }, async (request, reply) => {
    const userId = userIdOf(request);
    const { id } = request.params;
    if (!(await deleteSessionById(db, { userId, id }))) throw notFound("Session");
    if (request.sessionToken && isSessionId(request.sessionToken, id)) clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  r.post(
    "/api/auth/sessions/revoke-others",
    { schema: { tags, response: { 200: revokedSessions } } },
    async (request) => ({
      revoked: await deleteOtherSessions(db, userIdOf(request), request.sessionToken),
    }),
  );
}
