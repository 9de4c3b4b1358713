/**
 * A new project typed into Create Project and not created yet (docs/decisions/045-dialog-drafts.md):
 * kept until it is created, Cancel gives it up, or its person signs out.
 */
import type { ProjectTask } from "../../../shared/schemas.ts";
import { type DraftRules, editDraft, keptText, leftAfterSaving, useDraft } from "../../lib/draft.ts";

/** The words of the form. Its tasks are stored as one JSON list, as a draft holds plain values. */
type ProjectDraft = {
  title: string;
  description: string;
  notes: string;
  deadline: string;
  tasks: string;
  /** A task typed into "Add a task..." and not added to the list yet. */
  newTask: string;
};

export type NewProject = Omit<ProjectDraft, "tasks"> & { tasks: string[] };

const BLANK: ProjectDraft = { title: "", description: "", notes: "", deadline: "", tasks: "[]", newTask: "" };

function taskList(stored: unknown): string[] {
  try {
    const list: unknown = typeof stored === "string" ? JSON.parse(stored) : null;
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string" && t.trim() !== "") : [];
  } catch {
    return [];
  }
}

const RULES: DraftRules<ProjectDraft> = {
  // Words typed anywhere in the form; a deadline alone is nothing to come back to.
  worthKeeping: (draft) =>
    [draft.title, draft.description, draft.notes, draft.newTask].some((t) => t.trim() !== "") ||
    taskList(draft.tasks).length > 0,
  read: (stored) =>
    typeof stored.title === "string"
      ? {
          title: stored.title,
          description: keptText(stored.description),
          notes: keptText(stored.notes),
          deadline: /^\d{4}-\d{2}-\d{2}$/.test(keptText(stored.deadline)) ? (stored.deadline as string) : "",
          tasks: JSON.stringify(taskList(stored.tasks)),
          newTask: keptText(stored.newTask),
        }
      : null,
};

const draftOf = ({ tasks, ...fields }: Partial<NewProject>): Partial<ProjectDraft> =>
  tasks ? { ...fields, tasks: JSON.stringify(tasks) } : fields;

/**
 * Create Project's words, kept as they are typed; `change` may be worked out from the form as it
 * is by then (suggested tasks arriving after more were added), and `clear` starts it afresh.
 */
export function useNewProjectDraft(): {
  values: NewProject;
  change: (change: Partial<NewProject> | ((values: NewProject) => Partial<NewProject>)) => void;
  clear: () => void;
} {
  const [draft, update, clear] = useDraft("new-project", BLANK, RULES);
  const valuesOf = (d: ProjectDraft): NewProject => ({ ...d, tasks: taskList(d.tasks) });
  return {
    values: valuesOf(draft),
    change: (change) => update(typeof change === "function" ? (d) => draftOf(change(valuesOf(d))) : draftOf(change)),
    clear,
  };
}

/** The name of the draft that keeps a project's notes while they are being edited on its page. */
export const projectNotesDraft = (projectId: number) => `project-notes:${projectId}`;
/** The name of the draft that keeps the words of a project's new task, typed and not added yet. */
export const projectTaskDraft = (projectId: number) => `project-task:${projectId}`;
/** What is kept on this device for work on a project's page: of no use once the project is gone. */
export const projectDrafts = (projectId: number) => [
  projectNotesDraft(projectId),
  projectTaskDraft(projectId),
  editDraft("project", projectId),
];

/**
 * A project's "Add a new task..." box: its words (decision 049), and the task they were last sent
 * as while no answer said it was added, its id and words. Its answer lost, the task may be on the
 * server already: sent again, it goes with the same id, and is not added twice
 * (docs/decisions/064-project-changes-sent-again.md).
 */
type NewTaskDraft = { text: string; sentId: number | null; sentTitle: string };
const NEW_TASK_BLANK: NewTaskDraft = { text: "", sentId: null, sentTitle: "" };
const NEW_TASK_RULES: DraftRules<NewTaskDraft> = {
  worthKeeping: (draft) => draft.text.trim() !== "",
  // A box kept before it knew of sent tasks (`{ text }` alone) is read as one never sent.
  read: (stored) =>
    typeof stored.text === "string"
      ? {
          text: stored.text,
          sentId:
            typeof stored.sentId === "number" && Number.isSafeInteger(stored.sentId) && stored.sentId >= 0
              ? stored.sentId
              : null,
          sentTitle: keptText(stored.sentTitle),
        }
      : null,
};

/** The words typed into a project's new-task box, and the id each new task is sent with. */
export function useNewProjectTask(projectId: number): {
  text: string;
  change: (text: string) => void;
  /**
   * The id to send a task with these words with: the one they were sent with before when no
   * answer came, otherwise a new one no task in `shown` has. Kept with the words until `added`.
   */
  sending: (title: string, shown: ProjectTask[]) => number;
  /** The task with these words is on the project: they leave the box (what was typed since stays). */
  added: (title: string) => void;
} {
  const [draft, update] = useDraft(projectTaskDraft(projectId), NEW_TASK_BLANK, NEW_TASK_RULES);
  return {
    text: draft.text,
    change: (text) => update({ text }),
    sending: (title, shown) => {
      if (draft.sentTitle === title && draft.sentId !== null) return draft.sentId;
      const ids = new Set(shown.map((t) => t.id));
      let id = Date.now();
      // Nor the one sent last, which the project may hold by the time this one is saved.
      while (ids.has(id) || id === draft.sentId) id += 1;
      update({ sentId: id, sentTitle: title });
      return id;
    },
    added: (title) =>
      update((now) => ({
        text: leftAfterSaving(now.text, title),
        // Another task sent since, still unanswered, keeps its id.
        ...(now.sentTitle === title ? { sentId: null, sentTitle: "" } : {}),
      })),
  };
}
