/**
 * Browsers an account has signed in on. Such a browser carries a random cookie (only its hash is
 * stored) and is spared the account-wide slowdown that strangers' wrong guesses cause, so a flood
 * of guesses from many addresses cannot keep the owner out of their own account.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { secureCookie } from "./request-user.ts";
import { usernameKey } from "./users.ts";

export const KNOWN_DEVICE_MS = 180 * 24 * 60 * 60 * 1000;
/** Enough for every browser one person uses; older ones are forgotten first. */
const DEVICES_PER_USER = 20;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function deviceCookieName(config: Config): string {
  return config.secureCookies ? "__Host-dc_device" : "dc_device";
}

/** The device cookie the request carries, if any. */
export function presentedDevice(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[deviceCookieName(config)] || undefined;
}

/** The stored id of the presented device when that account signed in on it before, else null. */
export async function knownDeviceOf(
  db: Db,
  opts: { token: string | undefined; username: string; now?: Date },
): Promise<string | null> {
  if (!opts.token) return null;
  const id = hashToken(opts.token);
  const row = await db
    .selectFrom("known_devices")
    .innerJoin("users", "users.id", "known_devices.user_id")
    .select("known_devices.id")
    .where("known_devices.id", "=", id)
    .where("users.username_key", "=", usernameKey(opts.username))
    .where("known_devices.expires_at", ">", (opts.now ?? new Date()).toISOString())
    .executeTakeFirst();
  return row ? row.id : null;
}

/**
 * Marks this browser as one the user signs in on: the presented cookie is kept when it already
 * belongs to the user, otherwise a new one is issued. Either way it lasts KNOWN_DEVICE_MS from now.
 */
export async function rememberDevice(
  db: Db,
  reply: FastifyReply,
  config: Config,
  opts: { userId: number; presented: string | undefined; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_MS);
  let token = opts.presented;
  const kept = token !== undefined && (await extendDevice(db, { token, userId: opts.userId, expiresAt }));
  if (!kept || token === undefined) {
    token = randomBytes(32).toString("base64url");
    await db
      .insertInto("known_devices")
      .values({
        id: hashToken(token),
        user_id: opts.userId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute();
    await db
      .deleteFrom("known_devices")
      .where("user_id", "=", opts.userId)
      .where(
        "id",
        "not in",
        db
          .selectFrom("known_devices")
          .select("id")
          .where("user_id", "=", opts.userId)
          .orderBy("expires_at", "desc")
          .limit(DEVICES_PER_USER),
      )
      .execute();
  }
  reply.setCookie(deviceCookieName(config), token, {
    path: "/",
    httpOnly: true,
    // Only the app's own pages ever send it; no other site can make a browser present it.
    sameSite: "strict",
    secure: secureCookie(reply, config),
    expires: expiresAt,
    maxAge: Math.floor(KNOWN_DEVICE_MS / 1000),
  });
}

/** The browser forgets its device cookie (the account it marked is gone). */
export function clearDeviceCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(deviceCookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: secureCookie(reply, config),
  });
}

async function extendDevice(db: Db, opts: { token: string; userId: number; expiresAt: Date }): Promise<boolean> {
  const res = await db
    .updateTable("known_devices")
    .set({ expires_at: opts.expiresAt.toISOString() })
    .where("id", "=", hashToken(opts.token))
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** After a password change, only the browser that made it keeps its head start. */
export async function forgetOtherDevices(db: Db, userId: number, keepToken: string | undefined): Promise<void> {
  let q = db.deleteFrom("known_devices").where("user_id", "=", userId);
  if (keepToken) q = q.where("id", "!=", hashToken(keepToken));
  await q.execute();
}

export async function deleteExpiredDevices(db: Db, now = new Date()): Promise<number> {
  const res = await db.deleteFrom("known_devices").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(res.numDeletedRows);
}
