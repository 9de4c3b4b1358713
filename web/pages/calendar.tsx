import { useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Download, MapPin, Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { ALL_DAY_MINUTES } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import type { CalendarEvent, User } from "../../shared/schemas.ts";
import { ClampedText } from "../components/clamped-text.tsx";
import { ListLoadFailed } from "../components/list-load-failed.tsx";
import { RepeatIcon } from "../components/repeat-icon.tsx";
import { useShownInSteps } from "../components/shown-in-steps.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { WaitingMark } from "../components/waiting-mark.tsx";
import { WaitingRows } from "../components/waiting-rows.tsx";
import {
  eventColorClass,
  useDeleteEvent,
  useEvents,
  useEventVisibility,
  waitingLabel,
} from "../features/calendar/api.ts";
import { EventDialog } from "../features/calendar/components/event-dialog.tsx";
import {
  FROM_HERE_NEEDS_CONNECTION,
  OccurrenceChoice,
  type OccurrenceScope,
} from "../features/calendar/components/occurrence-choice.tsx";
import { SyncState } from "../features/calendar/components/sync-state.tsx";
import { useTimeZone } from "../features/settings/api.ts";
import { CALENDAR_FILE_URL } from "../features/settings/data.ts";
import { cn } from "../lib/cn.ts";
import { formatDisplayDate, formatShortDay, formatTime12, zonedNow } from "../lib/dates.ts";
import { editDraft, forgetDraft } from "../lib/draft.ts";
import { nearestStayingRow } from "../lib/focus-next.ts";
import { mayWait, unreachable, useWaitingCreates } from "../lib/outbox.ts";
import { shieldPointer } from "../lib/pointer-shield.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { keepDelete, noteUnsentDelete, undoable } from "../lib/undoable.ts";
import { DELETE_KEPT_OFFLINE } from "../lib/waiting-change.ts";

export function CalendarPage() {
  const queryClient = useQueryClient();
  const events = useEvents();
  // New events made offline, shown until the server has them (docs/decisions/029-installable-offline.md).
  const waiting = useWaitingCreates(queryKeys.events[0]);
  const remove = useDeleteEvent();
  const visibility = useEventVisibility();
  const timeZone = useTimeZone();
  const today = zonedNow(new Date(), timeZone).date;
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [open, setOpen] = useState(false);
  const [showPast, setShowPast] = useState(false);
  /** An occurrence of a repeating event about to be deleted: just this one, or all of them? */
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const sorted = [...(events.data ?? [])]
    .filter((e) => showPast || e.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of sorted) {
    const day = byDay.get(e.date);
    if (day) day.push(e);
    else byDay.set(e.date, [e]);
  }
  const days = [...byDay.keys()];
  const eventsOn = (day: string) => byDay.get(day)?.length ?? 0;
  // Whole days, until 20 events from today on are drawn, and when the past is shown, until 20 back
  // from yesterday (docs/decisions/066-long-lists-in-steps.md): eight weeks of a daily event, or
  // years of a synced calendar, are not one long wall.
  const {
    shown: shownDays,
    listRef: daysRef,
    showMore,
  } = useShownInSteps<string, HTMLDivElement>(
    days.filter((day) => day >= today),
    eventsOn,
  );
  const {
    shown: shownPast,
    listRef: pastRef,
    showMore: showEarlier,
  } = useShownInSteps<string, HTMLDivElement>(
    days.filter((day) => day < today),
    eventsOn,
    { fromEnd: true },
  );
  /** Where focus goes as the occurrence choice closes on a delete: the row it was opened from is gone. */
  const focusAfterChoice = useRef<HTMLElement | null>(null);

  /**
   * Deletes `e` (or with `scope`, just this one or all of them from it on), and answers where focus
   * goes as it leaves: the Delete button of the next event shown that stays, else of the one
   * before, else Add event — never the page's body, where a keyboard user would lose their place.
   */
  const deleteEvent = (e: CalendarEvent, scope?: OccurrenceScope): HTMLElement | null => {
    // All of them: this one and the later ones of its series leave the screen at once.
    const going =
      scope === "all" ? (events.data ?? []).filter((o) => o.seriesId === e.seriesId && o.date >= e.date) : [e];
    const deleteButton = (o: CalendarEvent) => document.getElementById(`delete-event-${o.id}`);
    const from = deleteButton(e);
    const next =
      (from &&
        nearestStayingRow(from, "[data-delete-event]", {
          across: "[data-event-days]",
          leaving: going.map((o) => deleteButton(o)?.closest("li")),
        })) ??
      document.getElementById("add-event");
    for (const o of going) visibility.hide(o.id);
    const drafts = going.map((o) => editDraft("event", o.id));
    // Noted on this device until it is sent or undone, so a tab that dies meanwhile still deletes
    // it on the next start (docs/decisions/075-a-delete-outlives-its-page.md). Sent twice, an
    // event's delete or just this one's answers 404 the second time; not all of them from this one
    // on, which needs the connection.
    const userId = queryClient.getQueryData<User | null>(queryKeys.me)?.id;
    const unsent =
      scope !== "all" && userId !== undefined
        ? noteUnsentDelete({
            userId,
            list: queryKeys.events[0],
            id: e.id,
            scope,
            label: waitingLabel(e, scope),
            drafts,
          })
        : () => {};
    undoable({
      title: scope === "all" ? "Repeating event deleted" : "Event deleted",
      // One of a series names its day: which of the Mondays went.
      description:
        scope === "all"
          ? `${e.title}, from ${formatShortDay(e.date)} on`
          : scope === "this"
            ? `${e.title} on ${formatShortDay(e.date)}`
            : e.title,
      altText: "Undo deleting the event from the notification (F8 reaches it)",
      undo: () => {
        unsent();
        visibility.restore();
        toast({ title: "Restored" });
      },
      commit: (leaving) => {
        // Leaving, the page may be gone before the answer: the note stays for the next start.
        if (!leaving) unsent();
        void remove
          .mutateAsync({ event: e, scope, leaving })
          // An edit of them not saved is of no use once they are gone (decision 067).
          .then(() => {
            for (const name of drafts) forgetDraft(name);
          })
          .catch(async (error: unknown) => {
            // Without a connection (or the server unable to serve just now) the delete of an
            // event, or of just this one of a repeating event, waits on this device (the
            // calendar's reads leave it out); all of them from this one on ends the series on the
            // server, and needs it.
            const offline = unreachable(error);
            if (
              mayWait(error) &&
              scope !== "all" &&
              (await keepDelete(queryClient, queryKeys.events[0], e, {
                scope,
                label: waitingLabel(e, scope),
                // Given up once it is sent: until then, it can be brought back.
                drafts,
              }))
            ) {
              toast(DELETE_KEPT_OFFLINE);
              return;
            }
            visibility.restore();
            const description =
              offline && scope === "all" ? FROM_HERE_NEEDS_CONNECTION.delete : "Could not delete event.";
            toast({ title: "Error", description, variant: "destructive" });
          });
      },
    });
    return next;
  };

  /** A day: its heading and its events, each with its Edit and Delete. */
  const daySection = (day: string) => (
    // Takes focus after Show more or Show earlier, so a keyboard goes on where the new days start.
    <section
      key={day}
      aria-labelledby={`day-${day}`}
      tabIndex={-1}
      className="grid gap-2 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <h2 id={`day-${day}`} className="text-lg font-semibold">
        {day === today
          ? `Today · ${formatDisplayDate(day)}`
          : day === addDays(today, 1)
            ? `Tomorrow · ${formatShortDay(day)}`
            : formatShortDay(day)}
      </h2>
      <ul className="grid gap-2">
        {(byDay.get(day) ?? []).map((e) => (
          <li
            key={e.id}
            className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-2xl border border-border bg-card p-[min(1rem,16px)]"
          >
            {/* The words keep at least 8 rem beside Edit and Delete; narrower (larger text), those go under them. */}
            <div className="flex min-w-[min(8rem,100%)] flex-1 items-start gap-3">
              <span className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", eventColorClass(e.category))} aria-hidden />
              <div className="min-w-0 flex-1 wrap-anywhere">
                <p className="font-medium">{e.title}</p>
                <p id={`event-when-${e.id}`} className="text-sm text-muted">
                  {e.duration === ALL_DAY_MINUTES ? "All day" : `${formatTime12(e.startTime)} · ${e.duration} min`}
                  {e.category ? ` · ${e.category}` : ""}
                  {e.repeat && <RepeatIcon rule={e.repeat} className="ml-1.5 inline size-3.5 align-[-2px]" />}
                </p>
                <WaitingMark list={queryKeys.events} id={e.id} className="block" />
                {e.location && (
                  <p className="flex items-start gap-1 text-sm text-muted">
                    <MapPin className="mt-[0.1875rem] size-3.5 shrink-0" aria-hidden />
                    <span className="min-w-0">{e.location}</span>
                  </p>
                )}
                {e.description && (
                  <ClampedText className="mt-1" about={`the description of ${e.title}`}>
                    {e.description}
                  </ClampedText>
                )}
              </div>
            </div>
            <div className="ml-auto flex gap-3">
              <button
                type="button"
                aria-label={`Edit ${e.title}`}
                // Its day and time: a repeating event's occurrences share their names.
                aria-describedby={`day-${day} event-when-${e.id}`}
                className="rounded-md p-2 text-muted hover:bg-accent hover:text-fg"
                onClick={() => {
                  setEditing(e);
                  setOpen(true);
                }}
              >
                <Pencil className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                id={`delete-event-${e.id}`}
                data-delete-event=""
                aria-label={`Delete ${e.title}`}
                // Its day and time: a repeating event's occurrences share their names.
                aria-describedby={`day-${day} event-when-${e.id}`}
                className="rounded-md p-2 text-muted hover:bg-accent hover:text-danger"
                onClick={() => {
                  if (e.repeat) {
                    setDeleting(e);
                    return;
                  }
                  // The next row slides under the pointer: a double tap's second half is held back.
                  shieldPointer();
                  deleteEvent(e)?.focus();
                }}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Calendar</h1>
          <p className="mt-1 text-muted">Your events, day by day.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={CALENDAR_FILE_URL} download className={buttonClass("outline")}>
            <Download className="size-4" aria-hidden />
            Export .ics
          </a>
          <Button variant="outline" aria-pressed={showPast} onClick={() => setShowPast(!showPast)}>
            {showPast ? "Hide past events" : "Show past events"}
          </Button>
          <Button
            id="add-event"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            <CalendarPlus className="size-4" aria-hidden />
            Add event
          </Button>
        </div>
      </header>
      <SyncState />
      <WaitingRows
        list={queryKeys.events[0]}
        label="Events waiting to sync"
        className="rounded-2xl border border-dashed border-border bg-card p-2"
      />
      {events.isPending ? (
        <div className="h-40 animate-pulse rounded-2xl bg-accent" aria-hidden />
      ) : events.isError && !events.data ? (
        <Card>
          <ListLoadFailed onRetry={() => void events.refetch()} />
        </Card>
      ) : days.length === 0 && waiting.length === 0 ? (
        <Card>
          <p className="font-medium">No events scheduled</p>
          <p className="mt-1 text-sm text-muted">Add an event or sync with Google Calendar.</p>
        </Card>
      ) : (
        <>
          {/* One list per day; focus goes on from one day's events to the next's, the past's into today's. */}
          <div className="contents" data-event-days="">
            {showEarlier}
            <div ref={pastRef} className="contents">
              {shownPast.map(daySection)}
            </div>
            <div ref={daysRef} className="contents">
              {shownDays.map(daySection)}
            </div>
          </div>
          {showMore}
        </>
      )}
      <EventDialog open={open} onOpenChange={setOpen} defaultDate={today} event={editing} timeZone={timeZone} />
      <OccurrenceChoice
        action={deleting ? "delete" : null}
        title={deleting?.title ?? ""}
        onChoose={(scope) => {
          if (deleting) focusAfterChoice.current = deleteEvent(deleting, scope);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
        focusOnClose={() => {
          const target = focusAfterChoice.current;
          focusAfterChoice.current = null;
          return target;
        }}
      />
    </div>
  );
}
