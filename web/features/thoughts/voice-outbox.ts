/**
 * Recordings that could not reach the server (no connection, the server down) wait in this
 * browser's IndexedDB and are sent when the app next can: no voice note is lost to a bad moment.
 */
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

let flushing: Promise<number> | null = null;

/**
 * Sends the waiting recordings, oldest first, through `send`; each one leaves this device only
 * after the server has it. Stops at the first failure (still offline). Answers how many were sent.
 */
export function sendUnsent(userId: number, send: (blob: Blob) => Promise<unknown>): Promise<number> {
  if (typeof indexedDB === "undefined") return Promise.resolve(0);
  flushing ??= (async () => {
    let sent = 0;
    try {
      const waiting = await withStore<Unsent[]>("readonly", (s) => s.getAll());
      for (const item of waiting.filter((w) => w.userId === userId)) {
        await send(item.blob);
        await withStore("readwrite", (s) => s.delete(item.id as number));
        sent += 1;
      }
    } catch {
      // Still unreachable: the rest waits for the next chance.
    } finally {
      flushing = null;
    }
    return sent;
  })();
  return flushing;
}
