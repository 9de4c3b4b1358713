/**
 * Third-party sign-in with OpenID Connect: authorization code + PKCE (S256) + state + nonce,
 * users identified by (issuer, subject). Linking an existing account happens only when that
 * account is signed in at the time; a matching e-mail alone never links (it would let whoever
 * controls an address at the provider take over a local account).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as client from "openid-client";
import { z } from "zod";
import { USERNAME_MAX, USERNAME_MIN } from "../../shared/constants.ts";
import { SIGN_IN_ERRORS, type SignInErrorMessage } from "../../shared/sign-in-errors.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";
import { callbackUrl, startFlow, takeFlow } from "./auth-flows.ts";
import { setSessionCookie } from "./request-user.ts";
import { createSession, deleteSession } from "./sessions.ts";
import type { SignInGuard } from "./sign-in-guard.ts";
import { findUserById, usernameKey } from "./users.ts";

export const OIDC_CALLBACK_PATH = "/api/auth/google/callback";

/** A sign-in that failed for a reason the sign-in page shows, in its words. */
class SignInError extends Error {
  constructor(readonly shown: SignInErrorMessage) {
    super(shown);
  }
}

const isLoopback = (url: string) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);

/** Discovery is fetched on first use and kept; a failed fetch is retried on the next sign-in. */
function discoveryCache(oidc: NonNullable<Config["oidc"]>) {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        undefined,
        oidc.clientSecret ? client.ClientSecretPost(oidc.clientSecret) : client.None(),
        // Plain http is accepted only for a provider on this machine (development and tests).
        { execute: isLoopback(oidc.issuer) ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((err) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}

type Identity = {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  preferred: string | null;
};

async function uniqueUsername(db: Db, identity: Identity): Promise<string> {
  const source = identity.preferred ?? identity.email?.split("@")[0] ?? identity.name ?? "user";
  let base = source
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}._@-]+/gu, "")
    .slice(0, USERNAME_MAX - 4);
  if (base.length < USERNAME_MIN) base = `${base}user`.slice(0, USERNAME_MAX - 4);
  for (let n = 0; n < 50; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    const taken = await db
      .selectFrom("users")
      .select("id")
      .where("username_key", "=", usernameKey(candidate))
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base.slice(0, USERNAME_MAX - 9)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The user an identity signs in as: the account already holding (issuer, subject); else the
 * signed-in account, which gets linked; else a new account.
 */
export async function resolveOidcUser(db: Db, opts: { userId: number | null; identity: Identity }): Promise<number> {
  const { identity } = opts;
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("oidc_issuer", "=", identity.issuer)
    .where("oidc_subject", "=", identity.subject)
    .executeTakeFirst();
  if (opts.userId !== null) {
    if (owner && owner.id !== opts.userId) {
      throw new SignInError(SIGN_IN_ERRORS.linkedElsewhere);
    }
    if (owner) return owner.id;
    const current = await findUserById(db, opts.userId);
    if (!current) throw new SignInError(SIGN_IN_ERRORS.sessionEnded);
    if (current.oidc_subject !== null) {
      throw new SignInError(SIGN_IN_ERRORS.otherProvider);
    }
    await db
      .updateTable("users")
      .set({
        oidc_issuer: identity.issuer,
        oidc_subject: identity.subject,
        email: identity.email ?? current.email,
      })
      .where("id", "=", opts.userId)
      .execute();
    return opts.userId;
  }
  if (owner) return owner.id;
  for (let attempt = 0; ; attempt++) {
    const username = await uniqueUsername(db, identity);
    try {
      const row = await db
        .insertInto("users")
        .values({
          username,
          username_key: usernameKey(username),
          password_hash: null,
          display_name: identity.name,
          email: identity.email,
          oidc_issuer: identity.issuer,
          oidc_subject: identity.subject,
          created_at: nowIso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (err) {
      // Two first sign-ins racing: the (issuer, subject) or username index decides; look again.
      if (attempt >= 2 || !/unique|duplicate/i.test(String((err as Error).message))) throw err;
      const again = await db
        .selectFrom("users")
        .select("id")
        .where("oidc_issuer", "=", identity.issuer)
        .where("oidc_subject", "=", identity.subject)
        .executeTakeFirst();
      if (again) return again.id;
    }
  }
}

const signInIntent = z.object({ intent: z.enum(["register"]).optional() });

const loginError = (reply: FastifyReply, message: SignInErrorMessage) =>
  reply.redirect(`/login?error=${encodeURIComponent(message)}`, 302);

export function registerOidcRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; guard: SignInGuard },
): { enabled: boolean } {
  const { config, db } = deps;
  const tags = ["auth"];
  const oidc = config.oidc;
  if (!oidc) {
    // With no client configured, the local sign-in page takes the provider's place.
    // "Get Started" asks for the register form (?intent=register); "Sign in" for the log-in form.
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        "/api/auth/google",
        { config: { public: true }, schema: { tags, querystring: signInIntent } },
        async (req, reply) => reply.redirect(req.query.intent === "register" ? "/login?mode=register" : "/login", 302),
      );
    app.get(OIDC_CALLBACK_PATH, { config: { public: true }, schema: { tags } }, async (_req, reply) =>
      loginError(reply, SIGN_IN_ERRORS.notSetUp),
    );
    return { enabled: false };
  }
  const configuration = discoveryCache(oidc);

  app.get("/api/auth/google", { config: { public: true }, schema: { tags } }, async (request, reply) => {
    let cfg: client.Configuration;
    try {
      cfg = await configuration();
    } catch (err) {
      request.log.warn({ err: { message: (err as Error).message } }, "OpenID Connect discovery failed");
      return loginError(reply, SIGN_IN_ERRORS.unreachable);
    }
    const flow = await startFlow(db, reply, {
      config,
      kind: "oidc",
      userId: request.userId,
      redirectUri: callbackUrl(config, request, OIDC_CALLBACK_PATH),
      withNonce: true,
    });
    const url = client.buildAuthorizationUrl(cfg, {
      redirect_uri: flow.redirectUri,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: "S256",
      state: flow.state,
      nonce: flow.nonce ?? "",
    });
    return reply.redirect(url.href, 302);
  });

  app.get(OIDC_CALLBACK_PATH, { config: { public: true }, schema: { tags } }, async (request, reply) => {
    try {
      const userId = await completeSignIn(request, reply, await configuration());
      if (request.sessionToken) await deleteSession(db, request.sessionToken);
      const { token, expiresAt } = await createSession(db, userId, { most: config.keep.sessions });
      setSessionCookie(reply, config, token, expiresAt);
      // A browser signed in on: spared the slowdown strangers' wrong passwords cause (known-devices.ts).
      await deps.guard.rememberDevice(request, reply, userId);
      return reply.redirect("/", 302);
    } catch (err) {
      if (err instanceof SignInError) return loginError(reply, err.shown);
      // Library errors name the failed check (state, nonce, grant); codes and tokens stay out of logs.
      request.log.warn({ err: { message: (err as Error).message } }, "sign-in callback rejected");
      return loginError(reply, SIGN_IN_ERRORS.failed);
    }
  });

  async function completeSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    cfg: client.Configuration,
  ): Promise<number> {
    const query = request.query as Record<string, string | undefined>;
    const flow = await takeFlow(db, request, reply, { config, kind: "oidc" });
    if (!flow) throw new SignInError(SIGN_IN_ERRORS.expired);
    if (query.error) {
      throw new SignInError(query.error === "access_denied" ? SIGN_IN_ERRORS.cancelled : SIGN_IN_ERRORS.refused);
    }
    // The callback URL as registered, with the parameters the provider added.
    const current = new URL(flow.redirectUri);
    current.search = new URL(request.url, "http://x").search;
    const tokens = await client.authorizationCodeGrant(cfg, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce ?? undefined,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SignInError(SIGN_IN_ERRORS.noIdentity);
    const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
    let profile: Record<string, unknown> = claims;
    // Providers that keep profile claims out of the ID token serve them from userinfo.
    if (str(claims.email) === null && tokens.access_token && cfg.serverMetadata().userinfo_endpoint) {
      try {
        profile = { ...(await client.fetchUserInfo(cfg, tokens.access_token, claims.sub)), ...claims };
      } catch (err) {
        request.log.warn({ err: { message: (err as Error).message } }, "userinfo request failed");
      }
    }
    // The signed-in user at the start of the flow and now must agree before anything is linked.
    const linkTo = flow.userId !== null && flow.userId === request.userId ? flow.userId : null;
    return resolveOidcUser(db, {
      userId: linkTo,
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email: str(profile.email),
        name: str(profile.name),
        preferred: str(profile.preferred_username),
      },
    });
  }

  return { enabled: true };
}
