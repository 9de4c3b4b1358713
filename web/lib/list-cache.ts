/**
 * A list can be held in the cache three ways: the whole list (the spec's array), one bounded page
 * (`ListPage`, e.g. the dashboard's five) or a walk of pages ('Show more'). They all sit under the
 * list's key (`queryKeys.tasks` …), so a change is written into every one of them at once and the
 * bounded reads, whose order and counts only the server knows, are read again.
 */
import type { InfiniteData, InvalidateQueryFilters, QueryClient, QueryKey } from "@tanstack/react-query";
import type { ListPage } from "./api.ts";

export type ListData<T> = T[] | ListPage<T> | InfiniteData<ListPage<T>, unknown>;

/** `edit` applied to the rows of a cached list, whatever its form; undefined stays undefined. */
export function editRows<T>(data: ListData<T> | undefined, edit: (rows: T[]) => T[]): ListData<T> | undefined {
  if (data === undefined) return undefined;
  if (Array.isArray(data)) return edit(data);
  if ("pages" in data) return { ...data, pages: data.pages.map((p) => ({ ...p, items: edit(p.items) })) };
  return { ...data, items: edit(data.items) };
}

/** The rows of a cached list, whatever its form. */
export function rowsOf<T>(data: ListData<T> | undefined): T[] {
  if (data === undefined) return [];
  if (Array.isArray(data)) return data;
  if ("pages" in data) return data.pages.flatMap((p) => p.items);
  return data.items;
}

/** Edits the rows of every cached read of one list: the whole list, its pages and its walks. */
export function editLists<T>(queryClient: QueryClient, list: QueryKey, edit: (rows: T[]) => T[]): void {
  queryClient.setQueriesData<ListData<T>>({ queryKey: list }, (old) => editRows(old, edit));
}

export type ListSnapshot = Array<[QueryKey, unknown]>;

/** Every cached read of one list as it is now, to put back when the server refuses a change. */
export function snapshotLists(queryClient: QueryClient, list: QueryKey): ListSnapshot {
  return queryClient.getQueriesData({ queryKey: list });
}

export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/**
 * Reads queries again once the server has made a write: a read still in flight, which may have
 * left before the write (a page's first read, started early: decision 038), is dropped and made
 * again. Invalidating alone waits for that read instead when the query holds no data yet.
 */
export async function readAgain(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}

/**
 * Reads the bounded reads of a list again (pages and walks: which rows they hold, in which order,
 * and the count, depend on the server's ranking). The whole list is kept exact by the edits and
 * is not read again, as the spec's client never re-reads it.
 */
export function refreshPages(queryClient: QueryClient, list: QueryKey): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: list, predicate: (q) => q.queryKey.length > 1 });
}
