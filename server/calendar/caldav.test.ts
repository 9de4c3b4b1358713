import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateEvent } from "../events/service.ts";
import { answerWithoutEnd } from "../testing/endless-answer.ts";
import { startRadicale, type TestRadicale } from "../testing/radicale.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let dav: TestRadicale;
let t: TestApp;
beforeAll(async () => {
  dav = await startRadicale();
  t = await createTestApp({ CALDAV_ALLOW_PRIVATE_NETWORK: "true" });
});
afterAll(async () => {
  await t?.close();
  await dav?.close();
});

type User = { cookie: string; userId: number };
const api = (user: User, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function sync(user: User) {
  await t.app.calendarSync.idle();
  const res = await api(user, "POST", "/api/google/sync");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Connects the user to one calendar of the test server. */
async function connectTo(user: User, calendarUrl: string) {
  const res = await api(user, "POST", "/api/caldav/connect", {
    serverUrl: dav.url,
    username: dav.username,
    password: dav.password,
    calendarUrl,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The calendar's objects as another CalDAV client sees them. */
async function remoteObjects(calendarUrl: string): Promise<Map<string, string>> {
  const res = await dav.request(calendarUrl, {
    method: "PROPFIND",
    headers: { depth: "1", "content-type": "application/xml" },
    body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
  });
  const xml = await res.text();
  const hrefs = [...xml.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map((m) => m[1]);
  const out = new Map<string, string>();
  for (const href of hrefs) out.set(href, await (await dav.request(href)).text());
  return out;
}

const ics = (uid: string, summary: string, start: string, end: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Other client//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `LAST-MODIFIED:${new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "")}`,
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${summary}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

describe("CalDAV", () => {
  it("refuses local and private addresses unless the operator allows them", async () => {
    const strict = await createTestApp();
    try {
      const user = await strict.signUp();
      for (const serverUrl of [dav.url, "http://10.1.2.3/dav", "http://[::1]:8080/"]) {
        const res = await strict.app.inject({
          method: "POST",
          url: "/api/caldav/connect",
          headers: { cookie: user.cookie },
          payload: { serverUrl, username: dav.username, password: dav.password },
        });
        expect(res.statusCode, serverUrl).toBe(400);
        expect(res.json().message).toBe(
          "serverUrl: This server only connects to calendars on public internet addresses",
        );
      }
    } finally {
      await strict.close();
    }
  });

  it("stops reading a server that answers without end, and says so calmly", async () => {
    const calendarUrl = await dav.makeCalendar(`endless${Date.now()}`);
    let endless = false;
    // The test server in front, with its calendar listing turned endless when asked.
    const proxy = http.createServer((req, res) => {
      if (endless && req.method === "REPORT") return answerWithoutEnd(res, 207, "application/xml");
      const target = new URL(req.url ?? "/", dav.url);
      const upstream = http.request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const via = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const user = await t.signUp();
      const connected = await api(user, "POST", "/api/caldav/connect", {
        serverUrl: `${via}/`,
        username: dav.username,
        password: dav.password,
        calendarUrl: calendarUrl.replace(dav.url, via),
      });
      expect(connected.statusCode, connected.body).toBe(200);
      endless = true;
      await t.app.calendarSync.idle();
      const res = await api(user, "POST", "/api/google/sync");
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        "The calendar server sent more than can be read at once (32 MB). Sync is paused until it sends less.",
      );
      expect((await api(user, "GET", "/api/caldav/status")).json()).toMatchObject({ connected: true });
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("refuses a wrong password", async () => {
    const user = await t.signUp();
    const wrong = await api(user, "POST", "/api/caldav/connect", {
      serverUrl: dav.url,
      username: dav.username,
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^password: /);
    expect((await api(user, "GET", "/api/caldav/status")).json().connected).toBe(false);
  });

  it("connects, pulls, pushes, edits and deletes both ways", async () => {
    const calendarUrl = await dav.makeCalendar(`cal${Date.now()}`);
    const user = await t.signUp();
    await api(user, "PUT", "/api/settings", { timeZone: "Europe/Berlin" });
    await dav.request(`${calendarUrl}existing.ics`, {
      method: "PUT",
      headers: { "content-type": "text/calendar" },
      body: ics("existing", "Yoga", "20260601T160000Z", "20260601T170000Z"),
    });

    const res = await api(user, "POST", "/api/caldav/connect", {
      serverUrl: dav.url,
      username: dav.username,
      password: dav.password,
      calendarUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connected: true, calendarUrl });
    const status = (await api(user, "GET", "/api/caldav/status")).json();
    expect(status).toMatchObject({ connected: true, serverUrl: dav.url, username: dav.username, calendarUrl });
    const secret = await t.handle.db
      .selectFrom("user_secrets")
      .select("ciphertext")
      .where("user_id", "=", user.userId)
      .where("kind", "=", "caldav_password")
      .executeTakeFirstOrThrow();
    expect(secret.ciphertext).not.toContain(dav.password);

    // Pull: the existing event arrives in the user's wall clock.
    await sync(user);
    let events = (await api(user, "GET", "/api/events")).json();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      title: "Yoga",
      date: "2026-06-01",
      startTime: "18:00",
      duration: 60,
      googleId: "existing",
    });

    // Push a new local event.
    const created = (
      await api(user, "POST", "/api/events", {
        title: "Call mum",
        date: "2026-06-02",
        startTime: "19:30",
        duration: 30,
      })
    ).json();
    await sync(user);
    let objects = await remoteObjects(calendarUrl);
    expect(objects.size).toBe(2);
    const pushed = [...objects.values()].find((o) => o.includes("SUMMARY:Call mum"));
    expect(pushed).toContain("DTSTART:20260602T173000Z");
    expect(pushed).toContain("DTEND:20260602T180000Z");

    // Edit locally, then at the server.
    await api(user, "PUT", `/api/events/${created.id}`, { title: "Call mum (long)", duration: 90 });
    await sync(user);
    objects = await remoteObjects(calendarUrl);
    expect(
      [...objects.values()].some((o) => o.includes("SUMMARY:Call mum (long)") && o.includes("DTEND:20260602T190000Z")),
    ).toBe(true);
    await dav.request(`${calendarUrl}existing.ics`, {
      method: "PUT",
      headers: { "content-type": "text/calendar" },
      body: ics("existing", "Yoga (moved)", "20260601T170000Z", "20260601T180000Z"),
    });
    await sync(user);
    events = (await api(user, "GET", "/api/events")).json();
    expect(events.find((e: { googleId: string }) => e.googleId === "existing")).toMatchObject({
      title: "Yoga (moved)",
      startTime: "19:00",
    });

    // Delete locally, then at the server.
    await api(user, "DELETE", `/api/events/${created.id}`);
    await sync(user);
    objects = await remoteObjects(calendarUrl);
    expect([...objects.values()].some((o) => o.includes("Call mum"))).toBe(false);
    await dav.request(`${calendarUrl}existing.ics`, { method: "DELETE" });
    await sync(user);
    expect((await api(user, "GET", "/api/events")).json()).toHaveLength(0);

    // A CalDAV connection is not reported as a Google one; disconnecting ends it.
    expect((await api(user, "GET", "/api/google/status")).json().connected).toBe(false);
    expect((await api(user, "POST", "/api/caldav/disconnect")).json().connected).toBe(false);
    expect((await api(user, "GET", "/api/caldav/status")).json().connected).toBe(false);
  });

  it("keeps the newer of two concurrent edits and lets a deletion win over an edit", async () => {
    const calendarUrl = await dav.makeCalendar(`conflict${Date.now()}`);
    const user = await t.signUp();
    await connectTo(user, calendarUrl);
    for (const title of ["First", "Second"]) {
      await api(user, "POST", "/api/events", { title, date: "2026-06-10", startTime: "08:00", duration: 30 });
    }
    await sync(user);
    const local = (await api(user, "GET", "/api/events")).json() as { id: number; title: string; googleId: string }[];
    const first = local.find((e) => e.title === "First");
    const second = local.find((e) => e.title === "Second");
    if (!first || !second) throw new Error("events missing");

    // Edits through the service, so no sync runs before the other side has changed too.
    await t.app.calendarSync.idle();
    // First: edited here, then (later) by another client → the other client's edit is kept.
    await updateEvent(t.handle.db, { userId: user.userId, id: first.id, input: { title: "First (here)" } });
    await new Promise((r) => setTimeout(r, 1100)); // LAST-MODIFIED has whole seconds
    await dav.request(`${calendarUrl}${first.googleId}.ics`, {
      method: "PUT",
      headers: { "content-type": "text/calendar" },
      body: ics(first.googleId, "First (there)", "20260610T060000Z", "20260610T063000Z"),
    });
    // Second: deleted by another client while edited here → stays deleted.
    await updateEvent(t.handle.db, { userId: user.userId, id: second.id, input: { title: "Second (here)" } });
    await dav.request(`${calendarUrl}${second.googleId}.ics`, { method: "DELETE" });
    await sync(user);

    const after = (await api(user, "GET", "/api/events")).json() as { title: string }[];
    expect(after.map((e) => e.title)).toEqual(["First (there)"]);
    const objects = await remoteObjects(calendarUrl);
    expect(objects.size).toBe(1);
    expect([...objects.values()][0]).toContain("SUMMARY:First (there)");
  });

  it("edits another client's event in place, keeping its UID and alarm", async () => {
    const calendarUrl = await dav.makeCalendar(`foreign${Date.now()}`);
    const foreign = ics(
      "3F2A-uid-from-another-app@example.org",
      "Pilates",
      "20260612T070000Z",
      "20260612T080000Z",
    ).replace(
      "END:VEVENT",
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT",
    );
    const put = await dav.request(`${calendarUrl}pilates-object.ics`, {
      method: "PUT",
      headers: { "content-type": "text/calendar" },
      body: foreign,
    });
    expect(put.status).toBe(201);
    const user = await t.signUp();
    await connectTo(user, calendarUrl);
    const series = ics("series-1", "Weekly review", "20260612T150000Z", "20260612T160000Z").replace(
      "SUMMARY:",
      "RRULE:FREQ=WEEKLY;COUNT=4\r\nSUMMARY:",
    );
    await dav.request(`${calendarUrl}series-1.ics`, {
      method: "PUT",
      headers: { "content-type": "text/calendar" },
      body: series,
    });
    await sync(user);
    // That series lies wholly outside the synced window: it brings nothing and is never deleted.
    const imported = (await api(user, "GET", "/api/events")).json();
    expect(imported).toHaveLength(1);
    const [event] = imported;
    expect(event).toMatchObject({ title: "Pilates", googleId: "pilates-object" });
    await api(user, "PUT", `/api/events/${event.id}`, { title: "Pilates (mat)" });
    await sync(user);
    const stored = await (await dav.request(`${calendarUrl}pilates-object.ics`)).text();
    expect(stored).toContain("SUMMARY:Pilates (mat)");
    expect(stored).toContain("UID:3F2A-uid-from-another-app@example.org");
    expect(stored).toContain("TRIGGER:-PT15M");
    expect(stored).toMatch(/SEQUENCE:1/);
    expect(await remoteObjects(calendarUrl)).toHaveProperty("size", 2);
    expect(await (await dav.request(`${calendarUrl}series-1.ics`)).text()).toContain("RRULE:FREQ=WEEKLY;COUNT=4");
  });
  it("brings a recurring series in as occurrences; one edited or deleted here stays one there", async () => {
    const calendarUrl = await dav.makeCalendar(`series${Date.now()}`);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const basic = (date: string, time: string) => `${date.replace(/-/g, "")}T${time}00Z`;
    const first = day(7);
    const series = ics("weekly-review-uid", "Weekly review", basic(first, "1500"), basic(first, "1600")).replace(
      "SUMMARY:",
      "RRULE:FREQ=WEEKLY;COUNT=4\r\nSUMMARY:",
    );
    const objectUrl = `${calendarUrl}weekly-review.ics`;
    expect(
      (await dav.request(objectUrl, { method: "PUT", headers: { "content-type": "text/calendar" }, body: series }))
        .status,
    ).toBe(201);
    const user = await t.signUp();
    await connectTo(user, calendarUrl);
    await sync(user);

    type Ev = { id: number; title: string; date: string; startTime: string; googleId: string };
    const events = async () =>
      ((await api(user, "GET", "/api/events")).json() as Ev[]).sort((a, b) => a.date.localeCompare(b.date));
    const pulled = await events();
    expect(pulled.map((e) => [e.title, e.date, e.startTime])).toEqual(
      [7, 14, 21, 28].map((d) => ["Weekly review", day(d), "15:00"]),
    );
    expect(pulled[0].googleId).toBe(`weekly-review@@${basic(first, "1500")}`);

    // Moving one occurrence here writes an override for it alone.
    await api(user, "PUT", `/api/events/${pulled[1].id}`, { title: "Weekly review (short)", startTime: "16:30" });
    await sync(user);
    let text = await (await dav.request(objectUrl)).text();
    expect(text).toContain("RRULE:FREQ=WEEKLY;COUNT=4");
    expect(text).toContain(`RECURRENCE-ID:${basic(day(14), "1500")}`);
    expect(text).toContain("SUMMARY:Weekly review (short)");

    // Deleting another here leaves an EXDATE, and the next syncs do not bring it back.
    await api(user, "DELETE", `/api/events/${pulled[2].id}`);
    await sync(user);
    text = await (await dav.request(objectUrl)).text();
    expect(text).toContain(`EXDATE:${basic(day(21), "1500")}`);
    await sync(user);
    expect((await events()).map((e) => [e.title, e.date, e.startTime])).toEqual([
      ["Weekly review", day(7), "15:00"],
      ["Weekly review (short)", day(14), "16:30"],
      ["Weekly review", day(28), "15:00"],
    ]);

    // Another client renames the series: the plain occurrences follow, the edited one keeps its own.
    text = await (await dav.request(objectUrl)).text();
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    const renamed = text
      .replace(/SUMMARY:Weekly review\r\n/, "SUMMARY:Team review\r\n")
      .replace(/LAST-MODIFIED:[0-9TZ]+/, `LAST-MODIFIED:${stamp}`);
    expect(renamed).not.toBe(text);
    expect(
      (await dav.request(objectUrl, { method: "PUT", headers: { "content-type": "text/calendar" }, body: renamed })).ok,
    ).toBe(true);
    await sync(user);
    expect((await events()).map((e) => e.title)).toEqual(["Team review", "Weekly review (short)", "Team review"]);
  });
  it("writes a repeating event made here as one object per occurrence; just this one deleted goes from the server", async () => {
    const calendarUrl = await dav.makeCalendar(`ours${Date.now()}`);
    const user = await t.signUp();
    await api(user, "PUT", "/api/settings", { timeZone: "UTC" });
    await connectTo(user, calendarUrl);
    const today = new Date().toISOString().slice(0, 10);
    const made = await api(user, "POST", "/api/events", {
      title: "Piano practice",
      date: today,
      startTime: "18:00",
      duration: 30,
      repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU",
    });
    expect(made.statusCode, made.body).toBe(201);
    await sync(user);
    type Ev = { id: number; date: string; repeat: string | null };
    const local = (await api(user, "GET", "/api/events")).json() as Ev[];
    expect(local).toHaveLength(56);
    let objects = await remoteObjects(calendarUrl);
    expect(objects.size).toBe(56);
    for (const text of objects.values()) {
      expect(text).toContain("SUMMARY:Piano practice");
      expect(text).not.toContain("RRULE");
    }
    // A second sync writes nothing again; deleting just the third takes its object away.
    expect((await sync(user)).pushed).toMatchObject({ created: 0, updated: 0 });
    const third = local[2] as Ev;
    expect((await api(user, "DELETE", `/api/events/${third.id}?scope=this`)).statusCode).toBe(204);
    await sync(user);
    objects = await remoteObjects(calendarUrl);
    expect(objects.size).toBe(55);
    const dates = [...objects.values()].map((text) => /DTSTART[^:]*:(\d{8})/.exec(text)?.[1]);
    expect(dates).not.toContain(third.date.replace(/-/g, ""));
    await sync(user);
    expect(((await api(user, "GET", "/api/events")).json() as Ev[]).map((e) => e.date)).not.toContain(third.date);
  });
});
