import { Mic } from "lucide-react";
import { useEffect, useMemo } from "react";
import { type KeptRecording, recordedAt, useKeptRecordings } from "../../../lib/voice-outbox.ts";

/** A player's source for a recording kept on this device; none where the browser cannot make one. */
const playable = (recording: KeptRecording) =>
  typeof URL.createObjectURL === "function" && recording.blob instanceof Blob
    ? URL.createObjectURL(recording.blob)
    : undefined;

/**
 * The voice notes recorded while the server could not take them, shown in the inbox they will
 * reach, each with its player, marked "Waiting to sync"
 * (docs/decisions/088-a-voice-note-that-waits.md).
 */
export function WaitingVoiceNotes() {
  const recordings = useKeptRecordings();
  const sources = useMemo(() => new Map(recordings.map((r) => [r.id, playable(r)])), [recordings]);
  useEffect(
    () => () => {
      for (const url of sources.values()) if (url) URL.revokeObjectURL(url);
    },
    [sources],
  );
  if (recordings.length === 0) return null;
  return (
    <ul aria-label="Voice notes waiting to sync" className="grid gap-2 rounded-2xl border border-border bg-card p-2">
      {recordings.map((r) => {
        const time = recordedAt(r);
        const src = sources.get(r.id);
        return (
          <li key={r.id} className="grid gap-2 rounded-lg px-2 py-2">
            <p className="flex items-center gap-3">
              <Mic className="size-5 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0 flex-1 wrap-anywhere">Voice note recorded {time}</span>
              <span className="shrink-0 text-xs text-muted">Waiting to sync</span>
            </p>
            {src && (
              // biome-ignore lint/a11y/useMediaCaption: its words are not known until the server has it
              <audio
                controls
                preload="none"
                src={src}
                aria-label={`Voice note recorded ${time}, waiting to sync`}
                className="h-10 w-full"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
