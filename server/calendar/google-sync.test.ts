import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { updateEvent } from "../events/service.ts";
import { type FakeGoogle, startFakeGoogle } from "../testing/fake-google-calendar.ts";
import { consentToGoogle, googleSettings } from "../testing/google-consent.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

const PUBLIC_URL = "http://127.0.0.1:4998";

let g: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  g = await startFakeGoogle();
  t = await createTestApp({ PUBLIC_URL, ...googleSettings(g) });
  t.app.calendarSync.retry = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 };
});
afterAll(async () => {
  await t?.close();
  await g?.close();
});
afterEach(async () => {
  await t.app.calendarSync.idle();
  g.events.clear();
});

type User = { cookie: string; userId: number };

const api = (user: User, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function connect(timeZone = "UTC"): Promise<User> {
  const user = await t.signUp();
  expect((await api(user, "PUT", "/api/settings", { timeZone })).statusCode).toBe(200);
  return consent(user);
}

async function consent(user: User): Promise<User> {
  await consentToGoogle(t, g, user.cookie);
  return user;
}

async function sync(user: User) {
  await t.app.calendarSync.idle();
  const res = await api(user, "POST", "/api/google/sync");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const localEvents = async (user: User) => (await api(user, "GET", "/api/events")).json() as Record<string, unknown>[];
const timed = (summary: string, start: string, end: string) => ({
  summary,
  start: { dateTime: start, timeZone: "UTC" },
  end: { dateTime: end, timeZone: "UTC" },
});

describe("Google Calendar connection", () => {
  it("asks for calendar events with offline access and a state bound to the user", async () => {
    const user = await t.signUp();
    expect((await api(user, "GET", "/api/google/status")).json()).toMatchObject({ connected: false });
    const res = await api(user, "GET", "/api/google/auth-url");
    const url = new URL(res.json().authUrl);
    expect(url.origin + url.pathname).toBe(`${g.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/calendar.events");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("include_granted_scopes")).toBe("true");
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/google/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")?.length).toBeGreaterThan(20);
  });

  it("stores the refresh token encrypted and reports the connection", async () => {
    const user = await connect();
    expect((await api(user, "GET", "/api/google/status")).json()).toMatchObject({ connected: true });
    const secret = await t.handle.db
      .selectFrom("user_secrets")
      .select(["ciphertext"])
      .where("user_id", "=", user.userId)
      .where("kind", "=", "google_refresh")
      .executeTakeFirstOrThrow();
    expect(secret.ciphertext).not.toContain("rt-");
    expect(secret.ciphertext).toMatch(/^v1\./);
  });

  it("refuses a callback with another user's or a forged state", async () => {
    const victim = await t.signUp();
    const attacker = await t.signUp();
    const start = await api(attacker, "GET", "/api/google/auth-url");
    const authUrl = new URL(start.json().authUrl);
    const flow = start.cookies.find((c) => c.name.endsWith("dc_flow_google_calendar"));
    const code = g.approve(authUrl.href);
    // The attacker's consent link opened in the victim's browser (no flow cookie there).
    const res = await t.app.inject({
      method: "GET",
      url: `/api/google/callback?code=${code}&state=${authUrl.searchParams.get("state")}`,
      headers: { cookie: victim.cookie },
    });
    expect(res.headers.location).toMatch(/^\/settings\?google_error=true&error_message=/);
    expect((await api(victim, "GET", "/api/google/status")).json().connected).toBe(false);
    // Right browser, forged state.
    const forged = await t.app.inject({
      method: "GET",
      url: `/api/google/callback?code=${code}&state=forged`,
      headers: { cookie: `${attacker.cookie}; ${flow?.name}=${flow?.value}` },
    });
    expect(forged.headers.location).toMatch(/google_error=true/);
    expect((await api(attacker, "GET", "/api/google/status")).json().connected).toBe(false);
  });

  it("reports a refused consent with a readable message", async () => {
    const user = await t.signUp();
    const start = await api(user, "GET", "/api/google/auth-url");
    const authUrl = new URL(start.json().authUrl);
    const flow = start.cookies.find((c) => c.name.endsWith("dc_flow_google_calendar"));
    const code = g.approve(authUrl.href, { scope: "openid" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/google/callback?code=${code}&state=${authUrl.searchParams.get("state")}`,
      headers: { cookie: `${user.cookie}; ${flow?.name}=${flow?.value}` },
    });
    const location = new URL(res.headers.location as string, PUBLIC_URL);
    expect(location.searchParams.get("google_error")).toBe("true");
    expect(location.searchParams.get("error_message")).toBe("Access to your calendar events was not granted.");
  });

  it("disconnects, revokes the grant, and refuses to sync without a connection", async () => {
    const user = await connect();
    const before = g.refreshTokens.size;
    expect((await api(user, "POST", "/api/google/disconnect")).json().connected).toBe(false);
    expect(g.refreshTokens.size).toBe(before - 1);
    expect(g.requests.some((r) => r.path === "/revoke")).toBe(true);
    const secrets = await t.handle.db
      .selectFrom("user_secrets")
      .select("kind")
      .where("user_id", "=", user.userId)
      .execute();
    expect(secrets).toEqual([]);
    expect((await api(user, "GET", "/api/google/status")).json().connected).toBe(false);
    const res = await api(user, "POST", "/api/google/sync");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("No calendar is connected");
  });

  it("drops the connection when Google revokes access", async () => {
    const user = await connect();
    g.revokeRefreshTokens();
    const res = await api(user, "POST", "/api/google/sync");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/connect it again/);
    expect((await api(user, "GET", "/api/google/status")).json().connected).toBe(false);
  });
});

describe("two-way sync", () => {
  it("pulls remote events, including recurring instances and all-day events", async () => {
    const user = await connect("Europe/Berlin");
    g.remoteCreate(timed("Dentist", "2026-06-01T08:00:00Z", "2026-06-01T08:45:00Z"));
    g.remoteCreate({ summary: "Holiday", start: { date: "2026-06-02" }, end: { date: "2026-06-03" } });
    g.remoteCreate({
      ...timed("Standup", "2026-06-03T07:00:00Z", "2026-06-03T07:15:00Z"),
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    });
    const summary = await sync(user);
    expect(summary.pulled.created).toBe(5);
    const events = await localEvents(user);
    expect(events.find((e) => e.title === "Dentist")).toMatchObject({
      date: "2026-06-01",
      startTime: "10:00",
      duration: 45,
      category: "Google Calendar",
    });
    expect(events.find((e) => e.title === "Holiday")).toMatchObject({ date: "2026-06-02", duration: 1440 });
    const standups = events.filter((e) => e.title === "Standup");
    expect(standups.map((e) => e.date)).toEqual(["2026-06-03", "2026-06-04", "2026-06-05"]);
    expect(standups.every((e) => e.startTime === "09:00")).toBe(true);
    const list = g.requests.filter((r) => r.method === "GET" && r.path.endsWith("/events")).at(-1);
    expect(list?.query.get("singleEvents")).toBe("true");
  });

  it("keeps another app's recurring series one occurrence at a time: no repeat rule here, scope or not", async () => {
    const user = await connect("Europe/Berlin");
    g.remoteCreate({
      ...timed("Standup", "2026-06-03T07:00:00Z", "2026-06-03T07:15:00Z"),
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    });
    await sync(user);
    const [first] = (await localEvents(user)) as Array<{ id: number; repeat: string | null }>;
    expect(first?.repeat).toBeNull();
    const refused = await api(user, "PUT", `/api/events/${first?.id}`, { repeat: "FREQ=DAILY" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: "repeat" });
    expect(refused.json().message).toMatch(/another calendar app/);
    // Deleting it with scope=all deletes that one occurrence, as before.
    expect((await api(user, "DELETE", `/api/events/${first?.id}?scope=all`)).statusCode).toBe(204);
    await sync(user);
    const left = await localEvents(user);
    expect(left.map((e) => e.date)).toEqual(["2026-06-04", "2026-06-05"]);
    expect(left.every((e) => e.repeat === null)).toBe(true);
  });

  it("pushes local creates, edits and deletes in the user's time zone under ids it chose", async () => {
    const user = await connect("America/Los_Angeles");
    const created = (
      await api(user, "POST", "/api/events", {
        title: "Team lunch",
        date: "2026-03-08",
        startTime: "12:30",
        duration: 90,
        location: "Cafe",
        description: "bring notes",
      })
    ).json();
    await sync(user);
    const [remote] = g.live();
    expect(remote.id).toMatch(/^[a-v0-9]{26}$/);
    expect(remote).toMatchObject({
      summary: "Team lunch",
      location: "Cafe",
      description: "bring notes",
      start: { dateTime: "2026-03-08T12:30:00-07:00", timeZone: "America/Los_Angeles" },
      end: { dateTime: "2026-03-08T14:00:00-07:00", timeZone: "America/Los_Angeles" },
      reminders: { useDefault: true },
    });
    const local = (await localEvents(user)).find((e) => e.id === created.id);
    expect(local?.googleId).toBe(remote.id);

    await api(user, "PUT", `/api/events/${created.id}`, { title: "Team lunch (moved)", duration: 1440 });
    await sync(user);
    expect(g.live()[0]).toMatchObject({
      summary: "Team lunch (moved)",
      start: { date: "2026-03-08" },
      end: { date: "2026-03-09" },
    });
    expect(g.live()[0].start).not.toHaveProperty("dateTime");
    const patch = g.requests.filter((r) => r.method === "PATCH").at(-1);
    expect(patch?.headers["if-match"]).toBeTruthy();

    await api(user, "DELETE", `/api/events/${created.id}`);
    await sync(user);
    expect(g.live()).toHaveLength(0);
    await sync(user);
    expect(await localEvents(user)).toHaveLength(0);
  });

  it("pushes a repeating event's occurrences as events of their own, at one wall-clock time on both sides of DST", async () => {
    const user = await connect("America/Los_Angeles");
    // Monday 26 October 2026 is in PDT; the occurrences from today on (after 1 November) in PST.
    const first = (
      await api(user, "POST", "/api/events", {
        title: "Swim",
        date: "2026-10-26",
        startTime: "07:15",
        duration: 45,
        repeat: "FREQ=WEEKLY;BYDAY=MO",
      })
    ).json();
    expect(first).toMatchObject({ date: "2026-10-26", repeat: "FREQ=WEEKLY;BYDAY=MO" });
    await sync(user);
    const local = await localEvents(user);
    expect(local.length).toBeGreaterThanOrEqual(8);
    const remote = g.live().sort((a, b) => String(a.start?.dateTime).localeCompare(String(b.start?.dateTime)));
    expect(remote.map((e) => e.start?.dateTime?.slice(0, 10))).toEqual(local.map((e) => e.date));
    // Los Angeles' offset on a day, at noon UTC (well clear of the 2 a.m. change).
    const offsetOn = (date: string) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", timeZoneName: "longOffset" })
        .formatToParts(new Date(`${date}T12:00:00Z`))
        .find((p) => p.type === "timeZoneName")
        ?.value.replace("GMT", "");
    for (const e of remote) {
      expect(e.summary).toBe("Swim");
      const date = String(e.start?.dateTime).slice(0, 10);
      expect(e.start?.dateTime).toBe(`${date}T07:15:00${offsetOn(date)}`);
      expect(e.start?.timeZone).toBe("America/Los_Angeles");
      expect(e).not.toHaveProperty("recurrence");
    }
    expect(remote[0]?.start?.dateTime).toBe("2026-10-26T07:15:00-07:00");
    // A second sync pushes nothing again.
    g.requests.length = 0;
    await sync(user);
    expect(g.requests.filter((r) => ["PATCH", "PUT", "POST"].includes(r.method))).toHaveLength(0);

    // "All of them" from the second one: only the first stays, here and at Google.
    const second = local[1] as { id: number };
    expect((await api(user, "DELETE", `/api/events/${second.id}?scope=all`)).statusCode).toBe(204);
    await sync(user);
    expect(g.live().map((e) => e.start?.dateTime)).toEqual(["2026-10-26T07:15:00-07:00"]);
    expect((await localEvents(user)).map((e) => e.date)).toEqual(["2026-10-26"]);
  });

  it("connecting the same calendar again neither duplicates nor rewrites events", async () => {
    const user = await connect();
    g.remoteCreate(timed("Remote one", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    await api(user, "POST", "/api/events", {
      title: "Local one",
      date: "2026-05-02",
      startTime: "09:00",
      duration: 60,
    });
    await sync(user);
    expect(g.live()).toHaveLength(2);
    g.requests.length = 0;
    await consent(user);
    await sync(user);
    expect(g.live()).toHaveLength(2);
    expect((await localEvents(user)).map((e) => e.title).sort()).toEqual(["Local one", "Remote one"]);
    expect(
      g.requests.filter((r) => ["PATCH", "PUT", "POST"].includes(r.method) && r.path.includes("/events")),
    ).toHaveLength(0);
  });

  it("applies remote edits and deletions", async () => {
    const user = await connect();
    const a = g.remoteCreate(timed("A", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    const b = g.remoteCreate(timed("B", "2026-05-02T09:00:00Z", "2026-05-02T10:00:00Z"));
    await sync(user);
    g.remoteUpdate(a.id, { summary: "A renamed", start: { dateTime: "2026-05-01T11:00:00Z" } });
    g.remoteDelete(b.id);
    const summary = await sync(user);
    expect(summary.full).toBe(false);
    const events = await localEvents(user);
    expect(events.map((e) => [e.title, e.startTime])).toEqual([["A renamed", "11:00"]]);
  });

  it("never brings back a local deletion, even when the event was edited remotely meanwhile", async () => {
    const user = await connect();
    const a = g.remoteCreate(timed("Keep away", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    await sync(user);
    const [local] = await localEvents(user);
    await t.app.calendarSync.idle();
    g.fail(4, 503); // the push of the deletion fails for now
    await t.app.inject({ method: "DELETE", url: `/api/events/${local.id}`, headers: { cookie: user.cookie } });
    await t.app.calendarSync.idle();
    g.remoteUpdate(a.id, { summary: "Edited elsewhere" });
    await sync(user);
    expect(await localEvents(user)).toHaveLength(0);
    expect(g.live()).toHaveLength(0);
  });

  it("re-syncs fully after 410 without duplicates and drops what was deleted meanwhile", async () => {
    const user = await connect();
    const a = g.remoteCreate(timed("A", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    const b = g.remoteCreate(timed("B", "2026-05-02T09:00:00Z", "2026-05-02T10:00:00Z"));
    await sync(user);
    g.remoteDelete(b.id);
    g.remoteCreate(timed("C", "2026-05-03T09:00:00Z", "2026-05-03T10:00:00Z"));
    g.expireSyncTokens();
    const summary = await sync(user);
    expect(summary.full).toBe(true);
    expect(g.requests.some((r) => r.query.get("syncToken") && r.method === "GET")).toBe(true);
    const titles = (await localEvents(user)).map((e) => e.title).sort();
    expect(titles).toEqual(["A", "C"]);
    expect((await localEvents(user)).find((e) => e.title === "A")?.googleId).toBe(a.id);
  });

  it("resolves a 412 by newest edit: a newer local edit overwrites, a newer remote edit is kept", async () => {
    const user = await connect();
    const a = g.remoteCreate(timed("A", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    const b = g.remoteCreate(timed("B", "2026-05-02T09:00:00Z", "2026-05-02T10:00:00Z"));
    await sync(user);
    const events = await localEvents(user);
    const localA = events.find((e) => e.title === "A");
    const localB = events.find((e) => e.title === "B");
    // A: remote edit first, local edit later → local wins.
    g.remoteUpdate(a.id, { summary: "A remote" });
    await new Promise((r) => setTimeout(r, 5));
    await t.handle.db
      .updateTable("events")
      .set({ title: "A local", sync_pending: 1, updated_at: new Date().toISOString() })
      .where("id", "=", localA?.id as number)
      .execute();
    // B: local edit first, remote edit later → remote wins.
    await t.handle.db
      .updateTable("events")
      .set({ title: "B local", sync_pending: 1, updated_at: new Date().toISOString() })
      .where("id", "=", localB?.id as number)
      .execute();
    await new Promise((r) => setTimeout(r, 5));
    g.remoteUpdate(b.id, { summary: "B remote" });
    // Push before pulling, as a push racing a remote edit would: the stale etag gets 412.
    await t.handle.db
      .updateTable("calendar_connections")
      .set({ sync_token: null })
      .where("user_id", "=", user.userId)
      .execute();
    g.expireSyncTokens();
    await sync(user);
    expect(
      g
        .live()
        .map((e) => e.summary)
        .sort(),
    ).toEqual(["A local", "B remote"]);
    expect((await localEvents(user)).map((e) => e.title).sort()).toEqual(["A local", "B remote"]);
  });

  it("answers 412 conflicts on push by refetching", async () => {
    const user = await connect();
    const a = g.remoteCreate(timed("A", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    await sync(user);
    const [local] = await localEvents(user);
    // Through the service: no sync may run between this edit and the change behind our back.
    await updateEvent(t.handle.db, { userId: user.userId, id: local.id as number, input: { title: "A newest" } });
    // The remote copy changed after our last pull but before our push; its timestamp is older.
    const stored = g.events.get(a.id);
    if (stored) stored.event.etag = '"changed-behind-our-back"';
    await sync(user);
    expect(g.requests.some((r) => r.method === "GET" && r.path.endsWith(`/events/${a.id}`))).toBe(true);
    expect(g.live().map((e) => e.summary)).toEqual(["A newest"]);
  });

  it("does not duplicate an insert whose response was lost (retried insert meets 409)", async () => {
    const user = await connect();
    await t.app.calendarSync.idle();
    await t.handle.db
      .insertInto("events")
      .values({
        user_id: user.userId,
        title: "Once only",
        description: null,
        location: null,
        date: "2026-05-01",
        start_time: "09:00",
        duration: 30,
        category: null,
        google_id: null,
        google_calendar_id: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        sync_pending: 1,
      })
      .execute();
    g.fail(1, 503, { afterWrite: true });
    await sync(user);
    expect(g.live().filter((e) => e.summary === "Once only")).toHaveLength(1);
    expect(g.requests.filter((r) => r.method === "POST").length).toBeGreaterThanOrEqual(2);
    await sync(user);
    expect(await localEvents(user)).toHaveLength(1);
  });

  it("backs off and recovers from 429 and 5xx", async () => {
    const user = await connect();
    g.remoteCreate(timed("A", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    g.fail(2, 429);
    g.fail(1, 500);
    await sync(user);
    expect((await localEvents(user)).map((e) => e.title)).toEqual(["A"]);
    // More failures than the retry budget: the sync fails, nothing is lost, the next one completes.
    g.fail(10, 503);
    const failed = await api(user, "POST", "/api/google/sync");
    expect(failed.statusCode).toBe(500);
    expect((await api(user, "GET", "/api/google/status")).json().lastError).toBeTruthy();
    // The remaining injected faults drain within a few more attempts.
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
      status = (await api(user, "POST", "/api/google/sync")).statusCode;
    }
    expect(status).toBe(200);
    expect((await localEvents(user)).map((e) => e.title)).toEqual(["A"]);
  });

  it("syncs a 5,000-event calendar, then an unchanged incremental sync takes one request", async () => {
    const user = await connect();
    for (let i = 0; i < 5000; i++) {
      const day = String((i % 28) + 1).padStart(2, "0");
      g.remoteCreate(timed(`Event ${i}`, `2026-07-${day}T09:00:00Z`, `2026-07-${day}T09:30:00Z`));
    }
    g.requests.length = 0;
    const summary = await sync(user);
    expect(summary.pulled.created).toBe(5000);
    const pages = g.requests.filter((r) => r.method === "GET");
    expect(pages.length).toBe(2);
    expect(pages[1].query.get("pageToken")).toBeTruthy();
    const count = await t.handle.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5000);
    g.requests.length = 0;
    const again = await sync(user);
    expect(again).toMatchObject({ full: false, pulled: { created: 0, updated: 0, deleted: 0 } });
    expect(g.requests).toHaveLength(1);
    expect(g.requests[0].query.get("syncToken")).toBeTruthy();
  }, 60_000);

  it("folds a burst of sync requests into one run, and requests during a run into one more", async () => {
    const user = await connect();
    const runs = () => g.requests.filter((r) => r.method === "GET" && r.path.endsWith("/events")).length;
    const service = t.app.calendarSync;

    g.requests.length = 0;
    const burst = Array.from({ length: 6 }, () => service.sync(user.userId));
    await Promise.all(burst);
    expect(runs()).toBe(1);

    g.requests.length = 0;
    const first = service.sync(user.userId);
    // Let the first run start (it then waits on the database and the calendar API).
    await new Promise((resolve) => setImmediate(resolve));
    const during = Array.from({ length: 5 }, () => service.sync(user.userId));
    expect(new Set(during).size).toBe(1);
    await Promise.all([first, ...during]);
    expect(runs()).toBe(2);

    // Through the API, every caller gets an answer and nobody gets a run of their own. Google
    // answers slowly here, so a run lasts longer than the six requests take to arrive, however
    // slow the machine (each one's session check reads the database first).
    g.requests.length = 0;
    g.answerAfter(300);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => api(user, "POST", "/api/google/sync")));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      g.answerAfter(0);
    }
    expect(runs()).toBeLessThan(6);
  });

  it("runs one sync per user at a time across instances (lease)", async () => {
    const user = await connect();
    g.remoteCreate(timed("A", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
    // Another instance holds the lease.
    await t.handle.db
      .updateTable("calendar_connections")
      .set({ lease_owner: "other-instance", lease_until: new Date(Date.now() + 60_000).toISOString() })
      .where("user_id", "=", user.userId)
      .execute();
    g.requests.length = 0;
    const pending = api(user, "POST", "/api/google/sync");
    await new Promise((r) => setTimeout(r, 400));
    expect(g.requests).toHaveLength(0);
    await t.handle.db
      .updateTable("calendar_connections")
      .set({ lease_owner: null, lease_until: null })
      .where("user_id", "=", user.userId)
      .execute();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect((await localEvents(user)).map((e) => e.title)).toEqual(["A"]);
  });
});

describe("background schedule", () => {
  it("serves people side by side: one person's slow calendar does not hold back the next one's sync", async () => {
    const scheduled = await createTestApp({ ...googleSettings(g), CALENDAR_SYNC_INTERVAL_MINUTES: "0.01" });
    try {
      for (let i = 0; i < 3; i++) await consentToGoogle(scheduled, g, (await scheduled.signUp()).cookie);
      // Every calendar now answers slowly, and every person is due at once.
      g.answerAfter(1500);
      await scheduled.app.calendarSync.idle();
      g.requests.length = 0;
      await scheduled.handle.db.updateTable("calendar_connections").set({ next_sync_at: null }).execute();
      const asking = () =>
        new Set(g.requests.map((r) => r.headers.authorization).filter((a) => a?.startsWith("Bearer "))).size;
      for (let i = 0; i < 200 && asking() === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(asking()).toBeGreaterThan(0);
      // One after another, the next person's first request would wait for every slow answer of
      // the first one's sync; side by side, all three are asking within a moment.
      await new Promise((r) => setTimeout(r, 700));
      expect(asking()).toBe(3);
    } finally {
      g.answerAfter(0);
      await scheduled.close();
    }
  });

  it("syncs connected users on its own", async () => {
    const scheduled = await createTestApp({ ...googleSettings(g), CALENDAR_SYNC_INTERVAL_MINUTES: "0.002" });
    try {
      const user = await scheduled.signUp();
      const headers = { cookie: user.cookie };
      await consentToGoogle(scheduled, g, user.cookie);
      g.remoteCreate(timed("Arrives by itself", "2026-05-01T09:00:00Z", "2026-05-01T10:00:00Z"));
      let titles: unknown[] = [];
      for (let i = 0; i < 40 && titles.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        titles = (await scheduled.app.inject({ method: "GET", url: "/api/events", headers }))
          .json()
          .map((e: { title: string }) => e.title);
      }
      expect(titles).toEqual(["Arrives by itself"]);
    } finally {
      await scheduled.close();
    }
  });
});
