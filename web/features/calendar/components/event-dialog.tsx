import { useEffect, useMemo, useState } from "react";
import { ALL_DAY_MINUTES, EVENT_CATEGORIES } from "../../../../shared/constants.ts";
import type { CalendarEvent } from "../../../../shared/schemas.ts";
import type { When } from "../../../../shared/when.ts";
import { ChangesBack } from "../../../components/edit-dialog.tsx";
import { EventWhenFields } from "../../../components/event-when-fields.tsx";
import {
  RepeatField,
  repeatProblem,
  repeatRuleOf,
  repeatValueOf,
  weekdayOfDate,
} from "../../../components/repeat-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input, NativeSelect, Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WhenChip } from "../../../components/when-chip.tsx";
import { reasonOf } from "../../../lib/api.ts";
import { changedFields } from "../../../lib/changed-fields.ts";
import { dayOfDate, isDateOnly, zonedNow } from "../../../lib/dates.ts";
import { editDraft, useEditDraft } from "../../../lib/draft.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { SAVED_OFFLINE, unreachable } from "../../../lib/outbox.ts";
import { DEFAULT_START, newEventStart } from "../../../lib/schedule.ts";
import { useWhenReader } from "../../../lib/use-when.ts";
import { CHANGE_KEPT_OFFLINE } from "../../../lib/waiting-change.ts";
import { type EventInput, useSaveEvent } from "../api.ts";
import { type EventForm, useNewEventDraft } from "../draft.ts";
import { FROM_HERE_NEEDS_CONNECTION, OccurrenceChoice, type OccurrenceScope } from "./occurrence-choice.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultDate: string;
  event?: CalendarEvent | null;
  /** The user's zone: a date in the title ("tomorrow at 3pm") is read on their wall clock. */
  timeZone: string;
};

/**
 * What the fields were before a date from the title was used, to put back on "Don't use it";
 * `dateChosen`: whether a new event's date was the person's or the dialog's own day.
 */
type Applied = { when: When; title: string; date: string; startTime: string; allDay: boolean; dateChosen: boolean };

/** The fields of an event being edited: its own values. */
function formOfEvent(event: CalendarEvent): EventForm {
  return {
    title: event.title,
    date: event.date,
    startTime: event.startTime,
    allDay: event.duration === ALL_DAY_MINUTES,
    duration: event.duration !== ALL_DAY_MINUTES ? String(event.duration) : "30",
    category: event.category ?? "",
    location: event.location ?? "",
    description: event.description ?? "",
    repeat: repeatValueOf(event.repeat, dayOfDate(event.date)),
  };
}

/**
 * The fields as the API takes them; the rule only for an event that may repeat (an event from
 * another calendar app's series is edited one occurrence at a time, as before).
 */
function inputOf(form: EventForm, repeatable: boolean): EventInput {
  const minutes = Number.parseInt(form.duration, 10);
  const input: EventInput = {
    title: form.title.trim(),
    date: form.date,
    startTime: form.allDay ? "00:00" : form.startTime || DEFAULT_START,
    duration: form.allDay ? ALL_DAY_MINUTES : Number.isNaN(minutes) || minutes < 1 ? 30 : minutes,
    category: (form.category || null) as EventInput["category"],
    location: form.location || null,
    description: form.description || null,
  };
  if (repeatable) input.repeat = repeatRuleOf(form.repeat);
  return input;
}

/**
 * Add event and Edit event. A new event's fields are kept through a reload or a closed dialog
 * until it is saved or Cancel pressed (docs/decisions/045-dialog-drafts.md); so are an edit's
 * changes, laid over the event as it is when the dialog opens again (067-edit-drafts.md).
 */
export function EventDialog({ open, onOpenChange, defaultDate, event, timeZone }: Props) {
  const save = useSaveEvent();
  // A new event is offered at 9:00, or at the next hour when 9:00 has passed today.
  const draft = useNewEventDraft(defaultDate, (day) => newEventStart(day, zonedNow(new Date(), timeZone)));
  const { kept, clear } = draft;
  // An edit's fields: the event as it is, with the changes made here over it (only those are sent).
  const opened = event ? formOfEvent(event) : null;
  const edit = useEditDraft(editDraft("event", event?.id ?? 0), opened ?? draft.values, open);
  const form = event ? edit.values : draft.values;
  const set = (patch: Partial<EventForm>, opts?: { dateChosen: boolean }) =>
    event ? edit.change({ ...form, ...patch }) : draft.change(patch, opts);
  const { title, date, startTime, duration, allDay, category, location, description, repeat } = form;
  /** The edit's changes waiting for "just this one or all of them". */
  const [asking, setAsking] = useState<Partial<EventInput> | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  // Closed: the next opening starts a new event from what was kept or, with no words kept, afresh
  // on the dialog's day. Done at closing, so no opening shows the last one's fields for a frame.
  // `kept` is read then only; it changes as the person types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (open) return;
    if (!kept) clear();
    setAsking(null);
    setApplied(null);
    setDismissed(null);
  }, [open]);

  // A new event's title may say when (decision 022): shown as a chip, used only when accepted.
  const reader = useWhenReader(open && !event);
  const found = useMemo(() => {
    if (!reader || event || applied || !title.trim()) return null;
    const now = zonedNow(new Date(), timeZone);
    const when = reader.findWhen(title, { date: now.date, time: now.hhmm });
    return when && when.phrase !== dismissed ? when : null;
  }, [reader, event, applied, title, timeZone, dismissed]);

  const acceptWhen = (when: When) => {
    setApplied({ when, title, date, startTime, allDay, dateChosen: draft.dateChosen });
    set({
      title: reader?.withoutWhen(title, when) || title,
      date: when.date,
      ...(when.time ? { startTime: when.time, allDay: false } : {}),
    });
  };
  const dropWhen = () => {
    if (!applied) return;
    set(
      { title: applied.title, date: applied.date, startTime: applied.startTime, allDay: applied.allDay },
      { dateChosen: applied.dateChosen },
    );
    setDismissed(applied.when.phrase);
    setApplied(null);
  };

  const pastDay = !event && isDateOnly(date) && date < zonedNow(new Date(), timeZone).date;

  /** A new event whole, or an edit's changes (with `scope` for an occurrence of a repeating event). */
  const send = async (input: Partial<EventInput>, scope?: OccurrenceScope) => {
    const shown = { title: title.trim(), date };
    try {
      const { waiting } = await save.mutateAsync(
        event ? { id: event.id, input, shown, scope } : { input: input as EventInput },
      );
      toast(
        !waiting
          ? { title: event ? "Event updated" : "Event added", description: shown.title }
          : event
            ? CHANGE_KEPT_OFFLINE
            : { ...SAVED_OFFLINE, description: "It will be added to your calendar when the connection is back." },
      );
      if (!event) clear();
      else edit.forget();
      setAsking(null);
      onOpenChange(false);
    } catch (error) {
      setAsking(null);
      // Not saved and not kept (a change to all of a repeating event from this one on does not
      // wait; this device has no storage): the dialog keeps what was typed, to save once back.
      const description = !unreachable(error)
        ? reasonOf(error, "Could not save event.")
        : scope === "all"
          ? FROM_HERE_NEEDS_CONNECTION.change
          : "Could not keep the event on this device. Please try again when you're back online.";
      toast({ title: "Error", description, variant: "destructive" });
    }
  };

  // The day of "Every month" or "Every Monday" follows the date while a new rule is picked.
  const changeDate = (next: string): Partial<EventForm> => {
    const rule = repeatRuleOf(repeat);
    if (rule !== (event?.repeat ?? null) && isDateOnly(next)) {
      const day = dayOfDate(next);
      const was = isDateOnly(date) ? weekdayOfDate(dayOfDate(date)) : null;
      if (rule?.startsWith("FREQ=MONTHLY")) {
        return { date: next, repeat: { ...repeat, choice: `FREQ=MONTHLY;BYMONTHDAY=${day.getDate()}` } };
      }
      if (was && rule === `FREQ=WEEKLY;BYDAY=${was}`) {
        return {
          date: next,
          repeat: { choice: `FREQ=WEEKLY;BYDAY=${weekdayOfDate(day)}`, days: [weekdayOfDate(day)] },
        };
      }
    }
    return { date: next };
  };

  const submit = useOneAtATime(async () => {
    if (!title.trim() || !date || (repeatable && repeatProblem(repeat))) return;
    const input = inputOf(form, repeatable);
    if (!event || !opened) {
      await send(input);
      return;
    }
    // Only what was changed here is sent; nothing changed, nothing to save.
    const changes = changedFields(inputOf(opened, repeatable), input);
    if (changes === null) {
      edit.forget();
      onOpenChange(false);
      return;
    }
    // An occurrence of a repeating event, its rule kept: just this one, or all of them?
    if (event.repeat && repeatRuleOf(repeat) === event.repeat) {
      setAsking(changes);
      return;
    }
    await send(changes, event.repeat ? "all" : undefined);
  });

  // Repeat is offered for events made here (or already repeating), not for ones another calendar app made.
  const repeatable = !event || event.repeat !== null || event.googleId === null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={event ? "Edit event" : "Add event"}>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {event && edit.restored && <ChangesBack />}
        <Field id="event-title" label="Title">
          {/* A new event's title is focused itself, so kept words are not selected (as the dialog
              would) but have the caret after them; an edit's is selected, ready to be retyped. */}
          <Input
            id="event-title"
            value={title}
            onChange={(e) => set({ title: e.target.value })}
            autoFocus={!event}
            autoComplete="off"
          />
        </Field>
        <WhenChip
          found={found}
          applied={applied?.when ?? null}
          onUse={acceptWhen}
          onRemove={(w) => setDismissed(w.phrase)}
          onDrop={dropWhen}
        />
        <EventWhenFields
          idPrefix="event"
          value={{ date, startTime, allDay }}
          onChange={(next) =>
            set({
              ...(next.date !== date ? changeDate(next.date) : {}),
              startTime: next.startTime,
              allDay: next.allDay,
            })
          }
          duration={duration}
          onDurationChange={(minutes) => set({ duration: minutes })}
          // A date kept from days ago, or a slip of the keyboard: said, not refused (an event may be logged after it).
          dateNote={pastDay ? "This day has already passed." : null}
        />
        {repeatable && (
          <RepeatField
            idPrefix="event"
            value={repeat}
            onChange={(next) => set({ repeat: next })}
            today={dayOfDate(date)}
          />
        )}
        <Field id="event-category" label="Category">
          <NativeSelect id="event-category" value={category} onChange={(e) => set({ category: e.target.value })}>
            <option value="">None</option>
            {EVENT_CATEGORIES.filter((c) => c !== "Google Calendar").map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="event-location" label="Location (optional)">
          <Input id="event-location" value={location} onChange={(e) => set({ location: e.target.value })} />
        </Field>
        <Field id="event-description" label="Description (optional)">
          <Textarea id="event-description" value={description} onChange={(e) => set({ description: e.target.value })} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            onClick={() => {
              // While the event is on its way its words stay until it is saved (as in Add Task).
              if (!save.isPending) event ? edit.forget() : clear();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!title.trim() || !date || save.isPending || (repeatable && repeatProblem(repeat) !== null)}
          >
            {save.isPending ? "Saving..." : "Save event"}
          </Button>
        </div>
      </form>
      <OccurrenceChoice
        action={asking ? "change" : null}
        title={asking ? title.trim() : ""}
        onChoose={(scope) => asking && void send(asking, scope)}
        onCancel={() => setAsking(null)}
      />
    </Dialog>
  );
}
