import { createHash } from "node:crypto";
import { type Db, locksRows } from "../db/database.ts";

/**
 * Holds back password guessing at sign-in (and at a password change), with counts kept in the
 * database so every instance on it sees the same ones:
 * - per address: 30 wrong passwords per 15 minutes, whatever the accounts;
 * - per account from one address: 5 per 15 minutes;
 * - per account from new devices: after 10 wrong passwords each further one makes new devices
 *   wait longer (1 s, 2 s, 4 s, … at most 5 minutes), so a flood from many addresses slows
 *   guessing to one try per few minutes without keeping the owner out for long;
 * - a browser the account signed in on before skips that account-wide wait and has its own
 *   limit instead (5 per 15 minutes), so a stolen device cookie does not help guessing.
 * Why these numbers: docs/decisions/012-shared-limits-and-password-policy.md.
 */
export type SignInAttempt = {
  ip: string;
  username: string;
  /** Stored id of a known device of this account the attempt comes from (known-devices.ts). */
  device?: string | null;
};

/** What begin() decided: wait (retryAfter > 0, nothing counted) or go ahead (counted as a failure). */
export type ThrottlePass = {
  retryAfter: number;
  /** The wait comes from the account-wide slowdown, which a known device would skip. */
  accountWide: boolean;
  attempt: SignInAttempt;
  /** The account count's previous last failure, restored when this attempt turns out right. */
  previousAccountFailure?: string;
  at: string;
};

export const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { address: 30, pair: 5, device: 5 } as const;
export const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_FIRST_DELAY_MS = 1000;
export const ACCOUNT_MAX_DELAY_MS = 5 * 60 * 1000;
/** An account's count is forgotten this long after its last wrong password. */
const ACCOUNT_MEMORY_MS = 60 * 60 * 1000;

/** How long new devices wait after the account's latest wrong password, given how many there were. */
export function accountDelayMs(failures: number): number {
  if (failures <= ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_MS, ACCOUNT_FIRST_DELAY_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES - 1));
}

type Counter = { key: string; kind: "window"; limit: number; name: "ip" | "pair" | "device" } | AccountCounter;
type AccountCounter = { key: string; kind: "account"; name: "account" };
type Row = { key: string; failures: number; window_start: string; last_failure_at: string; expires_at: string };

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
const iso = (ms: number) => new Date(ms).toISOString();

export class LoginThrottle {
  /** The clock the counts run on (tests move it forward). */
  readonly now: () => number;
  readonly #db: Db;
  readonly #lockRows: boolean;

  constructor(opts: { db: Db; now?: () => number }) {
    this.#db = opts.db;
    this.now = opts.now ?? Date.now;
    // SQLite serialises write transactions (BEGIN IMMEDIATE); PostgreSQL needs row locks.
    this.#lockRows = locksRows(opts.db);
  }

  #counters({ ip, username, device }: SignInAttempt): Counter[] {
    const account = username.trim().toLowerCase();
    const counters: Counter[] = [
      { key: hashKey(`ip:${ip}`), kind: "window", limit: LIMITS.address, name: "ip" },
      { key: hashKey(`pair:${ip}:${account}`), kind: "window", limit: LIMITS.pair, name: "pair" },
      device
        ? { key: hashKey(`dev:${device}`), kind: "window", limit: LIMITS.device, name: "device" }
        : { key: hashKey(`acct:${account}`), kind: "account", name: "account" },
    ];
    // One order for every transaction, so two of them never wait on each other's rows in a cycle.
    return counters.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  /**
   * Decides whether a password check may go ahead. If it may, the attempt is counted as a wrong
   * password straight away (in one transaction with the decision), so parallel guesses cannot
   * slip past a limit; `passed` takes the count back when the password was right.
   */
  async begin(attempt: SignInAttempt): Promise<ThrottlePass> {
    const nowMs = this.now();
    const now = iso(nowMs);
    const counters = this.#counters(attempt);
    return this.#db.transaction().execute(async (trx) => {
      // Rows exist before they are locked, so a burst on a new key still queues up behind one lock.
      await trx
        .insertInto("login_throttle")
        .values(
          counters.map((c) => ({
            key: c.key,
            failures: 0,
            window_start: now,
            last_failure_at: now,
            expires_at: iso(nowMs + (c.kind === "account" ? ACCOUNT_MEMORY_MS : WINDOW_MS)),
          })),
        )
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      let select = trx
        .selectFrom("login_throttle")
        .select(["key", "failures", "window_start", "last_failure_at", "expires_at"])
        .where(
          "key",
          "in",
          counters.map((c) => c.key),
        )
        .orderBy("key");
      if (this.#lockRows) select = select.forUpdate();
      const rows = new Map((await select.execute()).map((r) => [r.key, r] as const));

      const pass: ThrottlePass = { retryAfter: 0, accountWide: false, attempt, at: now };
      const current = (c: Counter): Row => {
        const row = rows.get(c.key) as Row;
        if (row.expires_at > now) return row;
        return { ...row, failures: 0, window_start: now, expires_at: iso(nowMs + WINDOW_MS) };
      };
      for (const c of counters) {
        const row = current(c);
        let wait = 0;
        if (c.kind === "window" && row.failures >= c.limit) wait = Date.parse(row.expires_at) - nowMs;
        if (c.kind === "account") wait = Date.parse(row.last_failure_at) + accountDelayMs(row.failures) - nowMs;
        const seconds = Math.ceil(wait / 1000);
        if (seconds > pass.retryAfter) {
          pass.retryAfter = seconds;
          pass.accountWide = c.kind === "account";
        }
      }
      if (pass.retryAfter > 0) return pass;

      for (const c of counters) {
        const row = current(c);
        if (c.kind === "account") {
          pass.previousAccountFailure = row.last_failure_at;
          await trx
            .updateTable("login_throttle")
            .set({ failures: row.failures + 1, last_failure_at: now, expires_at: iso(nowMs + ACCOUNT_MEMORY_MS) })
            .where("key", "=", c.key)
            .execute();
        } else {
          await trx
            .updateTable("login_throttle")
            .set({
              failures: row.failures + 1,
              window_start: row.window_start,
              last_failure_at: now,
              expires_at: row.expires_at,
            })
            .where("key", "=", c.key)
            .execute();
        }
      }
      return pass;
    });
  }

  /** The password was right: the attempt is not a failure, and its address's count for the account is cleared. */
  async passed(pass: ThrottlePass): Promise<void> {
    if (pass.retryAfter > 0) return;
    for (const c of this.#counters(pass.attempt)) {
      if (c.name === "pair" || c.name === "device") {
        await this.#db.deleteFrom("login_throttle").where("key", "=", c.key).execute();
      } else {
        await this.#db
          .updateTable("login_throttle")
          .set((eb) => ({
            failures: eb
              .case()
              .when("failures", ">", 0)
              .then(eb("failures", "-", 1))
              .else(0)
              .end(),
            // Only when no wrong password came in since: then the account's wait is as it was.
            last_failure_at:
              c.kind === "account" && pass.previousAccountFailure
                ? eb
                    .case()
                    .when("last_failure_at", "=", pass.at)
                    .then(pass.previousAccountFailure)
                    .else(eb.ref("last_failure_at"))
                    .end()
                : eb.ref("last_failure_at"),
          }))
          .where("key", "=", c.key)
          .execute();
      }
    }
  }

  /** Removes counts whose window has passed; returns how many. */
  sweep(): Promise<number> {
    return deleteExpiredLoginCounts(this.#db, new Date(this.now()));
  }
}

export async function deleteExpiredLoginCounts(db: Db, now = new Date()): Promise<number> {
  const res = await db.deleteFrom("login_throttle").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(res.numDeletedRows);
}
