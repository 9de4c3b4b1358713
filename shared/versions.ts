/**
 * Versions of the records a client saves whole: a project with its tasks, a task's checklist.
 * `GET` and `PUT` answer them as the ETag, and a change sends one back as `If-Match` so that it is
 * saved only to the record it was made to (docs/decisions/055-versions.md). Worked out
 * from the record as the API answers it, by the server and the browser alike, so a project read
 * from the list has its version too.
 */
import type { Project, TaskStep } from "./schemas.ts";

/** Two 32-bit FNV-1a lanes over the text, as an HTTP entity tag of 16 hex digits. */
function etagOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
    b ^= b >>> 13;
  }
  return `"${(a >>> 0).toString(16).padStart(8, "0")}${(b >>> 0).toString(16).padStart(8, "0")}"`;
}

/** A project's version: every field, its tasks in order. */
export const projectEtag = (p: Project): string =>
  etagOf(
    JSON.stringify([
      p.id,
      p.userId,
      p.title,
      p.description,
      p.notes,
      p.bucket,
      p.deadline,
      p.progress,
      p.createdAt,
      p.tasks.map((t) => [t.id, t.title, t.completed]),
    ]),
  );

/** A task checklist's version: its steps in order, each with its id, words and tick. */
export const stepsEtag = (steps: readonly TaskStep[]): string =>
  etagOf(JSON.stringify(steps.map((s) => [s.id, s.taskId, s.text, s.done])));
