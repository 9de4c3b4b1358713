/**
 * Writing a list call's URL and reading its page headers (docs/list-api.md). Kept apart from
 * `schemas.ts` so the web app can use them without loading zod.
 */
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "./constants.ts";
import type {
  EventListParams,
  ProjectListParams,
  QuickWinListParams,
  TaskListParams,
  ThoughtListParams,
} from "./schemas.ts";

/**
 * The URL of a list call: `listUrl("/api/tasks", { completed: false, order: "focus", limit: 5 })`
 * is `/api/tasks?completed=false&order=focus&limit=5`. Undefined values are left out; with no
 * parameter left it is the bare path, which answers the whole list.
 */
export function listUrl(
  path: string,
  params: TaskListParams | QuickWinListParams | ThoughtListParams | EventListParams | ProjectListParams = {},
): string {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return query ? `${path}?${query}` : path;
}

/**
 * Reads the paging headers of a list answer, e.g. `pageInfo(res.headers)` on a fetch Response:
 * the rows matching the filters (null on a whole-list answer) and the next page's cursor (null on
 * the last page).
 */
export function pageInfo(headers: { get(name: string): string | null }): {
  total: number | null;
  nextCursor: string | null;
} {
  const total = headers.get(TOTAL_COUNT_HEADER);
  return { total: total === null ? null : Number(total), nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}
