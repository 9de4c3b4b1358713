/**
 * `If-Match` on a change to a record saved whole (docs/decisions/055-versions.md): the
 * change is saved only when the record is still at the version it was made to.
 */
import { AppError } from "./errors.ts";

/** Whether an `If-Match` header holds for a record now at `etag` (strong comparison, `*` for any). */
export function ifMatchHolds(header: string, etag: string): boolean {
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag;
  });
}

/** Throws 412 when the request's `If-Match` does not hold for the record (a "project", …) now at `etag`. */
export function checkIfMatch(ifMatch: string, etag: string, what: string): void {
  if (!ifMatchHolds(ifMatch, etag)) {
    throw new AppError(
      "PRECONDITION_FAILED",
      `This ${what} has changed since it was read, so nothing was saved. Read it again and make the change to it as it is now.`,
    );
  }
}
