/**
 * Work typed and not yet saved, kept in this browser for the signed-in person until it is saved
 * or given up (docs/decisions/043-capture-drafts.md). A reload, a tab the phone discarded in the
 * background, a closed tab or a trip to another screen gives it back; signing out forgets every
 * draft on the device, a session ended elsewhere keeps them for its person (web/app/auth.tsx).
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { STORAGE_KEYS } from "../../shared/constants.ts";
import type { User } from "../../shared/schemas.ts";
import { queryKeys } from "./query-keys.ts";
import { readLocal, writeLocal } from "./storage.ts";

/** A draft is a flat record of plain values (text, a chosen type, an id). */
type Flat = Record<string, string | number | boolean | null>;

export type DraftRules<T extends Flat> = {
  /** What is not worth keeping (an empty box) is not stored, and a stored copy is removed. */
  worthKeeping: (draft: T) => boolean;
  /** The stored value as a draft, or null when it is not one (edited by hand, an older form). */
  read: (stored: Record<string, unknown>) => T | null;
};

/** A stored field read back as text: `otherwise` when it is not (edited by hand, an older form). */
export const keptText = (value: unknown, otherwise = ""): string => (typeof value === "string" ? value : otherwise);

const keyOf = (userId: number, name: string) => `${STORAGE_KEYS.draft}:${userId}:${name}`;

/**
 * Gives up the draft `name` on this device, whoever's it is (a record's drafts are its owner's;
 * signing out forgets every draft). For work on a record that is gone, such as a deleted
 * project's unsaved notes.
 */
export function forgetDraft(name: string): void {
  try {
    const ours = (key: string | null) => key?.startsWith(`${STORAGE_KEYS.draft}:`) && key.endsWith(`:${name}`);
    for (const key of Object.keys(localStorage).filter(ours)) writeLocal(key, null);
  } catch {
    // Storage switched off: nothing was kept.
  }
}

function parse<T extends Flat>(raw: string | null, rules: DraftRules<T>): T | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? rules.read(value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const same = (a: Flat, b: Flat) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);

/**
 * The draft `name` of the signed-in person, starting from what was kept; every change is kept at
 * once, and `clear` gives the draft up (back to `blank`). A change may be worked out from the draft
 * as it is when it lands. Signed out, it works in memory only.
 * `blank` and `rules` must not change between renders.
 */
export function useDraft<T extends Flat>(
  name: string,
  blank: T,
  rules: DraftRules<T>,
): [T, (change: Partial<T> | ((draft: T) => Partial<T>)) => void, () => void] {
  // The session as the app's shell last read it (web/app/auth.tsx reads it); never asked here.
  const userId =
    useQuery<User | null, Error, number | null>({
      queryKey: queryKeys.me,
      enabled: false,
      select: (user) => user?.id ?? null,
    }).data ?? null;
  const read = (): T => (userId === null ? null : parse(readLocal(keyOf(userId, name)), rules)) ?? blank;
  const [state, setState] = useState(() => ({ userId, name, draft: read() }));
  // The session became known (work done before it is kept), or another person or another record
  // while the screen stayed: that one's own draft, not the last one's.
  const current =
    state.userId === userId && state.name === name
      ? state.draft
      : state.userId === null && state.name === name && rules.worthKeeping(state.draft)
        ? state.draft
        : read();
  if (state.userId !== userId || state.name !== name) setState({ userId, name, draft: current });

  // A change worked out from the draft as it is by then (an answer arriving after more typing).
  // A change that changes nothing (a blank draft cleared) leaves the state, so nothing is drawn or stored again.
  const update = useCallback((change: Partial<T> | ((draft: T) => Partial<T>)) => {
    setState((before) => {
      const draft = { ...before.draft, ...(typeof change === "function" ? change(before.draft) : change) };
      return same(draft, before.draft) ? before : { ...before, draft };
    });
  }, []);
  const clear = useCallback(() => update(blank), [update, blank]);

  useEffect(() => {
    if (state.userId === null) return;
    writeLocal(keyOf(state.userId, state.name), rules.worthKeeping(state.draft) ? JSON.stringify(state.draft) : null);
  }, [state, rules]);

  // Another tab of this browser changed or gave up the same draft. A screen showing what was kept
  // until then follows it, so work saved there is not offered here again; one whose work differs
  // keeps its own.
  useEffect(() => {
    if (userId === null) return;
    const key = keyOf(userId, name);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      const before = parse(event.oldValue, rules);
      const after = parse(event.newValue, rules);
      setState((mine) => {
        if (mine.userId !== userId || mine.name !== name) return mine;
        const inStep = before ? same(mine.draft, before) : !rules.worthKeeping(mine.draft);
        return inStep ? { ...mine, draft: after ?? blank } : mine;
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [userId, name, blank, rules]);

  return [current, update, clear];
}

type TextDraft = { text: string };
const TEXT_BLANK: TextDraft = { text: "" };
const TEXT_RULES: DraftRules<TextDraft> = {
  worthKeeping: (draft) => draft.text.trim() !== "",
  read: (stored) => (typeof stored.text === "string" ? { text: stored.text } : null),
};

/**
 * What stays in a box once the words it held when they were sent are saved: nothing while it
 * still holds just them; what was typed after them when they were added to (from the next word
 * on); the whole box when they were changed, or typed on inside their last word. Words typed while
 * a slow save was on its way are never cleared with it.
 */
export function leftAfterSaving(now: string, saved: string): string {
  const text = now.trimStart();
  if (text.trimEnd() === saved) return "";
  if (!text.startsWith(saved)) return now;
  const after = text.slice(saved.length);
  return /^[\s,;:.!?-]/.test(after) ? after.replace(/^[\s,;:.!?-]+/, "") : now;
}

/**
 * The words of a one-line box (a new quick win, a project's new task) kept as the draft `name`:
 * the words, a change to them, and `sent`, for once the words it held when sent are saved (what
 * was typed since stays: `leftAfterSaving`).
 */
export function useTextDraft(name: string): [string, (text: string) => void, (saved: string) => void] {
  const [draft, update] = useDraft(name, TEXT_BLANK, TEXT_RULES);
  const change = useCallback((text: string) => update({ text }), [update]);
  const sent = useCallback((saved: string) => update((now) => ({ text: leftAfterSaving(now.text, saved) })), [update]);
  return [draft.text, change, sent];
}
