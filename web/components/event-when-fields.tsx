import { Field, Input } from "./ui/input.tsx";

/** When an event happens, as the forms hold it: strings straight from the inputs. */
export type EventWhen = { date: string; startTime: string; allDay: boolean };

type Props = {
  /** Prefix of the inputs' ids, so two forms on one page never share one. */
  idPrefix: string;
  value: EventWhen;
  onChange: (next: EventWhen) => void;
  /** Minutes as typed; the duration field shows only when this is given. */
  duration?: string;
  onDurationChange?: (minutes: string) => void;
  /** A word about the date as it stands ("This day has already passed."), under it and read with it. */
  dateNote?: string | null;
};

/**
 * Date, All day, and — unless the event lasts all day — its start time (and duration): the
 * calendar's event dialog and the inbox's "convert to event" share these.
 */
export function EventWhenFields({ idPrefix, value, onChange, duration, onDurationChange, dateNote }: Props) {
  const set = (patch: Partial<EventWhen>) => onChange({ ...value, ...patch });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-date`} label="Date">
          <Input
            id={`${idPrefix}-date`}
            type="date"
            value={value.date}
            onChange={(e) => set({ date: e.target.value })}
            aria-describedby={dateNote ? `${idPrefix}-date-note` : undefined}
          />
          <p id={`${idPrefix}-date-note`} aria-live="polite" className={dateNote ? "text-sm text-muted" : "sr-only"}>
            {dateNote ?? ""}
          </p>
        </Field>
        {/* Level with the date box (under its label), whether or not a note follows the box. */}
        <label className="flex h-10 items-center gap-2 self-start text-sm font-medium sm:mt-[1.625rem]">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-[var(--primary)]"
            checked={value.allDay}
            onChange={(e) => set({ allDay: e.target.checked })}
          />
          All day
        </label>
      </div>
      {!value.allDay && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${idPrefix}-start`} label="Start time">
            <Input
              id={`${idPrefix}-start`}
              type="time"
              value={value.startTime}
              onChange={(e) => set({ startTime: e.target.value })}
            />
          </Field>
          {duration !== undefined && onDurationChange && (
            <Field id={`${idPrefix}-duration`} label="Duration (minutes)">
              <Input
                id={`${idPrefix}-duration`}
                type="number"
                min={1}
                value={duration}
                onChange={(e) => onDurationChange(e.target.value)}
              />
            </Field>
          )}
        </div>
      )}
    </>
  );
}
