/**
 * What someone typed into a capture box and has not sent yet, kept in this browser until it is
 * sent (docs/decisions/043-capture-drafts.md). A reload, a tab the phone discarded in the
 * background, a closed tab or a trip to another screen gives the words back; a sent thought, a
 * box emptied by hand or signing out (web/app/auth.tsx) forgets them.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { STORAGE_KEYS, THOUGHT_TYPES } from "../../../shared/constants.ts";
import { readLocal, writeLocal } from "../../lib/storage.ts";
import { meQuery } from "../auth/api.ts";
import type { ThoughtType } from "./api.ts";

/** The capture boxes: each keeps its own words. */
export type CapturePlace = "dashboard" | "inbox" | "anywhere";

export type ThoughtDraft = {
  text: string;
  type: ThoughtType | null;
  /** The thought a voice recording was kept with, when the words came from it. */
  voiceThoughtId: number | null;
};

const keyOf = (userId: number, place: CapturePlace) => `${STORAGE_KEYS.captureDraft}:${userId}:${place}`;

/** Nothing worth keeping: no words, and no recording they belong to. */
const isBlank = (draft: ThoughtDraft) => draft.text.trim() === "" && draft.voiceThoughtId === null;

/** A stored draft, or null for nothing stored or anything that is not one (edited by hand, older form). */
function parse(raw: string | null): ThoughtDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ThoughtDraft>;
    if (typeof value.text !== "string") return null;
    return {
      text: value.text,
      type: THOUGHT_TYPES.includes(value.type as ThoughtType) ? (value.type as ThoughtType) : null,
      voiceThoughtId: Number.isSafeInteger(value.voiceThoughtId) ? (value.voiceThoughtId as number) : null,
    };
  } catch {
    return null;
  }
}

function store(userId: number, place: CapturePlace, draft: ThoughtDraft): void {
  writeLocal(keyOf(userId, place), isBlank(draft) ? null : JSON.stringify(draft));
}

/**
 * The draft of one capture box for the signed-in user, starting from what was kept. Every change
 * is kept at once. Signed out, the box works as before and keeps nothing.
 */
export function useThoughtDraft(
  place: CapturePlace,
  blank: ThoughtDraft,
): [ThoughtDraft, (change: Partial<ThoughtDraft>) => void] {
  // The session as the app last read it (web/app/auth.tsx reads it); this box never asks itself.
  const userId = useQuery({ ...meQuery(), enabled: false, select: (user) => user?.id ?? null }).data ?? null;
  const read = (): ThoughtDraft => (userId === null ? null : parse(readLocal(keyOf(userId, place)))) ?? blank;
  const [state, setState] = useState(() => ({ userId, draft: read() }));
  // The session became known (words typed before it are kept), or another account signed in while
  // the box stayed on screen: its own draft, not the last one's.
  const current =
    state.userId === userId ? state.draft : state.userId === null && !isBlank(state.draft) ? state.draft : read();
  if (state.userId !== userId) setState({ userId, draft: current });

  const update = useCallback((change: Partial<ThoughtDraft>) => {
    setState((before) => ({ ...before, draft: { ...before.draft, ...change } }));
  }, []);

  useEffect(() => {
    if (state.userId !== null) store(state.userId, place, state.draft);
  }, [state, place]);

  // Another tab of the same browser sent or changed the same box's words. A box showing what was
  // kept until then follows it, so a thought sent there is not offered here again; a box whose
  // words differ keeps them.
  useEffect(() => {
    if (userId === null) return;
    const key = keyOf(userId, place);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      const kept = parse(event.newValue);
      const before = parse(event.oldValue);
      setState((mine) => {
        if (mine.userId !== userId || mine.draft.text !== (before?.text ?? "")) return mine;
        return { userId, draft: kept ?? blankOf(mine.draft) };
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [userId, place]);

  return [current, update];
}

/** An emptied box keeps the type chosen in it, as sending does not change it either. */
const blankOf = (draft: ThoughtDraft): ThoughtDraft => ({ ...draft, text: "", voiceThoughtId: null });
