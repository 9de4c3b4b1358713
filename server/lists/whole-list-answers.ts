/**
 * Whole-list answers (`GET /api/tasks`, `GET /api/quick-wins` without parameters) kept per user
 * and keyed by the user's lists version (docs/decisions/024-cached-list-answers.md). The database
 * raises the version in the transaction of every write to those lists (migration 0013) and the
 * session lookup reads it on every request, so an answer is reused only while nothing it shows
 * has changed — whichever instance wrote. The session itself is still checked on every request.
 *
 * An answer is kept as its JSON bytes and, once a client asked for them, as the compressed bytes
 * @fastify/compress made for that client's Accept-Encoding: no serialising and no compressing
 * again for an unchanged list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route may answer with a kept whole list (its compressed bytes are kept after compression). */
    wholeListAnswers?: boolean;
  }
}

type Compressed = { encoding: string; vary: string | undefined; bytes: Buffer };
type Answer = {
  key: string;
  userId: number;
  version: number;
  json: Buffer;
  /** By the request's Accept-Encoding header, as sent. */
  compressed: Map<string, Compressed>;
  size: number;
};

/** Bytes kept at most, over every user (the process's memory budget is 200 MB). */
const MAX_BYTES = 16 * 1024 * 1024;
/** A larger answer is not kept: it would push out many others. */
const MAX_ANSWER_BYTES = 512 * 1024;
/** Distinct Accept-Encoding headers kept per answer (browsers send one or two forms). */
const MAX_ENCODINGS = 4;
const JSON_TYPE = "application/json; charset=utf-8";

export class WholeListAnswers {
  /** Most recently used last; keyed by user and list. */
  readonly #answers = new Map<string, Answer>();
  readonly #maxBytes: number;
  #bytes = 0;
  /** Replies that sent a kept answer's JSON, for the compressed bytes to be kept after compression. */
  readonly #pending = new WeakMap<FastifyReply, Answer>();

  constructor(opts: { maxBytes?: number } = {}) {
    this.#maxBytes = opts.maxBytes ?? MAX_BYTES;
  }

  /** Answers kept now, for tests and measurements. */
  get size(): number {
    return this.#answers.size;
  }

  /**
   * Sends the user's whole `list`: the kept answer when it was made at the lists version the
   * session lookup read for this request, else what `read` gives, serialised by the route's
   * response schema and kept for the next request.
   */
  async send(request: FastifyRequest, reply: FastifyReply, list: string, read: () => Promise<unknown>): Promise<void> {
    const user = request.sessionUser;
    if (user === null) throw new Error("whole-list answers need a signed-in request");
    const key = `${user.id}:${list}`;
    let answer = this.#answers.get(key);
    if (answer !== undefined && answer.version === user.lists_version) {
      // Most recently used goes last.
      this.#answers.delete(key);
      this.#answers.set(key, answer);
    } else {
      if (answer !== undefined) this.#drop(answer);
      // The version was read before the rows: rows can only be as new or newer than it, so an
      // answer kept under it is never older than what that version promises.
      const json = Buffer.from(reply.serialize(await read()) as string);
      answer = { key, userId: user.id, version: user.lists_version, json, compressed: new Map(), size: json.length };
      this.#keep(answer);
    }
    reply.type(JSON_TYPE);
    const accept = request.headers["accept-encoding"];
    const compressed = accept === undefined ? undefined : answer.compressed.get(accept);
    if (compressed !== undefined) {
      reply.header("content-encoding", compressed.encoding);
      if (compressed.vary !== undefined) reply.header("vary", compressed.vary);
      return reply.send(compressed.bytes);
    }
    if (accept !== undefined && answer.compressed.size < MAX_ENCODINGS) this.#pending.set(reply, answer);
    return reply.send(answer.json);
  }

  /** Keeps what @fastify/compress made of a kept answer's JSON for this Accept-Encoding. */
  keepCompressed(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const answer = this.#pending.get(reply);
    if (answer === undefined) return;
    this.#pending.delete(reply);
    const encoding = reply.getHeader("content-encoding");
    const accept = request.headers["accept-encoding"];
    if (typeof encoding !== "string" || encoding === "identity" || !Buffer.isBuffer(payload) || accept === undefined) {
      return;
    }
    // Dropped or replaced since: keep nothing for it.
    if (this.#answers.get(answer.key) !== answer) return;
    const vary = reply.getHeader("vary");
    answer.compressed.set(accept, { encoding, vary: vary === undefined ? undefined : String(vary), bytes: payload });
    answer.size += payload.length;
    this.#bytes += payload.length;
    this.#trim();
  }

  /** Drops every answer kept for the user (their account is gone). */
  forgetUser(userId: number): void {
    for (const answer of [...this.#answers.values()]) if (answer.userId === userId) this.#drop(answer);
  }

  #keep(answer: Answer): void {
    if (answer.size > MAX_ANSWER_BYTES) return;
    this.#answers.set(answer.key, answer);
    this.#bytes += answer.size;
    this.#trim();
  }

  #drop(answer: Answer): void {
    if (this.#answers.get(answer.key) !== answer) return;
    this.#answers.delete(answer.key);
    this.#bytes -= answer.size;
  }

  #trim(): void {
    for (const oldest of this.#answers.values()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest);
    }
  }
}

/**
 * Registers the hook that keeps compressed bytes. Call after @fastify/compress is registered: its
 * per-route send hook is added when a route is, and this one must come after it.
 */
export function registerWholeListAnswers(app: FastifyInstance): WholeListAnswers {
  const answers = new WholeListAnswers();
  app.addHook("onRoute", (route) => {
    if (route.config?.wholeListAnswers !== true) return;
    const keep = (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, p: unknown) => void,
    ) => {
      answers.keepCompressed(request, reply, payload);
      done(null, payload);
    };
    const existing = route.onSend;
    route.onSend = existing === undefined ? [keep] : [...(Array.isArray(existing) ? existing : [existing]), keep];
  });
  return answers;
}
