import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database.ts";

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The session's user id, or null when the token is unknown, idle too long or past its end. */
export async function validateSession(db: Db, token: string, now = new Date()): Promise<number | null> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .select(["user_id", "last_seen_at", "expires_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
  }
  return row.user_id;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now.toISOString()),
        eb("last_seen_at", "<=", new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
      ]),
    )
    .execute();
}

/** After a password change every other device has to sign in again. */
export async function deleteOtherSessions(db: Db, userId: number, keepToken: string | null): Promise<void> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepToken) q = q.where("id", "!=", hashToken(keepToken));
  await q.execute();
}
