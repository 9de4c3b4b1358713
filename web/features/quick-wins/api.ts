import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { listUrl } from "../../../shared/list-url.ts";
import type { QuickWin, QuickWinListParams, quickWin } from "../../../shared/schemas.ts";
import { topQuickWinsParams } from "../../app/first-read-urls.ts";
import { inToast } from "../../components/ui/toast-store.ts";
import { api } from "../../lib/api.ts";
import { editDraft } from "../../lib/draft.ts";
import { refreshPages } from "../../lib/list-cache.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";
import { withWaitingChanges } from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useRowUpdate } from "../../lib/row-update.ts";
import { undoableDeletes } from "../../lib/undoable.ts";

const QUICK_WINS = queryKeys.quickWins[0];
/** Rows per 'Show more' in the Tasks page's quick wins. */
export const QUICK_WINS_PAGE_SIZE = 10;

/** The whole list, as the spec's client reads it. */
export const quickWinsQuery = () =>
  queryOptions({
    queryKey: queryKeys.quickWins,
    queryFn: async () => withWaitingChanges(QUICK_WINS, await api.query<z.ZodArray<typeof quickWin>>(QUICK_WINS)),
  });

export function useQuickWins() {
  return useQuery(quickWinsQuery());
}

/** The dashboard's Quick Wins: the five oldest open ones, with how many are open in all. */
export const topQuickWinsQuery = () => {
  const params = topQuickWinsParams();
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.quickWins, params),
    queryFn: async () => withWaitingChanges(QUICK_WINS, await api.page<typeof quickWin>(listUrl(QUICK_WINS, params))),
  });
};

export function useTopQuickWins() {
  return useQuery(topQuickWinsQuery());
}

/** Every open quick win, oldest first, page after page ('Show more'). */
export const openQuickWinsWalk = (q?: string) => {
  const params: QuickWinListParams = { completed: false, order: "focus", q };
  return infiniteQueryOptions({
    queryKey: queryKeys.pages(queryKeys.quickWins, params),
    queryFn: async ({ pageParam }) =>
      withWaitingChanges(
        QUICK_WINS,
        await api.page<typeof quickWin>(
          listUrl(QUICK_WINS, { ...params, limit: QUICK_WINS_PAGE_SIZE, cursor: pageParam ?? undefined }),
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

/** The open quick wins; with `q`, those with its words (docs/decisions/052-find-a-task.md). */
export function useOpenQuickWins(q?: string) {
  // A new search keeps the rows on show until its own first page arrives.
  return useInfiniteQuery({ ...openQuickWinsWalk(q), placeholderData: keepPreviousData });
}

export function useCreateQuickWin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...input }: { text: string; userId: number; repeat?: string | null; key: string }) =>
      api.post<typeof quickWin>(QUICK_WINS, input, { idempotencyKey: key }),
    onSuccess: (created) => {
      queryClient.setQueryData(quickWinsQuery().queryKey, (old) => (old ? [...old, created] : old));
      void refreshPages(queryClient, queryKeys.quickWins);
    },
  });
}

/**
 * Edits a quick win's words or its repeat, shown at once and taken back if refused; `scope: "this"`
 * edits just today's occurrence of a repeating one (web/lib/row-update.ts).
 */
export const useUpdateQuickWin = () =>
  useRowUpdate<typeof quickWin, Partial<Pick<QuickWin, "text" | "repeat">>>(queryKeys.quickWins);

export function useToggleQuickWin() {
  return useOptimisticToggle<typeof quickWin>(queryKeys.quickWins, "Failed to update quick win", (q) => ({
    title: "Quick win done",
    description: `"${inToast(q.text)}" is done.`,
    altText: "Undo completing the quick win",
  }));
}

const quickWinDeletes = undoableDeletes<QuickWin>({
  list: queryKeys.quickWins,
  words: (q) => ({
    title: "Quick win deleted",
    description: `"${inToast(q.text)}" is off your list.`,
    altText: "Undo deleting the quick win",
  }),
  failure: "Failed to delete quick win",
  // An edit not saved is of no use once the row is gone.
  drafts: (q) => [editDraft("quick-win", q.id)],
  waitsOffline: true,
  // Kept with a delete that waits, so the Tasks page's count leaves it out.
  was: (q) => ({ completed: q.completed }),
  occurrence: (q) => q.occursOn,
});

/** The rows to show, without the quick wins waiting for their 'Quick win deleted' toast to close. */
export const useShownQuickWins = quickWinDeletes.useShown;

/**
 * Deletes a quick win the undoable way: it leaves every list at once, and the server is told when
 * the toast closes (or the page is left); Undo brings it back, since nothing was deleted yet.
 */
export const useDeleteQuickWin = quickWinDeletes.useDelete;
