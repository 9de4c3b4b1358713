/**
 * Creates made without a connection wait here, in this browser's IndexedDB, and are sent in order
 * when it is back (docs/decisions/029-installable-offline.md). Each keeps the Idempotency-Key it
 * was first tried with, so a create that reached the server before the connection dropped, or
 * one sent twice, is made once (decision 028).
 */
import { openDB } from "idb";
import { useSyncExternalStore } from "react";
import { ApiError, api } from "./api.ts";

/** One create waiting to be sent. */
export type WaitingWrite = {
  id?: number;
  /** Kept with its owner: on a shared browser, a write is sent only for the person who made it. */
  userId: number;
  key: string;
  /** The list it adds to (`/api/quick-wins`): the path it is posted to and the list it shows in. */
  path: string;
  body: unknown;
  /** What the person typed, shown in the list while it waits. */
  label: string;
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
const listeners = new Set<() => void>();
const publish = (next: WaitingWrite[]) => {
  waiting = next;
  for (const l of listeners) l();
};

/** The writes waiting for this person, as the screens show them. */
export function useWaitingWrites(path?: string): WaitingWrite[] {
  const all = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting,
    () => waiting,
  );
  return path ? all.filter((w) => w.path === path) : all;
}

/** A new key for a create: the same key goes with every attempt to send it. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** Whether an error means the server was not reached (no connection), not that it said no. */
export const unreachable = (error: unknown) => !(error instanceof ApiError);

async function load(userId: number): Promise<void> {
  const all = (await (await database()).getAll(STORE)) as WaitingWrite[];
  publish(all.filter((w) => w.userId === userId));
}

/** Keeps a create on this device until it can be sent. */
export async function keepWaiting(write: Omit<WaitingWrite, "id" | "createdAt">): Promise<void> {
  const row = { ...write, createdAt: new Date().toISOString() };
  const id = (await (await database()).add(STORE, row)) as number;
  publish([...waiting, { ...row, id }]);
}

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

/**
 * Sends this person's waiting writes, oldest first, one at a time. Stops at the first that cannot
 * get through (no connection, the server busy) and tries again later, waiting longer each time
 * (1 s, doubling, at most 30 s).
 */
export function sendWaiting(userId: number, callbacks: SendCallbacks): Promise<void> {
  if (typeof indexedDB === "undefined") return Promise.resolve();
  sending ??= (async () => {
    clearTimeout(retryTimer);
    let stopped = false;
    try {
      await load(userId);
      for (const write of waiting) {
        try {
          await api.post(write.path, write.body, { idempotencyKey: write.key });
        } catch (error) {
          const retryLater =
            unreachable(error) ||
            (error instanceof ApiError && (error.status >= 500 || [401, 409, 429].includes(error.status)));
          if (retryLater) {
            stopped = true;
            break;
          }
          callbacks.onRefused(write, error instanceof Error ? error.message : "");
        }
        await (await database()).delete(STORE, write.id as number);
        publish(waiting.filter((w) => w.id !== write.id));
        callbacks.onSent(write);
      }
    } finally {
      sending = null;
    }
    if (stopped && waiting.length > 0) {
      retryTimer = setTimeout(() => void sendWaiting(userId, callbacks), retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    } else {
      retryDelay = RETRY_FIRST_MS;
    }
  })();
  return sending;
}

/** Forgets what is shown as waiting (sign-out); the writes stay stored for their owner. */
export function stopShowingWaiting(): void {
  clearTimeout(retryTimer);
  publish([]);
}
