/**
 * Keyset pages for the list routes: a page reads `limit + 1` rows after the cursor's sort key, so
 * it costs the same on page 1 and page 100, and rows written meanwhile never shift a page.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { jsonSchemaTransform } from "fastify-type-provider-zod";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { LIST_LIMIT_DEFAULT, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "../../shared/constants.ts";
import {
  eventListQuery,
  projectListQuery,
  quickWinListQuery,
  taskListQuery,
  thoughtListQuery,
} from "../../shared/schemas.ts";
import { searchWords } from "../../shared/search-words.ts";
import { invalidField } from "../errors.ts";

export type SortKey = ReadonlyArray<string | number>;
export type Page<T> = { items: T[]; total: number; nextCursor: string | null };
export type PageRequest = { limit?: number; cursor?: string };

export const pageLimit = (req: PageRequest): number => req.limit ?? LIST_LIMIT_DEFAULT;

/**
 * The values a cursor may carry, as narrow as the columns they are compared with: PostgreSQL's
 * 32-bit integers, and text in the exact formats stored (no control characters, which
 * PostgreSQL refuses outright), so a forged cursor is a 400, never a database error.
 */
export const cursorValue = {
  int: z.number().int().min(-2_147_483_648).max(2_147_483_647),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().regex(/^\d{2}:\d{2}$/),
  timestamp: z.string().regex(/^[0-9T:.Z+-]{1,40}$/),
};

/** The cursor is the last row's sort key with what the order depended on, as base64url JSON. */
export function encodeCursor(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

/** Reads a cursor back; one from another list, order or version answers 400 and reads nothing. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalidField("cursor", "Not a cursor of this list");
  return parsed.data;
}

/**
 * Rows strictly after `key` in the order of `exprs` (all ascending, or all descending): a row-value
 * comparison, which SQLite and PostgreSQL both answer from an index whose columns follow the key.
 */
export function afterKey(exprs: Expression<unknown>[], key: SortKey, direction: "asc" | "desc"): RawBuilder<SqlBool> {
  const op = sql.raw(direction === "asc" ? ">" : "<");
  return sql<SqlBool>`(${sql.join(exprs)}) ${op} (${sql.join(key.map((v) => sql.val(v)))})`;
}

/**
 * Rows holding every word of a search (docs/decisions/052-find-a-task.md) in their `search_text`,
 * the words folded as the search is (shared/search-words.ts). `%`, `_` and `\` in a word are
 * matched as themselves. Null when the search has no words: nothing to filter.
 */
export function hasWords(q: string | undefined): RawBuilder<SqlBool> | null {
  const words = q === undefined ? [] : searchWords(q);
  if (words.length === 0) return null;
  const likes = words.map((w) => sql<SqlBool>`search_text like ${`%${w.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`);
  return sql<SqlBool>`(${sql.join(likes, sql` and `)})`;
}

/** Cuts the `limit + 1` rows read into a page and the cursor after its last row, if more follow. */
export function takePage<R>(
  rows: R[],
  limit: number,
  cursorAfter: (row: R) => string,
): { rows: R[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: cursorAfter(page[page.length - 1] as R) };
}

/** True when the request named no list parameter at all: the list keeps its whole-array answer. */
export const wantsWholeList = (query: object): boolean => Object.keys(query).length === 0;

/**
 * Sets the page headers and returns the rows. The next link repeats the request's own
 * parameters with the new cursor, so following it keeps the filters.
 */
export function sendPage<T>(req: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor !== null) {
    reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    const params = new URLSearchParams(req.url.split("?")[1] ?? "");
    params.set("cursor", page.nextCursor);
    reply.header("Link", `<${req.routeOptions.url}?${params.toString()}>; rel="next"`);
  }
  return page.items;
}

/** OpenAPI description of the page headers, added to the list routes' 200 answers. */
export const pageHeadersDoc = {
  [TOTAL_COUNT_HEADER]: {
    type: "integer",
    description: "Rows matching the filters, over all pages. Sent when any list parameter is given.",
  },
  [NEXT_CURSOR_HEADER]: {
    type: "string",
    description: "Pass as `cursor` (with the same filters) for the next page. Absent on the last page.",
  },
  Link: {
    type: "string",
    description: 'RFC 8288 link to the next page: `</api/…?…&cursor=…>; rel="next"`. Absent on the last page.',
  },
} as const;

type SwaggerTransform = typeof jsonSchemaTransform;

/**
 * Wraps the OpenAPI transform so the 200 answer of every list route (a route whose query string
 * is one of the list queries) documents the page headers.
 */
export function withPageHeaders(transform: SwaggerTransform): SwaggerTransform {
  const listQueries = new Set<unknown>([
    taskListQuery,
    quickWinListQuery,
    thoughtListQuery,
    eventListQuery,
    projectListQuery,
  ]);
  return (doc) => {
    const out = transform(doc);
    const ok = (out.schema as { response?: Record<string, Record<string, unknown>> } | undefined)?.response?.[200];
    if (ok && listQueries.has(doc.schema?.querystring)) ok.headers = pageHeadersDoc;
    return out;
  };
}
