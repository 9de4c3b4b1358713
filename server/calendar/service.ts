/**
 * Calendar connections (Google or CalDAV, one per user), their encrypted credentials, and the
 * runs of the sync engine: on request, after local edits, and on a jittered schedule. One run
 * per user at a time: within a process runs are queued, across processes sharing a database a
 * lease on the connection row decides (claimed by one conditional UPDATE, so it is atomic on
 * SQLite and PostgreSQL alike).
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { CALENDAR_CONNECT_ERRORS } from "../../shared/calendar-connect-errors.ts";
import type { Config } from "../config.ts";
import { createSecretBox, type SecretBox } from "../crypto/secrets.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { mapLimited } from "../map-limited.ts";
import {
  createPublicFetch,
  DEFAULT_MAX_BODY_BYTES,
  type PublicFetch,
  type PublicFetchOptions,
  RefusedAddressError,
  RefusedDowngradeError,
  RefusedPlainHttpError,
  RefusedRedirectError,
  ResponseTooLargeError,
} from "../net/public-fetch.ts";
import { getSettings } from "../settings/service.ts";
import { caldavProvider } from "./caldav.ts";
import { googleCalendarProvider } from "./google-calendar.ts";
import { refreshAccessToken, revokeToken } from "./google-oauth.ts";
import type { RetryPolicy } from "./http-retry.ts";
import { type CalendarProvider, RemoteAuthError } from "./provider.ts";
import { type SyncSummary, syncCalendar } from "./sync-engine.ts";

export type ProviderName = "google" | "caldav";

export const SECRET_KIND: Record<ProviderName, string> = { google: "google_refresh", caldav: "caldav_password" };

const LEASE_MS = 5 * 60 * 1000;
const LEASE_WAIT_MS = 20_000;
/**
 * How many people's scheduled syncs run side by side in one instance (docs/decisions/072): a slow
 * or silent calendar server holds back only its own person's sync.
 */
export const SYNCS_AT_ONCE = 6;
/** How many due people one look at the schedule takes; a full batch looks again at once. */
const DUE_PER_LOOK = 25;

export type Connection = {
  provider: ProviderName;
  calendarId: string;
  serverUrl: string | null;
  username: string | null;
  syncToken: string | null;
  lastSyncedAt: string | null;
  lastError: string | null;
};

export async function getConnection(db: Db, opts: { userId: number }): Promise<Connection | undefined> {
  const row = await db
    .selectFrom("calendar_connections")
    .select(["provider", "calendar_id", "server_url", "username", "sync_token", "last_synced_at", "last_error"])
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    provider: row.provider as ProviderName,
    calendarId: row.calendar_id,
    serverUrl: row.server_url,
    username: row.username,
    syncToken: row.sync_token,
    lastSyncedAt: row.last_synced_at,
    lastError: row.last_error,
  };
}

/** Stores a connection and its secret together; any previous connection of the same provider is replaced. */
export async function saveConnection(
  db: Db,
  box: SecretBox,
  opts: {
    userId: number;
    provider: ProviderName;
    calendarId: string;
    serverUrl?: string | null;
    username?: string | null;
    secret: string;
  },
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("calendar_connections")
      .select(["provider"])
      .where("user_id", "=", opts.userId)
      .executeTakeFirst();
    if (existing && existing.provider !== opts.provider) {
      throw new AppError("CONFLICT", CALENDAR_CONNECT_ERRORS.otherCalendar);
    }
    await trx.deleteFrom("calendar_connections").where("user_id", "=", opts.userId).execute();
    await trx
      .insertInto("calendar_connections")
      .values({
        user_id: opts.userId,
        provider: opts.provider,
        calendar_id: opts.calendarId,
        server_url: opts.serverUrl ?? null,
        username: opts.username ?? null,
        sync_token: null,
        last_synced_at: null,
        last_error: null,
        next_sync_at: now,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Even "primary" may now be another account's calendar: every event is matched afresh.
    await forgetRemoteState(trx, opts.userId);
    await trx
      .deleteFrom("user_secrets")
      .where("user_id", "=", opts.userId)
      .where("kind", "=", SECRET_KIND[opts.provider])
      .execute();
    await trx
      .insertInto("user_secrets")
      .values({
        user_id: opts.userId,
        kind: SECRET_KIND[opts.provider],
        ciphertext: box.encrypt(opts.secret),
        hint: null,
        updated_at: now,
      })
      .execute();
  });
}

/**
 * Local events stay; what tied them to the old calendar goes, and each is queued to be written
 * to the next calendar connected (under its old id, which finds it again if it is the same one).
 */
async function forgetRemoteState(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("event_tombstones").where("user_id", "=", userId).execute();
  await db
    .updateTable("events")
    .set({ remote_etag: null, remote_updated: null, sync_pending: 1 })
    .where("user_id", "=", userId)
    .execute();
}

export async function disconnect(db: Db, opts: { userId: number; provider: ProviderName }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const res = await trx
      .deleteFrom("calendar_connections")
      .where("user_id", "=", opts.userId)
      .where("provider", "=", opts.provider)
      .executeTakeFirst();
    await trx
      .deleteFrom("user_secrets")
      .where("user_id", "=", opts.userId)
      .where("kind", "=", SECRET_KIND[opts.provider])
      .execute();
    if (Number(res.numDeletedRows) > 0) await forgetRemoteState(trx, opts.userId);
  });
}

export type CalendarSyncOptions = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Tests shorten the provider backoff. */
  retry?: RetryPolicy;
  /** Tests only: a resolver and stand-ins for public addresses (never from configuration). */
  networkForTests?: PublicFetchOptions["testing"];
};

export class CalendarSync {
  readonly box: SecretBox;
  /** Every request made to a CalDAV server a user named. */
  readonly caldavFetch: PublicFetch;
  readonly #config: Config;
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  /** Backoff for provider calls; tests shorten it. */
  retry: RetryPolicy | undefined;
  readonly #owner = randomUUID();
  readonly #queues = new Map<number, Promise<unknown>>();
  readonly #triggers = new Set<Promise<unknown>>();
  readonly #waiting = new Map<number, Promise<SyncSummary>>();
  readonly #accessTokens = new Map<number, { token: string; expiresAt: number }>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(opts: CalendarSyncOptions) {
    this.#config = opts.config;
    this.#db = opts.db;
    this.#log = opts.log;
    this.retry = opts.retry;
    this.caldavFetch = createPublicFetch({
      allowPrivate: opts.config.caldavAllowPrivateNetwork,
      testing: opts.networkForTests,
    });
    this.box = createSecretBox({ appSecret: opts.config.appSecret, dataDir: opts.config.dataDir });
  }

  rememberAccessToken(userId: number, token: string, expiresAt: number): void {
    this.#accessTokens.set(userId, { token, expiresAt });
  }

  forget(userId: number): void {
    this.#accessTokens.delete(userId);
  }

  /** Ends the user's Google connection and revokes the grant at Google. */
  async disconnectGoogle(userId: number): Promise<void> {
    const refreshToken = await this.googleGrant(userId);
    await disconnect(this.#db, { userId, provider: "google" });
    this.forget(userId);
    if (refreshToken) await this.revokeGoogleGrant(userId, refreshToken);
  }

  /**
   * The user's stored Google grant (its refresh token), read before the connection goes so that
   * it can be handed back to Google afterwards; undefined when none is stored or it cannot be read.
   */
  async googleGrant(userId: number): Promise<string | undefined> {
    try {
      return await this.#secret(userId, "google");
    } catch {
      return undefined;
    }
  }

  /** Hands a grant back to Google; a failure is logged, never thrown (the connection here is gone either way). */
  async revokeGoogleGrant(userId: number, refreshToken: string): Promise<void> {
    await revokeToken(this.#config, refreshToken).catch((err) =>
      this.#log.warn({ err: { message: (err as Error).message }, userId }, "revoking the Google grant failed"),
    );
  }

  /**
   * Runs a sync for the user after any run already under way here. Callers arriving while a run
   * is still waiting to start share it: it starts after their change, so it covers it, and a
   * burst of requests costs one extra run instead of one each.
   */
  sync(userId: number): Promise<SyncSummary> {
    const waiting = this.#waiting.get(userId);
    if (waiting) return waiting;
    const previous = this.#queues.get(userId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(() => {
        this.#waiting.delete(userId);
        return this.#runWithLease(userId);
      });
    this.#waiting.set(userId, run);
    this.#queues.set(userId, run);
    run
      .catch(() => undefined)
      .finally(() => {
        if (this.#queues.get(userId) === run) this.#queues.delete(userId);
      });
    return run;
  }

  /** Starts a sync after a local change when a calendar is connected; failures are only logged. */
  trigger(userId: number): void {
    const pending = getConnection(this.#db, { userId })
      .then((conn) => (conn ? this.sync(userId) : undefined))
      .catch((err) => this.#log.warn({ err: { message: (err as Error).message }, userId }, "calendar sync failed"))
      .finally(() => this.#triggers.delete(pending));
    this.#triggers.add(pending);
  }

  /** Resolves when no run is queued or under way in this process (tests wait on it). */
  async idle(): Promise<void> {
    while (this.#queues.size > 0 || this.#triggers.size > 0) {
      await Promise.allSettled([...this.#queues.values(), ...this.#triggers]);
    }
  }

  start(): void {
    const interval = this.#config.calendarSyncIntervalMs;
    if (interval <= 0 || this.#timer) return;
    this.#stopped = false;
    const tickEvery = Math.min(60_000, interval);
    const schedule = () => {
      // Instances started together drift apart instead of all hitting the database at once.
      this.#timer = setTimeout(tick, tickEvery * (0.75 + Math.random() * 0.5));
      this.#timer.unref();
    };
    const tick = async () => {
      let full = false;
      try {
        // The longest waiting first; people side by side, so one slow calendar server holds back
        // only its own person.
        const due = await this.#db
          .selectFrom("calendar_connections")
          .select("user_id")
          .where((eb) => eb.or([eb("next_sync_at", "is", null), eb("next_sync_at", "<=", nowIso())]))
          .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso())]))
          .orderBy("next_sync_at", (ob) => ob.asc().nullsFirst())
          .limit(DUE_PER_LOOK)
          .execute();
        full = due.length === DUE_PER_LOOK;
        await mapLimited(due, SYNCS_AT_ONCE, async ({ user_id }) => {
          if (this.#stopped) return;
          await this.sync(user_id).catch((err) =>
            this.#log.warn(
              { err: { message: (err as Error).message }, userId: user_id },
              "scheduled calendar sync failed",
            ),
          );
        });
      } catch (err) {
        this.#log.error({ err }, "calendar schedule failed");
      }
      if (this.#stopped) return;
      // More were due than one look takes: the rest are served now, not a minute later.
      if (full) {
        this.#timer = setTimeout(tick, 0);
        this.#timer.unref();
      } else schedule();
    };
    schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.idle();
    await this.caldavFetch.close();
  }

  async #claimLease(userId: number): Promise<boolean> {
    const now = new Date();
    const res = await this.#db
      .updateTable("calendar_connections")
      .set({ lease_owner: this.#owner, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now.toISOString())]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async #runWithLease(userId: number): Promise<SyncSummary> {
    const deadline = Date.now() + LEASE_WAIT_MS;
    while (!(await this.#claimLease(userId))) {
      if (!(await getConnection(this.#db, { userId }))) {
        throw new AppError("BAD_REQUEST", "No calendar is connected");
      }
      if (Date.now() > deadline)
        throw new AppError("CONFLICT", "A calendar sync is already running. Please try again shortly.");
      await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 250));
    }
    let error: string | null = null;
    let syncToken: string | null | undefined;
    // A long first sync keeps its claim alive instead of letting another instance start too.
    const heartbeat = setInterval(() => {
      void this.#db
        .updateTable("calendar_connections")
        .set({ lease_until: new Date(Date.now() + LEASE_MS).toISOString() })
        .where("user_id", "=", userId)
        .where("lease_owner", "=", this.#owner)
        .execute()
        .catch(() => undefined);
    }, LEASE_MS / 3);
    heartbeat.unref();
    try {
      const conn = await getConnection(this.#db, { userId });
      if (!conn) throw new AppError("BAD_REQUEST", "No calendar is connected");
      const provider = await this.#provider(userId, conn);
      const result = await syncCalendar(this.#db, {
        userId,
        provider,
        calendarId: conn.calendarId,
        syncToken: conn.syncToken,
        newCategory: conn.provider === "google" ? "Google Calendar" : null,
        keepEvents: this.#config.keep.events,
      });
      syncToken = result.syncToken;
      const { syncToken: _token, ...summary } = result;
      return summary;
    } catch (err) {
      if (err instanceof RemoteAuthError) {
        error = "The calendar refused our access. Please connect it again.";
        await disconnect(this.#db, {
          userId,
          provider: (await getConnection(this.#db, { userId }))?.provider ?? "google",
        });
        this.forget(userId);
        throw new AppError("BAD_REQUEST", error);
      }
      if (err instanceof RefusedDowngradeError) {
        error = `The calendar server redirected to ${err.target}, which would send your password unencrypted, so it cannot be synced.`;
        throw new AppError("BAD_REQUEST", error);
      }
      if (err instanceof RefusedPlainHttpError) {
        error =
          "The calendar server is reached over http, which would send your password unencrypted. Connect again with its https:// address.";
        throw new AppError("BAD_REQUEST", error);
      }
      if (err instanceof RefusedRedirectError) {
        error = `The calendar server redirected to ${err.target}. Connect again with that address.`;
        throw new AppError("BAD_REQUEST", error);
      }
      if (err instanceof RefusedAddressError) {
        error = "The calendar server is not on a public internet address, so it cannot be synced.";
        throw new AppError("BAD_REQUEST", error);
      }
      if (
        err instanceof ResponseTooLargeError ||
        (err as { cause?: unknown })?.cause instanceof ResponseTooLargeError
      ) {
        error = `The calendar server sent more than can be read at once (${DEFAULT_MAX_BODY_BYTES >> 20} MB). Sync is paused until it sends less.`;
        throw new AppError("BAD_REQUEST", error);
      }
      if (err instanceof AppError && err.code === "LIMIT_REACHED") {
        const limit = this.#config.keep.events.toLocaleString("en-US");
        error = `The calendar holds more events than can be kept here (at most ${limit}, past ones included). Sync is paused until it holds fewer.`;
        throw new AppError("LIMIT_REACHED", error, { field: "events" });
      }
      error = err instanceof AppError ? err.message : "The last sync did not finish; it will be retried.";
      throw err;
    } finally {
      clearInterval(heartbeat);
      const interval = this.#config.calendarSyncIntervalMs || 5 * 60_000;
      const next = new Date(Date.now() + interval * (0.8 + Math.random() * 0.4)).toISOString();
      await this.#db
        .updateTable("calendar_connections")
        .set({
          lease_owner: null,
          lease_until: null,
          next_sync_at: next,
          last_error: error,
          updated_at: nowIso(),
          ...(error === null ? { last_synced_at: nowIso() } : {}),
          ...(syncToken !== undefined ? { sync_token: syncToken } : {}),
        })
        .where("user_id", "=", userId)
        .where("lease_owner", "=", this.#owner)
        .execute();
    }
  }

  async #secret(userId: number, provider: ProviderName): Promise<string> {
    const row = await this.#db
      .selectFrom("user_secrets")
      .select("ciphertext")
      .where("user_id", "=", userId)
      .where("kind", "=", SECRET_KIND[provider])
      .executeTakeFirst();
    if (!row) throw new RemoteAuthError("no stored credentials");
    return this.box.decrypt(row.ciphertext);
  }

  async #provider(userId: number, conn: Connection): Promise<CalendarProvider> {
    const { timeZone } = await getSettings(this.#db, { userId });
    if (conn.provider === "caldav") {
      // Every connection is checked as it is made: a name can be re-pointed at any time.
      return caldavProvider({
        fetch: this.caldavFetch.fetch,
        serverUrl: conn.serverUrl ?? conn.calendarId,
        username: conn.username ?? "",
        password: await this.#secret(userId, "caldav"),
        calendarUrl: conn.calendarId,
        timeZone,
      });
    }
    return googleCalendarProvider({
      apiRoot: this.#config.google.apiRoot,
      calendarId: conn.calendarId,
      timeZone,
      retry: this.retry,
      accessToken: async (refresh) => {
        const cached = this.#accessTokens.get(userId);
        if (!refresh && cached && cached.expiresAt - 60_000 > Date.now()) return cached.token;
        const fresh = await refreshAccessToken(this.#config, await this.#secret(userId, "google"));
        this.rememberAccessToken(userId, fresh.accessToken, fresh.expiresAt);
        return fresh.accessToken;
      },
    });
  }
}
