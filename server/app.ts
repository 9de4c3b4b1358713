import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { publicConfig } from "../shared/schemas.ts";
import { PRERENDERED_DIR } from "../shared/web-routes.ts";
import { registerAiRoutes } from "./ai/routes.ts";
import { registerAccountDeletion } from "./auth/account-deletion.ts";
import { LoginThrottle } from "./auth/login-throttle.ts";
import { registerOidcRoutes } from "./auth/oidc.ts";
import { isApiRequest, registerSessionAuth } from "./auth/request-user.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerSessionRoutes } from "./auth/sessions-routes.ts";
import { SignInGuard } from "./auth/sign-in-guard.ts";
import { registerTwoFactorRoutes } from "./auth/two-factor-routes.ts";
import { registerCalendarRoutes } from "./calendar/routes.ts";
import { CalendarSync } from "./calendar/service.ts";
import type { Config } from "./config.ts";
import { registerDataRoutes } from "./data/routes.ts";
import { checkDatabase, type Db } from "./db/database.ts";
import { AppError, openApiTransform, registerErrorHandling } from "./errors.ts";
import { registerEventRoutes } from "./events/routes.ts";
import { registerFocusRoutes } from "./focus/routes.ts";
import { registerIdempotency } from "./idempotency.ts";
import { zodJsonSerializerCompiler } from "./json-serializer.ts";
import { withPageHeaders } from "./lists/paging.ts";
import { registerWholeListAnswers } from "./lists/whole-list-answers.ts";
import type { PublicFetchOptions } from "./net/public-fetch.ts";
import { registerProjectRoutes } from "./projects/routes.ts";
import { registerReminderRoutes } from "./push/routes.ts";
import type { ReminderScheduler } from "./push/scheduler.ts";
import { registerQuickWinRoutes } from "./quick-wins/routes.ts";
import { RequestLog } from "./request-log.ts";
import { Routines } from "./routines/roll-forward.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerSettingsRoutes } from "./settings/routes.ts";
import { registerRequestLimit, shareRateLimitCounts } from "./shared-rate-limit.ts";
import { isFilePath, registerStaticFiles } from "./static-files.ts";
import { registerTaskRoutes } from "./tasks/routes.ts";
import { registerThoughtRoutes } from "./thoughts/routes.ts";
import { webPages } from "./web-pages.ts";
import { registerWelcomeRoutes } from "./welcome/routes.ts";

export type AppDeps = {
  config: Config;
  db: Db;
  /** Where log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** Tests only: how outbound addresses resolve and which local ones stand in for public ones. */
  networkForTests?: PublicFetchOptions["testing"];
  /** The clock sign-in, request limits and the tasks' "today" run on; tests pass one they can move forward. */
  now?: () => number;
};

export type RouteEntry = {
  method: string;
  url: string;
  isPublic: boolean;
  /** Honours the Idempotency-Key header (server/idempotency.ts). */
  idempotent: boolean;
  /** The route's response schemas by status code, as declared. */
  responses: Record<string, unknown>;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, so tests can check each one is guarded. */
    routeTable: RouteEntry[];
    /** Calendar sync runs; tests wait on it to settle. */
    calendarSync: CalendarSync;
    reminders: ReminderScheduler;
  }
}

const BODY_LIMIT = 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Builds the whole HTTP application without listening, so tests drive it through inject(). */
export async function buildApp({ config, db, logStream, networkForTests, now }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            // Requests are logged by method and URL only; these never reach a log line.
            redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password"],
            ...(logStream ? { stream: logStream } : {}),
          },
    // One line per request, at a level that fits it (server/request-log.ts).
    logController: new RequestLog({ slowRequestMs: config.slowRequestMs }),
    bodyLimit: BODY_LIMIT,
    // Slow or stalled clients cannot hold a connection (docs/decisions/009-fault-handling.md).
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    trustProxy: config.trustProxy,
    // Path parameters of our routes are short ids; a long one is noise or an attack.
    routerOptions: { maxParamLength: 200 },
  });
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      routeTable.push({
        method,
        url: route.url,
        isPublic: route.config?.public === true,
        idempotent: route.config?.idempotent === true,
        responses,
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodJsonSerializerCompiler);
  registerErrorHandling(app);

  // JSON only: plain text bodies are refused (415). An empty JSON body is accepted as "no body":
  // the spec's client posts delete-all with a JSON content type and nothing else.
  app.removeContentTypeParser("text/plain");
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    defaultJson(request, text, done);
  });

  await app.register(cookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix's scroll lock injects a <style> element; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest (docs/decisions/029-installable-offline.md).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies ? undefined : false,
  });
  registerRequestLimit(app, {
    max: config.rateLimitPerMinute,
    counts: shareRateLimitCounts(app, { db, now }),
    refusal: (_request, retryAfterMs) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(retryAfterMs / 1000)} seconds and try again.`,
    }),
  });

  // Answers of 1 KB or more (JSON, the calendar file) go out as br or gzip when the client takes
  // them. The web app's files and HTML are compressed once, not here (server/static-files.ts).
  // Request bodies are not decompressed: no client sends them compressed.
  // Up to 64 KB they are compressed in one synchronous call, cheaper than a zlib stream each.
  // Brotli at quality 4 (the plugin's choice for on-the-fly work) with a 1 MB window instead of
  // 4 MB: the same bytes for answers of this size, a third less CPU to set up.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 20 } },
    globalDecompression: false,
  });
  // After compression is registered: it keeps the compressed bytes of unchanged lists.
  const wholeLists = registerWholeListAnswers(app);

  // State-changing requests from another site are refused: with SameSite=Lax cookies this closes
  // the remaining cross-site request forgery paths (sibling subdomains, old browsers).
  // Hooks on every request take a callback rather than returning a promise: one less promise and
  // microtask turn per request each (docs/decisions/018-lean-serving.md).
  const crossSite = () => new AppError("FORBIDDEN", "Cross-site requests are not allowed");
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") return done(crossSite());
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== "null") {
      if (origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) return done(crossSite());
    } else if (origin === "null") {
      return done(crossSite());
    }
    done();
  });

  registerSessionAuth(app, config, db);
  // API answers are per user and change with every write: no browser or proxy may keep them.
  const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isApiRequest(request)) {
      const current = reply.getHeader("cache-control");
      if (current === undefined || !NO_STORE.test(String(current))) reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: "Daily Compass API", version: "1.0.0" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "dc_session" } } },
    },
    transform: withPageHeaders(openApiTransform),
  });

  // Before the routes: it adds its hooks to each route that creates records as it is registered.
  registerIdempotency(app, { db, keep: config.keep.idempotencyKeys, now });
  const guard = new SignInGuard({ config, db, throttle: new LoginThrottle({ db, now }) });
  registerAuthRoutes(app, { config, db, guard });
  registerSessionRoutes(app, { config, db });
  registerTwoFactorRoutes(app, { config, db, guard });
  const oidc = registerOidcRoutes(app, { config, db, guard });
  const routines = new Routines(db, now);
  registerTaskRoutes(app, { db, now, wholeLists, routines, keep: config.keep });
  registerQuickWinRoutes(app, { db, wholeLists, routines, keep: config.keep });
  registerWelcomeRoutes(app, { db, now });
  const calendar = new CalendarSync({ config, db, log: app.log, networkForTests });
  app.decorate("calendarSync", calendar);
  registerThoughtRoutes(app, { db, keep: config.keep, onEventCreated: (userId) => calendar.trigger(userId) });
  registerProjectRoutes(app, { db, keep: config.keep });
  registerCalendarRoutes(app, { config, db, calendar });
  registerEventRoutes(app, { db, routines, keep: config.keep, onChange: (userId) => calendar.trigger(userId) });
  app.addHook("onReady", async () => calendar.start());
  app.addHook("onClose", async () => calendar.stop());
  registerSettingsRoutes(app, { db, keep: config.keep, onZoneChange: (userId) => routines.forget(userId) });
  app.decorate("reminders", registerReminderRoutes(app, { config, db, routines, now, networkForTests }));
  registerFocusRoutes(app, { db, now: now ?? Date.now, keep: config.keep });
  const assistant = registerAiRoutes(app, { config, db });
  registerDataRoutes(app, { db, routines, keep: config.keep, onDeleteAll: (userId) => assistant.forgetUser(userId) });
  registerAccountDeletion(app, {
    config,
    db,
    guard,
    calendar,
    forgetUser: (userId) => {
      assistant.forgetUser(userId);
      routines.forget(userId);
      calendar.forget(userId);
      wholeLists.forgetUser(userId);
    },
  });

  // Health answers are tiny and asked for often by probes: never compressed, no work spent on it.
  app.get("/api/health", { config: { public: true }, compress: false, schema: { hide: true } }, async () => ({
    ok: true,
  }));
  // Readiness, unlike liveness above, asks the database: 503 while it cannot answer.
  app.get("/api/health/ready", { config: { public: true }, compress: false, schema: { hide: true } }, async () => {
    await checkDatabase(db);
    return { ok: true };
  });
  app.get("/api/docs/json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  app.get(
    "/api/config",
    { config: { public: true }, schema: { tags: ["meta"], response: { 200: publicConfig } } },
    async () => ({
      legal: config.legal,
      oidcEnabled: oidc.enabled,
    }),
  );
  registerWebApp(app, config);
  return app;
}

/**
 * Unknown API paths answer JSON 404. When the web app is built, its files are served as they are
 * (server/static-files.ts: precompressed, source maps never) and any other page path gets the HTML
 * server/web-pages.ts chooses (index.html or a prerendered public page); a missing file (under
 * /assets/, or a source map) is a 404, not a page.
 */
function registerWebApp(app: FastifyInstance, config: Config): void {
  const index = config.webDist ? path.join(config.webDist, "index.html") : undefined;
  const html = index && fs.existsSync(index) ? fs.readFileSync(index) : undefined;
  const pages = html ? webPages(config, html) : undefined;
  if (html && config.webDist) {
    // index.html and the prerendered pages are sent by web-pages.ts, never as files.
    registerStaticFiles(app, config.webDist, {
      skip: (file) => file === "/index.html" || file.startsWith(`/${PRERENDERED_DIR}/`),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage =
      !pathname.startsWith("/api/") && !isFilePath(pathname) && (request.method === "GET" || request.method === "HEAD");
    if (pages && isPage) return pages.send(request, reply);
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}`, code: "NOT_FOUND" });
  });
}
