import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findSessionUser, SESSION_ABSOLUTE_MS } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set for every signed-in request; null otherwise. */
    userId: number | null;
    sessionToken: string | null;
    /** The signed-in user's row, read with the session in one query; null when signed out. */
    sessionUser: UserRow | null;
    /** Whether the request is for the API; null until isApiRequest or the session hook worked it out. */
    apiRequest: boolean | null;
  }
  interface FastifyContextConfig {
    /** Routes are signed-in only unless they say otherwise, so a new route cannot forget. */
    public?: boolean;
  }
}

export function sessionCookieName(config: Config): string {
  return config.secureCookies ? "__Host-dc_session" : "dc_session";
}

/** The configurations whose operator has been told that PUBLIC_URL is missing: once per app. */
const toldOfPlainPublicUrl = new WeakSet<Config>();

/**
 * Whether a cookie set in this answer is `Secure`: always with an https PUBLIC_URL, and also when
 * the request itself came over https (behind a proxy that says so, with TRUST_PROXY), so a
 * deployment that left PUBLIC_URL unset still gets Secure cookies. Over plain http it is not, or
 * the browser would drop it. The operator is told once that PUBLIC_URL is missing.
 */
export function secureCookie(reply: FastifyReply, config: Config): boolean {
  if (config.secureCookies) return true;
  if (reply.request.protocol !== "https") return false;
  if (!toldOfPlainPublicUrl.has(config)) {
    toldOfPlainPublicUrl.add(config);
    reply.log.warn(
      "requests arrive over https but PUBLIC_URL is not an https address: set it, so that cookies are __Host- prefixed and HSTS is sent",
    );
  }
  return true;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookie(reply, config),
    expires: expiresAt,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookie(reply, config),
  });
}

/** The signed-in user's id; routes call this instead of trusting anything the client sends. */
export function userIdOf(request: FastifyRequest): number {
  if (request.userId === null) throw new AppError("UNAUTHENTICATED", "Please sign in");
  return request.userId;
}

/**
 * Whether a request is for the API, decided on the path the router matched: `/%61pi/tasks` routes
 * to `/api/tasks` and must be treated as such. A path no route matched is decoded the same way.
 * Worked out once per request (the session hook does it first) and kept on the request.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (request.apiRequest === null) request.apiRequest = isApiRoute(request.routeOptions.url, request.url);
  return request.apiRequest;
}

function isApiRoute(route: string | undefined, url: string): boolean {
  if (route !== undefined) return route.startsWith("/api/");
  const query = url.indexOf("?");
  const raw = query === -1 ? url : url.slice(0, query);
  let pathname = raw;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: the raw path is all there is.
  }
  return pathname.startsWith("/api/");
}

const unauthenticated = () => new AppError("UNAUTHENTICATED", "Please sign in");

export function registerSessionAuth(app: FastifyInstance, config: Config, db: Db): void {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("sessionUser", null);
  app.decorateRequest("apiRequest", null);
  const cookieName = sessionCookieName(config);
  // A callback rather than a promise: requests without a session to look up (pages, files, a
  // signed-out call) finish the hook at once (docs/decisions/018-lean-serving.md).
  app.addHook("onRequest", (request, _reply, done) => {
    // request.routeOptions builds a new object on every read: read it once.
    const route = request.routeOptions;
    const api = isApiRoute(route.url, request.url);
    request.apiRequest = api;
    if (!api) return done();
    // A signed-in route refuses a request without a live session; a public one lets it through.
    const guarded = route.url !== undefined && !route.config.public;
    const token = request.cookies[cookieName];
    if (!token) return done(guarded ? unauthenticated() : undefined);
    findSessionUser(db, token, { userAgent: request.headers["user-agent"] }).then((user) => {
      if (user !== null) {
        request.userId = user.id;
        request.sessionToken = token;
        request.sessionUser = user;
      }
      done(guarded && user === null ? unauthenticated() : undefined);
    }, done);
  });
}
