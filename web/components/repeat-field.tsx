import {
  describeRepeat,
  formatRepeat,
  isWeekdays,
  parseRepeat,
  WEEKDAY_CODES,
  WEEKDAY_NAMES,
  type WeekdayCode,
} from "../../shared/repeat.ts";
import { cn } from "../lib/cn.ts";
import { Field, NativeSelect } from "./ui/input.tsx";

/**
 * What the Repeat field holds while the person chooses (docs/decisions/032-routines.md): `choice`
 * is the select's value — "" (does not repeat), a rule, or `WEEKLY` for "Weekly on…", whose days
 * are `days` — so the days stay as they are while the person toggles them, none included.
 */
export type RepeatValue = { choice: string; days: WeekdayCode[] };

export const WEEKLY = "weekly";
const DAILY = "FREQ=DAILY";
const WEEKDAYS = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR";
const monthlyRule = (today: Date) => `FREQ=MONTHLY;BYMONTHDAY=${today.getDate()}`;
export const weekdayOfDate = (today: Date): WeekdayCode => WEEKDAY_CODES[(today.getDay() + 6) % 7] as WeekdayCode;

export const noRepeat = (today: Date = new Date()): RepeatValue => ({ choice: "", days: [weekdayOfDate(today)] });

/** The field's value for a stored rule: a weekly rule (not Monday to Friday) opens with its days set. */
export function repeatValueOf(rule: string | null, today: Date = new Date()): RepeatValue {
  const parsed = rule ? parseRepeat(rule) : null;
  if (!rule || !parsed) return noRepeat(today);
  // One day, the day's own weekday: "Every Tuesday" itself; other days: "Weekly on…" with them set.
  const own = parsed.kind === "weekly" && parsed.days.length === 1 && parsed.days[0] === weekdayOfDate(today);
  if (parsed.kind === "weekly" && !isWeekdays(parsed) && parsed.days.length < 7 && !own) {
    return { choice: WEEKLY, days: parsed.days };
  }
  return { choice: formatRepeat(parsed), days: [weekdayOfDate(today)] };
}

/** A value as a draft stores it: the choice and its days, "MO,WE" (web/lib/draft.ts holds plain values). */
export const repeatKept = (value: RepeatValue) => ({ repeatChoice: value.choice, repeatDays: value.days.join(",") });

/**
 * A value kept by a draft, read again for `today`: "Every Tuesday" kept from a Tuesday opens as
 * "Weekly on…" Tuesday on a Wednesday, as the list offers that day's weekday; the rule is the same.
 */
export function repeatFromKept(choice: string, days: string, today: Date = new Date()): RepeatValue {
  const kept = days.split(",").filter((d): d is WeekdayCode => (WEEKDAY_CODES as readonly string[]).includes(d));
  if (choice === WEEKLY) return { choice, days: kept };
  const value = choice === "" ? noRepeat(today) : repeatValueOf(choice, today);
  return value.choice === WEEKLY || kept.length === 0 ? value : { choice: value.choice, days: kept };
}

/** The rule to send: null when it does not repeat, or when "Weekly on…" has no day chosen. */
export function repeatRuleOf(value: RepeatValue): string | null {
  if (value.choice === "") return null;
  if (value.choice !== WEEKLY) return value.choice;
  return value.days.length === 0 ? null : formatRepeat({ kind: "weekly", days: value.days });
}

/** Why the value cannot be saved yet, said next to the days; null when it can. */
export function repeatProblem(value: RepeatValue): string | null {
  return value.choice === WEEKLY && value.days.length === 0 ? "Choose at least one day." : null;
}

/**
 * The choices: "Every Tuesday" and "Every month" fall on the day's own weekday and day of the
 * month (today's for a task, the event's own date for an event); a rule kept from elsewhere is
 * offered as it is.
 */
function choicesFor(current: string, today: Date): Array<{ value: string; label: string }> {
  const day = weekdayOfDate(today);
  const choices = [
    { value: "", label: "Does not repeat" },
    { value: DAILY, label: "Every day" },
    { value: WEEKDAYS, label: "Weekdays" },
    { value: `FREQ=WEEKLY;BYDAY=${day}`, label: `Every ${WEEKDAY_NAMES[day]}` },
    { value: WEEKLY, label: "Weekly on…" },
    { value: monthlyRule(today), label: "Every month" },
  ];
  if (current && !choices.some((c) => c.value === current)) {
    choices.push({ value: current, label: describeRepeat(current).replace(/^Repeats e/, "E") });
  }
  return choices;
}

/** How a chosen repeat reads in a short label: "Does not repeat", "Every Monday and Thursday". */
export function repeatLabel(value: RepeatValue): string {
  const rule = repeatRuleOf(value);
  if (value.choice === WEEKLY && !rule) return "Weekly on…";
  return rule ? describeRepeat(rule).replace(/^Repeats e/, "E") : "Does not repeat";
}

/**
 * The Repeat field of tasks, quick wins and events: a select, and for "Weekly on…" seven day toggles
 * (Monday first), of which at least one stays chosen — with none, a message says so.
 */
export function RepeatField({
  idPrefix,
  value,
  onChange,
  today = new Date(),
}: {
  idPrefix: string;
  value: RepeatValue;
  onChange: (value: RepeatValue) => void;
  today?: Date;
}) {
  const selectId = `${idPrefix}-repeat`;
  const problemId = `${idPrefix}-repeat-days-problem`;
  const problem = repeatProblem(value);
  const toggle = (day: WeekdayCode) =>
    onChange({
      ...value,
      days: value.days.includes(day)
        ? value.days.filter((d) => d !== day)
        : WEEKDAY_CODES.filter((d) => d === day || value.days.includes(d)),
    });
  return (
    <div className="grid gap-2">
      <Field id={selectId} label="Repeat">
        <NativeSelect
          id={selectId}
          value={value.choice}
          onChange={(e) => {
            const choice = e.target.value;
            // "Weekly on…" opens on today's weekday when no day is chosen yet.
            const days = choice === WEEKLY && value.days.length === 0 ? [weekdayOfDate(today)] : value.days;
            onChange({ choice, days });
          }}
        >
          {choicesFor(value.choice, today).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {value.choice === WEEKLY && (
        <fieldset className="grid gap-1.5" aria-describedby={problem ? problemId : undefined}>
          <legend className="mb-1.5 text-sm font-medium">On these days</legend>
          <div className="grid grid-cols-7 gap-1">
            {WEEKDAY_CODES.map((day) => {
              const on = value.days.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  aria-label={WEEKDAY_NAMES[day]}
                  title={WEEKDAY_NAMES[day]}
                  onClick={() => toggle(day)}
                  className={cn(
                    "h-10 min-w-0 rounded-lg border text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    on ? "border-primary bg-primary text-primary-fg" : "border-border bg-bg text-fg hover:bg-accent",
                  )}
                >
                  {WEEKDAY_NAMES[day].slice(0, 3)}
                </button>
              );
            })}
          </div>
          {problem && (
            <p id={problemId} role="alert" className="text-sm text-danger">
              {problem}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
