/**
 * The words typed into a capture box and not sent yet (docs/decisions/043-capture-drafts.md):
 * kept until they are sent, the box is emptied, or their person signs out.
 */
import { useCallback } from "react";
import { THOUGHT_TYPES } from "../../../shared/constants.ts";
import { type DraftRules, leftAfterSaving, useDraft } from "../../lib/draft.ts";
import type { ThoughtType } from "./api.ts";

/** The capture boxes: each keeps its own words. */
export type CapturePlace = "dashboard" | "inbox" | "anywhere";

export type ThoughtDraft = {
  text: string;
  type: ThoughtType | null;
  /** The thought a voice recording was kept with, when the words came from it. */
  voiceThoughtId: number | null;
};

const RULES: DraftRules<ThoughtDraft> = {
  // Words, or a recording they belong to.
  worthKeeping: (draft) => draft.text.trim() !== "" || draft.voiceThoughtId !== null,
  read: (stored) =>
    typeof stored.text === "string"
      ? {
          text: stored.text,
          type: THOUGHT_TYPES.includes(stored.type as ThoughtType) ? (stored.type as ThoughtType) : null,
          voiceThoughtId: Number.isSafeInteger(stored.voiceThoughtId) ? (stored.voiceThoughtId as number) : null,
        }
      : null,
};

/** Empty boxes: the Thought Dump starts with no type chosen, the others with Note. */
const BLANK: Record<CapturePlace, ThoughtDraft> = {
  dashboard: { text: "", type: null, voiceThoughtId: null },
  inbox: { text: "", type: "Note", voiceThoughtId: null },
  anywhere: { text: "", type: "Note", voiceThoughtId: null },
};

/**
 * One capture box's draft: what it holds, a change to it, and `sent`, for once the words it held
 * when sent are saved: they leave the box, what was typed since stays (`leftAfterSaving`). An
 * emptied Thought Dump starts afresh, its type too (spec section 4); the other boxes keep their
 * type for the next thought.
 */
export function useThoughtDraft(place: CapturePlace) {
  const [draft, update] = useDraft(`capture:${place}`, BLANK[place], RULES);
  const sent = useCallback(
    (words: string) =>
      update((now) => {
        const text = leftAfterSaving(now.text, words);
        return text === "" && place === "dashboard" ? BLANK.dashboard : { text, voiceThoughtId: null };
      }),
    [update, place],
  );
  return [draft, update, sent] as const;
}
