import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { User } from "../../shared/schemas.ts";
import { toast } from "../components/ui/toast-store.ts";
import { ApiError, api } from "./api.ts";
import { forgetDraft } from "./draft.ts";
import { editLists, refreshPages } from "./list-cache.ts";
import { keepWaiting, unreachable } from "./outbox.ts";
import { queryKeys } from "./query-keys.ts";
import { DELETE_KEPT_OFFLINE, SKIP_KEPT_OFFLINE, wordsOf } from "./waiting-change.ts";

/**
 * A change that waits for its toast (decisions.md: destructive actions on single items are
 * undoable from their toast instead of asking first). The screen shows it done at once; `commit`
 * runs when the toast closes — its 5 s are up, it is dismissed or swiped, or a newer toast takes
 * its place — or when the page is left (`leaving`: send it so that it outlives the page). Undo
 * runs `undo` instead, and nothing is sent.
 */
export function undoable(opts: {
  title: string;
  description: string;
  /** How to take it back without the toast, for screen readers (Radix Toast's altText). */
  altText: string;
  commit: (leaving: boolean) => void;
  undo: () => void;
}): void {
  let settled = false;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    window.removeEventListener("pagehide", onLeave);
    then();
  };
  const onLeave = () => settle(() => opts.commit(true));
  window.addEventListener("pagehide", onLeave);
  toast({
    title: opts.title,
    description: opts.description,
    action: { label: "Undo", altText: opts.altText, onClick: () => settle(opts.undo) },
    onClose: () => settle(() => opts.commit(false)),
  });
}

/**
 * Deleting one row of a server list the undoable way: the row leaves every list on screen at
 * once (`useShown` filters it out, so a list read again meanwhile does not bring it back), the
 * server is told when the toast closes, and Undo brings it back as it was, since nothing was
 * deleted yet. With `waitsOffline`, a delete (or a routine's skip of today) that cannot reach the
 * server waits on this device (web/lib/outbox.ts) and the row stays gone: the list's reads apply
 * what waits.
 */
export function undoableDeletes<T extends { id: number }>(opts: {
  /** The list's query key; its path is the collection the DELETE goes to. */
  list: readonly [string];
  /** The toast's words for one row. */
  words: (row: T) => { title: string; description: string; altText: string };
  /** Said when the server refuses. */
  failure: string;
  /**
   * The row's drafts (web/lib/draft.ts), given up once the server has deleted it: at once online,
   * when the delete is sent for one that waits offline, which can still be taken back till then.
   */
  drafts?: (row: T) => string[];
  /** Kept on this device when the server cannot be reached; the list's reads apply waiting changes. */
  waitsOffline?: boolean;
  /** The row's fields as the server has them, kept with a delete that waits (a thought's status). */
  was?: (row: T) => Record<string, unknown>;
}) {
  const deleting = new Set<number>();
  let version = 0;
  const listeners = new Set<() => void>();
  const setDeleting = (id: number, on: boolean) => {
    if (on) deleting.add(id);
    else deleting.delete(id);
    version++;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    /** The rows to show: without those waiting for their toast to close. */
    useShown(rows: T[]): T[] {
      useSyncExternalStore(subscribe, () => version);
      return deleting.size === 0 ? rows : rows.filter((r) => !deleting.has(r.id));
    },
    /**
     * `how.scope: "this"` deletes just today's occurrence of a routine (the series skips it and
     * comes back on its next day), with the toast's own `how.words`.
     */
    useDelete() {
      const queryClient = useQueryClient();
      const offLists = (row: T) => editLists<T>(queryClient, opts.list, (rows) => rows.filter((r) => r.id !== row.id));
      const gone = (row: T) => {
        offLists(row);
        // And the row's own read (a project's page) is forgotten: going back to it asks again.
        queryClient.removeQueries({ queryKey: [`${opts.list[0]}/${row.id}`], exact: true });
      };
      return (row: T, how: { scope?: "this"; words?: ReturnType<typeof opts.words> } = {}) => {
        // Whose delete it is, known even if the session has ended by the time it is sent.
        const userId = queryClient.getQueryData<User | null>(queryKeys.me)?.id;
        setDeleting(row.id, true);
        undoable({
          ...(how.words ?? opts.words(row)),
          undo: () => setDeleting(row.id, false),
          commit: (leaving) => {
            api
              .delete(`${opts.list[0]}/${row.id}${how.scope ? `?scope=${how.scope}` : ""}`, { keepalive: leaving })
              .then(() => {
                // A skipped occurrence keeps its series, moved on: every read of the list is read again.
                if (how.scope) return queryClient.invalidateQueries({ queryKey: opts.list });
                gone(row);
                for (const name of opts.drafts?.(row) ?? []) forgetDraft(name);
              })
              .catch(async (error: unknown) => {
                const waiting = {
                  userId,
                  was: opts.was?.(row),
                  scope: how.scope,
                  action: how.scope ? "Skip today" : "Delete",
                  drafts: how.scope ? undefined : opts.drafts?.(row),
                };
                // Already gone: nothing to tell.
                if (error instanceof ApiError && error.status === 404) return;
                if (error instanceof ApiError && error.status === 401) {
                  // The session ended meanwhile (decision 058, which has said so): the delete waits
                  // for the same person's next sign-in, as what they typed does.
                  if (opts.waitsOffline) await keepDelete(queryClient, opts.list[0], row, waiting);
                  return;
                }
                if (
                  opts.waitsOffline &&
                  unreachable(error) &&
                  (await keepDelete(queryClient, opts.list[0], row, waiting))
                ) {
                  // A skipped routine is off today's lists until the server has moved it on. What
                  // else goes with the row (a project's drafts) stays until the delete is sent: it
                  // can still be brought back.
                  if (how.scope) offLists(row);
                  else gone(row);
                  toast(how.scope ? SKIP_KEPT_OFFLINE : DELETE_KEPT_OFFLINE);
                  return;
                }
                toast({ title: "Error", description: opts.failure, variant: "destructive" });
              })
              .finally(() => {
                setDeleting(row.id, false);
                void refreshPages(queryClient, opts.list);
              });
          },
        });
      };
    },
  };
}

/**
 * Keeps the delete of `row` of `list` on this device until it can be sent (with `scope: "this"`,
 * a routine's skip of today, or one occurrence of a repeating event, called `action` in the list
 * of what waits, with `label` for its words there); false when the device cannot keep it (then it
 * failed).
 */
export function keepDelete<T extends { id: number }>(
  queryClient: QueryClient,
  list: string,
  row: T,
  {
    userId = queryClient.getQueryData<User | null>(queryKeys.me)?.id,
    was,
    scope,
    action = "Delete",
    label = wordsOf(row),
    drafts,
  }: {
    /** Whose delete it is: the person signed in, unless said. */
    userId?: number;
    was?: Record<string, unknown>;
    scope?: "this";
    action?: string;
    label?: string;
    drafts?: string[];
  } = {},
): Promise<boolean> {
  if (userId === undefined) return Promise.resolve(false);
  const path = `${list}/${row.id}${scope ? `?scope=${scope}` : ""}`;
  return keepWaiting({
    userId,
    method: "DELETE",
    key: path,
    path,
    list,
    body: undefined,
    was,
    label,
    action,
    drafts,
  }).then(
    () => true,
    () => false,
  );
}
