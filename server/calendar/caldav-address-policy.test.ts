/**
 * A CalDAV server a user names cannot turn the app's server against the operator: every request
 * goes to a checked public address, redirects to another origin are refused, and hosts named in
 * discovery are checked like the typed one.
 *
 * 127.0.0.1 stands in for the public internet (a seam only tests can set); 127.0.0.2 is what it
 * is, loopback, and plays the operator's internal service. Radicale sits behind a small https
 * proxy on 127.0.0.1 (a certificate made for the run, trusted through the same seam) that can
 * answer chosen requests with a redirect or a made-up discovery answer. A public server is reached
 * only over https: Radicale also sits behind plain http on 127.0.0.1, which nothing may reach,
 * and on 127.0.0.2, a LAN server the operator's allowance lets through.
 */
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Resolver } from "../net/public-fetch.ts";
import { startRadicale, type TestRadicale } from "../testing/radicale.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { makeTestCertificate, type TestCertificate } from "../testing/test-certificate.ts";
import { saveConnection } from "./service.ts";

type Seen = { method: string; url: string; authorization?: string };
type Listener = { url: string; port: number; seen: Seen[]; close: () => Promise<void> };
type Rule = (
  req: http.IncomingMessage,
) => { status: number; headers?: Record<string, string>; body?: string } | undefined;

/** A server that notes every request; over https with `tls`, plain http without. */
async function listen(
  host: string,
  port: number,
  handler: http.RequestListener,
  tls?: TestCertificate,
): Promise<Listener> {
  const seen: Seen[] = [];
  const noted: http.RequestListener = (req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization });
    handler(req, res);
  };
  const server = tls ? https.createServer(tls, noted) : http.createServer(noted);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? "https" : "http"}://${host}:${actual}`,
    port: actual,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const tls = makeTestCertificate(["calendar.test", "p42-calendars.test", "intranet.test"]);
let dav: TestRadicale;
let davPort: number;
let proxy: Listener;
let elsewhere: Listener;
let thief: Listener;
let internal: Listener;
let clear: Listener;
let lan: Listener;
let rules: Rule[] = [];
const names: Record<string, string> = {};
const asked: string[] = [];

const resolve: Resolver = async (host) => {
  asked.push(host);
  const address = names[host];
  if (!address) throw Object.assign(new Error(`no such host ${host}`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};
const networkForTests = { resolve, treatAsPublic: (address: string) => address === "127.0.0.1", ca: tls.cert };

let strict: TestApp;
let lenient: TestApp;

/** Passes a request on to Radicale as it came. */
const toRadicale: http.RequestListener = (req, res) => {
  const upstream = http.request(
    { host: "127.0.0.1", port: davPort, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  req.pipe(upstream);
};

beforeAll(async () => {
  dav = await startRadicale();
  davPort = Number(new URL(dav.url).port);
  proxy = await listen(
    "127.0.0.1",
    0,
    (req, res) => {
      for (const rule of rules) {
        const answer = rule(req);
        if (answer) {
          req.resume();
          res.writeHead(answer.status, answer.headers).end(answer.body);
          return;
        }
      }
      toRadicale(req, res);
    },
    tls,
  );
  // Another public host serving the same account, as iCloud serves calendars from another host.
  elsewhere = await listen("127.0.0.1", 0, toRadicale, tls);
  // Another origin that would gladly collect credentials.
  thief = await listen("127.0.0.1", 0, (_req, res) => res.writeHead(200).end("thanks"), tls);
  // The operator's internal service, on the proxy's port so only the address differs.
  internal = await listen("127.0.0.2", proxy.port, (_req, res) => res.writeHead(200).end("internal"));
  // The same calendars over plain http: on a "public" address, and on a LAN address.
  clear = await listen("127.0.0.1", 0, toRadicale);
  lan = await listen("127.0.0.2", 0, toRadicale);
  strict = await createTestApp({}, { networkForTests });
  lenient = await createTestApp({ CALDAV_ALLOW_PRIVATE_NETWORK: "true" }, { networkForTests });
});
afterAll(async () => {
  await Promise.all([strict?.close(), lenient?.close()]);
  await Promise.all([
    proxy?.close(),
    elsewhere?.close(),
    thief?.close(),
    internal?.close(),
    clear?.close(),
    lan?.close(),
    dav?.close(),
  ]);
});
afterEach(() => {
  rules = [];
  clear.seen.length = 0;
  lan.seen.length = 0;
  asked.length = 0;
  for (const key of Object.keys(names)) delete names[key];
});

type User = { cookie: string; userId: number };
const api = (t: TestApp, user: User, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const connect = (t: TestApp, user: User, serverUrl: string, calendarUrl?: string) =>
  api(t, user, "POST", "/api/caldav/connect", {
    serverUrl,
    username: dav.username,
    password: dav.password,
    ...(calendarUrl ? { calendarUrl } : {}),
  });
async function sync(t: TestApp, user: User) {
  await t.app.calendarSync.idle();
  return api(t, user, "POST", "/api/google/sync");
}

const multistatus = (href: string, prop: string) =>
  `<?xml version="1.0" encoding="utf-8"?><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>${href}</href><propstat><prop>${prop}</prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`;
const xml = (body: string) => ({ status: 207, headers: { "content-type": "application/xml; charset=utf-8" }, body });
const when = (method: string, path: RegExp, depth?: string) => (req: http.IncomingMessage) =>
  req.method === method && path.test(req.url ?? "") && (depth === undefined || req.headers.depth === depth);
const redirect =
  (match: (req: http.IncomingMessage) => boolean, status = 301): Rule =>
  (req) =>
    match(req) ? { status, headers: { location: `${thief.url}/collect/` } } : undefined;

const ics = (uid: string, summary: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Other client//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    "DTSTART:20260601T160000Z",
    "DTEND:20260601T170000Z",
    `SUMMARY:${summary}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

/** Where discovery names another host: the step that names it, and its answer naming `host`. */
const HOSTS_NAMED_IN_DISCOVERY = [
  [
    "a principal",
    when("PROPFIND", /^\/$/, "0"),
    (host: string) => multistatus("/", `<current-user-principal><href>${host}/alice/</href></current-user-principal>`),
  ],
  [
    "a calendar home",
    when("PROPFIND", /^\/alice\/$/, "0"),
    (host: string) => multistatus("/alice/", `<C:calendar-home-set><href>${host}/alice/</href></C:calendar-home-set>`),
  ],
] as const;

describe("CalDAV connections stay on checked public addresses", () => {
  it("connects through a public address with the strict policy", async () => {
    const calendarUrl = await dav.makeCalendar(`plain${Date.now()}`);
    const user = await strict.signUp();
    const res = await connect(strict, user, proxy.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().calendarUrl).toBe(calendarUrl.replace(dav.url, proxy.url));
    expect((await sync(strict, user)).statusCode).toBe(200);
  });

  it("does not follow a discovery redirect to another origin and sends it nothing", async () => {
    const calendarUrl = await dav.makeCalendar(`wellknown${Date.now()}`);
    // Only the well-known address points away: the typed address itself still works.
    rules = [redirect(when("PROPFIND", /^\/\.well-known\/caldav/)), redirect(when("GET", /^\/\.well-known\/caldav/))];
    const user = await strict.signUp();
    const res = await connect(strict, user, proxy.url, calendarUrl.replace(dav.url, proxy.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(thief.seen).toEqual([]);
  });

  it.each([
    ["every request", when("PROPFIND", /.*/)],
    ["the current-user-principal lookup", when("PROPFIND", /^\/$/, "0")],
    ["the calendar-home-set lookup", when("PROPFIND", /^\/alice\/$/, "0")],
    ["the calendar listing", when("PROPFIND", /^\/alice\/$/, "1")],
  ])(
    "refuses a redirect to another origin on %s, with or without the operator's LAN allowance",
    async (_step, match) => {
      for (const t of [strict, lenient]) {
        for (const status of [301, 302, 307, 308]) {
          rules = [redirect(match, status)];
          const user = await t.signUp();
          const res = await connect(t, user, proxy.url);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().message).toBe(
            `serverUrl: The server redirected to ${thief.url}; enter that address instead`,
          );
          expect((await api(t, user, "GET", "/api/caldav/status")).json().connected).toBe(false);
        }
      }
      expect(thief.seen).toEqual([]);
    },
  );

  it.each(HOSTS_NAMED_IN_DISCOVERY)(
    "refuses discovery that names %s on a private address and sends it nothing",
    async (_what, match, answer) => {
      names["intranet.test"] = "127.0.0.2";
      for (const host of [`https://intranet.test:${proxy.port}`, `http://127.0.0.2:${proxy.port}`]) {
        rules = [(req) => (match(req) ? xml(answer(host)) : undefined)];
        const user = await strict.signUp();
        const res = await connect(strict, user, proxy.url);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(
          "serverUrl: This server only connects to calendars on public internet addresses",
        );
      }
      expect(internal.seen).toEqual([]);
    },
  );

  it("uses a calendar home the server names on another public host (as iCloud does)", async () => {
    const calendarUrl = await dav.makeCalendar(`elsewhere${Date.now()}`);
    names["p42-calendars.test"] = "127.0.0.1";
    const home = `https://p42-calendars.test:${elsewhere.port}/alice/`;
    rules = [
      (req) =>
        when("PROPFIND", /^\/alice\/$/, "0")(req)
          ? xml(multistatus("/alice/", `<C:calendar-home-set><href>${home}</href></C:calendar-home-set>`))
          : undefined,
    ];
    const user = await strict.signUp();
    const res = await connect(strict, user, proxy.url, calendarUrl.replace(dav.url, proxy.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(asked).toContain("p42-calendars.test");
    expect(elsewhere.seen.length).toBeGreaterThan(0);
  });

  it.each([
    ["PUT", "a new event is written"],
    ["GET", "an edited event is read before it is written"],
    ["DELETE", "a deleted event is removed"],
  ])("refuses a redirect to another origin on %s when %s, and says why", async (method) => {
    for (const t of [strict, lenient]) {
      const calendarUrl = await dav.makeCalendar(`objects${method}${Date.now()}`);
      await dav.request(`${calendarUrl}existing.ics`, {
        method: "PUT",
        headers: { "content-type": "text/calendar" },
        body: ics("existing", "Yoga"),
      });
      const user = await t.signUp();
      expect((await connect(t, user, proxy.url, calendarUrl.replace(dav.url, proxy.url))).statusCode).toBe(200);
      expect((await sync(t, user)).statusCode).toBe(200);
      const [pulled] = (await api(t, user, "GET", "/api/events")).json();
      expect(pulled.title).toBe("Yoga");
      await t.app.calendarSync.idle();

      rules = [redirect(when(method, /\.ics$/), 302)];
      if (method === "PUT") {
        await api(t, user, "POST", "/api/events", {
          title: "New",
          date: "2026-06-02",
          startTime: "09:00",
          duration: 30,
        });
      } else if (method === "GET") {
        await api(t, user, "PUT", `/api/events/${pulled.id}`, { title: "Yoga (longer)", duration: 90 });
      } else {
        await api(t, user, "DELETE", `/api/events/${pulled.id}`);
      }
      const res = await sync(t, user);
      const message = `The calendar server redirected to ${thief.url}. Connect again with that address.`;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await api(t, user, "GET", "/api/caldav/status")).json()).toMatchObject({
        connected: true,
        lastError: message,
      });
      rules = [];
    }
    expect(thief.seen).toEqual([]);
  });

  it("stops syncing when the calendar's name comes to point at a private address", async () => {
    const calendarUrl = await dav.makeCalendar(`moved${Date.now()}`);
    names["calendar.test"] = "127.0.0.1";
    const viaName = (url: string) => url.replace(dav.url, `https://calendar.test:${proxy.port}`);
    const user = await strict.signUp();
    const res = await connect(strict, user, `https://calendar.test:${proxy.port}`, viaName(calendarUrl));
    expect(res.statusCode, res.body).toBe(200);
    expect((await sync(strict, user)).statusCode).toBe(200);

    names["calendar.test"] = "127.0.0.2";
    const refused = await sync(strict, user);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      "The calendar server is not on a public internet address, so it cannot be synced.",
    );
    expect(internal.seen).toEqual([]);
  });
});

describe("a CalDAV server on the public internet is reached only over https", () => {
  const plainHttp =
    "serverUrl: Use an https:// address: this server is on the public internet, and http would send your password and events unencrypted";

  it("refuses a plain http address on the public internet, typed or by name, with or without the LAN allowance, and sends it nothing", async () => {
    names["calendar.test"] = "127.0.0.1";
    for (const t of [strict, lenient]) {
      for (const serverUrl of [clear.url, `${clear.url}/alice/`, `http://calendar.test:${clear.port}`]) {
        const user = await t.signUp();
        const res = await connect(t, user, serverUrl);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(plainHttp);
        expect((await api(t, user, "GET", "/api/caldav/status")).json()).toMatchObject({
          connected: false,
          serverUrl: null,
        });
      }
    }
    expect(clear.seen).toEqual([]);
  });

  it("keeps plain http working for a server on the LAN when the operator allows private networks", async () => {
    const calendarUrl = await dav.makeCalendar(`lan${Date.now()}`);
    const onLan = calendarUrl.replace(dav.url, lan.url);
    const user = await lenient.signUp();
    const res = await connect(lenient, user, lan.url, onLan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().calendarUrl).toBe(onLan);
    expect((await sync(lenient, user)).statusCode).toBe(200);
    expect(lan.seen.length).toBeGreaterThan(0);

    // Without the allowance it is what it always was: not a public address.
    const other = await strict.signUp();
    const refused = await connect(strict, other, lan.url);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      "serverUrl: This server only connects to calendars on public internet addresses",
    );
  });

  it.each(HOSTS_NAMED_IN_DISCOVERY)(
    "refuses discovery that names %s over plain http on the public internet and sends it nothing",
    async (_what, match, answer) => {
      names["p42-calendars.test"] = "127.0.0.1";
      for (const t of [strict, lenient]) {
        for (const host of [`http://p42-calendars.test:${clear.port}`, clear.url]) {
          rules = [(req) => (match(req) ? xml(answer(host)) : undefined)];
          const user = await t.signUp();
          const res = await connect(t, user, proxy.url);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().message).toBe(
            `serverUrl: The server named ${host} for your calendar, which is plain http on the public internet and would send your password and events unencrypted`,
          );
          expect((await api(t, user, "GET", "/api/caldav/status")).json().connected).toBe(false);
        }
      }
      expect(clear.seen).toEqual([]);
    },
  );

  it("refuses a redirect from https to http during discovery, to the same host or another, and sends it nothing", async () => {
    for (const t of [strict, lenient]) {
      for (const target of [`http://127.0.0.1:${proxy.port}`, clear.url, lan.url]) {
        rules = [
          (req) =>
            when("PROPFIND", /.*/)(req) ? { status: 301, headers: { location: `${target}/alice/` } } : undefined,
        ];
        const user = await t.signUp();
        const res = await connect(t, user, proxy.url);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(
          `serverUrl: The server redirected to ${target}, which is unencrypted http; only https addresses are followed`,
        );
        expect((await api(t, user, "GET", "/api/caldav/status")).json().connected).toBe(false);
      }
    }
    expect(clear.seen).toEqual([]);
    expect(lan.seen).toEqual([]);
  });

  it("stops syncing a connection kept from before over plain http on the public internet, and says why", async () => {
    const message =
      "The calendar server is reached over http, which would send your password unencrypted. Connect again with its https:// address.";
    for (const t of [strict, lenient]) {
      const calendarUrl = await dav.makeCalendar(`kept${Date.now()}`);
      const user = await t.signUp();
      await saveConnection(t.handle.db, t.app.calendarSync.box, {
        userId: user.userId,
        provider: "caldav",
        calendarId: calendarUrl.replace(dav.url, clear.url),
        serverUrl: clear.url,
        username: dav.username,
        secret: dav.password,
      });
      const res = await sync(t, user);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await api(t, user, "GET", "/api/caldav/status")).json()).toMatchObject({
        connected: true,
        lastError: message,
        lastSyncedAt: null,
      });
    }
    expect(clear.seen).toEqual([]);
  });

  it("stops syncing when the server starts redirecting to plain http, and says why", async () => {
    const calendarUrl = await dav.makeCalendar(`downgraded${Date.now()}`);
    const user = await strict.signUp();
    expect((await connect(strict, user, proxy.url, calendarUrl.replace(dav.url, proxy.url))).statusCode).toBe(200);
    expect((await sync(strict, user)).statusCode).toBe(200);

    rules = [
      (req) =>
        req.url?.startsWith(new URL(calendarUrl).pathname)
          ? { status: 308, headers: { location: `${clear.url}${req.url}` } }
          : undefined,
    ];
    const res = await sync(strict, user);
    const message = `The calendar server redirected to ${clear.url}, which would send your password unencrypted, so it cannot be synced.`;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await api(strict, user, "GET", "/api/caldav/status")).json()).toMatchObject({
      connected: true,
      lastError: message,
    });
    expect(clear.seen).toEqual([]);
  });
});
