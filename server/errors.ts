import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "INTERNAL";

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The one error type services throw; the handler turns it into `{ message, code }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
  get status(): number {
    return statusByCode[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);

function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(statusByCode).find(([, s]) => s === status);
  return (entry?.[0] as ErrorCode | undefined) ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".") || error.validationContext;
      const message = `${where ? `${where}: ` : ""}${first?.message ?? "Invalid input"}`;
      return reply.status(400).send({ message, code: "BAD_REQUEST" });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unexpected error");
      return reply.status(500).send({ message: "Something went wrong on our side.", code: "INTERNAL" });
    }
    // Framework errors (bad JSON, body too large, wrong content type, rate limit) are safe to show.
    return reply.status(status).send({ message: error.message, code: codeForStatus(status) });
  });
}
