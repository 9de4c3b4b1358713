/**
 * A change of a project made on this device while the server could not be reached, made to the
 * project as the server has it when the change is sent, which may have changed elsewhere
 * meanwhile: on another device, or by a thought converted into the project. What the change was
 * made to is kept with it (`was`), so what this device changed is told from what it did not
 * (docs/decisions/089-a-project-s-tasks-offline.md, 090-a-project-s-notes-offline.md).
 */
import { projectProgress } from "../../shared/constants.ts";
import type { Project, ProjectTask } from "../../shared/schemas.ts";

/**
 * A project's tasks as this device changed them while the change waited (`mine`), made to the
 * tasks as the server has them when it is sent (`theirs`). `base` is the list the first waiting
 * change was made to.
 *
 * - A task this device ticked or renamed keeps that tick or name; its other field is theirs.
 * - A task this device deleted is deleted; one deleted elsewhere stays deleted, unless this device
 *   renamed it: its new name is words the person gave, so it comes back as they left it here
 *   (docs/decisions/091-a-renamed-task-deleted-elsewhere.md).
 * - A task this device added (or brought back) comes after the rest, with an id no task there has.
 * - A task added elsewhere stays where it is.
 *
 * Made again to a list that has the change already (sent before, its answer lost), it changes
 * nothing more: a task added here is found there by its id and words.
 */

export function mergeTasks(base: ProjectTask[], mine: ProjectTask[], theirs: ProjectTask[]): ProjectTask[] {
  const was = new Map(base.map((t) => [t.id, t]));
  const now = new Map(mine.map((t) => [t.id, t]));
  const merged: ProjectTask[] = [];
  for (const there of theirs) {
    const before = was.get(there.id);
    const here = now.get(there.id);
    // Added elsewhere (or sent from here before), kept as it is there.
    if (before === undefined) merged.push(there);
    // Deleted here: left out.
    else if (here !== undefined) {
      merged.push({
        ...there,
        title: here.title !== before.title ? here.title : there.title,
        completed: here.completed !== before.completed ? here.completed : there.completed,
      });
    }
  }
  let free = Math.max(0, ...theirs.map((t) => t.id)) + 1;
  for (const added of mine) {
    const before = was.get(added.id);
    const renamedHere = before !== undefined && before.title !== added.title;
    if (before !== undefined && (!renamedHere || theirs.some((t) => t.id === added.id))) continue;
    const there = theirs.find((t) => t.id === added.id);
    // There already, with its words: this change was made before.
    if (there?.title === added.title) continue;
    merged.push(there === undefined ? added : { ...added, id: free++ });
  }
  return merged;
}

/** The tasks of `mine` this device added, ticked or renamed since `base`: those shown as waiting. */
export function tasksChanged(base: ProjectTask[], mine: ProjectTask[]): Set<number> {
  const was = new Map(base.map((t) => [t.id, t]));
  return new Set(
    mine
      .filter((t) => {
        const before = was.get(t.id);
        return before === undefined || before.title !== t.title || before.completed !== t.completed;
      })
      .map((t) => t.id),
  );
}

/** A project's tasks with the progress they give. */
export const withProgress = (tasks: ProjectTask[]) => ({ tasks, progress: projectProgress(tasks) });

type Made = { body: unknown; was?: Record<string, unknown> };

/** The tasks a waiting change of a project's tasks was made to, as the server had them then. */
export const tasksWere = (write: Pick<Made, "was">): ProjectTask[] | undefined => {
  const tasks = write.was?.tasks;
  return Array.isArray(tasks) ? (tasks as ProjectTask[]) : undefined;
};

/** The notes a waiting save of a project's notes was written over, as the server had them then. */
export const notesWere = (write: Pick<Made, "was">): string | null | undefined => {
  if (write.was === undefined || !("notes" in write.was)) return undefined;
  const notes = write.was.notes;
  return typeof notes === "string" ? notes : null;
};

/** Whether a waiting write is a change of a project made to the project as it is when sent. */
export const madeToProjectNow = (write: Pick<Made, "was">): boolean =>
  tasksWere(write) !== undefined || notesWere(write) !== undefined;

/**
 * What is sent of a waiting change of a project, made to the project as the server has it `now`:
 * its tasks merged (`mergeTasks`), and its notes only when the notes there are still those they
 * were written over (or already these). Notes saved elsewhere meanwhile are never saved over
 * unseen (decision 055): they are left out, and `notesLeftOut` says so.
 */
export function projectChangeNow(write: Made, now: Project): { body: Partial<Project>; notesLeftOut: boolean } {
  const body = { ...(write.body as Partial<Project>) };
  const base = tasksWere(write);
  if (base !== undefined && Array.isArray(body.tasks))
    Object.assign(body, withProgress(mergeTasks(base, body.tasks, now.tasks)));
  const notesBase = notesWere(write);
  const notesLeftOut =
    notesBase !== undefined && "notes" in body && (now.notes ?? null) !== notesBase && now.notes !== body.notes;
  if (notesLeftOut) delete body.notes;
  return { body, notesLeftOut };
}
