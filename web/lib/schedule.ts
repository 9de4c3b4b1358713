import { ALL_DAY_MINUTES, APPROACHING_MINUTES, SCHEDULE_TOMORROW_LIMIT } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import type { CalendarEvent } from "../../shared/schemas.ts";
import { minutesOf, type ZonedNow, zonedInstant } from "./dates.ts";

type EventLike = Pick<CalendarEvent, "date" | "startTime" | "duration">;

export type EventTiming = {
  allDay: boolean;
  upcoming: boolean;
  past: boolean;
  approaching: boolean;
  happeningNow: boolean;
};

/**
 * Minutes from now to the event's start (negative when earlier): real minutes when the zone is
 * known, so "within 60 minutes" holds on the night clocks change; wall-clock minutes otherwise.
 */
function offsetMinutes(event: EventLike, now: ZonedNow): number {
  if (now.instant !== undefined && now.timeZone) {
    return Math.round((zonedInstant(event.date, event.startTime, now.timeZone) - now.instant) / 60_000);
  }
  const dayDiff = Math.round(
    (Date.parse(`${event.date}T00:00:00Z`) - Date.parse(`${now.date}T00:00:00Z`)) / 86_400_000,
  );
  return dayDiff * 1440 + minutesOf(event.startTime) - now.minutes;
}

/** Spec section 4 "Event time classes", on wall-clock values in the user's zone. */
export function eventTiming(event: EventLike, now: ZonedNow): EventTiming {
  const allDay = event.duration === ALL_DAY_MINUTES;
  const delta = offsetMinutes(event, now);
  const happeningNow = !allDay && delta <= 0 && delta + event.duration > 0;
  return {
    allDay,
    upcoming: delta >= 0,
    past: delta < 0,
    approaching: !allDay && delta >= 0 && delta <= APPROACHING_MINUTES,
    happeningNow,
  };
}

/** A focus task is approaching when its due time is at or before the current time. */
export function isTaskApproaching(dueTime: string | null, now: ZonedNow): boolean {
  return dueTime !== null && minutesOf(dueTime) <= now.minutes;
}

export type Agenda<E extends EventLike> = { allDay: E[]; today: E[]; tomorrow: E[]; pastToday: E[] };

const byStart = <E extends EventLike>(a: E, b: E) => a.startTime.localeCompare(b.startTime);

/**
 * The dashboard schedule (spec section 4): all-day events for today and tomorrow by date; today's
 * timed events still to come (an event in progress counts as still to come, so it is not faded
 * while it runs); at most two of tomorrow's timed events; today's timed events already over.
 */
export function buildAgenda<E extends EventLike>(events: readonly E[], now: ZonedNow): Agenda<E> {
  const tomorrow = addDays(now.date, 1);
  const allDay = events
    .filter((e) => e.duration === ALL_DAY_MINUTES && (e.date === now.date || e.date === tomorrow))
    .sort((a, b) => a.date.localeCompare(b.date));
  const timedToday = events.filter((e) => e.duration !== ALL_DAY_MINUTES && e.date === now.date).sort(byStart);
  const stillOn = (e: E) => offsetMinutes(e, now) + e.duration > 0;
  return {
    allDay,
    today: timedToday.filter(stillOn),
    tomorrow: events
      .filter((e) => e.duration !== ALL_DAY_MINUTES && e.date === tomorrow)
      .sort(byStart)
      .slice(0, SCHEDULE_TOMORROW_LIMIT),
    pastToday: timedToday.filter((e) => !stillOn(e)),
  };
}

/** Where a new event starts when nothing said otherwise: 9:00, as the app always offered. */
export const DEFAULT_START = "09:00";

/**
 * The start a new event is offered on `date`: 9:00, unless that is already past today, then the
 * next whole hour; from 23:00 on, the next quarter hour (the last, 23:45, in the day's final
 * minutes), so the form does not propose a time gone by.
 */
export function newEventStart(date: string, now: ZonedNow): string {
  if (date !== now.date || now.hhmm < DEFAULT_START) return DEFAULT_START;
  const lateEvening = now.minutes >= 23 * 60;
  const step = lateEvening ? 15 : 60;
  const next = Math.min((Math.floor(now.minutes / step) + 1) * step, lateEvening ? 23 * 60 + 45 : 23 * 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(next / 60))}:${pad(next % 60)}`;
}
