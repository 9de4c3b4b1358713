import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBody } from "../../shared/errors.ts";
import {
  changePasswordInput,
  loginInput,
  loginResponse,
  registerInput,
  updateAccountInput,
  userEnvelope,
} from "../../shared/schemas.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { countedAddress } from "../shared-rate-limit.ts";
import { dummyPasswordHash, verifyPassword } from "./passwords.ts";
import { clearSessionCookie, setSessionCookie, userIdOf } from "./request-user.ts";
import { createSession, deleteOtherSessions, deleteSession } from "./sessions.ts";
import type { GuardedCheck, SignInGuard } from "./sign-in-guard.ts";
import { challengeSecondFactor } from "./two-factor-routes.ts";
import {
  changePassword,
  createPasswordUser,
  findUserById,
  findUserByUsername,
  toUser,
  updateAccount,
  WrongCurrentPassword,
} from "./users.ts";

const HOUR_MS = 60 * 60_000;

/**
 * Counts an attempt to create an account from the request's address, and refuses it past `max`
 * in the hour: each one costs a password hash, and nothing else stops one address making
 * thousands (docs/decisions/061-what-one-account-cannot-do.md).
 */
function limitSignUps(request: FastifyRequest, max: number): void {
  const { current, ttl } = request.server.sharedRateCounts.incr(`sign-up:${countedAddress(request)}`, HOUR_MS);
  if (current <= max) return;
  const minutes = Math.max(1, Math.ceil(ttl / 60_000));
  throw new AppError(
    "RATE_LIMITED",
    `Too many new accounts from this address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfter: Math.ceil(ttl / 1000) },
  );
}

export function registerAuthRoutes(app: FastifyInstance, deps: { config: Config; db: Db; guard: SignInGuard }): void {
  const { config, db, guard } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];

  r.post(
    "/api/auth/register",
    {
      config: { public: true },
      schema: {
        tags,
        body: registerInput,
        response: { 201: userEnvelope, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      limitSignUps(request, config.signUpsPerHour);
      const row = await createPasswordUser(db, request.body);
      const { token, expiresAt } = await createSession(db, row.id, { most: config.keep.sessions });
      setSessionCookie(reply, config, token, expiresAt);
      await guard.rememberDevice(request, reply, row.id);
      return reply.status(201).send({ user: toUser(row) });
    },
  );

  r.post(
    "/api/auth/login",
    {
      config: { public: true },
      schema: { tags, body: loginInput, response: { 200: loginResponse, 401: errorBody, 429: errorBody } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const check = await guard.begin(request, reply, { username, purpose: "sign-in" });
      const row = await findUserByUsername(db, username);
      let ok = false;
      if (row?.password_hash) ok = await verifyPassword(row.password_hash, password);
      else await verifyPassword(await dummyPasswordHash(), password); // same cost as a real check
      if (!row || !ok) throw new AppError("UNAUTHENTICATED", "Wrong username or password");
      await check.passed();
      // Two-factor sign-in: with it on, the password opens a code step, not a session.
      const challenge = await challengeSecondFactor(reply, { config, db, userId: row.id });
      if (challenge) return challenge;
      // A fresh token at every sign-in: an old (possibly planted) cookie is never promoted.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      const { token, expiresAt } = await createSession(db, row.id, {
        userAgent: request.headers["user-agent"],
        most: config.keep.sessions,
      });
      setSessionCookie(reply, config, token, expiresAt);
      await guard.rememberDevice(request, reply, row.id);
      return { user: toUser(row) };
    },
  );

  r.post("/api/auth/logout", { config: { public: true }, schema: { tags } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  r.get("/api/auth/me", { schema: { tags, response: { 200: userEnvelope, 401: errorBody } } }, async (request) => {
    // Read with the session, in the same query, a moment ago.
    const row = request.sessionUser ?? (await findUserById(db, userIdOf(request)));
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
    // Guessing the current password is held back like guessing at sign-in, on the same counts.
    const account = await findUserById(db, userId);
    let check: GuardedCheck | undefined;
    if (account?.password_hash) {
      check = await guard.begin(request, reply, { username: account.username, purpose: "password" });
    }
    try {
      await changePassword(db, { userId, ...request.body });
    } catch (err) {
      if (!(err instanceof WrongCurrentPassword)) await check?.passed();
      throw err;
    }
    await check?.passed();
    await deleteOtherSessions(db, userId, request.sessionToken);
    await guard.forgetOtherDevices(request, userId);
    return reply.status(204).send();
  });
}
