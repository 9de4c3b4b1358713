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
  // The stored copy goes at once: a dialog that closes as it clears (an edit, once saved) is gone
  // before the write below would run.
  const clear = useCallback(() => {
    update(blank);
    if (userId !== null) writeLocal(keyOf(userId, name), null);
  }, [update, blank, userId, name]);

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

type EditKept = { changes: string };
const EDIT_BLANK: EditKept = { changes: "" };
const EDIT_RULES: DraftRules<EditKept> = {
  worthKeeping: (kept) => kept.changes !== "",
  read: (stored) => (typeof stored.changes === "string" ? { changes: stored.changes } : null),
};

/** Whether a kept value can stand for a field's: the same kind of value (text, number, list, record of them). */
function sameKind(kept: unknown, field: unknown): boolean {
  if (field === null || kept === null) return true;
  if (Array.isArray(field)) return Array.isArray(kept) && kept.every((k) => field.every((f) => sameKind(k, f)));
  if (typeof field !== "object") return typeof kept === typeof field;
  if (typeof kept !== "object" || Array.isArray(kept)) return false;
  const record = kept as Record<string, unknown>;
  return Object.entries(field).every(([key, value]) => key in record && sameKind(record[key], value));
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The kept changes that still fit the form: its own fields, each of its kind. */
function keptChanges<T extends Record<string, unknown>>(changes: string, opened: T): Partial<T> {
  if (!changes) return {};
  try {
    const stored: unknown = JSON.parse(changes);
    if (!stored || typeof stored !== "object") return {};
    const fitting = Object.entries(stored).filter(([key, value]) => key in opened && sameKind(value, opened[key]));
    return Object.fromEntries(fitting) as Partial<T>;
  } catch {
    return {};
  }
}

/** The name of the draft that keeps an edit of the row `id` of a kind, not yet saved. */
export const editDraft = (kind: "task" | "quick-win" | "project" | "thought" | "event", id: number) =>
  `edit-${kind}:${id}`;

/**
 * An edit of a saved row (a task, a quick win, a project, a thought) kept as the draft `name`
 * until it is saved or given up (docs/decisions/067-edit-drafts.md). Only the fields changed here
 * are kept, each laid over the row as it is when the dialog opens again: a field changed on
 * another device meanwhile, and not here, shows that device's change. `opened` is the form as the
 * row has it, read when the dialog opened; `change` takes the whole form as it now is;
 * `restored` says the dialog opened with changes kept from before, still not saved: read as the
 * screen first draws it, and again whenever `opening` changes (a dialog drawn while closed).
 */
export function useEditDraft<T extends Record<string, unknown>>(
  name: string,
  opened: T,
  opening: unknown = null,
): { values: T; change: (values: T) => void; forget: () => void; restored: boolean } {
  const [kept, update, forget] = useDraft(name, EDIT_BLANK, EDIT_RULES);
  const values = { ...opened, ...keptChanges(kept.changes, opened) };
  const withChanges = () => Object.keys(values).some((key) => !sameValue(values[key], opened[key]));
  const [openedWithChanges, setOpenedWithChanges] = useState(() => ({ name, opening, restored: withChanges() }));
  if (openedWithChanges.name !== name || openedWithChanges.opening !== opening) {
    setOpenedWithChanges({ name, opening, restored: withChanges() });
  }
  const change = (next: T) => {
    const changed = Object.entries(next).filter(([key, value]) => !sameValue(value, opened[key]));
    update({ changes: changed.length === 0 ? "" : JSON.stringify(Object.fromEntries(changed)) });
  };
  return { values, change, forget, restored: openedWithChanges.restored && kept.changes !== "" };
}
