/**
 * A local stand-in for Google's OAuth token endpoint and Calendar API v3 events collection,
 * following the documented behaviour: paging (maxResults, pageToken), sync tokens with
 * deleted entries on incremental sync, 410 for an expired sync token, 409 for a taken id,
 * 412 for a stale If-Match, patch semantics (null clears a field), singleEvents expansion of a
 * daily RRULE, and injected 429/5xx faults — before or after the write is applied.
 *
 * For browser tests it also serves a consent screen at /auth (Allow or Deny, then back to the
 * redirect URI as Google would) and /control/*, where a test that runs in another process lists
 * the live events or creates one "at Google" (/control/events), injects faults (/control/fail)
 * or revokes every token (/control/revoke).
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeEvent = {
  id: string;
  etag: string;
  status: "confirmed" | "cancelled";
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: Record<string, string>;
  end?: Record<string, string>;
  reminders?: Record<string, unknown>;
  recurrence?: string[];
  recurringEventId?: string;
  [key: string]: unknown;
};

type Stored = { event: FakeEvent; seq: number };
type Fault = { status: number; afterWrite: boolean };
export type LoggedRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders };

const ID_PATTERN = /^[a-v0-9]{5,1024}$/;

export type FakeGoogle = {
  url: string;
  clientId: string;
  clientSecret: string;
  events: Map<string, Stored>;
  requests: LoggedRequest[];
  /** Live (not cancelled) events, as a client listing the calendar would see them. */
  live: () => FakeEvent[];
  /** Simulates the user approving consent at Google: answers the code for the callback. */
  approve: (authUrl: string, opts?: { scope?: string }) => string;
  /** Changes made at Google by another client. */
  remoteCreate: (fields: Partial<FakeEvent>) => FakeEvent;
  remoteUpdate: (id: string, fields: Partial<FakeEvent>) => FakeEvent;
  remoteDelete: (id: string) => void;
  /** Every sync token issued so far stops working (410). */
  expireSyncTokens: () => void;
  /** Every answer from now on comes `ms` late (0: at once), as from a slow network. */
  answerAfter: (ms: number) => void;
  /** The next `count` API calls fail with `status`; afterWrite applies the write first (a lost response). */
  fail: (count: number, status: number, opts?: { afterWrite?: boolean }) => void;
  clearFaults: () => void;
  revokeRefreshTokens: () => void;
  /** Refresh tokens Google still honours. */
  refreshTokens: Set<string>;
  close: () => Promise<void>;
};

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const events = new Map<string, Stored>();
  const requests: LoggedRequest[] = [];
  const faults: Fault[] = [];
  const pages = new Map<string, { items: FakeEvent[]; offset: number; syncToken: string }>();
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  let seq = 0;
  let etagCounter = 0;
  let minTokenSeq = 0;
  const clientId = "fake-google-client";
  const clientSecret = "fake-google-secret";
  let lastUpdated = 0;

  // Strictly increasing modification times, so "newer" is never a tie.
  const stamp = () => {
    lastUpdated = Math.max(Date.now(), lastUpdated + 1);
    return new Date(lastUpdated).toISOString();
  };
  const write = (event: Omit<FakeEvent, "etag" | "updated">): FakeEvent => {
    const stored: FakeEvent = { ...event, etag: `"${++etagCounter}"`, updated: stamp() } as FakeEvent;
    events.set(stored.id, { event: stored, seq: ++seq });
    return stored;
  };
  const newId = () => {
    const alphabet = "0123456789abcdefghijklmnopqrstuv";
    return [...randomBytes(20)].map((b) => alphabet[b & 31]).join("");
  };

  const mergePatch = (target: Record<string, unknown>, patch: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete target[key];
      else if (typeof value === "object" && !Array.isArray(value) && typeof target[key] === "object" && target[key]) {
        const nested = { ...(target[key] as Record<string, unknown>) };
        mergePatch(nested, value as Record<string, unknown>);
        target[key] = nested;
      } else target[key] = value;
    }
    return target;
  };

  const expand = (e: FakeEvent): FakeEvent[] => {
    const rule = e.recurrence?.[0]?.match(/^RRULE:FREQ=DAILY;COUNT=(\d+)$/);
    if (!rule || e.status === "cancelled" || !e.start?.dateTime || !e.end?.dateTime) return [e];
    const out: FakeEvent[] = [];
    const startMs = Date.parse(e.start.dateTime);
    const length = Date.parse(e.end.dateTime) - startMs;
    for (let i = 0; i < Number(rule[1]); i++) {
      const s = new Date(startMs + i * 86_400_000);
      const idSuffix = s
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
      const { recurrence: _r, ...rest } = e;
      out.push({
        ...rest,
        id: `${e.id}_${idSuffix}`,
        recurringEventId: e.id,
        start: { dateTime: s.toISOString(), timeZone: e.start.timeZone ?? "UTC" },
        end: { dateTime: new Date(s.getTime() + length).toISOString(), timeZone: e.end.timeZone ?? "UTC" },
      });
    }
    return out;
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      try {
        handle(req, res, raw);
      } catch (err) {
        send(res, 500, { error: { code: 500, message: String(err) } });
      }
    });
  });
  let answerDelayMs = 0;
  const send = (res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = () => {
      res.writeHead(status, { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (answerDelayMs > 0) setTimeout(answer, answerDelayMs);
    else answer();
  };
  const error = (res: http.ServerResponse, status: number, message: string, reason = "error") =>
    send(res, status, { error: { code: status, message, errors: [{ reason, message }] } });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", "http://x");
    const method = req.method ?? "GET";
    requests.push({ method, path: url.pathname, query: url.searchParams, headers: req.headers });

    if (url.pathname === "/token" && method === "POST") return token(res, new URLSearchParams(raw));
    if (url.pathname === "/auth" && method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(consentPage(url.search));
    }
    if (url.pathname === "/auth" && method === "POST") {
      const form = new URLSearchParams(raw);
      const request = new URL(`/auth${form.get("request") ?? ""}`, "http://x");
      const back = new URL(request.searchParams.get("redirect_uri") ?? "");
      const state = request.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      if (form.get("decision") === "allow") back.searchParams.set("code", approve(request.href));
      else back.searchParams.set("error", "access_denied");
      return send(res, 302, undefined, { location: back.href });
    }
    if (url.pathname === "/control/events" && method === "GET") return send(res, 200, live());
    if (url.pathname === "/control/events" && method === "POST") {
      const fields = JSON.parse(raw || "{}") as Partial<FakeEvent>;
      return send(res, 200, write({ status: "confirmed", ...fields, id: fields.id ?? newId() } as FakeEvent));
    }
    if (url.pathname === "/control/fail" && method === "POST") {
      const { count, status } = JSON.parse(raw || "{}") as { count?: number; status?: number };
      for (let i = 0; i < (count ?? 1); i++) faults.push({ status: status ?? 500, afterWrite: false });
      return send(res, 204);
    }
    if (url.pathname === "/control/revoke" && method === "POST") {
      refreshTokens.clear();
      accessTokens.clear();
      return send(res, 204);
    }
    if (url.pathname === "/revoke" && method === "POST") {
      const revoked = new URLSearchParams(raw).get("token") ?? "";
      if (!refreshTokens.delete(revoked) && !accessTokens.delete(revoked))
        return send(res, 400, { error: "invalid_token" });
      return send(res, 200, {});
    }

    const match = url.pathname.match(/^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/);
    if (!match) return error(res, 404, "Not Found", "notFound");
    const auth = req.headers.authorization?.replace(/^Bearer /, "");
    if (!auth || !accessTokens.has(auth)) return error(res, 401, "Invalid Credentials", "authError");
    const fault = faults.shift();
    if (fault && !fault.afterWrite) {
      return send(
        res,
        fault.status,
        { error: { code: fault.status, message: "injected fault" } },
        { "retry-after": "0" },
      );
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const id = match[2] ? decodeURIComponent(match[2]) : undefined;
    const reply = (status: number, payload?: unknown) => {
      if (fault?.afterWrite) {
        return send(
          res,
          fault.status,
          { error: { code: fault.status, message: "injected fault" } },
          { "retry-after": "0" },
        );
      }
      send(res, status, payload);
    };

    if (!id && method === "GET") return list(res, url.searchParams);
    if (!id && method === "POST") {
      const eventId = typeof body.id === "string" ? body.id : newId();
      if (!ID_PATTERN.test(eventId)) return error(res, 400, "Invalid resource id value.", "invalid");
      if (events.has(eventId)) return error(res, 409, "The requested identifier already exists.", "duplicate");
      const created = write({ ...(body as object), id: eventId, status: "confirmed" } as FakeEvent);
      return reply(200, created);
    }
    const stored = id ? events.get(id) : undefined;
    if (!stored) return error(res, 404, "Not Found", "notFound");
    if (method === "GET") return send(res, 200, stored.event);
    const ifMatch = req.headers["if-match"];
    if (stored.event.status === "cancelled") return error(res, 410, "Resource has been deleted", "deleted");
    if (ifMatch && ifMatch !== stored.event.etag) return error(res, 412, "Precondition Failed", "conditionNotMet");
    if (method === "PATCH") {
      const next = mergePatch(structuredClone(stored.event) as Record<string, unknown>, body) as FakeEvent;
      return reply(200, write({ ...next, id: stored.event.id, status: "confirmed" }));
    }
    if (method === "PUT")
      return reply(200, write({ ...(body as object), id: stored.event.id, status: "confirmed" } as FakeEvent));
    if (method === "DELETE") {
      write({ id: stored.event.id, status: "cancelled" });
      return reply(204);
    }
    return error(res, 405, "Method not allowed");
  }

  const live = () => [...events.values()].map((s) => s.event).filter((e) => e.status !== "cancelled");

  const approve = (authUrl: string, opts: { scope?: string } = {}) => {
    const u = new URL(authUrl);
    const code = `code-${randomBytes(8).toString("hex")}`;
    codes.set(code, {
      challenge: u.searchParams.get("code_challenge") ?? "",
      redirectUri: u.searchParams.get("redirect_uri") ?? "",
      scope: opts.scope ?? u.searchParams.get("scope") ?? "",
    });
    return code;
  };

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const consentPage = (search: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test Google consent</title></head>
<body><main><h1>Daily Compass wants to access your Google Calendar</h1>
<form method="post" action="/auth">
<input type="hidden" name="request" value="${escapeHtml(search)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main></body></html>`;

  function list(res: http.ServerResponse, q: URLSearchParams) {
    const maxResults = Math.min(Number(q.get("maxResults") ?? 250), 2500);
    const pageToken = q.get("pageToken");
    let session = pageToken ? pages.get(pageToken) : undefined;
    if (pageToken && !session) return error(res, 400, "Invalid page token", "invalid");
    if (!session) {
      const syncToken = q.get("syncToken");
      let stored = [...events.values()];
      if (syncToken) {
        const since = Number(syncToken.replace(/^sync-/, ""));
        if (!Number.isInteger(since) || since < minTokenSeq) {
          return error(res, 410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
        }
        // Incremental: everything changed since, deletions included whatever showDeleted says.
        stored = stored.filter((s) => s.seq > since);
      } else if (q.get("showDeleted") !== "true") {
        stored = stored.filter((s) => s.event.status !== "cancelled");
      }
      stored.sort((a, b) => a.seq - b.seq);
      const single = q.get("singleEvents") === "true";
      const items = stored.flatMap((s) => (single ? expand(s.event) : [s.event]));
      session = { items, offset: 0, syncToken: `sync-${seq}` };
    }
    const page = session.items.slice(session.offset, session.offset + maxResults);
    const nextOffset = session.offset + page.length;
    if (nextOffset < session.items.length) {
      const next = randomBytes(8).toString("hex");
      pages.set(next, { ...session, offset: nextOffset });
      return send(res, 200, { kind: "calendar#events", items: page, nextPageToken: next });
    }
    return send(res, 200, { kind: "calendar#events", items: page, nextSyncToken: session.syncToken });
  }

  function token(res: http.ServerResponse, form: URLSearchParams) {
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      return send(res, 401, { error: "invalid_client" });
    }
    const issueAccess = () => {
      const access = `at-${randomBytes(12).toString("hex")}`;
      accessTokens.add(access);
      return access;
    };
    if (form.get("grant_type") === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (!code || code.redirectUri !== form.get("redirect_uri") || code.challenge !== challenge) {
        return send(res, 400, { error: "invalid_grant" });
      }
      const refresh = `rt-${randomBytes(12).toString("hex")}`;
      refreshTokens.add(refresh);
      return send(res, 200, {
        access_token: issueAccess(),
        expires_in: 3599,
        refresh_token: refresh,
        scope: code.scope,
        token_type: "Bearer",
      });
    }
    if (form.get("grant_type") === "refresh_token") {
      if (!refreshTokens.has(form.get("refresh_token") ?? "")) return send(res, 400, { error: "invalid_grant" });
      return send(res, 200, { access_token: issueAccess(), expires_in: 3599, token_type: "Bearer" });
    }
    return send(res, 400, { error: "unsupported_grant_type" });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    events,
    requests,
    live,
    approve,
    remoteCreate: (fields) => write({ status: "confirmed", ...fields, id: fields.id ?? newId() } as FakeEvent),
    remoteUpdate: (id, fields) => {
      const stored = events.get(id);
      if (!stored) throw new Error(`no event ${id}`);
      return write({ ...stored.event, ...fields, id });
    },
    remoteDelete: (id) => {
      const stored = events.get(id);
      if (stored && stored.event.status !== "cancelled") write({ id, status: "cancelled" });
    },
    expireSyncTokens: () => {
      minTokenSeq = seq + 1;
    },
    answerAfter: (ms) => {
      answerDelayMs = ms;
    },
    fail: (count, status, opts = {}) => {
      for (let i = 0; i < count; i++) faults.push({ status, afterWrite: opts.afterWrite ?? false });
    },
    refreshTokens,
    clearFaults: () => {
      faults.length = 0;
    },
    revokeRefreshTokens: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
