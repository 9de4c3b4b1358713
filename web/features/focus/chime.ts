/**
 * A soft two-note chime for the end of a focus session, made with Web Audio so there is no file
 * to fetch. Browsers only let a page play sound after a user gesture: `unlockChime` is called
 * from the Start button so the chime can play when the session ends later.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
  return context;
}

export function unlockChime(): void {
  const ctx = audioContext();
  if (ctx && ctx.state === "suspended") void ctx.resume().catch(() => undefined);
}

export function playEndChime(): void {
  const ctx = audioContext();
  if (!ctx) return;
  const start = ctx.currentTime + 0.05;
  for (const [i, frequency] of [659.25, 880].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    const at = start + i * 0.35;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.18, at + 0.04);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 1.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 1.25);
  }
}
