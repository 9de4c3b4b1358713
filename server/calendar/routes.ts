import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  CALENDAR_CONNECT_ERRORS,
  type CalendarConnectError,
  calendarConnectErrorToShow,
} from "../../shared/calendar-connect-errors.ts";
import {
  caldavConnected,
  caldavConnectInput,
  caldavStatus,
  calendarStatus,
  calendarSyncSummary,
  googleAuthUrl as googleAuthUrlSchema,
} from "../../shared/schemas.ts";
import { callbackUrl, startFlow, takeFlow } from "../auth/auth-flows.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError, invalidField } from "../errors.ts";
import { listEventsForExport } from "../events/service.ts";
import {
  RefusedAddressError,
  RefusedDowngradeError,
  RefusedPlainHttpError,
  RefusedRedirectError,
} from "../net/public-fetch.ts";
import { getSettings } from "../settings/service.ts";
import { discoverCalendars } from "./caldav.ts";
import { ConsentError, exchangeConsentCode, googleAuthUrl } from "./google-oauth.ts";
import { eventsToIcs } from "./ics.ts";
import { RemoteAuthError } from "./provider.ts";
import { type CalendarSync, disconnect, getConnection, saveConnection } from "./service.ts";

export const GOOGLE_CALLBACK_PATH = "/api/google/callback";

export function registerCalendarRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; calendar: CalendarSync },
): void {
  const { config, db, calendar } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["calendar"];

  const statusOf = async (userId: number, provider: "google" | "caldav") => {
    const conn = await getConnection(db, { userId });
    const mine = conn?.provider === provider ? conn : undefined;
    return {
      connected: mine !== undefined,
      lastSyncedAt: mine?.lastSyncedAt ?? null,
      lastError: mine?.lastError ?? null,
      conn: mine,
    };
  };

  r.get("/api/google/status", { schema: { tags, response: { 200: calendarStatus } } }, async (req) => {
    const { conn: _conn, ...answer } = await statusOf(userIdOf(req), "google");
    return answer;
  });

  r.get("/api/google/auth-url", { schema: { tags, response: { 200: googleAuthUrlSchema } } }, async (req, reply) => {
    if (!config.google.clientId) throw new AppError("BAD_REQUEST", "Google Calendar is not set up on this server.");
    const flow = await startFlow(db, reply, {
      config,
      kind: "google_calendar",
      userId: userIdOf(req),
      redirectUri: callbackUrl(config, req, GOOGLE_CALLBACK_PATH),
      withNonce: false,
    });
    return {
      authUrl: await googleAuthUrl(config, {
        redirectUri: flow.redirectUri,
        state: flow.state,
        codeVerifier: flow.codeVerifier,
      }),
    };
  });

  // Public so that a lost session lands on a readable settings message rather than raw JSON.
  app.get(GOOGLE_CALLBACK_PATH, { config: { public: true }, schema: { tags } }, async (req, reply) => {
    // Only the words the settings page shows (CALENDAR_CONNECT_ERRORS), each of them its own.
    const back = (error?: CalendarConnectError) =>
      reply.redirect(
        error
          ? `/settings?google_error=true&error_message=${encodeURIComponent(error)}`
          : "/settings?google_connected=true",
        302,
      );
    const query = req.query as Record<string, string | undefined>;
    const flow = await takeFlow(db, req, reply, { config, kind: "google_calendar" });
    if (!flow || req.userId === null || flow.userId !== req.userId || query.state !== flow.state) {
      return back(CALENDAR_CONNECT_ERRORS.expired);
    }
    if (query.error || !query.code) {
      return back(
        query.error === "access_denied" ? CALENDAR_CONNECT_ERRORS.denied : CALENDAR_CONNECT_ERRORS.incomplete,
      );
    }
    try {
      const tokens = await exchangeConsentCode(config, {
        callbackUrl: new URL(req.url, flow.redirectUri),
        state: flow.state,
        redirectUri: flow.redirectUri,
        codeVerifier: flow.codeVerifier,
      });
      await saveConnection(db, calendar.box, {
        userId: flow.userId,
        provider: "google",
        calendarId: "primary",
        secret: tokens.refreshToken,
      });
      calendar.rememberAccessToken(flow.userId, tokens.accessToken, tokens.expiresAt);
      calendar.trigger(flow.userId);
      return back();
    } catch (err) {
      if (err instanceof ConsentError || err instanceof AppError) return back(calendarConnectErrorToShow(err.message));
      req.log.warn({ err: { message: (err as Error).message } }, "calendar consent exchange failed");
      return back(CALENDAR_CONNECT_ERRORS.unreachable);
    }
  });

  r.post("/api/google/disconnect", { schema: { tags, response: { 200: calendarStatus } } }, async (req) => {
    await calendar.disconnectGoogle(userIdOf(req));
    return { connected: false, lastSyncedAt: null, lastError: null };
  });

  // Syncs whichever calendar the user connected (the web app calls this for both).
  r.post("/api/google/sync", { schema: { tags, response: { 200: calendarSyncSummary } } }, async (req) => {
    const userId = userIdOf(req);
    if (!(await getConnection(db, { userId }))) throw new AppError("BAD_REQUEST", "No calendar is connected");
    try {
      return { ok: true as const, ...(await calendar.sync(userId)) };
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log.warn({ err: { message: (err as Error).message }, userId }, "calendar sync failed");
      throw new AppError("INTERNAL", "Failed to sync with the calendar. It will be retried.");
    }
  });

  r.get(
    "/api/caldav/status",
    {
      schema: {
        tags,
        response: { 200: caldavStatus },
      },
    },
    async (req) => {
      const { conn, ...answer } = await statusOf(userIdOf(req), "caldav");
      return {
        ...answer,
        serverUrl: conn?.serverUrl ?? null,
        username: conn?.username ?? null,
        calendarUrl: conn?.calendarId ?? null,
      };
    },
  );

  r.post(
    "/api/caldav/connect",
    {
      schema: {
        tags,
        body: caldavConnectInput,
        response: { 200: caldavConnected },
      },
    },
    async (req) => {
      const userId = userIdOf(req);
      const { serverUrl, username, password } = req.body;
      let calendars: { url: string; name: string }[];
      try {
        // The typed address is judged before anything, credentials included, is sent to it.
        await calendar.caldavFetch.check(serverUrl).catch((err) => {
          if (err instanceof RefusedAddressError || err instanceof RefusedPlainHttpError) throw err;
          // A name that does not resolve: discovery says so in its own words.
        });
        calendars = await discoverCalendars(calendar.caldavFetch.fetch, { serverUrl, username, password });
      } catch (err) {
        if (err instanceof RefusedAddressError) {
          throw invalidField("serverUrl", "This server only connects to calendars on public internet addresses");
        }
        if (err instanceof RefusedPlainHttpError) {
          throw invalidField(
            "serverUrl",
            err.origin === new URL(serverUrl).origin
              ? "Use an https:// address: this server is on the public internet, and http would send your password and events unencrypted"
              : `The server named ${err.origin} for your calendar, which is plain http on the public internet and would send your password and events unencrypted`,
          );
        }
        if (err instanceof RefusedDowngradeError) {
          throw invalidField(
            "serverUrl",
            `The server redirected to ${err.target}, which is unencrypted http; only https addresses are followed`,
          );
        }
        if (err instanceof RefusedRedirectError) {
          throw invalidField("serverUrl", `The server redirected to ${err.target}; enter that address instead`);
        }
        if (err instanceof RemoteAuthError)
          throw invalidField("password", "The server refused this user name or password");
        req.log.warn({ err: { message: (err as Error).message } }, "CalDAV discovery failed");
        throw invalidField("serverUrl", "No CalDAV calendar was found at this address");
      }
      const wanted = req.body.calendarUrl;
      const chosen = wanted ? calendars.find((c) => c.url === wanted || c.url === `${wanted}/`) : calendars[0];
      if (!chosen)
        throw wanted
          ? invalidField("calendarUrl", "Not a calendar of this account")
          : invalidField("serverUrl", "This account has no calendar for events");
      await saveConnection(db, calendar.box, {
        userId,
        provider: "caldav",
        calendarId: chosen.url,
        serverUrl,
        username,
        secret: password,
      });
      calendar.trigger(userId);
      return { connected: true as const, calendarUrl: chosen.url, calendarName: chosen.name };
    },
  );

  r.post("/api/caldav/disconnect", { schema: { tags, response: { 200: calendarStatus } } }, async (req) => {
    await disconnect(db, { userId: userIdOf(req), provider: "caldav" });
    return { connected: false, lastSyncedAt: null, lastError: null };
  });

  r.get("/api/events.ics", { schema: { tags: ["events"] } }, async (req, reply) => {
    const userId = userIdOf(req);
    const [rows, settings] = await Promise.all([listEventsForExport(db, { userId }), getSettings(db, { userId })]);
    const body = eventsToIcs(
      rows.map((e) => ({
        uid: e.google_id ?? `event-${e.id}@daily-compass`,
        title: e.title,
        description: e.description,
        location: e.location,
        date: e.date,
        startTime: e.start_time,
        duration: e.duration,
        updatedAt: e.updated_at,
      })),
      settings.timeZone,
      "Daily Compass",
    );
    return reply
      .type("text/calendar; charset=utf-8")
      .header("content-disposition", 'attachment; filename="daily-compass.ics"')
      .header("cache-control", "no-store")
      .send(body);
  });
}
