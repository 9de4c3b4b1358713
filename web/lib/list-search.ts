import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { listUrl } from "../../shared/list-url.ts";
import type { QuickWinListParams, TaskListParams } from "../../shared/schemas.ts";
import { wordsMatcher } from "../../shared/search-words.ts";
import { api } from "./api.ts";
import { queryKeys } from "./query-keys.ts";

/** How long typing pauses before the server is asked (ms): one read per word, not per key. */
export const SEARCH_PAUSE_MS = 250;

/**
 * A search over lists read a page at a time from the server (docs/decisions/052-find-a-task.md).
 * The rows already on the device narrow at once with `matches`; `q` is what the server is asked
 * for, once typing pauses, so the lists then hold every match and count them.
 */
export type ListSearch = {
  /** What was typed, as typed, to say back ("No task … matches “…”."). */
  typed: string;
  /** Whether any word is typed. */
  active: boolean;
  /** Whether a row's words hold every word typed now. */
  matches: (text: string) => boolean;
  /** The search for the list calls; undefined while nothing is typed. */
  q: string | undefined;
};

export function useListSearch(typed: string): ListSearch {
  const trimmed = typed.trim();
  const [sent, setSent] = useState(trimmed);
  useEffect(() => {
    // Clearing the box shows everything at once; words wait for a pause.
    if (trimmed === "") {
      setSent("");
      return;
    }
    const timer = setTimeout(() => setSent(trimmed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  return { typed, active: trimmed !== "", matches: wordsMatcher(trimmed), q: sent === "" ? undefined : sent };
}

/** Said instead of a list's own empty text while a search finds nothing in it. */
export const noMatch = (what: string, typed: string) => `No ${what} matches “${typed.trim()}”.`;

/**
 * How many rows of a list match a search (`params` with its `q`): a page of one row, for the count
 * it answers with. The page sits under the list's key as any page does, so an edit reads it again;
 * a new search keeps the last count until its own arrives. Undefined with no search.
 */
export function useMatchCount(
  list: readonly [string],
  params: (TaskListParams | QuickWinListParams) & { q: string | undefined },
): number | undefined {
  const page = { ...params, limit: 1 };
  const count = useQuery({
    queryKey: queryKeys.page(list, page),
    queryFn: () => api.page(listUrl(list[0], page)),
    select: (answer) => answer.total,
    placeholderData: keepPreviousData,
    enabled: params.q !== undefined,
  });
  return params.q === undefined ? undefined : count.data;
}
