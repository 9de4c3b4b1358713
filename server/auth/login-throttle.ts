/**
 * Counts failed sign-ins per address, per account from one address, and per account overall.
 * The per-account limit is generous and its window short, so a stranger guessing from many
 * addresses can slow a real user down for at most one window, never lock them out for long.
 */
type Bucket = { failures: number; windowStart: number };

const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { address: 30, pair: 5, account: 50 } as const;

export class LoginThrottle {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #keys(ip: string, username: string): Array<[string, number]> {
    const account = username.trim().toLowerCase();
    return [
      [`ip:${ip}`, LIMITS.address],
      [`pair:${ip}:${account}`, LIMITS.pair],
      [`acct:${account}`, LIMITS.account],
    ];
  }

  #bucket(key: string): Bucket | undefined {
    const b = this.#buckets.get(key);
    if (b && this.#now() - b.windowStart >= WINDOW_MS) {
      this.#buckets.delete(key);
      return undefined;
    }
    return b;
  }

  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  retryAfterSeconds(ip: string, username: string): number {
    let wait = 0;
    for (const [key, limit] of this.#keys(ip, username)) {
      const b = this.#bucket(key);
      if (b && b.failures >= limit) {
        wait = Math.max(wait, Math.ceil((b.windowStart + WINDOW_MS - this.#now()) / 1000));
      }
    }
    return wait;
  }

  recordFailure(ip: string, username: string): void {
    for (const [key] of this.#keys(ip, username)) {
      const b = this.#bucket(key);
      if (b) b.failures += 1;
      else this.#buckets.set(key, { failures: 1, windowStart: this.#now() });
    }
    if (this.#buckets.size > 100_000) this.#sweep();
  }

  /** A correct password clears the counts tied to that account from that address. */
  recordSuccess(ip: string, username: string): void {
    const [, pair] = this.#keys(ip, username);
    this.#buckets.delete(pair[0]);
  }

  #sweep(): void {
    for (const key of this.#buckets.keys()) this.#bucket(key);
  }
}
