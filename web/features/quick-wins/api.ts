import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { DASHBOARD_SHORT_LIST } from "../../../shared/constants.ts";
import { listUrl } from "../../../shared/list-url.ts";
import type { QuickWinListParams, quickWin } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { refreshPages } from "../../lib/list-cache.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";
import { queryKeys } from "../../lib/query-keys.ts";

const QUICK_WINS = queryKeys.quickWins[0];
/** Rows per 'Show more' in the Tasks page's quick wins. */
export const QUICK_WINS_PAGE_SIZE = 10;

/** The whole list, as the spec's client reads it. */
export const quickWinsQuery = () =>
  queryOptions({ queryKey: queryKeys.quickWins, queryFn: () => api.query<z.ZodArray<typeof quickWin>>(QUICK_WINS) });

export function useQuickWins() {
  return useQuery(quickWinsQuery());
}

/** The dashboard's Quick Wins: the five oldest open ones, with how many are open in all. */
export const topQuickWinsQuery = () => {
  const params: QuickWinListParams = { completed: false, order: "focus", limit: DASHBOARD_SHORT_LIST };
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.quickWins, params),
    queryFn: () => api.page<typeof quickWin>(listUrl(QUICK_WINS, params)),
  });
};

export function useTopQuickWins() {
  return useQuery(topQuickWinsQuery());
}

/** Every open quick win, oldest first, page after page ('Show more'). */
export const openQuickWinsWalk = () => {
  const params: QuickWinListParams = { completed: false, order: "focus" };
  return infiniteQueryOptions({
    queryKey: queryKeys.pages(queryKeys.quickWins, params),
    queryFn: ({ pageParam }) =>
      api.page<typeof quickWin>(
        listUrl(QUICK_WINS, { ...params, limit: QUICK_WINS_PAGE_SIZE, cursor: pageParam ?? undefined }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

export function useOpenQuickWins() {
  return useInfiniteQuery(openQuickWinsWalk());
}

export function useCreateQuickWin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; userId: number }) => api.post<typeof quickWin>(QUICK_WINS, input),
    onSuccess: (created) => {
      queryClient.setQueryData(quickWinsQuery().queryKey, (old) => (old ? [...old, created] : old));
      void refreshPages(queryClient, queryKeys.quickWins);
    },
  });
}

export function useToggleQuickWin() {
  return useOptimisticToggle<typeof quickWin>(queryKeys.quickWins, "Failed to update quick win");
}
