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
};

/**
 * Date, All day, and — unless the event lasts all day — its start time (and duration): the
 * calendar's event dialog and the inbox's "convert to event" share these.
 */
export function EventWhenFields({ idPrefix, value, onChange, duration, onDurationChange }: Props) {
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
          />
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
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
