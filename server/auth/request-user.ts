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
  }
  interface FastifyContextConfig {
    /** Routes are signed-in only unless they say otherwise, so a new route cannot forget. */
    public?: boolean;
  }
}

export function sessionCookieName(config: Config): string {
  return config.secureCookies ? "__Host-dc_session" : "dc_session";
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    expires: expiresAt,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
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
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route.startsWith("/api/");
  const raw = request.url.split("?")[0] ?? "/";
  let pathname = raw;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: the raw path is all there is.
  }
  return pathname.startsWith("/api/");
}

export function registerSessionAuth(app: FastifyInstance, config: Config, db: Db): void {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("sessionUser", null);
  app.addHook("onRequest", async (request) => {
    if (!isApiRequest(request)) return;
    const token = request.cookies[sessionCookieName(config)];
    if (token) {
      const user = await findSessionUser(db, token, { userAgent: request.headers["user-agent"] });
      if (user !== null) {
        request.userId = user.id;
        request.sessionToken = token;
        request.sessionUser = user;
      }
    }
    const isRoute = request.routeOptions.url !== undefined;
    if (isRoute && !request.routeOptions.config.public && request.userId === null) {
      throw new AppError("UNAUTHENTICATED", "Please sign in");
    }
  });
}
