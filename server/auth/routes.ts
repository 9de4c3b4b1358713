import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changePasswordInput,
  errorBody,
  loginInput,
  registerInput,
  updateAccountInput,
  userEnvelope,
} from "../../shared/schemas.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { clearSessionCookie, setSessionCookie, userIdOf } from "./request-user.ts";
import { createSession, deleteOtherSessions, deleteSession } from "./sessions.ts";
import {
  changePassword,
  createPasswordUser,
  findUserById,
  findUserByUsername,
  toUser,
  updateAccount,
} from "./users.ts";

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; throttle: LoginThrottle },
): void {
  const { config, db, throttle } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];

  r.post(
    "/api/auth/register",
    {
      config: { public: true },
      schema: { tags, body: registerInput, response: { 201: userEnvelope, 400: errorBody, 409: errorBody } },
    },
    async (request, reply) => {
      const row = await createPasswordUser(db, request.body);
      const { token, expiresAt } = await createSession(db, row.id);
      setSessionCookie(reply, config, token, expiresAt);
      return reply.status(201).send({ user: toUser(row) });
    },
  );

  r.post(
    "/api/auth/login",
    {
      config: { public: true },
      schema: { tags, body: loginInput, response: { 200: userEnvelope, 401: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = throttle.retryAfterSeconds(request.ip, username);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        throw new AppError(
          "RATE_LIMITED",
          `Too many sign-in attempts. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`,
        );
      }
      const row = await findUserByUsername(db, username);
      let ok = false;
      if (row?.password_hash) ok = await verifyPassword(row.password_hash, password);
      else await verifyPassword(await dummyPasswordHash(), password); // same cost as a real check
      if (!row || !ok) {
        throttle.recordFailure(request.ip, username);
        throw new AppError("UNAUTHENTICATED", "Wrong username or password");
      }
      throttle.recordSuccess(request.ip, username);
      // A fresh token at every sign-in: an old (possibly planted) cookie is never promoted.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      const { token, expiresAt } = await createSession(db, row.id);
      setSessionCookie(reply, config, token, expiresAt);
      return { user: toUser(row) };
    },
  );

  r.post("/api/auth/logout", { config: { public: true }, schema: { tags } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  r.get("/api/auth/me", { schema: { tags, response: { 200: userEnvelope, 401: errorBody } } }, async (request) => {
    const row = await findUserById(db, userIdOf(request));
    if (!row) throw new AppError("UNAUTHENTICATED", "Please sign in");
    return { user: toUser(row) };
  });

  r.patch(
    "/api/auth/me",
    { schema: { tags, body: updateAccountInput, response: { 200: userEnvelope, 400: errorBody } } },
    async (request) => {
      const row = await updateAccount(db, { userId: userIdOf(request), ...request.body });
      return { user: toUser(row) };
    },
  );

  r.post("/api/auth/password", { schema: { tags, body: changePasswordInput } }, async (request, reply) => {
    const userId = userIdOf(request);
    await changePassword(db, { userId, ...request.body });
    await deleteOtherSessions(db, userId, request.sessionToken);
    return reply.status(204).send();
  });
}
