/**
 * A project's version: the ETag `GET` and `PUT /api/projects/{id}` answer with, and what a change
 * sends back as `If-Match` so that it is saved only to the project it was made to
 * (docs/decisions/055-project-versions.md). Worked out from the project as the API answers it, by
 * the server and the browser alike, so a project read from the list has its version too.
 */
import type { Project } from "./schemas.ts";

/** Two 32-bit FNV-1a lanes over the project's fields in a fixed order: 16 hex digits. */
export function projectVersion(p: Project): string {
  const text = JSON.stringify([
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
  ]);
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
    b ^= b >>> 13;
  }
  return `${(a >>> 0).toString(16).padStart(8, "0")}${(b >>> 0).toString(16).padStart(8, "0")}`;
}

/** The version as an HTTP entity tag. */
export const projectEtag = (p: Project): string => `"${projectVersion(p)}"`;
