/**
 * The stored form of the app's one focus session (docs/decisions/020-one-focus-session.md): read
 * from and written to localStorage, shared by every tab. A focus session on a task also notes the
 * minutes it took, to be sent once it ends (docs/decisions/027-estimates-that-learn.md).
 */
import { FOCUS_SESSION_MAX_MINUTES, FOCUS_SESSION_SECONDS, STORAGE_KEYS } from "../../../shared/constants.ts";
import { readLocal } from "../../lib/storage.ts";

export type FocusPhase = "focus" | "break";
export type FocusTimerState = "idle" | "running" | "paused" | "done";

/** A finished focus session on a task, waiting to be sent; `key` makes it count once. */
export type UnsentSession = { key: string; taskId: number; minutes: number };

/**
 * The one focus session of the app. It is stored with its end time rather than a count of ticks,
 * so it keeps time while the user is on another screen, in another tab, or reloads the page.
 */
export type Stored = {
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
  /** The task this focus session is on, if any, and the session's own key (from its start to its end). */
  taskId: number | null;
  key: string | null;
  /** Milliseconds of this focus session in stretches already over (pauses do not count). */
  spent: number;
  /** Finished sessions on tasks not yet taken by the server. */
  unsent: UnsentSession[];
};

export const INITIAL: Stored = {
  phase: "focus",
  length: FOCUS_SESSION_SECONDS,
  state: "idle",
  endsAt: null,
  remaining: FOCUS_SESSION_SECONDS,
  sound: true,
  notify: false,
  startedAt: null,
  history: [],
  taskId: null,
  key: null,
  spent: 0,
  unsent: [],
};

export const MAX_LENGTH = 4 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_HISTORY = 48;
const MAX_UNSENT = 20;
/** A session shorter than this teaches nothing and is not recorded. */
export const MIN_RECORDED_MS = 60_000;

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

function readUnsent(raw: unknown): UnsentSession[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (u): u is UnsentSession =>
        typeof u === "object" &&
        u !== null &&
        typeof u.key === "string" &&
        Number.isInteger(u.taskId) &&
        u.taskId > 0 &&
        Number.isInteger(u.minutes) &&
        u.minutes >= 1 &&
        u.minutes <= FOCUS_SESSION_MAX_MINUTES,
    )
    .slice(-MAX_UNSENT);
}

/** Milliseconds of focus in the running stretch, up to `now` (or its planned end). */
function stretchMs(s: Stored, now: number): number {
  if (s.phase !== "focus" || s.startedAt === null) return 0;
  const end = s.endsAt === null ? now : Math.min(now, s.endsAt);
  return Math.max(0, end - s.startedAt);
}

/** Ends the running stretch of focus, keeping it for the day's timeline (a minute or more only). */
export function closeStretch(s: Stored, now: number): Pick<Stored, "startedAt" | "history" | "spent"> {
  if (s.phase !== "focus" || s.startedAt === null) return { startedAt: null, history: s.history, spent: s.spent };
  const end = s.endsAt === null ? now : Math.min(now, s.endsAt);
  const spent = s.spent + stretchMs(s, now);
  if (end - s.startedAt < 60_000) return { startedAt: null, history: s.history, spent };
  return { startedAt: null, history: readHistory([...s.history, [s.startedAt, end]], now), spent };
}

/**
 * Ends the focus session (time up, stopped, finished): its stretch is closed and, when it was on a
 * task and lasted a minute or more, its minutes wait to be sent.
 */
export function endSession(
  s: Stored,
  now: number,
): Pick<Stored, "startedAt" | "history" | "spent" | "taskId" | "key" | "unsent"> {
  const closed = closeStretch(s, now);
  const ended = { ...closed, spent: 0, taskId: null, key: null };
  if (s.phase !== "focus" || s.taskId === null || s.key === null || closed.spent < MIN_RECORDED_MS) {
    return { ...ended, unsent: s.unsent };
  }
  const minutes = Math.min(FOCUS_SESSION_MAX_MINUTES, Math.max(1, Math.round(closed.spent / 60_000)));
  return { ...ended, unsent: readUnsent([...s.unsent, { key: s.key, taskId: s.taskId, minutes }]) };
}

/** A key of its own for a focus session that starts now. */
export function newSessionKey(): string {
  return `focus-${typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;
}

export function readStored(): Stored {
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
    const taskId = Number.isInteger(raw.taskId) && (raw.taskId as number) > 0 ? (raw.taskId as number) : null;
    const key = typeof raw.key === "string" && raw.key ? raw.key : null;
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
      taskId: key ? taskId : null,
      key: taskId ? key : null,
      spent: typeof raw.spent === "number" && raw.spent >= 0 && raw.spent <= MAX_LENGTH * 1000 ? raw.spent : 0,
      unsent: readUnsent(raw.unsent),
    };
  } catch {
    return INITIAL;
  }
}
