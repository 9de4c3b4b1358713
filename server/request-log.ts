/**
 * One log line per request, at a level that says whether anyone needs to read it
 * (docs/decisions/018-lean-serving.md): server errors at error, slow requests at warn, refusals
 * that hint at abuse (403 cross-site, 429 rate limit) at info, and everything else at debug, so a
 * server at the default level writes nothing for a request that went well. It replaces Fastify's
 * own two info lines per request, through Fastify's LogController, so no extra hook runs.
 *
 * A line names the method, the path without its query string (an OpenID Connect callback carries
 * its code there), the matched route, the status and the time taken: never headers, cookies or
 * bodies.
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

const NOTEWORTHY_REFUSALS = new Set([403, 429]);

type Level = "error" | "warn" | "info" | "debug";

export function levelFor(statusCode: number, elapsedMs: number, slowRequestMs: number): Level {
  if (statusCode >= 500) return "error";
  if (elapsedMs >= slowRequestMs) return "warn";
  if (NOTEWORTHY_REFUSALS.has(statusCode)) return "info";
  return "debug";
}

/** pino's numeric levels: a line is written when its level is at least the logger's. */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

const MESSAGES: Record<Level, string> = {
  error: "request failed",
  warn: "slow request",
  info: "request refused",
  debug: "request completed",
};

export class RequestLog extends LogController {
  readonly #slowRequestMs: number;

  constructor(opts: { slowRequestMs: number }) {
    super({ disableRequestLogging: false });
    this.#slowRequestMs = opts.slowRequestMs;
  }

  /** Nothing when a request comes in: the line written when it is answered says it all. */
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsedMs = reply.elapsedTime;
    // A response that failed while being sent (a broken stream) counts as a server error.
    const level = error ? "error" : levelFor(reply.statusCode, elapsedMs, this.#slowRequestMs);
    // Checked first, so a request that went well costs no log object at the default level.
    if (LEVEL_VALUES[level] < (LEVEL_VALUES[request.log.level] ?? Number.POSITIVE_INFINITY)) return;
    const query = request.url.indexOf("?");
    request.log[level](
      {
        method: request.method,
        url: query === -1 ? request.url : request.url.slice(0, query),
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(elapsedMs * 10) / 10,
        ...(error ? { err: error } : {}),
      },
      MESSAGES[level],
    );
  }
}
