/** Two-factor sign-in: set-up and removal in Settings, and the code step of a sign-in. */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorBody } from "../../shared/errors.ts";
import {
  disableTwoFactorInput,
  enableTwoFactorInput,
  loginCodeInput,
  recoveryCodesResponse,
  twoFactorSetup,
  twoFactorStatus,
  userEnvelope,
} from "../../shared/schemas.ts";
import type { Config } from "../config.ts";
import { createSecretBox } from "../crypto/secrets.ts";
import type { Db } from "../db/database.ts";
import { AppError, invalidField } from "../errors.ts";
import { secureCookie, setSessionCookie, userIdOf } from "./request-user.ts";
import { createSession, deleteSession } from "./sessions.ts";
import type { SignInGuard } from "./sign-in-guard.ts";
import {
  CHALLENGE_TTL_MS,
  consumeChallenge,
  createChallenge,
  disableTwoFactor,
  enableTwoFactor,
  findChallenge,
  isTwoFactorEnabled,
  twoFactorStatus as readStatus,
  recordChallengeFailure,
  spendSecondFactor,
  startTwoFactorSetup,
} from "./two-factor.ts";
import { findUserById, toUser } from "./users.ts";

const challengeCookieName = (config: Config) => `${config.secureCookies ? "__Host-" : ""}dc_2fa`;

function clearChallengeCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(challengeCookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: secureCookie(reply, config),
  });
}

/**
 * Called by the password sign-in once the password is right: for an account with two-factor
 * sign-in on, answers the challenge (and sets its cookie) instead of a session; null otherwise.
 */
export async function challengeSecondFactor(
  reply: FastifyReply,
  opts: { config: Config; db: Db; userId: number },
): Promise<{ twoFactorRequired: true } | null> {
  if (!(await isTwoFactorEnabled(opts.db, opts.userId))) return null;
  const key = await createChallenge(opts.db, { userId: opts.userId });
  reply.setCookie(challengeCookieName(opts.config), key, {
    path: "/",
    httpOnly: true,
    // Only ever read by this site's own sign-in page.
    sameSite: "strict",
    secure: secureCookie(reply, opts.config),
    maxAge: Math.floor(CHALLENGE_TTL_MS / 1000),
  });
  return { twoFactorRequired: true };
}

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; guard: SignInGuard },
): void {
  const { config, db, guard } = deps;
  const box = createSecretBox({ appSecret: config.appSecret, dataDir: config.dataDir });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["auth"];

  r.post(
    "/api/auth/login/2fa",
    {
      config: { public: true },
      schema: {
        tags,
        body: loginCodeInput,
        response: { 200: userEnvelope, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const key = request.cookies[challengeCookieName(config)];
      const challenge = key ? await findChallenge(db, key) : undefined;
      const user = challenge ? await findUserById(db, challenge.userId) : undefined;
      if (!challenge || !user) {
        clearChallengeCookie(reply, config);
        throw new AppError("UNAUTHENTICATED", "Your sign-in timed out. Please enter your password again.");
      }
      // Wrong codes count like wrong passwords: the check counts as wrong until it passes.
      const check = await guard.begin(request, reply, { username: user.username, purpose: "sign-in" });
      if (!(await spendSecondFactor({ db, box, userId: user.id, code: request.body.code }))) {
        if ((await recordChallengeFailure(db, challenge)).ended) {
          clearChallengeCookie(reply, config);
          throw new AppError("UNAUTHENTICATED", "That was one wrong code too many. Please enter your password again.");
        }
        throw invalidField("code", "That code did not work. Please check it and try again.");
      }
      clearChallengeCookie(reply, config);
      if (!(await consumeChallenge(db, challenge))) {
        throw new AppError("UNAUTHENTICATED", "Your sign-in timed out. Please enter your password again.");
      }
      await check.passed();
      // As with a password sign-in: a fresh token, and the one presented is retired.
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      const { token, expiresAt } = await createSession(db, user.id, {
        userAgent: request.headers["user-agent"],
        most: config.keep.sessions,
      });
      setSessionCookie(reply, config, token, expiresAt);
      await guard.rememberDevice(request, reply, user.id);
      return { user: toUser(user) };
    },
  );

  r.get("/api/auth/2fa", { schema: { tags, response: { 200: twoFactorStatus } } }, async (request) =>
    readStatus(db, { userId: userIdOf(request) }),
  );

  r.post(
    "/api/auth/2fa/setup",
    { schema: { tags, response: { 200: twoFactorSetup, 400: errorBody, 409: errorBody } } },
    async (request) => startTwoFactorSetup({ db, box, userId: userIdOf(request) }),
  );

  r.post(
    "/api/auth/2fa/enable",
    {
      schema: {
        tags,
        body: enableTwoFactorInput,
        response: { 200: recoveryCodesResponse, 400: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      recoveryCodes: await enableTwoFactor({ db, box, userId: userIdOf(request), code: request.body.code }),
    }),
  );

  r.post("/api/auth/2fa/disable", { schema: { tags, body: disableTwoFactorInput } }, async (request, reply) => {
    const userId = userIdOf(request);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in");
    // A stolen session must not become a way to guess the password or the codes.
    const check = await guard.begin(request, reply, { username: user.username, purpose: "password" });
    try {
      await disableTwoFactor({ db, box, userId, ...request.body });
    } catch (error) {
      // Only a wrong password or code counts against the account.
      if (!(error instanceof AppError && error.code === "BAD_REQUEST")) await check.passed();
      throw error;
    }
    await check.passed();
    return reply.status(204).send();
  });
}
