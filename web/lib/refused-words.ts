/**
 * The words of a write that waited on this device and that the server then refused (a task added
 * offline to a project deleted elsewhere meanwhile, a change of a record gone, a create past what
 * one account keeps), kept in this browser until the person lets them go or catches them in the
 * inbox (docs/decisions/084-refused-words-are-kept.md). Only what the person typed is kept: a tick,
 * a delete or a conversion (whose thought stays in the inbox) loses no words.
 */
import { useMemo, useSyncExternalStore } from "react";
import { THOUGHT_CONTENT_MAX } from "../../shared/constants.ts";
import type { WaitingWrite } from "./outbox.ts";
import { tasksWere } from "./project-merge.ts";

/** One refused write's words. */
export type RefusedWords = {
  /** The waiting write's key and when it was made: a write refused once is kept once. */
  key: string;
  userId: number;
  /** What kind of write it was ("Task", "Edit"). */
  action: string;
  /** Its main words: a title, a quick win's text, a thought. */
  words: string;
  /** Its other words: a description, notes, a place, a new project's tasks (one a line). */
  more: string[];
  /** The server's words, when it gave a reason. */
  reason: string;
  /** A thought it was: catching it in the inbox again would be refused again. */
  thought: boolean;
  at: string;
};

const STORAGE_KEY = "refused-words";
const MAIN = ["title", "text", "content"] as const;
const MORE = ["description", "notes", "location"] as const;

/** The words a refused write carried that the person typed, or `undefined` when it carried none. */
function typedWords(write: WaitingWrite): Pick<RefusedWords, "words" | "more"> | undefined {
  if (write.method === "DELETE" || write.path.split("?")[0].endsWith("/convert")) return undefined;
  const body = write.body;
  if (typeof body !== "object" || body === null) return undefined;
  const field = (name: string) => {
    const value = (body as Record<string, unknown>)[name];
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  const main = MAIN.map(field).find((w) => w !== undefined);
  const more = MORE.map(field).filter((w) => w !== undefined);
  const tasks = (body as { tasks?: unknown }).tasks;
  if (Array.isArray(tasks)) {
    // A change of a project's tasks (decision 089): only those added or renamed were typed.
    const base = tasksWere(write);
    const typed =
      base === undefined ? tasks : tasks.filter((t) => !base.some((b) => b.id === t?.id && b.title === t?.title));
    const titles = typed.map((t) => (t as { title?: unknown })?.title).filter((t) => typeof t === "string" && t.trim());
    if (titles.length > 0) more.push(titles.join("\n"));
  }
  if (main === undefined && more.length === 0) return undefined;
  return { words: main ?? write.label, more };
}

let raw: string | null = null;
let parsed: RefusedWords[] = [];
/** Everyone's kept words in this browser, read again only when what is stored changed. */
function stored(): RefusedWords[] {
  let now: string | null = null;
  try {
    now = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing could be kept in it either.
  }
  if (now !== raw) {
    raw = now;
    try {
      const value: unknown = JSON.parse(now ?? "[]");
      parsed = Array.isArray(value) ? (value as RefusedWords[]) : [];
    } catch {
      parsed = [];
    }
  }
  return parsed;
}

const listeners = new Set<() => void>();
/** Stores everyone's kept words; whether they could be stored. */
function store(next: RefusedWords[]): boolean {
  let stored = true;
  try {
    if (next.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: the refusal's toast still says the words.
    stored = false;
  }
  for (const l of listeners) l();
  return stored;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab kept or let go of some.
  addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    removeEventListener("storage", listener);
  };
}

/**
 * Keeps the words of `write`, which the server refused, for its owner; a write without typed words
 * keeps nothing. Whether its words are kept.
 */
export function keepRefusedWords(write: WaitingWrite, reason: string): boolean {
  const words = typedWords(write);
  if (!words) return false;
  const all = stored();
  const key = `${write.key}@${write.createdAt}`;
  if (all.some((r) => r.key === key && r.userId === write.userId)) return true;
  return store([
    ...all,
    {
      key,
      userId: write.userId,
      action: write.action ?? "Change",
      ...words,
      reason,
      thought: write.path === "/api/thoughts" && (write.method ?? "POST") === "POST",
      at: new Date().toISOString(),
    },
  ]);
}

/** Lets go of one person's kept words. */
export function letGoOfRefused(kept: Pick<RefusedWords, "key" | "userId">): void {
  store(stored().filter((r) => !(r.key === kept.key && r.userId === kept.userId)));
}

/** Lets go of all a person's kept words: their account is gone. */
export function forgetRefusedOf(userId: number): void {
  const all = stored();
  if (all.some((r) => r.userId === userId)) store(all.filter((r) => r.userId !== userId));
}

/** The words kept for `userId`, oldest first. */
export function useRefusedWords(userId: number | undefined): RefusedWords[] {
  const all = useSyncExternalStore(subscribe, stored, () => parsed);
  return useMemo(() => (userId === undefined ? [] : all.filter((r) => r.userId === userId)), [all, userId]);
}

/** A kept write's words as one thought for the inbox: its main words, then the others. */
export const asThought = (kept: RefusedWords): string => [kept.words, ...kept.more].join("\n\n");

/**
 * Whether the words can become one thought: not when they were a thought the server refused (it
 * would refuse it again), nor when they are longer than a thought holds (a project's long notes),
 * which stay here to be copied instead of being cut.
 */
export const fitsTheInbox = (kept: RefusedWords): boolean =>
  !kept.thought && asThought(kept).length <= THOUGHT_CONTENT_MAX;
