/**
 * The security headers (helmet's, with our Content-Security-Policy), worked out once at start and
 * set on every answer by one hook (docs/decisions/018-lean-serving.md). @fastify/helmet built
 * helmet's middleware anew, directives parsed and all, on every request; nothing in these headers
 * depends on the request, so they are computed a single time here.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** The headers helmet sets for these options, by lower-case name. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Sets the headers on every answer: pages, files, API answers, errors and unknown paths. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
