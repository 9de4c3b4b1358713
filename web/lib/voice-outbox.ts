/**
 * Recordings that could not reach the server (no connection, the server down) wait in this
 * browser's IndexedDB and are sent when the app next can: no voice note is lost to a bad moment.
 * While they wait, they are shown with the rest of what waits, and can be taken back
 * (docs/decisions/088-a-voice-note-that-waits.md).
 */
import { type IDBPDatabase, openDB } from "idb";
import { useSyncExternalStore } from "react";
import { ApiError, limitReason } from "./api.ts";
import { shortDateTime } from "./dates.ts";

const DB_NAME = "daily-compass";
const STORE = "unsent-recordings";

/** Kept with its owner: on a shared browser, a recording is sent only for the user who made it. */
export type KeptRecording = { id: number; userId: number; blob: Blob; createdAt: string };

/** When a voice note was recorded, as its player in the inbox says it ("Dec 1, 2:05 PM"). */
export const recordedAt = (recording: Pick<KeptRecording, "createdAt">) => shortDateTime(recording.createdAt);

/** One connection, opened at first use and kept; opened again after a failure or a close. */
let connection: Promise<IDBPDatabase> | undefined;
const database = () => {
  connection ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    },
    terminated() {
      connection = undefined;
    },
  }).catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
  return connection;
};

const keptOf = async (userId: number) =>
  ((await (await database()).getAll(STORE)) as KeptRecording[]).filter((r) => r.userId === userId);

// ---------- what the screens show ----------

let shown: KeptRecording[] = [];
/** The person whose recordings are shown; none before the app knows who is signed in. */
let shownFor: number | undefined;
const listeners = new Set<() => void>();
const publish = (next: KeptRecording[]) => {
  shown = next;
  for (const l of listeners) l();
};

/** Reads again what waits for the person shown, after a change to the store. */
async function refresh(userId: number): Promise<void> {
  if (shownFor !== userId) return;
  const kept = await keptOf(userId);
  if (shownFor === userId) publish(kept);
}

/** The recordings waiting on this device for the signed-in person, oldest first. */
export function useKeptRecordings(): KeptRecording[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => shown,
    () => shown,
  );
}

/** Shows the recordings waiting for this person (the app knows who is signed in). */
export async function showKeptRecordings(userId: number): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  shownFor = userId;
  try {
    await refresh(userId);
  } catch {
    // No storage in this browser: nothing was kept in it either.
  }
}

/** Forgets what is shown (sign-out); the recordings stay stored for their owner. */
export function stopShowingKeptRecordings(): void {
  shownFor = undefined;
  publish([]);
}

// ---------- keeping, taking back, sending ----------

const keptListeners = new Set<() => void>();
/** Calls `listener` whenever a recording is kept to be sent; the returned function stops it. */
export function onKept(listener: () => void): () => void {
  keptListeners.add(listener);
  return () => keptListeners.delete(listener);
}
const kept = async (userId: number) => {
  await refresh(userId);
  for (const l of keptListeners) l();
};

/** Keeps a recording on this device until it can be sent. */
export async function keepUnsent(userId: number, blob: Blob): Promise<void> {
  await (await database()).add(STORE, { userId, blob, createdAt: new Date().toISOString() });
  await kept(userId);
}

/** The recording being sent at this moment: it can no longer be taken back. */
let inFlight: number | undefined;
/** The recordings taken back: not sent, even one read to be sent before it was taken. */
const takenBack = new Set<number>();

/**
 * Takes back a recording still waiting (the person changed their mind): it will not be sent. What
 * was taken, which `keepAgain` keeps again; none when it is being sent at this moment, or was.
 */
export async function takeBackRecording(id: number): Promise<KeptRecording | undefined> {
  if (id === inFlight) return undefined;
  const kept = (await (await database()).get(STORE, id)) as KeptRecording | undefined;
  // Its sending may have begun while it was read.
  if (kept === undefined || id === inFlight) return undefined;
  // From now on the sending leaves it, though its delete is still on its way.
  takenBack.add(id);
  await (await database()).delete(STORE, id);
  await refresh(kept.userId);
  return kept;
}

/** Keeps again a recording taken back (Undo), under the same id: it is sent in the place it had. */
export async function keepAgain(recording: KeptRecording): Promise<void> {
  takenBack.delete(recording.id);
  await (await database()).put(STORE, recording);
  await kept(recording.userId);
}

/** Deletes every recording the person left waiting here: their account is gone. */
export async function forgetRecordingsOf(userId: number): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  try {
    const tx = (await database()).transaction(STORE, "readwrite");
    for (const r of (await tx.store.getAll()) as KeptRecording[]) {
      if (r.userId === userId) await tx.store.delete(r.id);
    }
    await tx.done;
  } catch {
    // No storage in this browser: nothing was kept in it either.
  }
  if (shownFor === userId) publish([]);
}

let flushing: Promise<SendOutcome> | null = null;

/**
 * A refusal in words that sending again will not change: the server answered, and not that it is
 * busy, signed out, or still handling the same upload. Past what one person keeps (decision 070),
 * a recording kept here would otherwise be sent, and refused, at every start for good.
 */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && ![401, 408, 409, 429].includes(error.status);

export type SendOutcome = {
  sent: number;
  /** The server's words for each recording it refused; those have left this device. */
  refused: string[];
  /**
   * How many still wait (the server could not be reached, or kept while these were sent): they
   * are sent at the next chance.
   */
  left: number;
};

/**
 * Sends the waiting recordings, oldest first, through `send`; each one leaves this device only
 * after the server has it, or has refused it for good. Stops at the first other failure (still
 * offline, the server busy). One taken back meanwhile is not sent.
 */
export function sendUnsent(userId: number, send: (blob: Blob) => Promise<unknown>): Promise<SendOutcome> {
  if (typeof indexedDB === "undefined") return Promise.resolve({ sent: 0, refused: [], left: 0 });
  flushing ??= (async () => {
    const outcome: SendOutcome = { sent: 0, refused: [], left: 0 };
    try {
      for (const item of await keptOf(userId)) {
        // Taken back since the list was read (marked before its delete): it stays unsent.
        if (takenBack.has(item.id)) continue;
        inFlight = item.id;
        try {
          await send(item.blob);
          outcome.sent += 1;
        } catch (error) {
          if (!refusedForGood(error)) throw error;
          outcome.refused.push(limitReason(error) ?? (error as Error).message);
        } finally {
          inFlight = undefined;
        }
        await (await database()).delete(STORE, item.id);
        await refresh(userId);
      }
    } catch {
      // Still unreachable: the rest waits for the next chance.
    } finally {
      // What still waits, one kept while these were sent included.
      outcome.left = (await keptOf(userId).catch(() => [])).length;
      flushing = null;
    }
    return outcome;
  })();
  return flushing;
}
