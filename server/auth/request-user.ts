import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { SESSION_ABSOLUTE_MS, validateSession } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set for every signed-in request; null otherwise. */
    userId: number | null;
    sessionToken: string | null;
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

export function registerSessionAuth(app: FastifyInstance, config: Config, db: Db): void {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[sessionCookieName(config)];
    if (token) {
      const userId = await validateSession(db, token);
      if (userId !== null) {
        request.userId = userId;
        request.sessionToken = token;
      }
    }
    const isRoute = request.routeOptions.url !== undefined;
    if (isRoute && !request.routeOptions.config.public && request.userId === null) {
      throw new AppError("UNAUTHENTICATED", "Please sign in");
    }
  });
}
