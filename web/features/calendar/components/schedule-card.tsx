import { CalendarDays, MapPin, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { addDays } from "../../../../shared/dates.ts";
import type { CalendarEvent } from "../../../../shared/schemas.ts";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { WaitingRows } from "../../../components/waiting-rows.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatShortDay, formatTime12, zonedNow } from "../../../lib/dates.ts";
import { useWaitingCreates, type WaitingWrite } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { buildAgenda, eventTiming } from "../../../lib/schedule.ts";
import { useMinuteNow } from "../../../lib/use-now.ts";
import { eventColorClass, useScheduleEvents } from "../api.ts";
import { refreshCalendar } from "../refresh.ts";
import { DayTimeline } from "./day-timeline.tsx";

function EventRow({ event, detail, faded }: { event: CalendarEvent; detail: string; faded?: boolean }) {
  return (
    <li className={cn("flex gap-3 rounded-lg px-2 py-2", faded && "text-muted")}>
      <span className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", eventColorClass(event.category))} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{event.title}</p>
        <p className="text-sm text-muted">{detail}</p>
        <WaitingMark list={queryKeys.events} id={event.id} className="block" />
        {event.location && (
          <p className="flex items-start gap-1 text-sm text-muted">
            {/* Level with the first line of the place, however many it takes. */}
            <MapPin className="mt-[0.1875rem] size-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{event.location}</span>
          </p>
        )}
      </div>
    </li>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <ul>{children}</ul>
    </div>
  );
}

const EVENTS = queryKeys.events[0];

/** A new event waiting on this device (made, or a thought converted into it) on `today` or the next day. */
const onTheseDays = (today: string) => {
  const tomorrow = addDays(today, 1);
  return (write: WaitingWrite) => {
    const date = (write.body as { date?: unknown } | null)?.date;
    return date === today || date === tomorrow;
  };
};

/**
 * Today's and tomorrow's events, and only those are read; `timeZone` is the user's, which decides
 * what "today" is. New events of those days still waiting on this device show with them.
 */
export function ScheduleCard({ timeZone }: { timeZone: string }) {
  const events = useScheduleEvents(timeZone);
  const [syncing, setSyncing] = useState(false);
  const instant = useMinuteNow();
  const now = zonedNow(instant, timeZone);
  const agenda = buildAgenda(events.data ?? [], now);
  const waiting = onTheseDays(now.date);
  const waitingCount = useWaitingCreates(EVENTS, undefined, waiting).length;
  const empty =
    agenda.allDay.length + agenda.today.length + agenda.tomorrow.length + agenda.pastToday.length + waitingCount === 0;

  const refresh = async () => {
    setSyncing(true);
    await refreshCalendar();
    setSyncing(false);
  };

  return (
    <Card aria-labelledby="schedule-title">
      <CardHeader
        id="schedule-title"
        title="Schedule"
        icon={<CalendarDays className="size-5 text-primary" aria-hidden />}
        action={
          <div className="flex items-center gap-1">
            <Link to="/calendar" className="rounded-md px-2 py-1 text-sm font-medium text-primary hover:underline">
              View All Events
            </Link>
            <button
              type="button"
              aria-label="Refresh calendar"
              disabled={syncing || events.isPending}
              onClick={refresh}
              className="rounded-md p-2 text-muted hover:bg-accent hover:text-fg disabled:opacity-50"
            >
              <RefreshCw className={cn("size-4", syncing && "animate-spin")} aria-hidden />
            </button>
          </div>
        }
      />
      {events.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-accent" aria-hidden />
      ) : (
        <DayTimeline events={events.data ?? []} timeZone={timeZone} now={instant} />
      )}
      {events.isPending ? null : empty ? (
        <div className="rounded-xl border border-dashed border-border p-6 text-center">
          <p className="font-medium">No events scheduled</p>
          <p className="mt-1 text-sm text-muted">Add an event or sync with Google Calendar.</p>
        </div>
      ) : (
        <div className="grid gap-4">
          {agenda.allDay.length > 0 && (
            <Section title="All Day">
              {agenda.allDay.map((e) => (
                <EventRow key={e.id} event={e} detail={e.date === now.date ? "Today" : formatShortDay(e.date)} />
              ))}
            </Section>
          )}
          {agenda.today.length > 0 && (
            <Section title="Today">
              {agenda.today.map((e) => {
                const timing = eventTiming(e, now);
                const tag = timing.happeningNow ? " · Now" : timing.approaching ? " · Soon" : "";
                return (
                  <EventRow key={e.id} event={e} detail={`${formatTime12(e.startTime)} · ${e.duration} min${tag}`} />
                );
              })}
            </Section>
          )}
          {agenda.tomorrow.length > 0 && (
            <Section title="Tomorrow">
              {agenda.tomorrow.map((e) => (
                <EventRow key={e.id} event={e} detail={`${formatTime12(e.startTime)} · ${formatShortDay(e.date)}`} />
              ))}
            </Section>
          )}
          {agenda.pastToday.length > 0 && (
            <Section title="Past Today">
              {agenda.pastToday.map((e) => (
                <EventRow key={e.id} event={e} faded detail={`${formatTime12(e.startTime)} · ${e.duration} min`} />
              ))}
            </Section>
          )}
        </div>
      )}
      {!events.isPending && (
        <WaitingRows list={EVENTS} label="Events waiting to sync" where={waiting} className="mt-3" />
      )}
    </Card>
  );
}
