/**
 * Recordings that could not reach the server (no connection, the server down) wait in this
 * browser's IndexedDB and are sent when the app next can: no voice note is lost to a bad moment.
 */
import { ApiError, limitReason } from "../../lib/api.ts";

const DB_NAME = "daily-compass";
const STORE = "unsent-recordings";

/** Kept with its owner: on a shared browser, a recording is sent only for the user who made it. */
type Unsent = { id?: number; userId: number; blob: Blob; createdAt: string };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = run(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps a recording on this device until it can be sent. */
export async function keepUnsent(userId: number, blob: Blob): Promise<void> {
  await withStore("readwrite", (s) => s.add({ userId, blob, createdAt: new Date().toISOString() } satisfies Unsent));
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
};

/**
 * Sends the waiting recordings, oldest first, through `send`; each one leaves this device only
 * after the server has it, or has refused it for good. Stops at the first other failure (still
 * offline, the server busy).
 */
export function sendUnsent(userId: number, send: (blob: Blob) => Promise<unknown>): Promise<SendOutcome> {
  if (typeof indexedDB === "undefined") return Promise.resolve({ sent: 0, refused: [] });
  flushing ??= (async () => {
    const outcome: SendOutcome = { sent: 0, refused: [] };
    try {
      const waiting = await withStore<Unsent[]>("readonly", (s) => s.getAll());
      for (const item of waiting.filter((w) => w.userId === userId)) {
        try {
          await send(item.blob);
          outcome.sent += 1;
        } catch (error) {
          if (!refusedForGood(error)) throw error;
          outcome.refused.push(limitReason(error) ?? (error as Error).message);
        }
        await withStore("readwrite", (s) => s.delete(item.id as number));
      }
    } catch {
      // Still unreachable: the rest waits for the next chance.
    } finally {
      flushing = null;
    }
    return outcome;
  })();
  return flushing;
}
