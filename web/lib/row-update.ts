/**
 * Editing one row of a server list (a task, a quick win, a thought). The change shows at once everywhere the
 * row is held and is taken back if the server refuses it; then the bounded reads are read again,
 * since the change may move the row in or out of the first page.
 *
 * `scope: "this"` edits just today's occurrence of a routine (docs/decisions/032-routines.md): the
 * server answers a new one-off row and moves the series on, so every read of the list is read again.
 * It names the day it changes (`occurrence`): sent again after the series has moved on from that
 * day (a second tap after a slow answer, or another tab first), it is refused (409) instead of
 * making a one-off of the next day, and the list is read again to show the day as it is.
 *
 * When the server cannot be reached, the change waits on this device (web/lib/waiting-change.ts)
 * and the row stays as edited; the answer is then marked `waiting`. A change for today only waits
 * too, named by its day, on the routine's row (docs/decisions/082-just-this-one-offline.md): the
 * one-off it makes shows once it is sent and the list is read again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "./api.ts";
import { editLists, refreshPages, restoreLists, snapshotLists } from "./list-cache.ts";
import { sendOrKeepChange } from "./waiting-change.ts";

/** `list` is the list's query key; its path is the collection the PATCH goes to. */
export function useRowUpdate<S extends z.ZodType<{ id: number; userId: number }>, Patch extends Partial<z.output<S>>>(
  list: readonly [string],
) {
  type Row = z.output<S>;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      patch,
      scope,
      occurrence,
      also,
      action = "Edit",
      was,
    }: {
      id: number;
      patch: Patch;
      scope?: "this";
      /** With `scope`: the day of the occurrence being changed, as the row shows it. */
      occurrence?: string | null;
      /** Sent with the patch but not a field of the row (a thought's `contentIsTranscript`). */
      also?: Record<string, unknown>;
      /** What the change is called in "Waiting to sync" if it has to wait on this device. */
      action?: string;
      /** The changed fields as the server has them, kept with a change that waits (web/lib/outbox.ts). */
      was?: Record<string, unknown>;
    }): Promise<Row & { waiting?: true }> => {
      const body = { ...patch, ...also };
      const query = scope ? `?scope=${scope}${occurrence ? `&occurrence=${occurrence}` : ""}` : "";
      return sendOrKeepChange<Row>(
        queryClient,
        list,
        { id, body: () => body, action: () => action, was, query, makesRecord: scope === "this" },
        (idempotencyKey) => api.patch<S>(`${list[0]}/${id}${query}`, body, { idempotencyKey }),
      );
    },
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: list });
      const previous = snapshotLists(queryClient, list);
      editLists<Row>(queryClient, list, (rows) => rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) restoreLists(queryClient, context.previous);
    },
    onSuccess: ({ waiting, ...answer }, { scope }) => {
      if (scope === "this" || waiting) return;
      const saved = answer as unknown as Row;
      editLists<Row>(queryClient, list, (rows) => rows.map((r) => (r.id === saved.id ? saved : r)));
    },
    // Just this one makes a new row, or finds its day changed elsewhere: every read of the list anew.
    onSettled: (_answer, _error, { scope }) =>
      scope === "this" ? queryClient.invalidateQueries({ queryKey: list }) : refreshPages(queryClient, list),
  });
}
