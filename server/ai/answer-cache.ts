/**
 * Assistant answers kept about five minutes per user and input (the privacy text's promise), in
 * memory only, with a size cap so a busy server cannot grow without bound. Least recently used
 * entries go first.
 */
export const ANSWER_TTL_MS = 5 * 60 * 1000;
export const ANSWER_CACHE_MAX = 2000;

type Entry = { userId: number; value: unknown; expiresAt: number };

export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
    this.#ttlMs = opts.ttlMs ?? ANSWER_TTL_MS;
    this.#max = opts.max ?? ANSWER_CACHE_MAX;
    this.#now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get<T>(userId: number, key: string): T | undefined {
    const id = `${userId}:${key}`;
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(id);
      return undefined;
    }
    // Re-insert: a Map iterates in insertion order, so the front is always the least recently used.
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return entry.value as T;
  }

  set(userId: number, key: string, value: unknown): void {
    const id = `${userId}:${key}`;
    this.#entries.delete(id);
    this.#entries.set(id, { userId, value, expiresAt: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  forgetUser(userId: number): void {
    for (const [id, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(id);
    }
  }
}
