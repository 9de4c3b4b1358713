/**
 * CalDAV (RFC 4791) as a sync provider: discovery and calendar-query through tsdav, objects
 * read and written with plain HTTP so the conditional headers (If-None-Match, If-Match) are
 * exactly ours. One object per event, named `<id>.ics`. CalDAV servers differ in sync-token
 * support, so every pull reads the calendar's etags in full and skips what did not change.
 * Every request goes through a PublicFetch: the addresses are the user's, the connections ours.
 */
import { createHash } from "node:crypto";
import type { DAVCalendar, fetchCalendarObjects } from "tsdav";
import {
  type PublicFetch,
  RefusedAddressError,
  RefusedPlainHttpError,
  RefusedRedirectError,
} from "../net/public-fetch.ts";
import {
  eventToIcs,
  expandIcsSeries,
  type IcsOccurrence,
  isIcsSeries,
  parseIcsEvent,
  patchIcs,
  patchIcsOccurrence,
  readIcsOccurrence,
  removeIcsOccurrence,
} from "./ics.ts";
import {
  type CalendarProvider,
  type EventFields,
  RemoteAuthError,
  RemoteChanged,
  type RemoteEvent,
  RemoteExists,
  RemoteMissing,
} from "./provider.ts";

export type CaldavCredentials = { serverUrl: string; username: string; password: string };

/**
 * Recurring series come in as one local event per occurrence, from a quarter back to a year
 * ahead: "<object>@@<recurrence-id>", e.g. "weekly-review@@20260612T150000Z".
 */
const OCCURRENCE_ID = /^(.+)@@(\d{8}(?:T\d{6}Z?)?)$/;
const SERIES_WINDOW_BACK_DAYS = 92;
const SERIES_WINDOW_AHEAD_DAYS = 366;
const SERIES_MAX_OCCURRENCES = 500;
const DAY_MS = 86_400_000;

export function occurrenceId(objectId: string, key: string): string {
  return `${objectId}@@${key}`;
}

/**
 * An occurrence's version: what the app shows of it, so editing one occurrence (which changes the
 * series object's etag) does not make every other occurrence look changed.
 */
const occurrenceEtag = (o: IcsOccurrence) =>
  `occ-${createHash("sha256")
    .update(JSON.stringify([o.key, o.fields]))
    .digest("base64url")
    .slice(0, 22)}`;

const basic = (c: CaldavCredentials) =>
  `Basic ${Buffer.from(`${c.username}:${c.password}`, "utf8").toString("base64")}`;

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

type Fetch = PublicFetch["fetch"];
type Refusal = RefusedAddressError | RefusedRedirectError | RefusedPlainHttpError;
const isRefusal = (err: unknown): err is Refusal =>
  err instanceof RefusedAddressError || err instanceof RefusedRedirectError || err instanceof RefusedPlainHttpError;
/** tsdav types its fetch option as the global fetch. */
const asDavFetch = (f: Fetch) => f as typeof globalThis.fetch;

/**
 * The calendars an account offers for events; throws RemoteAuthError on refused credentials and
 * the PublicFetch errors when the server, a host it names or a redirect is not allowed (plain
 * http to a public address among them).
 */
export async function discoverCalendars(
  fetch: Fetch,
  creds: CaldavCredentials,
): Promise<{ url: string; name: string }[]> {
  // tsdav goes on with the typed address when a discovery step fails, so a refusal on the way
  // is kept and reported if nothing else works.
  let refused: Refusal | undefined;
  const watched: Fetch = async (url, init) => {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (isRefusal(err)) refused ??= err;
      throw err;
    }
  };
  try {
    // tsdav (and its XML parser) is loaded when a CalDAV server is first asked: not at start.
    const { createDAVClient } = await import("tsdav");
    const client = await createDAVClient({
      serverUrl: creds.serverUrl,
      credentials: { username: creds.username, password: creds.password },
      authMethod: "Basic",
      defaultAccountType: "caldav",
      fetch: asDavFetch(watched),
    });
    const calendars = await client.fetchCalendars();
    return calendars
      .filter((c) => !c.components || c.components.includes("VEVENT"))
      .map((c) => ({ url: c.url, name: typeof c.displayName === "string" ? c.displayName : c.url }));
  } catch (err) {
    if (isRefusal(err)) throw err;
    if (/\b40[13]\b|unauthori[sz]ed|forbidden/i.test(String((err as Error).message))) {
      throw new RemoteAuthError("The CalDAV server refused the user name or password");
    }
    throw refused ?? err;
  }
}

export function caldavProvider(
  opts: CaldavCredentials & { calendarUrl: string; timeZone: string; fetch: Fetch },
): CalendarProvider {
  const { fetch } = opts;
  const calendar: DAVCalendar = { url: withSlash(opts.calendarUrl) };
  const auth = { authorization: basic(opts) };
  const objectUrl = (remoteId: string) => new URL(`${encodeURIComponent(remoteId)}.ics`, calendar.url).href;
  const idOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "").replace(/\.ics$/i, "");

  const check = (res: Response, what: string) => {
    if (res.status === 401 || res.status === 403)
      throw new RemoteAuthError("The CalDAV server refused the credentials");
    if (!res.ok) throw new Error(`CalDAV ${what} failed (${res.status})`);
  };

  const toRemote = (remoteId: string, etag: string, data: string): RemoteEvent | undefined => {
    const parsed = parseIcsEvent(data, opts.timeZone);
    if (!parsed) return undefined;
    return { remoteId, deleted: false, etag, updated: parsed.updated, fields: parsed.fields };
  };
  const occurrenceToRemote = (objectId: string, o: IcsOccurrence): RemoteEvent => ({
    remoteId: occurrenceId(objectId, o.key),
    deleted: false,
    etag: occurrenceEtag(o),
    updated: o.updated,
    fields: o.fields,
  });

  /** The series object an occurrence id names, read fresh; undefined when it is gone. */
  async function readObject(objectId: string): Promise<{ etag: string; text: string } | undefined> {
    const res = await fetch(objectUrl(objectId), { headers: auth });
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      return undefined;
    }
    check(res, "read");
    return { etag: res.headers.get("etag") ?? "", text: await res.text() };
  }

  /**
   * Rewrites a series object under If-Match of the version just read, again from the top when
   * another client wrote in between; `change` answers the new text, or undefined when there is
   * nothing to write.
   */
  async function rewriteSeries(
    objectId: string,
    change: (text: string) => string | undefined,
  ): Promise<string | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await readObject(objectId);
      if (!current) return undefined;
      const body = change(current.text);
      if (body === undefined) return undefined;
      const res = await fetch(objectUrl(objectId), {
        method: "PUT",
        headers: {
          ...auth,
          "content-type": "text/calendar; charset=utf-8",
          ...(current.etag ? { "if-match": current.etag } : {}),
        },
        body,
      });
      await res.body?.cancel();
      if (res.status === 412) continue;
      check(res, "update");
      return body;
    }
    throw new Error("CalDAV series kept changing while it was being written");
  }

  async function etagOf(remoteId: string, res: Response): Promise<{ etag: string; updated: string | null }> {
    const etag = res.headers.get("etag");
    await res.body?.cancel();
    if (etag) return { etag, updated: new Date().toISOString() };
    const current = await get(remoteId);
    if (!current || current.deleted) throw new RemoteMissing(remoteId);
    return { etag: current.etag, updated: current.updated };
  }

  async function get(remoteId: string): Promise<RemoteEvent | undefined> {
    const occurrence = OCCURRENCE_ID.exec(remoteId);
    if (occurrence) {
      const [, objectId, key] = occurrence;
      const current = await readObject(objectId);
      const found = current && readIcsOccurrence(current.text, key, opts.timeZone);
      return found ? occurrenceToRemote(objectId, found) : undefined;
    }
    const res = await fetch(objectUrl(remoteId), { headers: auth });
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      return undefined;
    }
    check(res, "read");
    return toRemote(remoteId, res.headers.get("etag") ?? "", await res.text());
  }

  const put = (remoteId: string, fields: EventFields, headers: Record<string, string>, body?: string) =>
    fetch(objectUrl(remoteId), {
      method: "PUT",
      headers: { ...auth, "content-type": "text/calendar; charset=utf-8", ...headers },
      body: body ?? eventToIcs(remoteId, fields, opts.timeZone),
    });

  return {
    async pull() {
      let objects: Awaited<ReturnType<typeof fetchCalendarObjects>>;
      try {
        const { fetchCalendarObjects } = await import("tsdav");
        objects = await fetchCalendarObjects({ calendar, headers: auth, fetch: asDavFetch(fetch) });
      } catch (err) {
        if (isRefusal(err)) throw err;
        if (/\b40[13]\b/.test(String((err as Error).message)))
          throw new RemoteAuthError("CalDAV refused the credentials");
        throw err;
      }
      const changes: RemoteEvent[] = [];
      const unreadable: string[] = [];
      const now = Date.now();
      const window = {
        from: new Date(now - SERIES_WINDOW_BACK_DAYS * DAY_MS),
        to: new Date(now + SERIES_WINDOW_AHEAD_DAYS * DAY_MS),
        limit: SERIES_MAX_OCCURRENCES,
      };
      for (const o of objects) {
        const objectId = idOf(o.url);
        if (typeof o.data === "string" && isIcsSeries(o.data)) {
          const occurrences = expandIcsSeries(o.data, opts.timeZone, window);
          if (occurrences) changes.push(...occurrences.map((x) => occurrenceToRemote(objectId, x)));
          else unreadable.push(`${objectId}@@`);
          continue;
        }
        const change = typeof o.data === "string" ? toRemote(objectId, o.etag ?? "", o.data) : undefined;
        if (change) changes.push(change);
        else unreadable.push(objectId);
      }
      return { changes, full: true, syncToken: null, unreadable };
    },
    get,
    async insert(remoteId, fields) {
      const res = await put(remoteId, fields, { "if-none-match": "*" });
      if (res.status === 412) {
        await res.body?.cancel();
        throw new RemoteExists(remoteId);
      }
      check(res, "create");
      return etagOf(remoteId, res);
    },
    async update(remoteId, etag, fields) {
      const occurrence = OCCURRENCE_ID.exec(remoteId);
      if (occurrence) {
        const [, objectId, key] = occurrence;
        let changed = false;
        const written = await rewriteSeries(objectId, (text) => {
          const now = readIcsOccurrence(text, key, opts.timeZone);
          if (!now) return undefined;
          if (occurrenceEtag(now) !== etag) {
            changed = true;
            return undefined;
          }
          return patchIcsOccurrence(text, key, fields, opts.timeZone);
        });
        if (changed) throw new RemoteChanged(remoteId);
        const after = written && readIcsOccurrence(written, key, opts.timeZone);
        if (!after) throw new RemoteMissing(remoteId);
        return { etag: occurrenceEtag(after), updated: after.updated };
      }
      // Start from the stored object so its UID and whatever else other clients keep survive.
      const current = await fetch(objectUrl(remoteId), { headers: auth });
      if (current.status === 404 || current.status === 410) {
        await current.body?.cancel();
        throw new RemoteMissing(remoteId);
      }
      check(current, "read");
      const currentEtag = current.headers.get("etag");
      const body = patchIcs(await current.text(), fields, opts.timeZone);
      if (currentEtag && currentEtag !== etag) throw new RemoteChanged(remoteId);
      const res = await put(remoteId, fields, { "if-match": etag }, body);
      if (res.status === 412) {
        await res.body?.cancel();
        // A missing object also fails If-Match; tell the two apart.
        if (!(await get(remoteId))) throw new RemoteMissing(remoteId);
        throw new RemoteChanged(remoteId);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        throw new RemoteMissing(remoteId);
      }
      check(res, "update");
      return etagOf(remoteId, res);
    },
    async remove(remoteId) {
      const occurrence = OCCURRENCE_ID.exec(remoteId);
      if (occurrence) {
        const [, objectId, key] = occurrence;
        await rewriteSeries(objectId, (text) => removeIcsOccurrence(text, key));
        return;
      }
      const res = await fetch(objectUrl(remoteId), {
        method: "DELETE",
        headers: auth,
      });
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) return;
      check(res, "delete");
    },
  };
}
