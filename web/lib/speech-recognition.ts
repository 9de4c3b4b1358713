/**
 * The browser's own speech recognition, or null where there is none (Firefox; jsdom). Chromium
 * and Safari still name it webkitSpeechRecognition. Typed by @types/dom-speech-recognition.
 */
export function speechRecognition(): typeof SpeechRecognition | null {
  if (typeof window === "undefined") return null;
  const w = window as Partial<Pick<typeof window, "SpeechRecognition" | "webkitSpeechRecognition">>;
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** How long to wait for the last words after the recording stops. */
const RECOGNITION_SETTLE_MS = 1500;

/**
 * Listens alongside the recorder. `finish` stops it and resolves with what it heard ("" when it
 * heard nothing, failed, or does not exist in this browser); it never rejects.
 */
export function listenAlong(): { finish: () => Promise<string> } | null {
  const Ctor = speechRecognition();
  if (!Ctor) return null;
  let recognition: SpeechRecognition;
  try {
    recognition = new Ctor();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = navigator.language || "en-US";
  } catch {
    return null;
  }
  const finals: string[] = [];
  let interim = "";
  let ended = false;
  let onEnded: (() => void) | null = null;
  recognition.onresult = (event) => {
    interim = "";
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      if (!result) continue;
      if (result.isFinal) finals[i] = result[0].transcript.trim();
      else interim += result[0].transcript;
    }
  };
  recognition.onerror = () => {
    // "no-speech", "not-allowed", "network": the kept recording still gets transcribed later.
  };
  recognition.onend = () => {
    ended = true;
    onEnded?.();
  };
  try {
    recognition.start();
  } catch {
    return null;
  }
  const heard = () => [...finals.filter(Boolean), interim.trim()].filter(Boolean).join(" ").trim();
  return {
    finish: () =>
      new Promise<string>((resolve) => {
        if (ended) return resolve(heard());
        const timer = setTimeout(() => resolve(heard()), RECOGNITION_SETTLE_MS);
        onEnded = () => {
          clearTimeout(timer);
          resolve(heard());
        };
        try {
          recognition.stop();
        } catch {
          clearTimeout(timer);
          resolve(heard());
        }
      }),
  };
}
