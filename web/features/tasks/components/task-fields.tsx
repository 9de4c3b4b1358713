import type { ReactNode } from "react";
import {
  TASK_CATEGORIES,
  TIME_ESTIMATE_DEFAULT,
  TIME_ESTIMATE_MAX,
  TIME_ESTIMATE_MIN,
} from "../../../../shared/constants.ts";
import type { Task } from "../../../../shared/schemas.ts";
import {
  RepeatField,
  type RepeatValue,
  repeatProblem,
  repeatRuleOf,
  repeatValueOf,
} from "../../../components/repeat-field.tsx";
import { Field, Input, NativeSelect } from "../../../components/ui/input.tsx";

/** What the add and edit dialogs hold while the person types: the inputs' own strings. */
export type TaskFormValues = {
  title: string;
  estimate: string;
  dueTime: string;
  category: string;
  repeat: RepeatValue;
};

/** Why the form cannot be saved yet (a blank title keeps the button disabled instead); null when it can. */
export function taskFormProblem(values: TaskFormValues): string | null {
  return repeatProblem(values.repeat);
}

export function taskFormOf(task: Task): TaskFormValues {
  return {
    title: task.title,
    estimate: String(task.timeEstimate),
    dueTime: task.dueTime ?? "",
    category: task.category,
    repeat: repeatValueOf(task.repeat),
  };
}

/** Unparsable or out-of-range estimates fall back to the default (spec section 5). */
export function parseEstimate(raw: string): number {
  const n = Number.parseInt(raw, 10);
  if (Number.isNaN(n)) return TIME_ESTIMATE_DEFAULT;
  return Math.min(TIME_ESTIMATE_MAX, Math.max(TIME_ESTIMATE_MIN, n));
}

/** The values as the API takes them: a trimmed title, an estimate within 5–120, no due time as null. */
export function taskInputOf(values: TaskFormValues) {
  return {
    title: values.title.trim(),
    timeEstimate: parseEstimate(values.estimate),
    dueTime: values.dueTime || null,
    category: values.category as (typeof TASK_CATEGORIES)[number],
    repeat: repeatRuleOf(values.repeat),
  };
}

/**
 * The Add Task dialog's fields (spec section 5: title, estimate 5–120 minutes, optional due time,
 * category), shared by the dialog that edits a task. `idPrefix` keeps the ids unique on a page.
 */
export function TaskFields({
  idPrefix,
  values,
  onChange,
  afterEstimate,
  titleFirst = false,
}: {
  idPrefix: string;
  values: TaskFormValues;
  onChange: (values: TaskFormValues) => void;
  /** Shown under the estimate (the add dialog's kinder estimate). */
  afterEstimate?: ReactNode;
  /**
   * The title takes focus as the fields appear, the caret after a title kept from before (the add
   * dialog's draft: an input's caret follows the value it is given); otherwise the dialog focuses
   * it with its text selected, ready to be replaced.
   */
  titleFirst?: boolean;
}) {
  const set = (patch: Partial<TaskFormValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <Field id={`${idPrefix}-title`} label="Task title">
        <Input
          id={`${idPrefix}-title`}
          value={values.title}
          onChange={(e) => set({ title: e.target.value })}
          autoFocus={titleFirst}
          placeholder="What do you want to focus on?"
          autoComplete="off"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-estimate`} label="Time estimate (minutes)">
          <Input
            id={`${idPrefix}-estimate`}
            type="number"
            min={TIME_ESTIMATE_MIN}
            max={TIME_ESTIMATE_MAX}
            value={values.estimate}
            onChange={(e) => set({ estimate: e.target.value })}
          />
        </Field>
        <Field id={`${idPrefix}-due`} label="Due time (optional)">
          <Input
            id={`${idPrefix}-due`}
            type="time"
            value={values.dueTime}
            onChange={(e) => set({ dueTime: e.target.value })}
          />
        </Field>
      </div>
      {afterEstimate}
      <Field id={`${idPrefix}-category`} label="Category">
        <NativeSelect
          id={`${idPrefix}-category`}
          value={values.category}
          onChange={(e) => set({ category: e.target.value })}
        >
          {TASK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <RepeatField idPrefix={idPrefix} value={values.repeat} onChange={(repeat) => set({ repeat })} />
    </>
  );
}
