import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform } from "fastify-type-provider-zod";
import { ERROR_STATUS, type ErrorBody, type ErrorCode, errorBody, type FieldProblem } from "../shared/errors.ts";
import { OCCURRENCE_MOVED_ON } from "../shared/schemas.ts";
import { type DatabaseFault, databaseFault } from "./db/database.ts";

/** What people read, and when clients may retry (seconds), when the database cannot serve them. */
const faultReplies: Record<DatabaseFault["kind"], { message: string; retryAfter: number }> = {
  unreachable: {
    message: "The server can't reach its database right now. Please try again in a moment.",
    retryAfter: 10,
  },
  busy: { message: "The server is very busy right now. Please try again in a moment.", retryAfter: 5 },
  storage: {
    message:
      "The server can't save changes right now because its storage is full or read-only. Please try again later.",
    retryAfter: 60,
  },
};

/** The one error type services throw; the handler turns it into `{ message, code, field?, problems? }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** The dotted path of the input to blame, when one is. */
  readonly field: string | undefined;
  /** Seconds after which the same request may succeed, sent as Retry-After. */
  readonly retryAfter: number | undefined;
  /** Every input to blame, when more than one is. */
  readonly problems: FieldProblem[] | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; retryAfter?: number; problems?: FieldProblem[] } = {},
  ) {
    super(message);
    this.code = code;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
    this.problems = options.problems;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
/** An edit of just this one whose day the series has moved on from (docs/decisions/081-changes-at-the-same-moment.md). */
export const occurrenceMovedOn = () => new AppError("CONFLICT", OCCURRENCE_MOVED_ON);

/** A refusal of one input: the message names the field first ("serverUrl: …"), as the spec shows it. */
export const invalidField = (field: string, reason: string, code: ErrorCode = "BAD_REQUEST") =>
  new AppError(code, `${field}: ${reason}`, { field });

/** "a: …; b: …": each refused input's name, then why. */
export const namingEach = (problems: FieldProblem[]) => problems.map((p) => `${p.field}: ${p.message}`).join("; ");

/**
 * Every refused input in one answer, so a person fixes them all at once rather than meet them one
 * by one: the message names each ("a: …; b: …"), `field` is the first and `problems` lists them.
 * One problem answers as `invalidField` does.
 */
export function invalidFields(problems: [FieldProblem, ...FieldProblem[]], code: ErrorCode = "BAD_REQUEST"): AppError {
  const [first] = problems;
  if (problems.length === 1) return invalidField(first.field, first.message, code);
  return new AppError(code, namingEach(problems), { field: first.field, problems });
}

function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  return (entry?.[0] as ErrorCode | undefined) ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
}

const body = (message: string, code: ErrorCode, field?: string, problems?: FieldProblem[]): ErrorBody => ({
  message,
  code,
  ...(field ? { field } : {}),
  ...(problems && problems.length > 1 ? { problems } : {}),
});

/** A validation issue's field as clients name it: `/steps/0/text` is `steps.0.text`; none at the root. */
const fieldOf = (issue: { instancePath?: string }): string | undefined =>
  issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") || undefined;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.retryAfter ?? (error.status === 503 ? faultReplies.unreachable.retryAfter : undefined);
      if (retryAfter !== undefined) reply.header("retry-after", retryAfter);
      return reply.status(error.status).send(body(error.message, error.code, error.field, error.problems));
    }
    const fault = databaseFault(error);
    if (fault) {
      // Expected in operation (restart, failover, full disk) and not a bug: warn, with no query or row data.
      request.log.warn(
        { dbFault: { kind: fault.kind, code: fault.code, message: fault.message } },
        "database unavailable",
      );
      const { message, retryAfter } = faultReplies[fault.kind];
      return reply.status(503).header("retry-after", retryAfter).send({ message, code: "UNAVAILABLE" });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each refused field once, in the request's order: all of them, not only the first.
      const problems: FieldProblem[] = [];
      for (const issue of error.validation) {
        const field = fieldOf(issue);
        if (field && !problems.some((p) => p.field === field))
          problems.push({ field, message: issue.message ?? "Invalid input" });
      }
      if (problems.length > 1) {
        return reply.status(400).send(body(namingEach(problems), "BAD_REQUEST", problems[0]?.field, problems));
      }
      const first = error.validation[0];
      const field = first && fieldOf(first);
      const where = field || error.validationContext;
      const message = `${where ? `${where}: ` : ""}${first?.message ?? "Invalid input"}`;
      return reply.status(400).send(body(message, "BAD_REQUEST", field));
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unexpected error");
      return reply.status(500).send(body("Something went wrong on our side.", "INTERNAL"));
    }
    // Framework errors (bad JSON, body too large, wrong content type, rate limit) are safe to show.
    return reply.status(status).send(body(error.message, codeForStatus(status)));
  });
}

/**
 * The OpenAPI transform: zod schemas to JSON Schema, and every documented route's other answers
 * described as the shared error body (its description lists the codes).
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const schema = input.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: { ...schema, response: { ...schema.response, default: errorBody } } });
};
