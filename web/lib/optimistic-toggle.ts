import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { toast } from "../components/ui/toast-store.ts";
import { api } from "./api.ts";
import { editLists, refreshPages, restoreLists, snapshotLists } from "./list-cache.ts";
import { CHANGE_KEPT_OFFLINE, sendOrKeepChange } from "./waiting-change.ts";

type Toggleable = z.ZodType<{ id: number; completed: boolean; userId: number }>;

/** The toast a tick to done shows, with Undo (decisions.md: single-item changes are undoable). */
export type DoneToast<Item> = (item: Item) => { title: string; description: string; altText: string };

/**
 * Flips `completed` at once in every cached read of the list (the whole list, the dashboard's
 * page, the Tasks page's walks), asks the server (`PATCH {list path}/{id}/toggle`), and on refusal
 * restores exactly what was there before and says so. After the server agrees, the bounded reads
 * are read again: the next item moves up into the five, and the counts follow. `S` is the item's
 * shared schema. When the server cannot be reached, the new value waits on this device as a
 * `PATCH {list path}/{id}` carrying it whole (web/lib/outbox.ts), and the tick stays.
 */
export function useOptimisticToggle<S extends Toggleable>(
  key: readonly [string],
  errorText: string,
  doneToast?: DoneToast<z.output<S>>,
  /** A tick to done that waits carries its moment (`completedAt`), so it counts on the day it was made. */
  opts: { keepsDoneTime?: boolean } = {},
) {
  type Item = z.output<S>;
  const queryClient: QueryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number): Promise<Item & { waiting?: true }> =>
      sendOrKeepChange<Item>(
        queryClient,
        key,
        {
          id,
          // The new value, whole (the rows show it already): sent twice, it changes nothing.
          body: (item) => ({
            completed: item.completed,
            // Unticked after a tick that waits: the merged change must not keep the tick's moment.
            ...(opts.keepsDoneTime && { completedAt: item.completed ? new Date().toISOString() : null }),
          }),
          action: (item) => (item.completed ? "Done" : "Not done"),
          // The row as the server has it (the rows show the tick already), so a count knows
          // whether it counted it (a task put off is not among today's).
          was: (item) => ({ ...item, completed: !item.completed }),
        },
        () => api.patch<S>(`${key[0]}/${id}/toggle`) as Promise<Item>,
      ),
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = snapshotLists(queryClient, key);
      editLists<Item>(queryClient, key, (rows) =>
        rows.map((x) => (x.id === id ? { ...x, completed: !x.completed } : x)),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) restoreLists(queryClient, context.previous);
      toast({ title: "Error", description: errorText, variant: "destructive" });
    },
    onSuccess: ({ waiting, ...answer }) => {
      const saved = answer as Item;
      editLists<Item>(queryClient, key, (rows) => rows.map((x) => (x.id === saved.id ? saved : x)));
      void refreshPages(queryClient, key);
      if (waiting) {
        toast({
          ...CHANGE_KEPT_OFFLINE,
          ...(saved.completed && {
            action: { label: "Undo", altText: "Undo the tick", onClick: () => mutation.mutate(saved.id) },
          }),
        });
        return;
      }
      // Ticked done by mistake: Undo opens it again (itself a toggle, which shows no toast).
      if (doneToast && saved.completed) {
        const text = doneToast(saved);
        toast({
          title: text.title,
          description: text.description,
          action: { label: "Undo", altText: text.altText, onClick: () => mutation.mutate(saved.id) },
        });
      }
    },
  });
  return mutation;
}
