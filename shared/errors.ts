/**
 * The API's error contract. Every refusal answers `{ message, code, field?, problems? }`: `message`
 * is for people (the spec's texts), `code` for programs, `field` the dotted path of the input that
 * was refused (`serverUrl`, `tasks.0.title`) when one input is to blame, and `problems` each
 * refused input when several are.
 */
import { z } from "zod";

/** Each code and the HTTP status it is sent with. */
export const ERROR_STATUS = {
  /** Invalid input; `field` names it when one field is to blame. */
  BAD_REQUEST: 400,
  /**
   * One more would pass what one person can keep of a kind (docs/decisions/070-what-one-account-can-keep.md);
   * `field` names the kind's list. Deleting some makes room; sending it again as it is will not.
   */
  LIMIT_REACHED: 400,
  /** Not signed in, or the session expired. */
  UNAUTHENTICATED: 401,
  /** A cross-site request. Another user's record is NOT_FOUND, never this. */
  FORBIDDEN: 403,
  /** Missing, or owned by someone else. */
  NOT_FOUND: 404,
  /** Clashes with the current state: a taken username, a thought already converted, a sync running. */
  CONFLICT: 409,
  /** An `If-Match` that no longer holds: the record changed since it was read; nothing was saved. */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Well-formed but not acceptable as sent: an Idempotency-Key reused for a different request. */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  /** A bug, or a third party that failed; the message carries no detail. */
  INTERNAL: 500,
  /** The database (or another part the server needs) cannot be reached right now; try again. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** One refused input and why, in words for the person (without the field's name). */
export const fieldProblem = z.object({ field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblem>;

export const errorBody = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    field: z.string().optional(),
    /**
     * When more than one input is refused: each of them, in the order `message` names them
     * ("a: …; b: …"), so a form can say every problem at once beside its own field. `field`
     * is then the first of them.
     */
    problems: z.array(fieldProblem).optional(),
  })
  .meta({
    description: `Every error answers this. Codes: ${ERROR_CODES.map((c) => `${c} (${ERROR_STATUS[c]})`).join(", ")}.`,
  });
export type ErrorBody = z.infer<typeof errorBody>;
