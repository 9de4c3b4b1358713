/**
 * Writes made without a connection wait here, in this browser's IndexedDB, and are sent in order
 * when it is back (docs/decisions/029-installable-offline.md): creates (quick wins, tasks,
 * thoughts), ticks, edits and deletes. Each create keeps the Idempotency-Key it was first tried
 * with, so a create that reached the server before the connection dropped, or one sent twice, is
 * made once (decision 028); a tick carries the whole new value, so sending it again changes
 * nothing, and a delete sent twice finds nothing the second time.
 */
import { openDB } from "idb";
import { useSyncExternalStore } from "react";
import type { Project, ProjectTask, project } from "../../shared/schemas.ts";
import { projectEtag } from "../../shared/versions.ts";
import { ApiError, api, apiRequest, type ListPage, limitReason } from "./api.ts";
import { forgetDraft } from "./draft.ts";
import { editRows, type ListData } from "./list-cache.ts";
import { madeToWhatIsThere } from "./made-to-what-is-there.ts";
import { madeToProjectNow, mergeTasks, projectChangeNow, tasksWere, withProgress } from "./project-merge.ts";
import { forgetRefusedOf } from "./refused-words.ts";

/** In the path of a write made on a record still waiting to be created: its id, once it has one. */
export const CREATED_ID = "{id}";

/** One write waiting to be sent. */
export type WaitingWrite = {
  id?: number;
  /** Kept with its owner: on a shared browser, a write is sent only for the person who made it. */
  userId: number;
  /**
   * POST (a create, the default), PATCH (a change carrying its whole new value), PUT (the whole
   * record anew: an event's edit) or DELETE.
   */
  method?: "POST" | "PATCH" | "PUT" | "DELETE";
  /** A create's Idempotency-Key; a change's own id in the lists. */
  key: string;
  /**
   * A change that makes a record (just this one of a routine, which the server answers with a
   * one-off row): the Idempotency-Key it was first tried with, sent with it each time
   * (docs/decisions/082-just-this-one-offline.md).
   */
  idempotencyKey?: string;
  /** Where it is sent: `/api/quick-wins`, `/api/tasks/12`, `/api/quick-wins/{id}`. */
  path: string;
  /** The list it shows in and is read again after it is sent; the path when left out. */
  list?: string;
  /** The waiting create this change is made on: sent after it, with the id it was given. */
  after?: number;
  body: unknown;
  /**
   * A change's fields as the server has them, where a screen counts the server's rows (a thought's
   * `status` for the inbox's count), or where the change is made to the record as it is when sent
   * (a project's `tasks` and `notes`, read by `tasksWere` and `notesWere`): each field the first
   * waiting change's that had it, kept when a later one joins it.
   */
  was?: Record<string, unknown>;
  /** What the person typed, or the item's words, shown while it waits. */
  label: string;
  /** What kind of write it is, in a word or two, shown in the list of what waits ("Task", "Done"). */
  action?: string;
  /**
   * What the write does to a record of another list, applied to that list's reads while it waits:
   * a thought converted into a task leaves the inbox (`{ list: "/api/thoughts", path:
   * "/api/thoughts/5", body: { status: "converted" } }`). Never sent: the write itself does it.
   */
  also?: { list: string; path: string; body: Record<string, unknown> };
  /**
   * A delete's drafts (web/lib/draft.ts): work kept on this device for the record, such as a
   * project's unsaved notes, given up once the server has deleted it, not before (Bring back).
   */
  drafts?: string[];
  /**
   * A change its record's whole list carries when saved anew (a checklist step's tick: the list
   * saved with new ids holds it): its record gone when it is sent, there is nothing left to make,
   * and nothing is said (docs/decisions/092-a-step-ticked-offline.md).
   */
  goneIsMade?: boolean;
  /** The change a waiting delete replaced: it waits again if the delete is taken back. */
  replaced?: Omit<WaitingWrite, "id" | "replaced">;
  createdAt: string;
};

const STORE = "writes";
const database = () =>
  openDB("daily-compass-outbox", 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    },
  });

let waiting: WaitingWrite[] = [];
let owner: number | undefined;
const listeners = new Set<() => void>();
const publish = (next: WaitingWrite[]) => {
  waiting = next;
  for (const l of listeners) l();
};

/** The list a write shows in. */
export const listOf = (write: WaitingWrite) => write.list ?? write.path;
/** The record a write is made on, without its query (`/api/tasks/12?scope=this` → `/api/tasks/12`). */
const recordOf = (write: WaitingWrite) => write.path.split("?")[0];
/** A create (POST, the default); otherwise a change (PATCH) or a delete. */
export const isCreate = (write: Pick<WaitingWrite, "method">) => (write.method ?? "POST") === "POST";
export const isDelete = (write: Pick<WaitingWrite, "method">) => write.method === "DELETE";

/** The writes waiting for this person, as the screens show them. */
export function useWaitingWrites(): WaitingWrite[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
    () => waiting,
  );
}

/**
 * The creates waiting to be added to one list; while it is searched, those whose words `matches`;
 * with `where`, those it picks by what they send (an event's day).
 */
export function useWaitingCreates(
  list: string,
  matches?: (words: string) => boolean,
  where?: (write: WaitingWrite) => boolean,
): WaitingWrite[] {
  return useWaitingWrites().filter(
    (w) => isCreate(w) && listOf(w) === list && (matches?.(w.label) ?? true) && (where?.(w) ?? true),
  );
}

/** The change waiting for a waiting create (its tick), if any. */
export function changeOf(writes: WaitingWrite[], create: WaitingWrite): WaitingWrite | undefined {
  return writes.find((w) => w.after !== undefined && w.after === create.id);
}

/**
 * Whether a tick or an edit of this record (`/api/tasks/12`) waits on this device, as the screens
 * show it: its row is marked "Waiting to sync" until it is sent. A delete's row is gone already.
 */
export function useChangeWaiting(path: string): boolean {
  return useWaitingWrites().some((w) => !isCreate(w) && !isDelete(w) && recordOf(w) === path && w.after === undefined);
}

/**
 * Whether a change to this record (`/api/tasks/12`, with or without a query such as
 * `?scope=this`) is still waiting to be sent: a new one must then wait behind it, so that the two
 * arrive in the order they were made (a routine changed for all, then just today's).
 */
export const changeWaitingFor = (path: string): boolean =>
  waiting.some((w) => !isCreate(w) && recordOf(w) === path.split("?")[0] && w.after === undefined);

/** The write being sent now, if any: it can no longer be taken back. */
let inFlight: number | undefined;
/**
 * The writes taken back: never read back as waiting, even by a read of the store that began
 * before their delete was made (the sending loop starts with one).
 */
const takenBack = new Set<number>();

/**
 * Takes back a write still waiting: it will not be sent. The change a delete replaced, if any,
 * waits again; a create takes the changes made on it (its tick) with it, as they have no record
 * without it. The writes taken out, which `putBack` keeps again; none when it is being sent at
 * this moment, or already was.
 */
export async function takeBack(write: WaitingWrite): Promise<WaitingWrite[] | undefined> {
  const id = write.id;
  if (id === undefined || id === inFlight || !waiting.some((w) => w.id === id)) return undefined;
  const taken = [write, ...(isCreate(write) ? waiting.filter((w) => w.after !== undefined && w.after === id) : [])];
  const gone = new Set(taken.map((w) => w.id));
  for (const w of taken) takenBack.add(w.id as number);
  // Out of what is sent first (the sending loop reads this), then out of the store.
  publish(waiting.filter((w) => !gone.has(w.id)));
  const tx = (await database()).transaction(STORE, "readwrite");
  for (const w of taken) await tx.store.delete(w.id as number);
  const replaced = write.replaced;
  if (replaced !== undefined) {
    const again = { ...replaced, id: (await tx.store.add(replaced)) as number };
    publish([...waiting, again]);
  }
  await tx.done;
  return taken;
}

/**
 * Keeps again what `takeBack` took out of a create (Undo): under the same ids, so it is sent in
 * the place it had, with its tick after it.
 */
export async function putBack(writes: WaitingWrite[]): Promise<void> {
  const userId = writes[0]?.userId;
  if (userId === undefined || goneAccounts.has(userId)) return;
  const tx = (await database()).transaction(STORE, "readwrite");
  for (const w of writes) {
    takenBack.delete(w.id as number);
    await tx.store.put(w);
  }
  await tx.done;
  // Another person signed in meanwhile: theirs stay stored, shown when they are back.
  if (owner !== undefined && owner !== userId) return;
  const ids = new Set(writes.map((w) => w.id));
  publish(
    waiting
      .filter((w) => !ids.has(w.id))
      .concat(writes)
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0)),
  );
  if (sender?.userId === userId && !sending) sendLater(userId, sender.callbacks);
}

/** A new key for a create: the same key goes with every attempt to send it. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** Whether an error means the server was not reached (no connection), not that it said no. */
export const unreachable = (error: unknown) => !(error instanceof ApiError);

/**
 * Whether a write may wait on this device and be sent again later: the server was not reached, or
 * could not serve it just now (502, 503, 504: restarting, its database away, a proxy in front of
 * it without it), which sending it again later mends. Every write that waits is made to be sent
 * twice safely (a create's Idempotency-Key, a change's whole value), so one the server half did is
 * made once (docs/decisions/083-when-the-server-cannot-serve.md).
 */
export const mayWait = (error: unknown) =>
  unreachable(error) || (error instanceof ApiError && [502, 503, 504].includes(error.status));

async function load(userId: number): Promise<void> {
  const all = (await (await database()).getAll(STORE)) as WaitingWrite[];
  owner = userId;
  publish(all.filter((w) => w.userId === userId && !takenBack.has(w.id as number)));
}

/** This page's first read of what waits, before the person is known (the lists wait for it). */
let firstRead: Promise<WaitingWrite[]> | undefined;
const stored = (): Promise<WaitingWrite[]> => {
  if (owner !== undefined) return Promise.resolve(waiting);
  if (typeof indexedDB === "undefined") return Promise.resolve([]);
  firstRead ??= database()
    .then((db) => db.getAll(STORE) as Promise<WaitingWrite[]>)
    .catch(() => []);
  return firstRead;
};

/**
 * A list read from the server (or its copy kept offline) with the changes still waiting applied,
 * so a tick made offline still shows after a reload, and a row deleted offline stays gone (a
 * page's count with it). Record ids are the server's, so a change is only ever applied to its own
 * record.
 */
export async function withWaitingChanges<D>(list: string, data: D): Promise<D> {
  return withChangesOf(await stored(), list, data);
}

/**
 * `withWaitingChanges` with what waits as this page holds it now, for a record the server has
 * just answered: a change to it still waiting (its name) keeps showing over the server's copy.
 */
export const withWaitingChangesNow = <D>(list: string, data: D): D => withChangesOf(waiting, list, data);

function withChangesOf<D>(writes: WaitingWrite[], list: string, data: D): D {
  // By record, in the order they were made: a delete, or the fields to show (merged, newest last).
  const byPath = new Map<string, "deleted" | object>();
  // A project's tasks changed here, by record: the tasks that change was made to (decision 089).
  const tasksBase = new Map<string, ProjectTask[]>();
  for (const w of writes) {
    if (!isCreate(w) && listOf(w) === list && w.after === undefined) {
      // A routine's skip of today (`?scope=this`) keeps it off the lists too, until it is sent.
      const record = recordOf(w);
      const before = byPath.get(record);
      const base = tasksWere(w);
      if (base !== undefined) tasksBase.set(record, base);
      byPath.set(record, isDelete(w) ? "deleted" : { ...(before === "deleted" ? {} : before), ...(w.body as object) });
    } else if (w.also?.list === list && byPath.get(w.also.path) !== "deleted") {
      byPath.set(w.also.path, { ...(byPath.get(w.also.path) as object | undefined), ...w.also.body });
    }
  }
  if (byPath.size === 0) return data;
  let removed = 0;
  const edited = editRows<{ id: number }>(data as ListData<{ id: number }>, (rows) =>
    rows.flatMap((row) => {
      const record = `${list}/${row.id}`;
      const change = byPath.get(record);
      if (!change) return [row];
      const base = tasksBase.get(record);
      if (change !== "deleted" && base !== undefined && "tasks" in change && "tasks" in row) {
        // Shown as it will be saved: made to the tasks as the server has them now.
        return [
          {
            ...row,
            ...change,
            ...withProgress(mergeTasks(base, change.tasks as ProjectTask[], row.tasks as ProjectTask[])),
          },
        ];
      }
      if (change !== "deleted") return [{ ...row, ...change }];
      removed++;
      return [];
    }),
  );
  if (removed > 0 && edited && "total" in edited && typeof edited.total === "number") {
    return { ...edited, total: Math.max(0, edited.total - removed) } as D;
  }
  return edited as D;
}

/**
 * Which rows a filtered list counts (`completed=false`: those not done; today's focus list: those
 * neither done nor put off), told from a row's fields or some of them: a field left out is taken
 * as one that keeps the row counted.
 */
export type Counted = (fields: Record<string, unknown>) => boolean;

/** A row not done counts: the open quick wins. */
export const notDone: Counted = (fields) => fields.completed !== true;

/**
 * How a filtered list's count on the server moves once what waits on this device is sent, for the
 * rows of `list` not `shown` on a page (a row on it shows its waiting change already): a change
 * that takes a row out of what `counted` takes (a tick to done, a "Not today") or a delete of a
 * counted row takes one away, a change that puts it back adds one. Each such change keeps, in
 * `was`, the fields it changed as the server has them (the first's, when later ones join it).
 */
export function countChangesWaiting(
  writes: readonly WaitingWrite[],
  list: string,
  counted: Counted,
  shown: readonly number[] = [],
): number {
  const one = (fields: Record<string, unknown>) => (counted(fields) ? 1 : 0);
  let change = 0;
  for (const write of writes) {
    if (isCreate(write) || listOf(write) !== list || write.after !== undefined || !write.was) continue;
    if (shown.some((id) => recordOf(write) === `${list}/${id}`)) continue;
    const after = isDelete(write) ? null : { ...write.was, ...(write.body as object | null) };
    change += (after ? one(after) : 0) - one(write.was);
  }
  return change;
}

/**
 * How many rows a page of a filtered list has in all (its 'Show all (N)'): the server's count,
 * less the rows on the page that `counted` no longer takes (ticked or put off here since it was
 * read, also while that waits on this device), with what waits for the rows beyond the page
 * counted in.
 */
export function useCount<T extends { id: number }>(
  list: string,
  page: ListPage<T> | undefined,
  counted: Counted,
): number {
  const writes = useWaitingWrites();
  if (!page) return 0;
  const left = page.items.filter((row) => !counted(row)).length;
  const beyond = countChangesWaiting(
    writes,
    list,
    counted,
    page.items.map((row) => row.id),
  );
  return Math.max(0, page.total - left + beyond);
}

/** Whether the delete of this record (`/api/projects/5`) waits on this device: its own read is "not found". */
export async function deleteWaitsFor(path: string): Promise<boolean> {
  return (await stored()).some((w) => isDelete(w) && w.path === path);
}

/** Ids given by the server to creates sent from this page, by their place in the outbox. */
const createdIds = new Map<number, number>();

/** Accounts deleted from this page (ids are never used again): nothing is kept for them any more. */
const goneAccounts = new Set<number>();

/**
 * Keeps a write on this device until it can be sent. A change to a record that already has one
 * waiting replaces it (its fields merged, the newest winning): only the last value is sent. A
 * delete replaces whatever change waits for its record, and nothing joins a waiting delete.
 */
export async function keepWaiting(write: Omit<WaitingWrite, "id" | "createdAt">): Promise<void> {
  // The account is gone (deleted from this page): a write still on its way, sent as a toast
  // closed, has no one to wait for.
  if (goneAccounts.has(write.userId)) return;
  let row: Omit<WaitingWrite, "id"> = { ...write, createdAt: new Date().toISOString() };
  // Its create was sent meanwhile: the change goes to the record it became.
  const sentAs = row.after === undefined ? undefined : createdIds.get(row.after);
  if (sentAs !== undefined) {
    row = { ...row, path: row.path.replace(CREATED_ID, String(sentAs)), after: undefined };
  }
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  const all = (await tx.store.getAll()) as WaitingWrite[];
  const earlier = isCreate(row as WaitingWrite)
    ? undefined
    : all.find((w) => w.userId === row.userId && !isCreate(w) && w.path === row.path && w.after === row.after);
  if (earlier !== undefined && isDelete(earlier)) {
    await tx.done;
    return;
  }
  if (earlier?.id !== undefined) {
    if (isDelete(row)) {
      const { id: _, ...change } = earlier;
      row = { ...row, replaced: change };
    } else {
      row = { ...row, body: { ...(earlier.body as object), ...(row.body as object) } };
    }
    row = { ...row, was: earlier.was || row.was ? { ...row.was, ...earlier.was } : undefined };
    await tx.store.delete(earlier.id);
  }
  const id = (await tx.store.add(row)) as number;
  await tx.done;
  publish([...waiting.filter((w) => w.id !== earlier?.id), { ...row, id }]);
  // Kept while the app runs (the server restarting, an answer that never came, no connection):
  // it is tried again soon, not only at the next start or when the browser says it is back online.
  if (sender?.userId === row.userId && !sending) sendLater(sender.userId, sender.callbacks);
}

/** A create made now, or kept on this device when the server cannot be reached. */
export type Saved<T> = { saved: T; waiting: false } | { saved: null; waiting: true };

/**
 * Sends a create with a new Idempotency-Key; when the server cannot be reached, keeps it (with
 * that key) to be sent later for `userId`. A refusal, a device that cannot keep it, or no one
 * known to keep it for (`userId` undefined), is thrown as it came.
 */
export async function createOrKeep<T>(
  write: Omit<WaitingWrite, "id" | "createdAt" | "key" | "method" | "userId"> & { userId: number | undefined },
  create: (key: string) => Promise<T>,
): Promise<Saved<T>> {
  const key = newIdempotencyKey();
  try {
    return { saved: await create(key), waiting: false };
  } catch (error) {
    const { userId } = write;
    if (!mayWait(error) || userId === undefined) throw error;
    await keepWaiting({ ...write, userId, key }).catch(() => {
      throw error;
    });
    return { saved: null, waiting: true };
  }
}

/** The toast of a write kept on this device. */
export const SAVED_OFFLINE = {
  title: "Saved on this device",
  description: "It will be added when the connection is back.",
};

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
let retryDelay = RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let sending: Promise<void> | null = null;

export type SendCallbacks = {
  /** A write left the queue (taken, or refused): its list can be read again. */
  onSent: (write: WaitingWrite) => void;
  /** The server refused a write (it will never take it): it is dropped, and the person told. */
  onRefused: (write: WaitingWrite, reason: string) => void;
};

/** Who sends what waits on this page (web/components/waiting-writes.tsx), once it has started to. */
let sender: { userId: number; callbacks: SendCallbacks } | undefined;

/** The longest a server's Retry-After is waited for before what waits is tried again. */
const RETRY_AFTER_MAX_MS = 5 * 60_000;

/**
 * Sends what waits a while from now, unless a try is already due; each try waits longer (1 s,
 * doubling, at most 30 s), and never less than the server asked (`retryAfterMs`, its Retry-After:
 * 10 s while its database is away), so many devices do not press a server that is coming back.
 */
function sendLater(userId: number, callbacks: SendCallbacks, retryAfterMs = 0): void {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(
    () => {
      retryTimer = undefined;
      void sendWaiting(userId, callbacks);
    },
    Math.max(retryDelay, Math.min(retryAfterMs, RETRY_AFTER_MAX_MS)),
  );
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Why notes that waited on this device were not saved: saved elsewhere meanwhile (decision 090). */
export const NOTES_CHANGED_ELSEWHERE = "These notes were changed elsewhere after you began";

/** A change sent with a part of it left out (notes saved elsewhere meanwhile): that part is refused. */
class PartlyRefused {
  constructor(
    readonly answer: unknown,
    readonly part: WaitingWrite,
    readonly reason: string,
  ) {}
}

/**
 * Sends a change of a project made on this device (its tasks, its notes) to the project as the
 * server has it now, with that version (If-Match): what was done elsewhere meanwhile stays, and
 * notes saved elsewhere are not saved over (`projectChangeNow`; decisions 089 and 090). Changed
 * again between the read and the save (412), it is read and made again, up to three times.
 */
async function sendProjectChange(write: WaitingWrite): Promise<unknown> {
  const read = (): Promise<Project> => api.fresh<typeof project>(write.path);
  let notesLeftOut = false;
  const answer = await madeToWhatIsThere({
    now: await read(),
    save: (now) => {
      const made = projectChangeNow(write, now);
      notesLeftOut = made.notesLeftOut;
      // Nothing left to save: the notes were all it carried.
      if (Object.keys(made.body).length === 0) throw new ApiError(409, NOTES_CHANGED_ELSEWHERE);
      return apiRequest<unknown>("PUT", write.path, made.body, { ifMatch: projectEtag(now) });
    },
    read,
    show: () => {},
  });
  if (!notesLeftOut) return answer;
  const notes = (write.body as { notes?: unknown }).notes;
  return new PartlyRefused(answer, { ...write, body: { notes }, was: undefined }, NOTES_CHANGED_ELSEWHERE);
}

/** Sends one write; the server's answer, or an error. */
const send = (write: WaitingWrite) => {
  if (madeToProjectNow(write)) return sendProjectChange(write);
  return apiRequest<unknown>(write.method ?? "POST", write.path, write.body, {
    idempotencyKey: isCreate(write) ? write.key : write.idempotencyKey,
  });
};

/**
 * Takes a write out of the queue. A create that was made hands its new id to the changes waiting
 * on it, in the same transaction; one that was refused takes them with it (they have no record).
 */
async function settle(write: WaitingWrite, createdId: number | undefined): Promise<WaitingWrite[]> {
  const db = await database();
  const tx = db.transaction(STORE, "readwrite");
  const dependants = waiting.filter((w) => w.after !== undefined && w.after === write.id);
  const moved: WaitingWrite[] = [];
  for (const d of dependants) {
    if (createdId === undefined) {
      await tx.store.delete(d.id as number);
    } else {
      const next = { ...d, path: d.path.replace(CREATED_ID, String(createdId)), after: undefined };
      await tx.store.put(next);
      moved.push(next);
    }
  }
  await tx.store.delete(write.id as number);
  await tx.done;
  if (createdId !== undefined && write.id !== undefined) createdIds.set(write.id, createdId);
  const gone = new Set([write.id, ...dependants.map((d) => d.id)]);
  publish(
    waiting
      .filter((w) => !gone.has(w.id))
      .concat(moved)
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0)),
  );
  return createdId === undefined ? dependants : [];
}

/**
 * Sends this person's waiting writes, oldest first, one at a time (a create before the tick made
 * on it). Stops at the first that cannot get through (no connection, the server busy) and tries
 * again later, waiting longer each time (1 s, doubling, at most 30 s), or as long as the server
 * asked with Retry-After.
 */
export function sendWaiting(userId: number, callbacks: SendCallbacks): Promise<void> {
  if (typeof indexedDB === "undefined") return Promise.resolve();
  sender = { userId, callbacks };
  sending ??= (async () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    let stopped = false;
    /** How long the server asked to wait before the write it could not take is sent again. */
    let retryAfterMs = 0;
    try {
      await load(userId);
      while (waiting.length > 0) {
        const write = waiting[0];
        let createdId: number | undefined;
        let refused = write.after !== undefined && write.path.includes(CREATED_ID);
        if (!refused) {
          try {
            inFlight = write.id;
            const sent = await send(write);
            // Saved but for a part the server's record no longer allows (notes saved elsewhere).
            if (sent instanceof PartlyRefused) callbacks.onRefused(sent.part, sent.reason);
            const answer = (sent instanceof PartlyRefused ? sent.answer : sent) as {
              id?: unknown;
              target?: { id?: unknown };
            } | null;
            // A conversion answers the thought and what it became (`target`); a create, the record.
            const id = answer?.target?.id ?? answer?.id;
            if (isCreate(write) && typeof id === "number") createdId = id;
          } catch (error) {
            // A 409 with Retry-After: the same write, sent before, is still being handled. Without
            // it, a conflict that will not pass (a thought converted elsewhere meanwhile).
            const retryLater =
              unreachable(error) ||
              (error instanceof ApiError &&
                (error.status >= 500 ||
                  // A project changed again each time its tasks' change was made to it: later.
                  [401, 412, 429].includes(error.status) ||
                  (error.status === 409 && error.retryAfter !== undefined)));
            if (retryLater) {
              stopped = true;
              if (error instanceof ApiError) retryAfterMs = (error.retryAfter ?? 0) * 1000;
              break;
            }
            // A record already gone (deleted elsewhere meanwhile) is what a delete asked for, and
            // a step's tick was carried by its checklist saved anew.
            const done = (isDelete(write) || write.goneIsMade) && error instanceof ApiError && error.status === 404;
            if (!done) {
              refused = true;
              callbacks.onRefused(write, limitReason(error) ?? (error instanceof Error ? error.message : ""));
            }
          }
        }
        if (!refused) for (const name of write.drafts ?? []) forgetDraft(name);
        const dropped = await settle(write, refused ? undefined : createdId);
        inFlight = undefined;
        callbacks.onSent(write);
        for (const d of dropped) callbacks.onSent(d);
      }
    } finally {
      inFlight = undefined;
      sending = null;
    }
    if (stopped && waiting.length > 0) {
      sendLater(userId, callbacks, retryAfterMs);
    } else {
      retryDelay = RETRY_FIRST_MS;
    }
  })();
  return sending;
}

/**
 * Deletes every write the person left waiting on this device, and the words kept of what the server
 * refused: their account is gone, so none of it can ever be sent. Another person's on a shared
 * browser stay.
 */
export async function forgetWritesOf(userId: number): Promise<void> {
  goneAccounts.add(userId);
  publish(waiting.filter((w) => w.userId !== userId));
  forgetRefusedOf(userId);
  if (typeof indexedDB === "undefined") return;
  try {
    const tx = (await database()).transaction(STORE, "readwrite");
    for (const write of (await tx.store.getAll()) as WaitingWrite[]) {
      if (write.userId === userId && write.id !== undefined) await tx.store.delete(write.id);
    }
    await tx.done;
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
}

/** Forgets what is shown as waiting (sign-out); the writes stay stored for their owner. */
export function stopShowingWaiting(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  sender = undefined;
  owner = undefined;
  firstRead = undefined;
  publish([]);
}
