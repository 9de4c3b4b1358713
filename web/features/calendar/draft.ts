/**
 * A new event typed into Add event and not saved yet (docs/decisions/045-dialog-drafts.md): kept
 * until it is saved, Cancel gives it up, or its person signs out.
 */
import { EVENT_CATEGORIES } from "../../../shared/constants.ts";
import { type RepeatValue, repeatFromKept, repeatKept } from "../../components/repeat-field.tsx";
import { dayOfDate } from "../../lib/dates.ts";
import { type DraftRules, keptText, useDraft } from "../../lib/draft.ts";
import { DEFAULT_START } from "../../lib/schedule.ts";

/** What the event dialog holds while the person types: the inputs' own values. */
export type EventForm = {
  title: string;
  date: string;
  startTime: string;
  duration: string;
  allDay: boolean;
  category: string;
  location: string;
  description: string;
  repeat: RepeatValue;
};

/**
 * The form as stored. `dateChosen`: a date the person set; otherwise the dialog's own day is used.
 * `timeChosen`: a start the person set; otherwise the one offered for the day (never one past).
 */
type EventDraft = Omit<EventForm, "repeat"> & {
  dateChosen: boolean;
  timeChosen: boolean;
  repeatChoice: string;
  repeatDays: string;
};

const BLANK: EventDraft = {
  title: "",
  date: "",
  dateChosen: false,
  timeChosen: false,
  startTime: DEFAULT_START,
  duration: "30",
  allDay: false,
  category: "",
  location: "",
  description: "",
  repeatChoice: "",
  repeatDays: "",
};

const RULES: DraftRules<EventDraft> = {
  // Words typed: a title, a place or a description. A date or a time alone is nothing to come back to.
  worthKeeping: (draft) => [draft.title, draft.location, draft.description].some((t) => t.trim() !== ""),
  read: (stored) =>
    typeof stored.title === "string"
      ? {
          title: stored.title,
          date: keptText(stored.date),
          dateChosen: stored.dateChosen === true,
          timeChosen: stored.timeChosen === true,
          startTime: keptText(stored.startTime, BLANK.startTime),
          duration: keptText(stored.duration, BLANK.duration),
          allDay: stored.allDay === true,
          category: (EVENT_CATEGORIES as readonly unknown[]).includes(stored.category)
            ? (stored.category as string)
            : "",
          location: keptText(stored.location),
          description: keptText(stored.description),
          repeatChoice: keptText(stored.repeatChoice),
          repeatDays: keptText(stored.repeatDays),
        }
      : null,
};

/**
 * Add event's form, kept as it is typed. Until the person sets a date, the event falls on
 * `defaultDate`, the day the dialog is opened on; until they set a start, it is `startFor` that
 * day. `kept`: whether there is anything to come back to; `clear` starts the form afresh.
 */
export function useNewEventDraft(
  defaultDate: string,
  startFor: (date: string) => string,
): {
  values: EventForm;
  /** Whether the person set the date: until then it follows `defaultDate`. */
  dateChosen: boolean;
  /**
   * A change; a new date counts as set by the person unless `dateChosen` says otherwise (a date
   * put back as it was, which may have been the dialog's own day).
   */
  change: (values: Partial<EventForm>, opts?: { dateChosen: boolean }) => void;
  kept: boolean;
  clear: () => void;
} {
  const [draft, update, clear] = useDraft("new-event", BLANK, RULES);
  const { dateChosen, timeChosen, repeatChoice, repeatDays, ...fields } = draft;
  const date = dateChosen ? draft.date : defaultDate;
  const startTime = timeChosen ? draft.startTime : startFor(date);
  return {
    values: { ...fields, date, startTime, repeat: repeatFromKept(repeatChoice, repeatDays, dayOfDate(date)) },
    dateChosen,
    change: ({ repeat, ...values }, opts) =>
      update({
        ...values,
        ...(values.date === undefined ? {} : { dateChosen: opts?.dateChosen ?? true }),
        ...(values.startTime === undefined ? {} : { timeChosen: true }),
        ...(repeat ? repeatKept(repeat) : {}),
      }),
    kept: RULES.worthKeeping(draft),
    clear,
  };
}
