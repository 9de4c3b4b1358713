/**
 * Short-lived authorization attempts (sign-in, calendar consent). The browser holds a random
 * cookie; the database holds its hash with the state, nonce and PKCE verifier, so a callback is
 * only accepted from the browser that started it, and only once.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import * as oauth from "openid-client";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";
import { secureCookie } from "./request-user.ts";

export const FLOW_TTL_MS = 10 * 60 * 1000;

export type FlowKind = "oidc" | "google_calendar";

export type Flow = {
  userId: number | null;
  state: string;
  nonce: string | null;
  codeVerifier: string;
  redirectUri: string;
};

const hash = (value: string) => createHash("sha256").update(value).digest("hex");
const random = () => randomBytes(32).toString("base64url");

export const flowCookieName = (config: Config, kind: FlowKind) =>
  `${config.secureCookies ? "__Host-" : ""}dc_flow_${kind}`;

export async function startFlow(
  db: Db,
  reply: FastifyReply,
  opts: { config: Config; kind: FlowKind; userId: number | null; redirectUri: string; withNonce: boolean },
): Promise<Flow> {
  const browserKey = random();
  const flow: Flow = {
    userId: opts.userId,
    state: oauth.randomState(),
    nonce: opts.withNonce ? oauth.randomNonce() : null,
    codeVerifier: oauth.randomPKCECodeVerifier(),
    redirectUri: opts.redirectUri,
  };
  const now = Date.now();
  await db.deleteFrom("auth_flows").where("expires_at", "<=", new Date(now).toISOString()).execute();
  await db
    .insertInto("auth_flows")
    .values({
      id: hash(browserKey),
      kind: opts.kind,
      user_id: flow.userId,
      state: flow.state,
      nonce: flow.nonce,
      code_verifier: flow.codeVerifier,
      redirect_uri: flow.redirectUri,
      created_at: nowIso(),
      expires_at: new Date(now + FLOW_TTL_MS).toISOString(),
    })
    .execute();
  reply.setCookie(flowCookieName(opts.config, opts.kind), browserKey, {
    path: "/",
    httpOnly: true,
    // The provider sends the browser back with a top-level GET, which Lax cookies survive.
    sameSite: "lax",
    secure: secureCookie(reply, opts.config),
    maxAge: Math.floor(FLOW_TTL_MS / 1000),
  });
  return flow;
}

/** The flow this browser started, removed so that it cannot be used twice; undefined if none. */
export async function takeFlow(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { config: Config; kind: FlowKind },
): Promise<Flow | undefined> {
  const name = flowCookieName(opts.config, opts.kind);
  const browserKey = request.cookies[name];
  reply.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure: secureCookie(reply, opts.config) });
  if (!browserKey) return undefined;
  const row = await db
    .deleteFrom("auth_flows")
    .where("id", "=", hash(browserKey))
    .where("kind", "=", opts.kind)
    .returning(["user_id", "state", "nonce", "code_verifier", "redirect_uri", "expires_at"])
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= Date.now()) return undefined;
  return {
    userId: row.user_id,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectUri: row.redirect_uri,
  };
}

/** Where the provider sends the browser back: PUBLIC_URL when set, else this request's origin. */
export function callbackUrl(config: Config, request: FastifyRequest, path: string): string {
  const origin = config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
  // Normalised (default ports dropped) so it matches, to the letter, what the OAuth client sends.
  return new URL(path, origin).href;
}
