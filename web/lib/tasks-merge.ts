/**
 * A project's tasks as this device changed them while the change waited (`mine`), made to the
 * tasks as the server has them when it is sent (`theirs`), which may have changed elsewhere
 * meanwhile: on another device, or by a thought converted into the project. `base` is the list the
 * first waiting change was made to, so what this device changed is told from what it did not
 * (docs/decisions/089-a-project-s-tasks-offline.md).
 *
 * - A task this device ticked or renamed keeps that tick or name; its other field is theirs.
 * - A task this device deleted is deleted; one deleted elsewhere stays deleted.
 * - A task this device added comes after the rest, with an id no task there has.
 * - A task added elsewhere stays where it is.
 *
 * Made again to a list that has the change already (sent before, its answer lost), it changes
 * nothing more: a task added here is found there by its id and words.
 */
import type { ProjectTask } from "../../shared/schemas.ts";

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
    if (was.has(added.id)) continue;
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

/** The tasks a waiting change of a project's tasks was made to, as the server had them then. */
export const tasksWere = (write: { was?: Record<string, unknown> }): ProjectTask[] | undefined => {
  const tasks = write.was?.tasks;
  return Array.isArray(tasks) ? (tasks as ProjectTask[]) : undefined;
};
