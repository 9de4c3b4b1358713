/**
 * A new task typed into Add Task and not added yet (docs/decisions/044-new-task-draft.md): kept
 * until it is added, its title is emptied, Cancel gives it up, or its person signs out.
 */
import { DEFAULT_TASK_CATEGORY, TASK_CATEGORIES, TIME_ESTIMATE_DEFAULT } from "../../../shared/constants.ts";
import { repeatFromKept, repeatKept } from "../../components/repeat-field.tsx";
import { type DraftRules, keptText, useDraft } from "../../lib/draft.ts";
import type { TaskFormValues } from "./components/task-fields.tsx";

/** The form as stored: the repeat choice with its days, "MO,WE", beside the inputs' strings. */
type TaskDraft = {
  title: string;
  estimate: string;
  dueTime: string;
  category: string;
  repeatChoice: string;
  repeatDays: string;
};

const BLANK: TaskDraft = {
  title: "",
  estimate: String(TIME_ESTIMATE_DEFAULT),
  dueTime: "",
  category: DEFAULT_TASK_CATEGORY,
  repeatChoice: "",
  repeatDays: "",
};

const RULES: DraftRules<TaskDraft> = {
  // A task is its title: the other fields alone are nothing to come back to.
  worthKeeping: (draft) => draft.title.trim() !== "",
  read: (stored) =>
    typeof stored.title === "string"
      ? {
          title: stored.title,
          estimate: keptText(stored.estimate, BLANK.estimate),
          dueTime: keptText(stored.dueTime),
          category: (TASK_CATEGORIES as readonly unknown[]).includes(stored.category)
            ? (stored.category as string)
            : BLANK.category,
          repeatChoice: keptText(stored.repeatChoice),
          repeatDays: keptText(stored.repeatDays),
        }
      : null,
};

const formOf = (draft: TaskDraft): TaskFormValues => ({
  title: draft.title,
  estimate: draft.estimate,
  dueTime: draft.dueTime,
  category: draft.category,
  repeat: repeatFromKept(draft.repeatChoice, draft.repeatDays),
});

const draftOf = (values: Partial<TaskFormValues>): Partial<TaskDraft> => {
  const { repeat, ...fields } = values;
  return repeat ? { ...fields, ...repeatKept(repeat) } : fields;
};

/** Add Task's form, kept as it is typed; `clear` starts it afresh. */
export function useNewTaskDraft(): {
  values: TaskFormValues;
  change: (values: Partial<TaskFormValues>) => void;
  clear: () => void;
} {
  const [draft, update, clear] = useDraft("new-task", BLANK, RULES);
  return { values: formOf(draft), change: (values) => update(draftOf(values)), clear };
}
