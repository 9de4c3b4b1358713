/**
 * The words typed into a capture box and not sent yet (docs/decisions/043-capture-drafts.md):
 * kept until they are sent, the box is emptied, or their person signs out.
 */
import { THOUGHT_TYPES } from "../../../shared/constants.ts";
import { type DraftRules, useDraft } from "../../lib/draft.ts";
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

/** One capture box's draft; `blank` is its empty state (a module constant). */
export function useThoughtDraft(place: CapturePlace, blank: ThoughtDraft) {
  return useDraft(`capture:${place}`, blank, RULES);
}
