import { useCallback, useEffect, useRef, useState } from "react";
import { VOICE_AUTO_STOP_MS, VOICE_CHUNK_MS, VOICE_PREFERRED_MIME } from "../../../shared/constants.ts";

export type Transcription = { text?: string; type?: string; pending?: boolean };

/** Posts the recording as multipart field `audio` (spec section 7). */
export async function transcribe(blob: Blob): Promise<Transcription> {
  const form = new FormData();
  form.append("audio", blob, blob.type.includes("webm") ? "recording.webm" : "recording");
  const res = await fetch("/api/ai/transcribe", { method: "POST", body: form, credentials: "include" });
  if (!res.ok) {
    let message = `${res.status}: ${res.statusText}`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new Error(message);
  }
  return (await res.json()) as Transcription;
}

/**
 * MediaRecorder wrapper: chunks every 100 ms, prefers audio/webm, stops by itself after 10 s.
 * `onStop` receives the recording, or null when nothing usable was captured.
 */
export function useRecorder(onStop: (blob: Blob | null) => void) {
  const [recording, setRecording] = useState(false);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onStopRef = useRef(onStop);
  onStopRef.current = onStop;

  const stop = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    if (recorderRef.current && recorderRef.current.state !== "inactive") recorderRef.current.stop();
  }, []);

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
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      setRecording(false);
      const blob = chunks.length ? new Blob(chunks, { type: recorder.mimeType || VOICE_PREFERRED_MIME }) : null;
      onStopRef.current(blob && blob.size > 0 ? blob : null);
    };
    recorderRef.current = recorder;
    recorder.start(VOICE_CHUNK_MS);
    setRecording(true);
    timerRef.current = setTimeout(stop, VOICE_AUTO_STOP_MS);
  }, [stop]);

  useEffect(() => () => stop(), [stop]);

  return { recording, start, stop };
}
