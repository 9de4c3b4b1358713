import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { aiStatus, recordingsResponse, transcribeResponse } from "../../../shared/ai-schemas.ts";
import { VOICE_AUTO_STOP_MS, VOICE_CHUNK_MS, VOICE_PREFERRED_MIME } from "../../../shared/constants.ts";
import type { User } from "../../../shared/schemas.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { api, limitReason } from "../../lib/api.ts";
import { readAgain } from "../../lib/list-cache.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { listenAlong } from "../../lib/speech-recognition.ts";
import { keepUnsent, onKept, sendUnsent } from "../../lib/voice-outbox.ts";

export type Transcription = { text: string; type?: string; pending: boolean; thoughtId: number | null };

export const aiStatusQuery = () =>
  queryOptions({ queryKey: queryKeys.aiStatus, queryFn: () => api.query<typeof aiStatus>(queryKeys.aiStatus[0]) });

export const recordingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.recordings,
    queryFn: () => api.query<typeof recordingsResponse>(queryKeys.recordings[0]),
  });

/** Whether the server can turn speech into text for this user right now (a saved key counts). */
export function useAiStatus() {
  // Asked again on every screen that records: a key saved in Settings changes the answer.
  return useQuery({ ...aiStatusQuery(), refetchOnMount: "always" });
}

/** Recordings kept with thoughts, and whether each one still waits for its transcript. */
export function useRecordings() {
  return useQuery({ ...recordingsQuery(), refetchOnMount: "always" });
}

/** Transcribes the recordings kept while nothing could (a key has been saved since). */
export function transcribePending() {
  return api.post("/api/ai/transcribe-pending", undefined, { slow: true });
}

async function postRecording(blob: Blob): Promise<Transcription> {
  const form = new FormData();
  form.append("audio", blob, blob.type.includes("webm") ? "recording.webm" : "recording");
  // keep: when nothing can transcribe it now, the server stores it with a new thought.
  const body: Partial<Transcription> = await api.form<typeof transcribeResponse>("/api/ai/transcribe?keep=true", form);
  return {
    text: typeof body.text === "string" ? body.text : "",
    type: body.type,
    pending: body.pending === true,
    thoughtId: typeof body.thoughtId === "number" ? body.thoughtId : null,
  };
}

/**
 * Posts the recording as multipart field `audio` (spec section 7). A dropped connection or a
 * server error is tried once more, so a recording is not lost to a blip.
 */
export async function transcribe(blob: Blob): Promise<Transcription> {
  try {
    return await postRecording(blob);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && status < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return postRecording(blob);
  }
}

// ---------- recording ----------

export type VoiceOutcome =
  /** Nothing usable was recorded. */
  | { kind: "empty" }
  /** The server's speech-to-text answered. */
  | { kind: "transcribed"; text: string; type?: string }
  /** The server kept the recording with a thought; the browser heard these words meanwhile. */
  | { kind: "heard"; text: string; thoughtId: number | null }
  /** The server kept the recording with a thought; its transcript comes later. */
  | { kind: "kept"; thoughtId: number | null }
  /** The server could not be reached: the recording waits on this device and is sent later. */
  | { kind: "queued" }
  /**
   * The server refused it or failed. `limit`: the words of a refusal past what one person keeps
   * (decision 070), which say what to do.
   */
  | { kind: "failed"; message: string; limit?: string };

function signedInUserId(queryClient: QueryClient): number | null {
  return queryClient.getQueryData<User | null>(queryKeys.me)?.id ?? null;
}

/** What both capture screens say when a recording waits on this device. */
export const QUEUED_TOAST = {
  title: "Voice note saved on this device",
  description: "It will reach your inbox as soon as the connection is back.",
} as const;

/** The longest wait before a recording that could not be sent is tried again while the app runs. */
const RESEND_MAX_MS = 30_000;

/**
 * Sends the recordings kept on this device while the server was out of reach: when the app
 * starts, whenever the browser comes back online, and while the app runs, again after 1 s,
 * doubling to 30 s, until the server takes them (a server restarting while the connection stays).
 * Used once, above every screen.
 */
export function useSendKeptRecordings(userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    let wait = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running: Promise<void> | undefined;
    const flush = () => {
      running ??= sendAndSay().finally(() => {
        running = undefined;
      });
      return running;
    };
    const sendAndSay = async () => {
      clearTimeout(timer);
      const { sent, refused, left } = await sendUnsent(userId, postRecording);
      if (!live) return;
      if (left > 0) {
        timer = setTimeout(() => void flush(), wait);
        wait = Math.min(wait * 2, RESEND_MAX_MS);
      } else wait = 1000;
      // A refusal (past what one person keeps, say) will not change by sending again: the
      // recording has left this device, and the person is told once.
      for (const reason of refused) {
        toast({
          title: "Voice capture failed",
          description: reason || "Could not record audio",
          variant: "destructive",
        });
      }
      if (sent === 0) return;
      // The inbox's first read may have left before these were sent: it is made again.
      void readAgain(queryClient, { queryKey: queryKeys.thoughts });
      void readAgain(queryClient, { queryKey: queryKeys.recordings });
      toast({
        title: "Voice notes sent",
        description:
          sent === 1
            ? "A voice note recorded while offline is now in your inbox."
            : `${sent} voice notes recorded while offline are now in your inbox.`,
      });
    };
    const online = () => void flush();
    void flush();
    window.addEventListener("online", online);
    // One kept on this device while the app runs is sent soon after, as any write that waits.
    const unsubscribe = onKept(online);
    return () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener("online", online);
    };
  }, [userId, queryClient]);
}

type Handlers = {
  /** The recorder stopped (by the user or after 10 seconds). */
  onProcessing?: () => void;
  /** The recording is on its way to the server. */
  onTranscribing?: () => void;
  onDone: (outcome: VoiceOutcome) => void;
};

/**
 * MediaRecorder with chunks every 100 ms, preferring audio/webm, stopping by itself after 10 s.
 * Every recording is sent to the server, which transcribes it or keeps it with a thought; when
 * the server cannot transcribe, the browser's speech recognition (where it exists) listens along
 * so the words can be shown at once.
 */
export function useVoiceCapture(handlers: Handlers) {
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const [recording, setRecording] = useState(false);
  const [busy, setBusy] = useState(false);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const serverTranscribes = status.data?.transcription === true;

  const stop = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") {
      handlersRef.current.onProcessing?.();
      recorder.stop();
    }
  }, []);

  const finishRecording = useCallback(
    async (blob: Blob | null, recognition: { finish: () => Promise<string> } | null) => {
      const heardPromise = recognition ? recognition.finish() : Promise.resolve("");
      if (!blob) {
        await heardPromise;
        handlersRef.current.onDone({ kind: "empty" });
        return;
      }
      setBusy(true);
      handlersRef.current.onTranscribing?.();
      let outcome: VoiceOutcome;
      try {
        const [result, heard] = await Promise.all([transcribe(blob), heardPromise]);
        if (!result.pending) outcome = { kind: "transcribed", text: result.text, type: result.type };
        else if (heard) outcome = { kind: "heard", text: heard, thoughtId: result.thoughtId };
        else outcome = { kind: "kept", thoughtId: result.thoughtId };
      } catch (error) {
        const limit = limitReason(error);
        outcome = { kind: "failed", message: limit ?? (error instanceof Error ? error.message : ""), limit };
        // Unreachable or failing server: keep the recording here rather than lose it.
        const status = (error as { status?: number }).status;
        if (status === undefined || status >= 500) {
          try {
            const userId = signedInUserId(queryClient);
            if (userId === null) throw new Error("signed out");
            await keepUnsent(userId, blob);
            outcome = { kind: "queued" };
          } catch {
            // No storage in this browser: the failure stands.
          }
        }
      } finally {
        setBusy(false);
      }
      // A kept recording is a new thought in the inbox: show it at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.thoughts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      handlersRef.current.onDone(outcome);
    },
    [queryClient],
  );

  const start = useCallback(async () => {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      throw new Error("Voice recording not supported in this browser");
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      throw new Error("Microphone access denied");
    }
    let recorder: MediaRecorder;
    try {
      recorder = MediaRecorder.isTypeSupported(VOICE_PREFERRED_MIME)
        ? new MediaRecorder(stream, { mimeType: VOICE_PREFERRED_MIME })
        : new MediaRecorder(stream);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      throw new Error("Failed to create media recorder");
    }
    const chunks: Blob[] = [];
    // Only when the server cannot transcribe: otherwise the provider's text is the one used.
    const recognition = serverTranscribes ? null : listenAlong();
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorderRef.current = null;
      setRecording(false);
      const blob = chunks.length ? new Blob(chunks, { type: recorder.mimeType || VOICE_PREFERRED_MIME }) : null;
      void finishRecording(blob && blob.size > 0 ? blob : null, recognition);
    };
    recorderRef.current = recorder;
    try {
      recorder.start(VOICE_CHUNK_MS);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      void recognition?.finish();
      recorderRef.current = null;
      throw new Error("Failed to create media recorder");
    }
    setRecording(true);
    timerRef.current = setTimeout(stop, VOICE_AUTO_STOP_MS);
  }, [stop, finishRecording, serverTranscribes]);

  // Leaving the screen stops the recorder; what was recorded is still sent and kept.
  useEffect(() => () => stop(), [stop]);

  return { recording, busy, start, stop };
}
