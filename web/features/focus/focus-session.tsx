import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { FOCUS_BREAK_SECONDS, FOCUS_SESSION_SECONDS, STORAGE_KEYS } from "../../../shared/constants.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { api } from "../../lib/api.ts";
import { readLocal, writeLocal } from "../../lib/storage.ts";
import { playEndChime, unlockChime } from "./chime.ts";
import { formatClock } from "./clock.ts";

export type FocusPhase = "focus" | "break";
export type FocusTimerState = "idle" | "running" | "paused" | "done";

/** Session lengths offered besides the task's own estimate (minutes). */
export const FOCUS_LENGTHS = [5, 15, 25, 45] as const;

/**
 * The one focus session of the app. It is stored with its end time rather than a count of ticks,
 * so it keeps time while the user is on another screen, in another tab, or reloads the page.
 */
type Stored = {
  phase: FocusPhase;
  /** Length of a focus session in seconds (the break is always 5 minutes). */
  length: number;
  state: FocusTimerState;
  /** While running: when it ends (epoch ms). */
  endsAt: number | null;
  /** While idle, paused or done: seconds left. */
  remaining: number;
  sound: boolean;
  notify: boolean;
  /** While running a focus phase: when this stretch of it began (epoch ms). */
  startedAt: number | null;
  /** Stretches of focus already over in the last day, [start, end] in epoch ms, for the day's timeline. */
  history: Array<[number, number]>;
};

const INITIAL: Stored = {
  phase: "focus",
  length: FOCUS_SESSION_SECONDS,
  state: "idle",
  endsAt: null,
  remaining: FOCUS_SESSION_SECONDS,
  sound: true,
  notify: false,
  startedAt: null,
  history: [],
};

const MAX_LENGTH = 4 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_HISTORY = 48;

function readHistory(raw: unknown, now: number): Array<[number, number]> {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (h): h is [number, number] =>
        Array.isArray(h) && typeof h[0] === "number" && typeof h[1] === "number" && h[0] <= h[1],
    )
    .filter(([, end]) => end > now - DAY_MS && end <= now + MAX_LENGTH * 1000)
    .slice(-MAX_HISTORY);
}

/** Ends the running stretch of focus, keeping it for the day's timeline (a minute or more only). */
function closeStretch(s: Stored, now: number): Pick<Stored, "startedAt" | "history"> {
  if (s.phase !== "focus" || s.startedAt === null) return { startedAt: null, history: s.history };
  const end = s.endsAt === null ? now : Math.min(now, s.endsAt);
  if (end - s.startedAt < 60_000) return { startedAt: null, history: s.history };
  return { startedAt: null, history: readHistory([...s.history, [s.startedAt, end]], now) };
}

function readStored(): Stored {
  try {
    const raw = JSON.parse(readLocal(STORAGE_KEYS.focusSession) ?? "null") as Partial<Stored> | null;
    if (!raw || typeof raw !== "object") return INITIAL;
    const length =
      typeof raw.length === "number" && raw.length > 0 && raw.length <= MAX_LENGTH
        ? Math.round(raw.length)
        : INITIAL.length;
    const state = (["idle", "running", "paused", "done"] as const).find((s) => s === raw.state) ?? "idle";
    const phase = raw.phase === "break" ? "break" : "focus";
    const endsAt = typeof raw.endsAt === "number" ? raw.endsAt : null;
    const remaining =
      typeof raw.remaining === "number" && raw.remaining >= 0 && raw.remaining <= MAX_LENGTH
        ? Math.round(raw.remaining)
        : length;
    return {
      phase,
      length,
      state: state === "running" && endsAt === null ? "paused" : state,
      endsAt,
      remaining,
      sound: raw.sound !== false,
      notify: raw.notify === true,
      startedAt: state === "running" && typeof raw.startedAt === "number" ? raw.startedAt : null,
      history: readHistory(raw.history, Date.now()),
    };
  } catch {
    return INITIAL;
  }
}

export type FocusSession = {
  phase: FocusPhase;
  state: FocusTimerState;
  /** Seconds left, whole and rounded up so the display never reaches 00:00 early. */
  remaining: number;
  /** Chosen focus length in seconds. */
  length: number;
  sound: boolean;
  notify: boolean;
  start: () => void;
  pause: () => void;
  /** Back to the full length of the current phase, stopped. */
  reset: () => void;
  /** Choose the focus length (minutes); only while not running. */
  chooseLength: (minutes: number) => void;
  startBreak: () => void;
  setSound: (on: boolean) => void;
  setNotify: (on: boolean) => void;
  /** Today's stretches of focus (epoch ms), the running one last with its planned end. */
  stretches: FocusStretch[];
};

export type FocusStretch = { start: number; end: number; running: boolean };

const FocusSessionContext = createContext<FocusSession | null>(null);

function secondsLeft(s: Stored, now: number): number {
  if (s.state !== "running" || s.endsAt === null) return s.remaining;
  return Math.max(0, Math.ceil((s.endsAt - now) / 1000));
}

function announceEnd(phase: FocusPhase, stored: Stored): void {
  const title = phase === "focus" ? "Focus session completed!" : "Break over";
  const description = phase === "focus" ? "Time for a 5-minute break." : "Ready for another session when you are.";
  toast({ title, description });
  if (stored.sound) playEndChime();
  if (
    stored.notify &&
    typeof Notification !== "undefined" &&
    Notification.permission === "granted" &&
    document.visibilityState === "hidden"
  ) {
    try {
      const note = new Notification(title, { body: description, tag: "focus-session" });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch {
      // Some browsers only notify from a service worker; the toast and the title still say it.
    }
  }
}

export function FocusSessionProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Stored>(readStored);
  const [now, setNow] = useState(() => Date.now());
  const storedRef = useRef(stored);
  storedRef.current = stored;

  const update = useCallback((next: (s: Stored) => Stored) => {
    setStored((s) => {
      const n = next(s);
      writeLocal(STORAGE_KEYS.focusSession, JSON.stringify(n));
      return n;
    });
  }, []);

  // Another tab of the app shares the session.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.focusSession) setStored(readStored());
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, []);

  // Tick on whole seconds of the session while it runs; finish it once when time is up.
  useEffect(() => {
    if (stored.state !== "running" || stored.endsAt === null) return;
    const endsAt = stored.endsAt;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const left = endsAt - t;
      if (left <= 0) {
        const finished = storedRef.current;
        // A finished break goes back to a fresh focus session; a finished session offers the break.
        update((s) =>
          s.phase === "break"
            ? { ...s, phase: "focus", state: "idle", endsAt: null, remaining: s.length }
            : { ...s, ...closeStretch(s, t), state: "done", endsAt: null, remaining: 0 },
        );
        announceEnd(finished.phase, finished);
        return;
      }
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [stored.state, stored.endsAt, update]);

  // The server announces the end by Web Push too, so it reaches the person with every tab closed
  // (decision 031); a pause, reset or finish takes that back.
  const announced = useRef<number | null>(null);
  const focusEndsAt = stored.state === "running" && stored.phase === "focus" ? stored.endsAt : null;
  useEffect(() => {
    if (focusEndsAt === announced.current) return;
    const previous = announced.current;
    announced.current = focusEndsAt;
    const sent =
      focusEndsAt !== null && focusEndsAt > Date.now()
        ? api.put("/api/reminders/focus", { endsAt: new Date(focusEndsAt).toISOString() })
        : previous !== null
          ? api.delete("/api/reminders/focus")
          : null;
    sent?.catch(() => undefined);
  }, [focusEndsAt]);

  const remaining = secondsLeft(stored, now);
  const phaseLength = stored.phase === "focus" ? stored.length : FOCUS_BREAK_SECONDS;

  // The tab's title shows the time left, so it can be seen from another tab.
  useEffect(() => {
    if (stored.state !== "running" && stored.state !== "paused") return;
    const original = document.title;
    document.title = `${formatClock(remaining)} ${stored.phase === "focus" ? "Focus" : "Break"} · Daily Compass`;
    return () => {
      document.title = original;
    };
  }, [remaining, stored.state, stored.phase]);

  const value = useMemo<FocusSession>(
    () => ({
      phase: stored.phase,
      state: stored.state,
      remaining,
      length: stored.length,
      sound: stored.sound,
      notify: stored.notify,
      start: () => {
        unlockChime();
        const t = Date.now();
        setNow(t);
        update((s) => {
          if (s.state === "running") return s;
          const full = s.phase === "focus" ? s.length : FOCUS_BREAK_SECONDS;
          const left = s.state === "done" || s.remaining <= 0 ? full : s.remaining;
          return {
            ...s,
            state: "running",
            endsAt: t + left * 1000,
            remaining: left,
            startedAt: s.phase === "focus" ? t : null,
          };
        });
      },
      pause: () => {
        const t = Date.now();
        update((s) =>
          s.state === "running"
            ? { ...s, ...closeStretch(s, t), state: "paused", endsAt: null, remaining: secondsLeft(s, t) }
            : s,
        );
      },
      reset: () =>
        update((s) => ({ ...s, ...closeStretch(s, Date.now()), state: "idle", endsAt: null, remaining: phaseLength })),
      chooseLength: (minutes) =>
        update((s) => {
          if (s.state === "running") return s;
          const length = Math.min(MAX_LENGTH, Math.max(60, Math.round(minutes) * 60));
          return { ...s, phase: "focus", length, state: "idle", endsAt: null, remaining: length };
        }),
      startBreak: () => {
        unlockChime();
        const t = Date.now();
        setNow(t);
        update((s) => ({
          ...s,
          ...closeStretch(s, t),
          phase: "break",
          state: "running",
          endsAt: t + FOCUS_BREAK_SECONDS * 1000,
          remaining: FOCUS_BREAK_SECONDS,
        }));
      },
      setSound: (on) => update((s) => ({ ...s, sound: on })),
      setNotify: (on) => update((s) => ({ ...s, notify: on })),
      stretches: [
        ...stored.history.map(([start, end]) => ({ start, end, running: false })),
        ...(stored.state === "running" &&
        stored.phase === "focus" &&
        stored.startedAt !== null &&
        stored.endsAt !== null
          ? [{ start: stored.startedAt, end: stored.endsAt, running: true }]
          : []),
      ],
    }),
    [stored, remaining, phaseLength, update],
  );

  return <FocusSessionContext.Provider value={value}>{children}</FocusSessionContext.Provider>;
}

export function useFocusSession(): FocusSession {
  const ctx = useContext(FocusSessionContext);
  if (!ctx) throw new Error("useFocusSession outside FocusSessionProvider");
  return ctx;
}

/**
 * Signing out forgets the session so the next person starts fresh; the sound and notification
 * choices belong to the device and stay.
 */
export function forgetFocusSession(): void {
  const { sound, notify } = readStored();
  // The day's stretches of focus belong to the person signing out, so they go too.
  writeLocal(STORAGE_KEYS.focusSession, JSON.stringify({ ...INITIAL, sound, notify }));
}
