/**
 * A change to a row the server has, kept on this device when the server cannot be reached
 * (docs/decisions/029-installable-offline.md): a tick, or an edit. The rows already show it (the
 * hook's optimistic write), so that is what waits; it is sent as `PATCH {list path}/{id}` (an
 * event's edit, whole, as `PUT`).
 */
import type { QueryClient } from "@tanstack/react-query";
import { type ListData, rowsOf } from "./list-cache.ts";
import { changeWaitingFor, keepWaiting, mayWait, newIdempotencyKey } from "./outbox.ts";

type Row = { id: number; userId?: number };

/** The toast of a change kept on this device (a tick, an archive), to be sent later. */
export const CHANGE_KEPT_OFFLINE = {
  title: "Saved on this device",
  description: "It will be saved when the connection is back.",
};

/** The toast of a delete kept on this device, to be sent later. */
export const DELETE_KEPT_OFFLINE = {
  title: "Deleted on this device",
  description: "It will be deleted everywhere when the connection is back.",
};

/** The toast of a routine's skip of today kept on this device, to be sent later. */
export const SKIP_KEPT_OFFLINE = {
  title: "Skipped on this device",
  description: "The routine will move on to its next day when the connection is back.",
};

/** The words of a task, a quick win or a thought, for the list of what waits. */
export const wordsOf = (row: object) => {
  const words = "title" in row ? row.title : "text" in row ? row.text : "content" in row ? row.content : "";
  return typeof words === "string" && words ? words : "Untitled Task";
};

/**
 * Sends a change to one row, unless one waits for it already (then this one joins it, so the
 * newest value still arrives last). When the server cannot be reached, the change is kept on this
 * device and the row as the lists now show it is answered, marked `waiting`; a refusal, or a
 * device that cannot keep it, is thrown as it came.
 */
export async function sendOrKeepChange<T extends Row>(
  queryClient: QueryClient,
  list: readonly [string],
  /** What is kept, from the row as the lists now show it, and what kind of change it is, in a word. */
  change: {
    id: number;
    body: (row: T) => object;
    action: (row: T) => string;
    /** The changed fields as the server has them (a tick's `completed` before it), or how to read them off the row shown. */
    was?: Record<string, unknown> | ((row: T) => Record<string, unknown>);
    method?: "PATCH" | "PUT";
    /** Its words in the list of what waits, when the change gives the row new ones (an event's edit). */
    label?: string;
    /**
     * Sent with the change, as the server reads it: `?scope=this` for one occurrence of a repeating
     * event; `?scope=this&occurrence=<day>` for just today's of a routine (the day, so that sent
     * again it changes nothing more).
     */
    query?: string;
    /**
     * The change makes a record (just this one of a routine): it is sent with an Idempotency-Key,
     * kept with it, so sent again after its answer was lost it is made once (decision 082).
     */
    makesRecord?: boolean;
    /**
     * The row as its own page shows it (a project's page), before the lists' copy of it: the page
     * reads it on its own, and may hold it newer. When the page has none, the lists' copy.
     */
    shown?: () => T | undefined;
    /** Its owner, for a row that does not say (a checklist's step): the task's. */
    userId?: number;
    /** Carried by its whole list when that is saved anew: gone when sent, it is made (a step's tick). */
    goneIsMade?: boolean;
  },
  send: (idempotencyKey: string | undefined) => Promise<T>,
): Promise<T & { waiting?: true }> {
  const path = `${list[0]}/${change.id}${change.query ?? ""}`;
  const idempotencyKey = change.makesRecord ? newIdempotencyKey() : undefined;
  try {
    if (changeWaitingFor(path)) throw new Error("a change of this row waits on this device");
    return await send(idempotencyKey);
  } catch (error) {
    const row =
      change.shown?.() ??
      queryClient
        .getQueriesData<ListData<T>>({ queryKey: list })
        .flatMap(([, data]) => rowsOf(data))
        .find((x) => x.id === change.id);
    const userId = change.userId ?? row?.userId;
    if (!mayWait(error) || !row || userId === undefined) throw error;
    await keepWaiting({
      userId,
      ...(change.goneIsMade && { goneIsMade: true }),
      method: change.method ?? "PATCH",
      key: path,
      idempotencyKey,
      path,
      list: list[0],
      body: change.body(row),
      was: typeof change.was === "function" ? change.was(row) : change.was,
      label: change.label ?? wordsOf(row),
      action: change.action(row),
    }).catch(() => {
      throw error;
    });
    return { ...row, waiting: true };
  }
}
