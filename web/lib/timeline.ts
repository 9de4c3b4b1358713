import { ALL_DAY_MINUTES } from "../../shared/constants.ts";
import type { CalendarEvent } from "../../shared/schemas.ts";
import { minutesOf, type ZonedNow } from "./dates.ts";

/** Minutes since midnight, in the user's zone. */
export type Span = { start: number; end: number };

export type TimelineItem = Span & {
  key: string;
  kind: "event" | "focus";
  label: string;
  category?: string | null;
  /** A focus session still running: its end is the planned one. */
  planned?: boolean;
};

export type PlacedItem = TimelineItem & { lane: number; left: number; width: number };

export type Timeline = {
  range: Span;
  /** Whole hours shown as marks along the line. */
  hours: number[];
  items: PlacedItem[];
  lanes: number;
  /** Where now sits, as a percentage of the range. */
  nowAt: number;
};

const DAY = 24 * 60;
/** The line covers at least this much of the day, so a single event does not fill it. */
const MIN_SPAN = 8 * 60;
const MAX_LANES = 3;

/** Today's timed events, in the wall-clock minutes of the user's zone. */
export function eventSpans(events: readonly CalendarEvent[], now: ZonedNow): TimelineItem[] {
  return events
    .filter((e) => e.date === now.date && e.duration !== ALL_DAY_MINUTES)
    .map((e) => {
      const start = minutesOf(e.startTime);
      return {
        key: `event-${e.id}`,
        kind: "event" as const,
        label: e.title || "Untitled event",
        category: e.category,
        start,
        end: Math.min(DAY, start + Math.max(1, e.duration)),
      };
    });
}

/**
 * The part of the day the line shows: from an hour before the earliest of now and today's items
 * (8 AM at the latest) to an hour after the latest (6 PM at the earliest), on whole hours, widened
 * to at least eight hours and kept within the day.
 */
export function timelineRange(items: readonly Span[], nowMinutes: number): Span {
  let start = Math.min(8 * 60, nowMinutes - 60, ...items.map((i) => i.start - 30));
  let end = Math.max(18 * 60, nowMinutes + 60, ...items.map((i) => i.end + 30));
  start = Math.max(0, Math.floor(start / 60) * 60);
  end = Math.min(DAY, Math.ceil(end / 60) * 60);
  if (end - start < MIN_SPAN) {
    const missing = MIN_SPAN - (end - start);
    end = Math.min(DAY, end + missing);
    start = Math.max(0, end - MIN_SPAN);
  }
  return { start, end };
}

/** Items that overlap go on separate lanes (at most three; more share the last). */
export function buildTimeline(items: readonly TimelineItem[], nowMinutes: number): Timeline {
  const range = timelineRange(items, nowMinutes);
  const span = range.end - range.start;
  const at = (m: number) => ((Math.min(range.end, Math.max(range.start, m)) - range.start) / span) * 100;
  const laneEnds: number[] = [];
  const placed = [...items]
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .map((item) => {
      let lane = laneEnds.findIndex((end) => end <= item.start);
      if (lane === -1) lane = laneEnds.length < MAX_LANES ? laneEnds.length : MAX_LANES - 1;
      laneEnds[lane] = Math.max(laneEnds[lane] ?? 0, item.end);
      const left = at(item.start);
      return { ...item, lane, left, width: Math.max(0.8, at(item.end) - left) };
    });
  const step = span > 12 * 60 ? 180 : span > 8 * 60 ? 120 : 60;
  const hours: number[] = [];
  for (let m = Math.ceil(range.start / step) * step; m <= range.end; m += step) hours.push(m);
  return { range, hours, items: placed, lanes: Math.max(1, laneEnds.length), nowAt: at(nowMinutes) };
}

/** "in 20 min", "in 1 h", "in 2 h 5 min". */
export function countdownText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 1) return "now";
  if (m < 60) return `in ${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? `in ${h} h` : `in ${h} h ${rest} min`;
}

export type NextUp =
  | { kind: "now"; label: string; minutesLeft: number }
  | { kind: "next"; label: string; minutesUntil: number }
  | { kind: "none" };

/**
 * What the line's caption says: the event under way (the one ending soonest, when several are), or
 * else the next one still to start today.
 */
export function nextUp(events: readonly TimelineItem[], nowMinutes: number): NextUp {
  const current = events.filter((e) => e.start <= nowMinutes && e.end > nowMinutes).sort((a, b) => a.end - b.end)[0];
  if (current) return { kind: "now", label: current.label, minutesLeft: current.end - nowMinutes };
  const next = events.filter((e) => e.start > nowMinutes).sort((a, b) => a.start - b.start)[0];
  if (next) return { kind: "next", label: next.label, minutesUntil: next.start - nowMinutes };
  return { kind: "none" };
}

/** '14:00' style minutes → '2 PM' / '2:30 PM' for the marks and labels. */
export function hourLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const suffix = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12} ${suffix}` : `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}
