import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { PENDING_VOICE_NOTE } from "../../../shared/constants.ts";
import type { Thought } from "../../../shared/schemas.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { transcribePending, useAiStatus, useRecordings } from "./voice.ts";

/**
 * Kept recordings by thought. Once speech-to-text is available (a key saved in Settings, say),
 * waiting recordings are transcribed and their thoughts show the text.
 */
export function useVoiceNotes(thoughts: Thought[] | undefined) {
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const recordings = useRecordings();
  const list = recordings.data?.recordings ?? [];
  const byThought = useMemo(() => new Map(list.map((r) => [r.thoughtId, { pending: r.pending }])), [list]);
  const pendingCount = list.filter((r) => r.pending).length;
  const asked = useRef(false);

  useEffect(() => {
    if (!status.data?.transcription || pendingCount === 0 || asked.current) return;
    asked.current = true;
    transcribePending()
      .catch((error: unknown) => console.warn("Transcribing kept recordings failed", error))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.thoughts });
        void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      });
  }, [status.data?.transcription, pendingCount, queryClient]);

  // Transcribed elsewhere (in the background after a key was saved): the cached text is old.
  const stale = (thoughts ?? []).some(
    (t) => t.content === PENDING_VOICE_NOTE && byThought.get(t.id)?.pending === false,
  );
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: queryKeys.thoughts });
  }, [stale, queryClient]);

  return byThought;
}
