/**
 * Editing one row of a server list (a task, a quick win, a thought). The change shows at once everywhere the
 * row is held and is taken back if the server refuses it; then the bounded reads are read again,
 * since the change may move the row in or out of the first page.
 *
 * `scope: "this"` edits just today's occurrence of a routine (docs/decisions/032-routines.md): the
 * server answers a new one-off row and moves the series on, so every read of the list is read again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "./api.ts";
import { editLists, refreshPages, restoreLists, snapshotLists } from "./list-cache.ts";

/** `list` is the list's query key; its path is the collection the PATCH goes to. */
export function useRowUpdate<S extends z.ZodType<{ id: number }>, Patch extends Partial<z.output<S>>>(
  list: readonly [string],
) {
  type Row = z.output<S>;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      patch,
      scope,
      also,
    }: {
      id: number;
      patch: Patch;
      scope?: "this";
      /** Sent with the patch but not a field of the row (a thought's `contentIsTranscript`). */
      also?: Record<string, unknown>;
    }) => api.patch<S>(`${list[0]}/${id}${scope ? `?scope=${scope}` : ""}`, { ...patch, ...also }),
    onMutate: async ({ id, patch, scope }) => {
      if (scope === "this") return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: list });
      const previous = snapshotLists(queryClient, list);
      editLists<Row>(queryClient, list, (rows) => rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) restoreLists(queryClient, context.previous);
    },
    onSuccess: (saved, { scope }) => {
      if (scope === "this") {
        void queryClient.invalidateQueries({ queryKey: list });
        return;
      }
      editLists<Row>(queryClient, list, (rows) => rows.map((r) => (r.id === saved.id ? saved : r)));
    },
    onSettled: () => refreshPages(queryClient, list),
  });
}
