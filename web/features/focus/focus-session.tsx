import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { FOCUS_BREAK_SECONDS, STORAGE_KEYS } from "../../../shared/constants.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { api } from "../../lib/api.ts";
import { writeLocal } from "../../lib/storage.ts";
import { playEndChime, unlockChime } from "./chime.ts";
import { formatClock } from "./clock.ts";
import { useSendFocusSessions } from "./send-sessions.ts";
import {
  closeStretch,
  endSession,
  type FocusPhase,
  type FocusTimerState,
  INITIAL,
  MAX_LENGTH,
  newSessionKey,
  readStored,
  type Stored,
} from "./session-store.ts";

export type { FocusPhase, FocusTimerState };

/** Session lengths offered besides the task's own estimate (minutes). */
export const FOCUS_LENGTHS = [5, 15, 25, 45] as const;

export type FocusSession = {
  phase: FocusPhase;
  state: FocusTimerState;
  /** Seconds left, whole and rounded up so the display never reaches 00:00 early. */
  remaining: number;
  /** Chosen focus length in seconds. */
  length: number;
  sound: boolean;
  notify: boolean;
  /** The task the focus session is on (set when it starts), if any. */
  taskId: number | null;
  /** Starts or resumes; a new focus session is on `taskId` (none without one). */
  start: (taskId?: number | null) => void;
  pause: () => void;
  /** Back to the full length of the current phase, stopped; a focus session on a task counts what it took. */
  reset: () => void;
  /** Ends the focus session early because the task is done; it counts what it took. */
  finish: () => void;
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

/** Tells this page's session that it was forgotten at sign-out (the storage event reaches other tabs only). */
const forgetting = new EventTarget();

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

  // Another tab of the app shares the session; in this one, signing out forgets it while the
  // screen may still be drawn: a change made after (a finished session's send answered) is made
  // to the forgotten session, never writing the last person's back.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.focusSession) setStored(readStored());
    };
    const onForgotten = () => setStored(readStored());
    addEventListener("storage", onStorage);
    forgetting.addEventListener("forgotten", onForgotten);
    return () => {
      removeEventListener("storage", onStorage);
      forgetting.removeEventListener("forgotten", onForgotten);
    };
  }, []);

  // Tick on whole seconds of the session while it runs; finish it once when time is up.
  useEffect(() => {
    if (stored.state !== "running" || stored.endsAt === null) return;
    const endsAt = stored.endsAt;
    let timer: ReturnType<typeof setTimeout>;
    let over = false;
    const tick = () => {
      clearTimeout(timer);
      if (over) return;
      const t = Date.now();
      setNow(t);
      const left = endsAt - t;
      if (left <= 0) {
        over = true;
        const finished = storedRef.current;
        // A finished break goes back to a fresh focus session; a finished session offers the break.
        update((s) =>
          s.phase === "break"
            ? { ...s, phase: "focus", state: "idle", endsAt: null, remaining: s.length }
            : { ...s, ...endSession(s, t), state: "done", endsAt: null, remaining: 0 },
        );
        announceEnd(finished.phase, finished);
        return;
      }
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    // Looked at again (a phone unlocked, a tab come back to, a page back from the browser's cache):
    // the time is read at once, not at the next tick of a timer the browser held back meanwhile, so
    // a session that ended while away says so the moment the person is back.
    const onReturn = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onReturn);
    addEventListener("pageshow", onReturn);
    tick();
    return () => {
      over = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onReturn);
      removeEventListener("pageshow", onReturn);
    };
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

  const forgetSent = useCallback(
    (key: string) => update((s) => ({ ...s, unsent: s.unsent.filter((u) => u.key !== key) })),
    [update],
  );
  useSendFocusSessions(stored.unsent, forgetSent);

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
      taskId: stored.taskId,
      start: (taskId) => {
        unlockChime();
        const t = Date.now();
        setNow(t);
        update((s) => {
          if (s.state === "running") return s;
          const full = s.phase === "focus" ? s.length : FOCUS_BREAK_SECONDS;
          const left = s.state === "done" || s.remaining <= 0 ? full : s.remaining;
          // A paused session resumes on its own task; anything else starts a new one.
          const fresh = s.phase === "focus" && (s.state !== "paused" || s.key === null);
          return {
            ...s,
            ...(fresh ? { ...endSession(s, t), taskId: taskId ?? null, key: taskId ? newSessionKey() : null } : {}),
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
        update((s) => ({ ...s, ...endSession(s, Date.now()), state: "idle", endsAt: null, remaining: phaseLength })),
      finish: () =>
        update((s) =>
          s.phase === "focus" && (s.state === "running" || s.state === "paused")
            ? { ...s, ...endSession(s, Date.now()), state: "idle", endsAt: null, remaining: s.length }
            : s,
        ),
      chooseLength: (minutes) =>
        update((s) => {
          if (s.state === "running") return s;
          const length = Math.min(MAX_LENGTH, Math.max(60, Math.round(minutes) * 60));
          return {
            ...s,
            ...endSession(s, Date.now()),
            phase: "focus",
            length,
            state: "idle",
            endsAt: null,
            remaining: length,
          };
        }),
      startBreak: () => {
        unlockChime();
        const t = Date.now();
        setNow(t);
        update((s) => ({
          ...s,
          ...endSession(s, t),
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
  forgetting.dispatchEvent(new Event("forgotten"));
}
