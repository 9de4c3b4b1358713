/**
 * A new project typed into Create Project and not created yet (docs/decisions/045-dialog-drafts.md):
 * kept until it is created, Cancel gives it up, or its person signs out.
 */
import { type DraftRules, keptText, useDraft } from "../../lib/draft.ts";

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
export const projectDrafts = (projectId: number) => [projectNotesDraft(projectId), projectTaskDraft(projectId)];
