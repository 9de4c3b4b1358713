import { type RefObject, useRef } from "react";
import type { CalendarEvent } from "../../../../shared/schemas.ts";
import { cn } from "../../../lib/cn.ts";
import { type ZonedNow, zonedNow } from "../../../lib/dates.ts";
import { useMeasure } from "../../../lib/resize.ts";
import {
  buildTimeline,
  countdownText,
  eventSpans,
  hourLabel,
  nextUp,
  type TimelineItem,
} from "../../../lib/timeline.ts";
import { type FocusStretch, useFocusSession } from "../../focus/focus-session.tsx";
import { eventColorClass } from "../api.ts";

const LANE = 14;

/** Today's stretches of focus, in wall-clock minutes of the user's zone (clipped to today). */
function focusItems(stretches: readonly FocusStretch[], now: ZonedNow, timeZone: string): TimelineItem[] {
  const minutesToday = (ms: number, atEnd: boolean) => {
    const at = zonedNow(new Date(ms), timeZone);
    if (at.date < now.date) return 0;
    if (at.date > now.date) return atEnd ? 24 * 60 : null;
    return at.minutes;
  };
  return stretches.flatMap((s, i) => {
    const start = minutesToday(s.start, false);
    const end = minutesToday(s.end, true);
    if (start === null || end === null || end <= start) return [];
    return [{ key: `focus-${i}`, kind: "focus" as const, label: "Focus", start, end, planned: s.running }];
  });
}

function Caption({ events, now }: { events: TimelineItem[]; now: number }) {
  const up = nextUp(events, now);
  if (up.kind === "now") {
    return (
      <p className="text-sm wrap-anywhere">
        <span className="text-muted">Now: </span>
        <span className="font-medium">{up.label}</span>
        <span className="text-muted"> · {up.minutesLeft} min left</span>
      </p>
    );
  }
  if (up.kind === "next") {
    return (
      <p className="text-sm wrap-anywhere">
        <span className="text-muted">Next: </span>
        <span className="font-medium">{up.label}</span>{" "}
        <span className="font-medium text-primary">{countdownText(up.minutesUntil)}</span>
      </p>
    );
  }
  return <p className="text-sm text-muted">Nothing else on your schedule today.</p>;
}

/**
 * Hides each hour label that would be drawn over the one before it, so larger text or a narrow card
 * shows fewer hours rather than a jumble ("9 AM12 PM3 PM"); at normal text every hour fits. Done
 * again whenever the line or a label changes size (the text size setting, a rotated phone).
 */
function useHoursThatFit(row: RefObject<HTMLDivElement | null>, hours: string): void {
  useMeasure(
    row,
    (el) => {
      const space = Number.parseFloat(getComputedStyle(el).fontSize) / 2;
      let free = Number.NEGATIVE_INFINITY;
      for (const label of el.children as HTMLCollectionOf<HTMLElement>) {
        const box = label.getBoundingClientRect();
        const shown = box.left >= free;
        label.style.visibility = shown ? "" : "hidden";
        if (shown) free = box.right + space;
      }
    },
    // The labels are drawn anew when the hours change.
    [hours],
    { children: true },
  );
}

/**
 * Today as a line: a block for each timed event and each stretch of focus, a mark for now, and a
 * caption counting down to what comes next. The line is a picture; the list below it says the same
 * in words, so it is described in one sentence for screen readers.
 */
export function DayTimeline({
  events,
  timeZone,
  now: instant,
}: {
  events: readonly CalendarEvent[];
  timeZone: string;
  now: Date;
}) {
  const session = useFocusSession();
  const hourLabels = useRef<HTMLDivElement>(null);
  const now = zonedNow(instant, timeZone);
  const eventItems = eventSpans(events, now);
  const focus = focusItems(session.stretches, now, timeZone);
  const line = eventItems.length + focus.length > 0 ? buildTimeline([...eventItems, ...focus], now.minutes) : null;
  useHoursThatFit(hourLabels, line ? line.hours.join() : "");
  if (!line) return null;

  const described = [
    `Today from ${hourLabel(line.range.start)} to ${hourLabel(line.range.end % (24 * 60))}, now ${hourLabel(now.minutes)}`,
    `${eventItems.length} ${eventItems.length === 1 ? "event" : "events"}`,
    focus.length > 0 ? `${focus.length} ${focus.length === 1 ? "stretch" : "stretches"} of focus` : null,
  ]
    .filter(Boolean)
    .join(", ");

  return (
    <div className="mb-4" data-testid="day-timeline">
      <Caption events={eventItems} now={now.minutes} />
      <div
        role="img"
        aria-label={`${described}.`}
        className="relative mt-2 overflow-hidden rounded-lg bg-accent"
        style={{ height: line.lanes * LANE + 8 }}
      >
        {line.hours.map((m) => (
          <span
            key={m}
            aria-hidden
            className="absolute top-0 bottom-0 w-px bg-border"
            style={{ left: `${((m - line.range.start) / (line.range.end - line.range.start)) * 100}%` }}
          />
        ))}
        {line.items.map((item) => (
          <span
            key={item.key}
            data-kind={item.kind}
            title={`${item.label}, ${hourLabel(item.start)}–${hourLabel(item.end % (24 * 60))}`}
            className={cn(
              "absolute h-2.5 rounded-full",
              item.kind === "event" && eventColorClass(item.category ?? null),
              item.kind === "focus" && "bg-primary/70",
              item.planned && "bg-primary/35 outline-1 outline-primary outline-dashed",
            )}
            style={{ left: `${item.left}%`, width: `${item.width}%`, top: 4 + item.lane * LANE }}
          />
        ))}
        <span
          data-testid="now-line"
          aria-hidden
          className="absolute top-0 bottom-0 w-0.5 -translate-x-1/2 bg-fg"
          style={{ left: `${line.nowAt}%` }}
        />
      </div>
      <div
        ref={hourLabels}
        data-testid="hour-labels"
        aria-hidden
        className="relative mt-1 h-4 text-[0.6875rem] text-muted"
      >
        {line.hours.map((m, i) => (
          <span
            key={m}
            className={cn(
              "absolute top-0 whitespace-nowrap",
              i === 0 && m === line.range.start ? "" : "-translate-x-1/2",
              m === line.range.end && "-translate-x-full",
            )}
            style={{ left: `${((m - line.range.start) / (line.range.end - line.range.start)) * 100}%` }}
          >
            {hourLabel(m % (24 * 60))}
          </span>
        ))}
      </div>
      {focus.length > 0 && (
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
          <span aria-hidden className="inline-block h-2 w-4 rounded-full bg-primary/70" />
          Focus time
        </p>
      )}
    </div>
  );
}
