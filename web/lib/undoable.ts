import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS, TOAST_DURATION_MS } from "../../shared/constants.ts";
import type { User } from "../../shared/schemas.ts";
import { toast } from "../components/ui/toast-store.ts";
import { ApiError, api } from "./api.ts";
import { forgetDraft } from "./draft.ts";
import { editLists, refreshPages } from "./list-cache.ts";
import { keepWaiting, mayWait } from "./outbox.ts";
import { queryKeys } from "./query-keys.ts";
import { readLocal, writeLocal } from "./storage.ts";
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
  /**
   * A routine's current day (a task's dueDate, a quick win's occursOn), named when it is skipped,
   * so the same skip sent again, or sent after its day, changes nothing (decision 077).
   */
  occurrence?: (row: T) => string | null;
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
        // A skip names the day it skips: sent twice, or late, it skips that day only.
        const occurrence = (how.scope && opts.occurrence?.(row)) || undefined;
        const skip = how.scope ? { scope: how.scope, occurrence, action: "Skip today" } : {};
        // Noted on this device until it is sent or undone, so a tab that dies meanwhile (a phone
        // discarding it in the background) still deletes it on the next start. A skip only when
        // it names its day: without, sent twice it would skip the next day too.
        const unsent =
          opts.waitsOffline && (!how.scope || occurrence) && userId !== undefined
            ? noteUnsentDelete({
                userId,
                list: opts.list[0],
                id: row.id,
                ...skip,
                label: wordsOf(row),
                was: opts.was?.(row),
                drafts: how.scope ? undefined : opts.drafts?.(row),
              })
            : () => {};
        undoable({
          ...(how.words ?? opts.words(row)),
          undo: () => {
            unsent();
            setDeleting(row.id, false);
          },
          commit: (leaving) => {
            // Leaving, the page may be gone before the answer: the note stays for the next start,
            // which sends it again (a delete already made answers 404, which is what it asked).
            if (!leaving) unsent();
            api
              .delete(pathOf(opts.list[0], row.id, skip), { keepalive: leaving })
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
                  ...skip,
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
                  mayWait(error) &&
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

/** Where a delete goes: with `scope` (and a skip's `occurrence`, decision 077) in its query. */
const pathOf = (list: string, id: number, { scope, occurrence }: { scope?: "this"; occurrence?: string }) =>
  `${list}/${id}${scope ? `?scope=${scope}${occurrence ? `&occurrence=${occurrence}` : ""}` : ""}`;

/**
 * Keeps the delete of `row` of `list` on this device until it can be sent (with `scope: "this"`,
 * a routine's skip of today, named by its `occurrence`, or one occurrence of a repeating event,
 * called `action` in the list of what waits, with `label` for its words there); false when the
 * device cannot keep it (then it failed).
 */
export function keepDelete<T extends { id: number }>(
  queryClient: QueryClient,
  list: string,
  row: T,
  {
    userId = queryClient.getQueryData<User | null>(queryKeys.me)?.id,
    was,
    scope,
    occurrence,
    action = "Delete",
    label = wordsOf(row),
    drafts,
  }: {
    /** Whose delete it is: the person signed in, unless said. */
    userId?: number;
    was?: Record<string, unknown>;
    scope?: "this";
    occurrence?: string;
    action?: string;
    label?: string;
    drafts?: string[];
  } = {},
): Promise<boolean> {
  if (userId === undefined) return Promise.resolve(false);
  const path = pathOf(list, row.id, { scope, occurrence });
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

/** A delete waiting on its toast, as noted on this device (`noteUnsentDelete`). */
type UnsentDelete = {
  userId: number;
  list: string;
  id: number;
  /**
   * `this`: just one occurrence of a repeating event, or a routine's skip of the day `occurrence`
   * (called `action` in the list of what waits). Absent: the record's delete (all notes before it was said).
   */
  scope?: "this";
  occurrence?: string;
  action?: string;
  label: string;
  was?: Record<string, unknown>;
  drafts?: string[];
  /** When the toast opened (ms). */
  at: number;
};

const UNSENT_PREFIX = `${STORAGE_KEYS.unsentDelete}:`;
/** A note older than this belongs to a page that is gone: its toast would have closed long ago. */
export const UNSENT_DELETE_LEFT_AFTER_MS = 2 * TOAST_DURATION_MS;

/**
 * Notes a delete waiting on its toast; answers what forgets the note (sent or undone). Only for a
 * delete that does no harm sent twice: the one sent as the page is left may have got through.
 */
export function noteUnsentDelete(note: Omit<UnsentDelete, "at">): () => void {
  // One note a record path: just one occurrence (`?scope=this`) is another write than the event's delete.
  const key = `${UNSENT_PREFIX}${note.userId}:${note.list}/${note.id}${note.scope ? `?scope=${note.scope}` : ""}`;
  writeLocal(key, JSON.stringify({ ...note, at: Date.now() }));
  return () => writeLocal(key, null);
}

/**
 * On start: the deletes this person made on a page that was gone before their toast closed (a
 * crash, a tab the phone discarded) wait on this device to be sent like any other delete, once
 * their toast would have closed; `sendNow` is told of those that come due later.
 */
export async function keepUnsentDeletes(queryClient: QueryClient, userId: number, sendNow: () => void): Promise<void> {
  let keys: string[];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(`${UNSENT_PREFIX}${userId}:`));
  } catch {
    return;
  }
  for (const key of keys) {
    const note = parseNote(readLocal(key));
    if (!note) {
      writeLocal(key, null);
      continue;
    }
    const keep = async () => {
      // Undone or sent meanwhile by the page that made it, when that page is still open.
      if (readLocal(key) === null) return false;
      writeLocal(key, null);
      const { label, was, drafts } = note;
      const scope = note.scope === "this" ? note.scope : undefined;
      const occurrence = typeof note.occurrence === "string" ? note.occurrence : undefined;
      const action = typeof note.action === "string" ? note.action : undefined;
      return keepDelete(
        queryClient,
        note.list,
        { id: note.id },
        { userId, scope, occurrence, action, label, was, drafts },
      );
    };
    const wait = note.at + UNSENT_DELETE_LEFT_AFTER_MS - Date.now();
    if (wait <= 0) await keep();
    else setTimeout(() => void keep().then((kept) => kept && sendNow()), wait);
  }
}

function parseNote(raw: string | null): UnsentDelete | null {
  try {
    const note = JSON.parse(raw ?? "null") as UnsentDelete | null;
    return note && typeof note.list === "string" && typeof note.id === "number" && typeof note.at === "number"
      ? note
      : null;
  } catch {
    return null;
  }
}
