/**
 * The per-address request limit, with counts every instance on one database shares, without a
 * database query per request: each request is counted in memory, and about once a second each
 * instance adds what it counted to the shared row and reads back the total. A client spreading
 * requests over several instances gets about the configured limit in all, give or take what the
 * instances let through within one flush interval (docs/decisions/012-shared-limits-and-password-policy.md).
 *
 * The limit is applied by one synchronous hook per route, with the answers @fastify/rate-limit
 * gave (its headers, its 429, its way of counting IPv6 addresses by /64), without the plugin's
 * chain of promises on every request (docs/decisions/037-lean-request-path.md).
 */
import { createHash } from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { Db } from "./db/database.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The shared request counts; tests flush them by hand instead of waiting for the timer. */
    sharedRateCounts: SharedRateCounts;
  }
}

type Entry = {
  key: string;
  windowStart: number;
  windowMs: number;
  /** The total over every instance at the last flush, including this one's flushed counts. */
  shared: number;
  /** Counted here since the last flush. */
  pending: number;
};

const FLUSH_MS = 1000;
/** Addresses tracked at once per instance; past this the oldest is dropped (counted low, never high). */
const MAX_ENTRIES = 50_000;
/** Rows per insert: four parameters each stays far below SQLite's limit. */
const BATCH = 500;

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
const iso = (ms: number) => new Date(ms).toISOString();

export class SharedRateCounts {
  readonly #db: Db;
  readonly #now: () => number;
  readonly #onError: (err: unknown) => void;
  readonly #entries = new Map<string, Entry>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> | undefined;
  #sweptWindow = 0;

  constructor(opts: { db: Db; now?: () => number; onError?: (err: unknown) => void; flushMs?: number }) {
    this.#db = opts.db;
    this.#now = opts.now ?? Date.now;
    this.#onError = opts.onError ?? (() => {});
    this.#timer = setInterval(() => void this.flush(), opts.flushMs ?? FLUSH_MS);
    this.#timer.unref();
  }

  /** Counts one request under `key` (no I/O) and answers what the rate-limit plugin expects. */
  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const entry = this.#entry(key, windowMs);
    entry.pending += 1;
    return { current: entry.shared + entry.pending, ttl: entry.windowStart + windowMs - this.#now() };
  }

  read(key: string, windowMs: number): { current: number; ttl: number } {
    const now = this.#now();
    const entry = this.#entries.get(`${windowMs}:${key}`);
    if (!entry || entry.windowStart + windowMs <= now) return { current: 0, ttl: 0 };
    return { current: entry.shared + entry.pending, ttl: entry.windowStart + windowMs - now };
  }

  #entry(key: string, windowMs: number): Entry {
    // Windows start on multiples of their length, so every instance agrees on which one is current.
    const windowStart = Math.floor(this.#now() / windowMs) * windowMs;
    const id = `${windowMs}:${key}`;
    let entry = this.#entries.get(id);
    if (entry && entry.windowStart === windowStart) return entry;
    if (entry && entry.pending > 0) {
      // The previous window's last counts still go to its row, under a name of their own.
      this.#entries.set(`${id}@${entry.windowStart}`, entry);
    }
    this.#entries.delete(id);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    entry = { key, windowStart, windowMs, shared: 0, pending: 0 };
    this.#entries.set(id, entry);
    return entry;
  }

  /** Adds this instance's new counts to the shared rows and reads back the totals. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush()
      .catch((err) => this.#onError(err))
      .finally(() => {
        this.#flushing = undefined;
      });
    return this.#flushing;
  }

  async #flush(): Promise<void> {
    const now = this.#now();
    const due: Array<{ id: string; entry: Entry; count: number; hash: string }> = [];
    for (const [id, entry] of this.#entries) {
      if (entry.pending > 0) due.push({ id, entry, count: entry.pending, hash: hashKey(entry.key) });
      else if (entry.windowStart + entry.windowMs <= now) this.#entries.delete(id);
    }
    for (let i = 0; i < due.length; i += BATCH) {
      const batch = due.slice(i, i + BATCH);
      const totals = await this.#db
        .insertInto("rate_limit_counts")
        .values(
          batch.map(({ entry, count, hash }) => ({
            key: hash,
            window_start: iso(entry.windowStart),
            hits: count,
            expires_at: iso(entry.windowStart + entry.windowMs),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(["key", "window_start"])
            .doUpdateSet((eb) => ({ hits: eb("rate_limit_counts.hits", "+", eb.ref("excluded.hits")) })),
        )
        .returning(["key", "window_start", "hits"])
        .execute();
      const byRow = new Map(totals.map((r) => [`${r.key}|${r.window_start}`, Number(r.hits)]));
      for (const { id, entry, count, hash } of batch) {
        entry.pending -= count;
        const total = byRow.get(`${hash}|${iso(entry.windowStart)}`);
        if (total !== undefined) entry.shared = Math.max(entry.shared + count, total);
        if (entry.windowStart + entry.windowMs <= now && entry.pending === 0) this.#entries.delete(id);
      }
    }
    // Past windows' rows are of no use to anyone: one instance a minute is enough to clear them.
    const minute = Math.floor(now / 60_000);
    if (minute !== this.#sweptWindow) {
      this.#sweptWindow = minute;
      await this.#db.deleteFrom("rate_limit_counts").where("expires_at", "<=", iso(now)).execute();
    }
  }

  /** Stops the timer and hands the last counts over. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}

/** Shares the app's request counts through the database and returns them. */
export function shareRateLimitCounts(app: FastifyInstance, deps: { db: Db; now?: () => number }): SharedRateCounts {
  const counts = new SharedRateCounts({
    ...deps,
    onError: (err) => app.log.warn({ err }, "could not share request counts; counting on this instance only"),
  });
  app.decorate("sharedRateCounts", counts);
  app.addHook("onClose", () => counts.close());
  return counts;
}

const WINDOW_MS = 60_000;
/** An IPv6 client is counted by its /64, as one host usually holds a whole /64. */
const IPV6_SUBNET = 64;

/**
 * The address a request is counted under, worked out once per connection: its address, or behind
 * a trusted proxy the one its forwarded header names, so again whenever that header changes.
 */
const counted = new WeakMap<object, { forwarded: string | string[] | undefined; address: string }>();
export function countedAddress(request: FastifyRequest): string {
  const forwarded = request.headers["x-forwarded-for"];
  const kept = counted.get(request.raw.socket);
  if (kept !== undefined && kept.forwarded === forwarded) return kept.address;
  const address = normalizeIP(request.ip, IPV6_SUBNET);
  counted.set(request.raw.socket, { forwarded, address });
  return address;
}

/**
 * Counts every request to each route registered after this call against `max` per minute and per
 * address, and refuses the request past it with the error `refusal` builds (429). Every answer of
 * such a route says the limit, what is left and when the window resets (`x-ratelimit-*`); a
 * refusal adds `retry-after`. Paths no route matches are not counted. Like the plugin this
 * replaces, the hook runs after the app's own request hooks (a signed-out request to a signed-in
 * route is refused before it is counted).
 */
export function registerRequestLimit(
  app: FastifyInstance,
  opts: {
    max: number;
    counts: SharedRateCounts;
    refusal: (request: FastifyRequest, retryAfterMs: number) => unknown;
  },
): void {
  const { counts, refusal } = opts;
  const max = Math.trunc(opts.max);
  const limit: onRequestHookHandler = (request: FastifyRequest, reply: FastifyReply, done) => {
    const { current, ttl } = counts.incr(countedAddress(request), WINDOW_MS);
    const resetSeconds = Math.ceil(ttl / 1000);
    reply.header("x-ratelimit-limit", max);
    if (current <= max) {
      reply.header("x-ratelimit-remaining", max - current);
      reply.header("x-ratelimit-reset", resetSeconds);
      done();
      return;
    }
    reply.header("x-ratelimit-remaining", 0);
    reply.header("x-ratelimit-reset", resetSeconds);
    reply.header("retry-after", resetSeconds);
    done(refusal(request, ttl) as Error);
  };
  app.addHook("onRoute", (route) => {
    const existing = route.onRequest;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    // A HEAD route made from a GET route may share its hook list: count each request once.
    if (hooks.includes(limit)) return;
    route.onRequest = [...hooks, limit];
  });
}
