/**
 * The `Idempotency-Key` request header on every request that creates records
 * (docs/decisions/028-idempotency-keys.md, after the IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field").
 *
 * A route opts in with `config: { idempotent: true }`. With a key, the first request reserves the
 * key in `idempotency_keys` (unique per user, key, method and path) before anything is created,
 * and its answer is stored once it is ready. A repeat with the same body gets that stored answer
 * again (`Idempotent-Replayed: true`) and creates nothing; the same key with another body is
 * refused (422); a repeat while the first is still being handled is told so (409). The database's
 * unique constraint decides who goes first, so two instances on one PostgreSQL database, or two
 * requests at the same moment, never create twice. A request without the header is handled as
 * before. Keys are kept for a day, and a person's newest hundred answers at most
 * (KEEP_AT_MOST.idempotencyKeys).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Db } from "./db/database.ts";
import { AppError } from "./errors.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
/** How long a key is remembered: a device that was offline for a day still sends each write once. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A reservation without an answer after this long belongs to a request that can no longer finish
 * (requests time out after 120 s; the server that held it stopped): the key may be used again.
 */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;
/**
 * A person's stored answers past their bound are forgotten once this instance has taken this many
 * keys of theirs: one delete every few creates, not one with each, so a person holds at most the
 * bound and this many more per instance.
 */
export const TRIM_EVERY = 10;
const MAX_KEY_LENGTH = 255;
/** Printable characters without spaces, quotes or backslashes: UUIDs, ULIDs, base64 and the like. */
const KEY_PATTERN = /^[A-Za-z0-9!#$%&'*+\-.^_`|~:/=]+$/;

/** Seconds a repeat is told to wait while the first request is still being handled. */
const STILL_HANDLED_RETRY_AFTER = 1;
/**
 * A repeat while the first request is still being handled: a 409 with Retry-After, which tells it
 * apart from a conflict that will not pass by waiting (a thought already converted).
 */
const stillHandled = () =>
  new AppError("CONFLICT", "A request with this Idempotency-Key is still being handled. Please try again.", {
    retryAfter: STILL_HANDLED_RETRY_AFTER,
  });

declare module "fastify" {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header: the route creates records. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The reservation this request holds, once it has one. */
    idempotencyReservation: number | null;
  }
}

/**
 * The key a header value names, or an error for a malformed one. The draft writes the key as a
 * structured-field string (`"8e03…"`); a bare token is taken as well, as most clients send it.
 */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw new AppError("BAD_REQUEST", "Idempotency-Key: send one key per request");
  const trimmed = raw.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (key === "") throw new AppError("BAD_REQUEST", "Idempotency-Key: the key is empty");
  if (key.length > MAX_KEY_LENGTH) {
    throw new AppError("BAD_REQUEST", `Idempotency-Key: the key is longer than ${MAX_KEY_LENGTH} characters`);
  }
  if (!KEY_PATTERN.test(key)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key: the key may hold only letters, digits and -_.:~+/=");
  }
  return key;
}

/** JSON with object keys sorted, so the same body hashes alike however its fields were ordered. */
function canonical(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

function requestHash(request: FastifyRequest): string {
  const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  return createHash("sha256").update(query).update("\n").update(canonical(request.body)).digest("base64url");
}

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "/";

/**
 * Adds the Idempotency-Key handling to every route declared with `config: { idempotent: true }`.
 * Call before the routes are registered.
 */
export function registerIdempotency(
  app: FastifyInstance,
  {
    db,
    keep,
    now = Date.now,
  }: {
    db: Db;
    /** How many stored answers one person keeps (KEEP_AT_MOST.idempotencyKeys): the newest. */
    keep: number;
    now?: () => number;
  },
) {
  app.decorateRequest("idempotencyReservation", null);
  let lastPrune = 0;
  /** Keys taken per person since their answers were last trimmed by this instance. */
  const takenSinceTrim = new Map<number, number>();

  const prune = async () => {
    const at = now();
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    const cutoff = new Date(at - IDEMPOTENCY_WINDOW_MS).toISOString();
    await db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff).execute();
  };

  /** Takes the key for this request: its row id, or the row another request holds. */
  const reserve = async (userId: number, key: string, method: string, path: string, hash: string) => {
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        user_id: userId,
        idem_key: key,
        method,
        path,
        request_hash: hash,
        status: null,
        response_body: null,
        created_at: new Date(now()).toISOString(),
      })
      .onConflict((oc) => oc.columns(["user_id", "idem_key", "method", "path"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { mine: true, id: Number(inserted.id) } as const;
    const existing = await db
      .selectFrom("idempotency_keys")
      .select(["id", "request_hash", "status", "response_body", "created_at"])
      .where("user_id", "=", userId)
      .where("idem_key", "=", key)
      .where("method", "=", method)
      .where("path", "=", path)
      .executeTakeFirst();
    return { mine: false, existing } as const;
  };

  /**
   * Within the day a key is kept, a script creating and deleting in a loop would still store an
   * answer with each create (a project's can be a megabyte): past the person's newest `keep`
   * answers, the older ones go. Reservations still being handled are left alone.
   */
  const trim = async (userId: number) => {
    const taken = (takenSinceTrim.get(userId) ?? 0) + 1;
    if (taken < TRIM_EVERY) {
      takenSinceTrim.set(userId, taken);
      return;
    }
    takenSinceTrim.delete(userId);
    await db
      .deleteFrom("idempotency_keys")
      .where("user_id", "=", userId)
      .where("status", "is not", null)
      .where(
        "id",
        "not in",
        db
          .selectFrom("idempotency_keys")
          .select("id")
          .where("user_id", "=", userId)
          .where("status", "is not", null)
          .orderBy("id", "desc")
          .limit(keep),
      )
      .execute();
  };

  /** Frees a reservation that is past its time, if it is still the one that was read. */
  const release = async (id: number, createdAt: string) => {
    await db.deleteFrom("idempotency_keys").where("id", "=", id).where("created_at", "=", createdAt).execute();
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
    if (key === undefined || request.userId === null) return;
    await prune();
    const method = request.method;
    const path = pathOf(request);
    const hash = requestHash(request);
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await reserve(request.userId, key, method, path, hash);
      if (taken.mine) {
        request.idempotencyReservation = taken.id;
        await trim(request.userId);
        return;
      }
      const row = taken.existing;
      // Freed between our insert and our read: try again.
      if (!row) continue;
      const age = now() - Date.parse(row.created_at);
      if (age >= IDEMPOTENCY_WINDOW_MS || (row.status === null && age >= ABANDONED_AFTER_MS)) {
        await release(row.id, row.created_at);
        continue;
      }
      if (row.status === null || row.response_body === null) throw stillHandled();
      if (row.request_hash !== hash) {
        throw new AppError(
          "UNPROCESSABLE",
          "This Idempotency-Key was already used for a different request. Please send a new key.",
        );
      }
      reply.header(REPLAYED_HEADER, "true").status(row.status);
      return reply.send(JSON.parse(row.response_body));
    }
    throw stillHandled();
  };

  // The answer object, before it is written: stored as JSON and written again by the route's own
  // serializer when replayed, so a replay answers the same bytes.
  const preSerialization = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const id = request.idempotencyReservation;
    if (id === null || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    await db
      .updateTable("idempotency_keys")
      .set({ status: reply.statusCode, response_body: JSON.stringify(payload) })
      .where("id", "=", id)
      .execute();
    request.idempotencyReservation = null;
    return payload;
  };

  // A request that failed (bad input, not found, the database down) created nothing: its key is
  // freed so the same request can be sent again. Freed before its answer is sent (onSend), so a
  // client sending it again at once is not told it is still being handled; onResponse frees a
  // reservation no answer was sent for (the connection closed first).
  const free = async (request: FastifyRequest) => {
    const id = request.idempotencyReservation;
    if (id === null) return;
    request.idempotencyReservation = null;
    await db
      .deleteFrom("idempotency_keys")
      .where("id", "=", id)
      .where("status", "is", null)
      .execute()
      .catch((err: unknown) => request.log.warn({ err }, "could not free an idempotency key"));
  };
  // A callback, not a promise: it runs on every new record's answer (docs/decisions/018-lean-serving.md).
  const onSend = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ) => {
    if (request.idempotencyReservation === null || (reply.statusCode >= 200 && reply.statusCode < 300)) {
      return done(null, payload);
    }
    void free(request).then(() => done(null, payload));
  };

  const append = <T>(existing: T | T[] | undefined, hook: T): T[] =>
    existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];

  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.preHandler = append(route.preHandler, preHandler as never);
    route.preSerialization = append(route.preSerialization, preSerialization as never);
    route.onSend = append(route.onSend, onSend as never);
    route.onResponse = append(route.onResponse, free as never);
  });
}
