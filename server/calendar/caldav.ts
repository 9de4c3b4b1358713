/**
 * CalDAV (RFC 4791) as a sync provider: discovery and calendar-query through tsdav, objects
 * read and written with plain HTTP so the conditional headers (If-None-Match, If-Match) are
 * exactly ours. One object per event, named `<id>.ics`. CalDAV servers differ in sync-token
 * support, so every pull reads the calendar's etags in full and skips what did not change.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { createDAVClient, type DAVCalendar, fetchCalendarObjects } from "tsdav";
import { eventToIcs, parseIcsEvent, patchIcs } from "./ics.ts";
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

export class PrivateAddressError extends Error {}

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
] as const) {
  privateRanges.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["::ffff:0:0", 96],
] as const) {
  privateRanges.addSubnet(net, prefix, "ipv6");
}

/**
 * Refuses server URLs that resolve to this machine or a private network: the server makes the
 * requests, so a user could otherwise probe the operator's internal services. Self-hosters with
 * a CalDAV server on their LAN allow it with CALDAV_ALLOW_PRIVATE_NETWORK.
 */
export async function assertPublicAddress(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  for (const a of addresses) {
    if (privateRanges.check(a.address, a.family === 6 ? "ipv6" : "ipv4")) {
      throw new PrivateAddressError(`${host} is a private or local address`);
    }
  }
}

const basic = (c: CaldavCredentials) =>
  `Basic ${Buffer.from(`${c.username}:${c.password}`, "utf8").toString("base64")}`;

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

/** The calendars an account offers for events; throws RemoteAuthError on refused credentials. */
export async function discoverCalendars(creds: CaldavCredentials): Promise<{ url: string; name: string }[]> {
  let client: Awaited<ReturnType<typeof createDAVClient>>;
  try {
    client = await createDAVClient({
      serverUrl: creds.serverUrl,
      credentials: { username: creds.username, password: creds.password },
      authMethod: "Basic",
      defaultAccountType: "caldav",
    });
  } catch (err) {
    if (/401|403|unauthori[sz]ed|forbidden/i.test(String((err as Error).message))) {
      throw new RemoteAuthError("The CalDAV server refused the user name or password");
    }
    throw err;
  }
  const calendars = await client.fetchCalendars();
  return calendars
    .filter((c) => !c.components || c.components.includes("VEVENT"))
    .map((c) => ({ url: c.url, name: typeof c.displayName === "string" ? c.displayName : c.url }));
}

export function caldavProvider(opts: CaldavCredentials & { calendarUrl: string; timeZone: string }): CalendarProvider {
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

  async function etagOf(remoteId: string, res: Response): Promise<{ etag: string; updated: string | null }> {
    const etag = res.headers.get("etag");
    await res.body?.cancel();
    if (etag) return { etag, updated: new Date().toISOString() };
    const current = await get(remoteId);
    if (!current || current.deleted) throw new RemoteMissing(remoteId);
    return { etag: current.etag, updated: current.updated };
  }

  async function get(remoteId: string): Promise<RemoteEvent | undefined> {
    const res = await fetch(objectUrl(remoteId), { headers: auth, signal: AbortSignal.timeout(30_000) });
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
      signal: AbortSignal.timeout(30_000),
    });

  return {
    async pull() {
      let objects: Awaited<ReturnType<typeof fetchCalendarObjects>>;
      try {
        objects = await fetchCalendarObjects({ calendar, headers: auth });
      } catch (err) {
        if (/401|403/.test(String((err as Error).message))) throw new RemoteAuthError("CalDAV refused the credentials");
        throw err;
      }
      const changes: RemoteEvent[] = [];
      const unreadable: string[] = [];
      for (const o of objects) {
        const change = typeof o.data === "string" ? toRemote(idOf(o.url), o.etag ?? "", o.data) : undefined;
        if (change) changes.push(change);
        else unreadable.push(idOf(o.url));
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
      // Start from the stored object so its UID and whatever else other clients keep survive.
      const current = await fetch(objectUrl(remoteId), { headers: auth, signal: AbortSignal.timeout(30_000) });
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
      const res = await fetch(objectUrl(remoteId), {
        method: "DELETE",
        headers: auth,
        signal: AbortSignal.timeout(30_000),
      });
      await res.body?.cancel();
      if (res.ok || res.status === 404 || res.status === 410) return;
      check(res, "delete");
    },
  };
}
