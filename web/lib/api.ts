/**
 * The one API client, with the error rules of spec section 8. Every call carries the session
 * cookie. Answers are typed by the `shared/` schema the server validates them with: each call
 * names that schema (`api.get<typeof task>(…)`), so no response type is ever written by hand.
 */
import type { z } from "zod";
import type { ErrorBody, ErrorCode, FieldProblem } from "../../shared/errors.ts";
import { pageInfo } from "../../shared/list-url.ts";
import { takeEarlyRead } from "./early-reads.ts";

/** A refusal from the server: its `message`, and the `code`, `field` and `problems` of shared/errors.ts when it sent them. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The dotted path of the input the server refused, when one input was to blame. */
  readonly field: string | undefined;
  /** Seconds the server asked to wait before trying again (its Retry-After), when it said. */
  readonly retryAfter: number | undefined;
  /** Each refused input and why, when the server refused more than one (`field` is the first). */
  readonly problems: FieldProblem[] | undefined;
  constructor(
    status: number,
    message: string,
    detail: { code?: ErrorCode; field?: string; retryAfter?: number; problems?: FieldProblem[] } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = detail.code;
    this.field = detail.field;
    this.retryAfter = detail.retryAfter;
    this.problems = detail.problems;
  }

  /** The message without the field name the server puts first ("serverUrl: …" → "…"). */
  get reason(): string {
    const prefix = this.field ? `${this.field}: ` : "";
    return prefix && this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }
}

type RequestOptions = {
  nullOn401?: boolean;
  /** Lets the request finish after the page is left (a change sent as the tab closes). */
  keepalive?: boolean;
  /** Sent as the Idempotency-Key header: the server makes a create sent twice once (decision 028). */
  idempotencyKey?: string;
  /** Sent as If-Match: the change is saved only to the record at this version (decision 055). */
  ifMatch?: string;
  /**
   * Work that may take long on a working server (a sync with another calendar, a whole import, an
   * assistant's call, which the server bounds itself: AI_TIMEOUT_MS, tried twice): its answer is
   * waited for, not given up after `ANSWER_WAIT_MS`.
   */
  slow?: boolean;
};

/**
 * How long a change waits for the server's answer (docs/decisions/065-no-answer.md). A server that
 * hangs would otherwise leave "Adding..." on screen for minutes; past this, the change is taken as
 * not sent: a create or a tick is kept on this device and sent again with the same key, anything
 * else says so and can be tried again. The assistant's calls have the server's own limit instead.
 */
export const ANSWER_WAIT_MS = 15_000;

/** The server took longer than `ANSWER_WAIT_MS` to answer a change: as with no connection, nothing is known to be saved. */
export class NoAnswer extends Error {
  constructor() {
    super("The server took too long to answer. Please try again.");
    this.name = "NoAnswer";
  }
}

/** What a shared schema promises the server answers. */
type Answer<S extends z.ZodType> = z.output<S>;

/** The error of a refused response: the JSON body's message, code and field, or the status line. */
async function errorOf(res: Response): Promise<ApiError> {
  const type = res.headers.get("content-type") ?? "";
  const seconds = Number.parseInt(res.headers.get("retry-after") ?? "", 10);
  const retryAfter = Number.isNaN(seconds) ? undefined : seconds;
  if (type.includes("application/json")) {
    try {
      const body = (await res.json()) as Partial<ErrorBody> | null;
      if (typeof body?.message === "string" && body.message) {
        const field = typeof body.field === "string" ? body.field : undefined;
        const problems = Array.isArray(body.problems) ? body.problems : undefined;
        return new ApiError(res.status, body.message, { code: body.code, field, retryAfter, problems });
      }
    } catch {
      // Fall through to the status line.
    }
  }
  return new ApiError(res.status, `${res.status}: ${res.statusText}`, { retryAfter });
}

/** Who hears of every 401 answer: the session this device had, if any, is over (web/app/auth.tsx). */
const sessionListeners = new Set<() => void>();

/** Calls `listener` whenever the server answers 401; answers the function that stops it. */
export function onSessionEnded(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Tells the listeners of a 401 at once, before the caller handles the answer. */
function heard(res: Response): void {
  if (res.status === 401) for (const listener of [...sessionListeners]) listener();
}

/**
 * JSON helper: throws the response's `message` when the body is JSON, otherwise
 * '{status}: {statusText}'. With `nullOn401`, a 401 resolves to null instead of throwing.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await (method === "GET" && body === undefined
    ? fetchGet(url)
    : sendChange(
        url,
        {
          method,
          credentials: "include",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}),
            ...(options.ifMatch ? { "If-Match": options.ifMatch } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          keepalive: options.keepalive,
        },
        options.slow,
      ));
  heard(res);
  if (options.nullOn401 && res.status === 401) return null as T;
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A change sent to the server, given up (the request cancelled, `NoAnswer` thrown) when no answer
 * has come within `ANSWER_WAIT_MS`. Not `slow` work, nor a change sent as the page closes, which
 * no one waits for.
 */
async function sendChange(url: string, init: RequestInit, slow = false): Promise<Response> {
  if (slow || init.keepalive) return fetch(url, init);
  const cancel = new AbortController();
  const timer = setTimeout(() => cancel.abort(), ANSWER_WAIT_MS);
  try {
    return await fetch(url, { ...init, signal: cancel.signal });
  } catch (error) {
    throw cancel.signal.aborted ? new NoAnswer() : error;
  } finally {
    clearTimeout(timer);
  }
}

/** Multipart upload (a recording): the browser sets the boundary; errors as `apiRequest`'s. */
async function sendForm<T>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: "POST", body: form, credentials: "include" });
  heard(res);
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

/**
 * The default data query: GET the key path, '{status}: {body text or status text}' on failure
 * (the code and field of a JSON error body still come along).
 */
export async function getJson<T>(url: string): Promise<T> {
  return (await getResponse(url)).json() as Promise<T>;
}

/** What this page has read, until the service worker first takes it (web/lib/service-worker.ts). */
let readsSoFar: Set<string> | null = new Set();
const READS_NOTED_MAX = 100;

/** The addresses read so far, each once, oldest first; from now on nothing more is noted. */
export function takeReadsSoFar(): string[] {
  const reads = [...(readsSoFar ?? [])];
  readsSoFar = null;
  return reads;
}

/**
 * Every GET goes through here: the answer the page's <head> already asked for when one is waiting
 * at this address (web/lib/early-reads.ts), each taken once, otherwise a call of its own.
 */
function fetchGet(url: string): Promise<Response> {
  if (readsSoFar && readsSoFar.size < READS_NOTED_MAX) readsSoFar.add(url);
  return takeEarlyRead(url) ?? fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
}

async function getResponse(url: string): Promise<Response> {
  const res = await fetchGet(url);
  heard(res);
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, detailOf(text));
  }
  return res;
}

/**
 * A read only the server answers: not an early read, nor the browser's or the service worker's kept
 * copy. For a record read again because it changed elsewhere (docs/decisions/055-versions.md).
 */
async function getFresh<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, cache: "no-store" });
  heard(res);
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

/** One page of a list (docs/list-api.md): its rows, the rows over all pages, the next page's cursor. */
export type ListPage<T> = { items: T[]; total: number; nextCursor: string | null };

/** A list call with paging parameters: the array answered plus its X-Total-Count and X-Next-Cursor. */
async function getPage<T>(url: string): Promise<ListPage<T>> {
  const res = await getResponse(url);
  const items = (await res.json()) as T[];
  const info = pageInfo(res.headers);
  return { items, total: info.total ?? items.length, nextCursor: info.nextCursor };
}

function detailOf(text: string): { code?: ErrorCode; field?: string } {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody> | null;
    return { code: body?.code, field: typeof body?.field === "string" ? body.field : undefined };
  } catch {
    return {};
  }
}

/**
 * Typed calls. `S` is the shared zod schema of the answer (`typeof task`,
 * `z.ZodArray<typeof task>`); calls whose answer nobody reads leave it out.
 */
export const api = {
  /** The data queries' GET (spec section 7): failures read '{status}: {body text}'. */
  query: <S extends z.ZodType>(path: string) => getJson<Answer<S>>(path),
  /** A record read again because it changed elsewhere: the server's answer, never a kept copy. */
  fresh: <S extends z.ZodType>(path: string) => getFresh<Answer<S>>(path),
  /** One page of a list, `S` the item's schema: `api.page<typeof task>(listUrl("/api/tasks", { limit: 5 }))`. */
  page: <S extends z.ZodType>(url: string) => getPage<Answer<S>>(url),
  get: <S extends z.ZodType>(path: string, options?: RequestOptions) =>
    apiRequest<Answer<S>>("GET", path, undefined, options),
  post: <S extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<Answer<S>>("POST", path, body, options),
  put: <S extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<Answer<S>>("PUT", path, body, options),
  patch: <S extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<Answer<S>>("PATCH", path, body, options),
  delete: (path: string, options?: RequestOptions) => apiRequest<unknown>("DELETE", path, undefined, options),
  form: <S extends z.ZodType>(path: string, form: FormData) => sendForm<Answer<S>>(path, form),
};

/** Said when the server could not be reached at all, instead of the browser's own words. */
export const NO_CONNECTION = "Can't reach the server right now. Please check your connection and try again.";

/**
 * The words to show for an error: the server's, or ours. A request the browser could not make
 * (no connection, the server down) fails with a `TypeError` in the browser's own words ("Failed
 * to fetch", "Load failed"), which say nothing to a person: `NO_CONNECTION` is said instead.
 */
export function errorMessage(error: unknown, fallback = "Unknown error"): string {
  if (error instanceof TypeError) return NO_CONNECTION;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The words of a refusal past what one person can keep (`LIMIT_REACHED`, docs/decisions/070-what-one-account-can-keep.md),
 * which say what to do: shown instead of a create's general "Could not save …", since sending it
 * again will not help. Undefined for any other error.
 */
export function limitReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === "LIMIT_REACHED" ? error.reason : undefined;
}

/** What a form shows beside its field: the server's reason, without the field name it puts first. */
export function reasonOf(error: unknown, fallback?: string): string {
  return error instanceof ApiError ? error.reason : errorMessage(error, fallback);
}
