import { hash, randomBytes } from "node:crypto";
import { KEEP_AT_MOST } from "../../shared/constants.ts";
import type { DeviceSession } from "../../shared/schemas.ts";
import type { Db } from "../db/database.ts";
import { precompiled } from "../db/precompiled.ts";
import type { UserRow } from "../db/schema.ts";
import { recordDayOfUse } from "../welcome/service.ts";
import { describeUserAgent } from "./user-agent.ts";
import { userColumns } from "./users.ts";

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * last_seen_at is written at most this often, so reads do not turn into writes; short enough for
 * Settings to say "active 5 minutes ago" and be roughly right.
 */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Longer headers are cut: the name of a browser is all the list needs. */
const USER_AGENT_MAX = 512;

// One-shot hashing: no Hash object per call (the token is hashed on every signed-in request).
const hashToken = (token: string) => hash("sha256", token, "hex");
/** The id a session is shown and ended by; derived one way from the stored hash, never from the token. */
const publicId = (storedId: string) => hash("sha256", `device:${storedId}`, "base64url").slice(0, 22);
const cleanUserAgent = (ua: string | undefined) => (ua ? ua.slice(0, USER_AGENT_MAX) : null);

/**
 * Starts a session. `most` is how many sessions one person keeps (KEEP_AT_MOST.sessions, decision
 * 070): past it, the ones used least recently end, so sign-ins in a loop cannot pile rows up.
 */
export async function createSession(
  db: Db,
  userId: number,
  opts: { now?: Date; userAgent?: string; most?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = opts.now ?? new Date();
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
      user_agent: cleanUserAgent(opts.userAgent),
    })
    .execute();
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where(
      "id",
      "not in",
      db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "=", userId)
        .orderBy("last_seen_at", "desc")
        .orderBy("created_at", "desc")
        .limit(opts.most ?? KEEP_AT_MOST.sessions),
    )
    .execute();
  return { token, expiresAt };
}

const sessionUserColumns = userColumns.map((column) => `users.${column}` as const);

/**
 * The session's row joined with its user's: built and compiled once, as it runs on every request,
 * and on SQLite kept until anything is committed to the database (decision 039).
 */
const sessionWithUser = precompiled(
  (db: Db, id: string) =>
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.last_seen_at", "sessions.expires_at", "sessions.user_agent", ...sessionUserColumns])
      .where("sessions.id", "=", id),
  { keep: true },
);

type SessionRow = Awaited<ReturnType<typeof sessionWithUser>>[number];
type SessionFacts = { lastSeen: number; expires: number; user: UserRow };

/**
 * What a session row says. A kept row (decision 039) is the same frozen object on every request
 * until a commit, so for it this is worked out once: its dates parsed and its user taken out of it.
 */
const factsOfKeptRow = new WeakMap<SessionRow, SessionFacts>();
function factsOf(row: SessionRow): SessionFacts {
  const known = factsOfKeptRow.get(row);
  if (known) return known;
  const { last_seen_at, expires_at, user_agent: _agent, ...user } = row;
  const facts = { lastSeen: Date.parse(last_seen_at), expires: Date.parse(expires_at), user };
  // Only a kept row comes again. Its user is shared by the session's requests: frozen like the row.
  if (Object.isFrozen(row)) {
    Object.freeze(user);
    factsOfKeptRow.set(row, facts);
  }
  return facts;
}

/**
 * The session's user, or null when the token is unknown, idle too long or past its end. One
 * query by primary key joins the user, so a request needs no other read to know who asks; the
 * session row is written only when its last-seen time is older than TOUCH_INTERVAL_MS. A row is
 * answered again only while nothing at all was committed to the database since it was read, so a
 * deleted session (sign-out, revoked device) stops working at once, on every instance.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  opts: { now?: Date; userAgent?: string } = {},
): Promise<UserRow | null> {
  const now = opts.now ?? new Date();
  const id = hashToken(token);
  const [row] = await sessionWithUser(db, id);
  if (!row) return null;
  const { lastSeen, expires, user } = factsOf(row);
  if (expires <= now.getTime() || lastSeen + SESSION_IDLE_MS <= now.getTime()) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  // Sessions started where the header was not at hand (registration, provider sign-in) learn
  // their browser from their first request.
  const learnAgent = row.user_agent === null && opts.userAgent !== undefined;
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS || learnAgent) {
    await db
      .updateTable("sessions")
      .set({
        last_seen_at: now.toISOString(),
        ...(learnAgent ? { user_agent: cleanUserAgent(opts.userAgent) } : {}),
      })
      .where("id", "=", id)
      .execute();
    // The day of use is per user, not per device: written at most once a day (a welcome back).
    await recordDayOfUse(db, { userId: row.id, now });
  }
  return user;
}

/** The session's user id, or null when the token is unknown, idle too long or past its end. */
export async function validateSession(
  db: Db,
  token: string,
  opts: { now?: Date; userAgent?: string } = {},
): Promise<number | null> {
  return (await findSessionUser(db, token, opts))?.id ?? null;
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

/** Signs out every other device (after a password change, or on request); answers how many. */
export async function deleteOtherSessions(db: Db, userId: number, keepToken: string | null): Promise<number> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepToken) q = q.where("id", "!=", hashToken(keepToken));
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live sessions, this one first, then the most recently active. */
export async function listSessions(
  db: Db,
  opts: { userId: number; currentToken: string | null; now?: Date },
): Promise<DeviceSession[]> {
  const now = opts.now ?? new Date();
  const currentId = opts.currentToken ? hashToken(opts.currentToken) : null;
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", opts.userId)
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">", new Date(now.getTime() - SESSION_IDLE_MS).toISOString())
    .execute();
  return rows
    .map((row) => ({
      id: publicId(row.id),
      ...describeUserAgent(row.user_agent),
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * Ends one of the user's sessions by its public id; its cookie stops working at once. False when
 * the user has no such session (someone else's id included).
 */
export async function deleteSessionById(db: Db, opts: { userId: number; id: string }): Promise<boolean> {
  const rows = await db.selectFrom("sessions").select("id").where("user_id", "=", opts.userId).execute();
  const match = rows.find((row) => publicId(row.id) === opts.id);
  if (!match) return false;
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", match.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a token belongs to the session with this public id. */
export const isSessionId = (token: string, id: string) => publicId(hashToken(token)) === id;
