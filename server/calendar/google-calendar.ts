/**
 * Google Calendar API v3 over plain fetch (docs/decisions/005-google-calendar-client.md): events
 * list with paging and sync tokens, insert under our own ids, patch with If-Match, delete.
 */
import { fromProviderTimes, type ProviderTimes, toProviderTimes } from "./event-times.ts";
import { DEFAULT_RETRY, fetchWithRetry, ProviderHttpError, type RetryPolicy } from "./http-retry.ts";
import {
  type CalendarProvider,
  type EventFields,
  RemoteAuthError,
  RemoteChanged,
  type RemoteEvent,
  RemoteExists,
  RemoteMissing,
} from "./provider.ts";

export type GoogleEvent = {
  id: string;
  etag?: string;
  status?: string;
  updated?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
};

type GoogleList = { items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string };

export const GOOGLE_PAGE_SIZE = 2500;

/** The section-3 payload, in the user's zone: wall-clock start with that zone's offset and name. */
export function googlePayload(fields: EventFields, timeZone: string): Record<string, unknown> {
  const times = toProviderTimes(fields, timeZone);
  // Explicit nulls clear the other form when an event switches between timed and all-day (patch semantics).
  const when = (date: string | undefined, dateTime: string | undefined) =>
    date ? { date, dateTime: null, timeZone: null } : { date: null, dateTime, timeZone };
  return {
    summary: fields.title,
    location: fields.location,
    description: fields.description,
    start: times.allDay ? when(times.startDate, undefined) : when(undefined, times.start),
    end: times.allDay ? when(times.endDate, undefined) : when(undefined, times.end),
    reminders: { useDefault: true },
  };
}

export function fromGoogleEvent(item: GoogleEvent, timeZone: string): RemoteEvent | undefined {
  if (item.status === "cancelled") return { remoteId: item.id, deleted: true };
  const start = item.start;
  const end = item.end;
  let times: ProviderTimes | undefined;
  if (start?.date) times = { allDay: true, startDate: start.date, endDate: end?.date ?? start.date };
  else if (start?.dateTime) {
    times = { allDay: false, start: start.dateTime, end: end?.dateTime ?? start.dateTime, timeZone };
  }
  if (!times) return undefined;
  const text = (v: string | undefined, max: number) => (v?.trim() ? v.trim().slice(0, max) : null);
  return {
    remoteId: item.id,
    deleted: false,
    etag: item.etag ?? "",
    updated: item.updated ?? null,
    fields: {
      ...fromProviderTimes(times, timeZone),
      title: text(item.summary, 300) ?? "(No title)",
      description: text(item.description, 10_000),
      location: text(item.location, 500),
    },
  };
}

export type GoogleCalendarOptions = {
  apiRoot: string;
  calendarId: string;
  timeZone: string;
  /** A valid access token; `refresh` forces a new one after the provider refused the last. */
  accessToken: (refresh: boolean) => Promise<string>;
  retry?: RetryPolicy;
};

export function googleCalendarProvider(opts: GoogleCalendarOptions): CalendarProvider {
  const base = `${opts.apiRoot}/calendar/v3/calendars/${encodeURIComponent(opts.calendarId)}/events`;
  const retry = opts.retry ?? DEFAULT_RETRY;

  // 403 with a rate-limit reason is Google's other way of saying 429.
  const retryable = async (res: Response) => {
    if ([429, 500, 502, 503, 504].includes(res.status)) return true;
    if (res.status !== 403) return false;
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { error?: { errors?: { reason?: string }[] } };
    return (body.error?.errors ?? []).some((e) => /rateLimitExceeded/.test(e.reason ?? ""));
  };

  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    for (let refreshed = false; ; refreshed = true) {
      const token = await opts.accessToken(refreshed);
      const res = await fetchWithRetry(
        url,
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        retry,
        retryable,
      );
      if (res.status === 401 && !refreshed) {
        await res.body?.cancel();
        continue;
      }
      if (res.status === 401) throw new RemoteAuthError("Google refused the calendar credentials");
      return res;
    }
  }

  const fail = async (res: Response, what: string) => {
    const text = await res.text().catch(() => "");
    let detail = "";
    try {
      detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? "";
    } catch {
      // not JSON
    }
    return new ProviderHttpError(
      res.status,
      `Google Calendar ${what} failed (${res.status})${detail ? `: ${detail}` : ""}`,
    );
  };

  const written = async (res: Response) => {
    const item = (await res.json()) as GoogleEvent;
    return { etag: item.etag ?? "", updated: item.updated ?? null };
  };

  return {
    async pull(syncToken) {
      let token = syncToken;
      for (;;) {
        const changes: RemoteEvent[] = [];
        const unreadable: string[] = [];
        let pageToken: string | undefined;
        let expired = false;
        for (;;) {
          const params = new URLSearchParams({ maxResults: String(GOOGLE_PAGE_SIZE), singleEvents: "true" });
          if (token) params.set("syncToken", token);
          if (pageToken) params.set("pageToken", pageToken);
          const res = await call("GET", `${base}?${params}`);
          if (res.status === 410 && token) {
            // The sync token expired: start over with everything (docs: "full sync required").
            await res.body?.cancel();
            expired = true;
            break;
          }
          if (!res.ok) throw await fail(res, "list");
          const page = (await res.json()) as GoogleList;
          for (const item of page.items ?? []) {
            const change = fromGoogleEvent(item, opts.timeZone);
            if (change) changes.push(change);
            else unreadable.push(item.id);
          }
          if (page.nextPageToken) {
            pageToken = page.nextPageToken;
            continue;
          }
          return { changes, full: token === null, syncToken: page.nextSyncToken ?? null, unreadable };
        }
        if (expired) token = null;
      }
    },

    async get(remoteId) {
      const res = await call("GET", `${base}/${encodeURIComponent(remoteId)}`);
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        return undefined;
      }
      if (!res.ok) throw await fail(res, "get");
      return fromGoogleEvent((await res.json()) as GoogleEvent, opts.timeZone);
    },

    async insert(remoteId, fields) {
      const res = await call("POST", base, { id: remoteId, ...googlePayload(fields, opts.timeZone) });
      if (res.status === 409) {
        await res.body?.cancel();
        throw new RemoteExists(remoteId);
      }
      if (!res.ok) throw await fail(res, "insert");
      return written(res);
    },

    async update(remoteId, etag, fields) {
      const res = await call("PATCH", `${base}/${encodeURIComponent(remoteId)}`, googlePayload(fields, opts.timeZone), {
        "if-match": etag,
      });
      if (res.status === 412) {
        await res.body?.cancel();
        throw new RemoteChanged(remoteId);
      }
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        throw new RemoteMissing(remoteId);
      }
      if (!res.ok) throw await fail(res, "update");
      return written(res);
    },

    async remove(remoteId) {
      // Deletions win over concurrent edits (docs/decisions/004-calendar-sync.md), so no If-Match.
      const res = await call("DELETE", `${base}/${encodeURIComponent(remoteId)}`);
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) return;
      throw await fail(res, "delete");
    },
  };
}
