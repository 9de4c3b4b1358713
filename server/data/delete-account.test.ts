/**
 * Deleting an account (docs/decisions/069-delete-account.md): every row of the person goes, in
 * every table the database has, and nothing of anyone else's. The test walks the database's own
 * list of tables, so a table added later fails it until its rows are seeded here and deleted.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeRecording, multipartBody } from "../ai/fixtures/multipart.ts";
import { type FakeGoogle, startFakeGoogle } from "../testing/fake-google-calendar.ts";
import { consentToGoogle, googleSettings } from "../testing/google-consent.ts";
import { createTestApp, sessionCookie, type TestApp, uniqueName } from "../testing/test-app.ts";

const PUBLIC_URL = "http://127.0.0.1:4997";
const PASSWORD = "correct horse battery";

let g: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  g = await startFakeGoogle();
  t = await createTestApp({ PUBLIC_URL, ...googleSettings(g) });
  t.app.calendarSync.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 };
});
afterAll(async () => {
  await t?.close();
  await g?.close();
});

type Person = { cookie: string; userId: number; username: string };

const call = (cookie: string, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function made(res: LightMyRequestResponse, what: string): Promise<Record<string, unknown>> {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  return res.statusCode === 204 ? {} : res.json();
}

const deleteAccount = (cookie: string, payload: unknown) =>
  t.app.inject({ method: "DELETE", url: "/api/auth/account", headers: { cookie }, payload: payload as object });

/**
 * Tables without a `user_id` column, each with what it holds of a person: nothing (and why), or
 * the table whose rows its own go with. A new table has a `user_id` or is named here.
 */
const WITHOUT_USER_ID: Record<string, { through?: { table: string; column: string } } | { why: string }> = {
  users: { why: "the account itself: its row is checked on its own" },
  project_tasks: { through: { table: "projects", column: "project_id" } },
  task_steps: { through: { table: "tasks", column: "task_id" } },
  login_throttle: { why: "counts of wrong passwords under hashes of an address or a name, gone within the hour" },
  rate_limit_counts: { why: "requests counted per address, not per person" },
  server_keys: { why: "the server's own keys" },
  schema_migrations: { why: "which migrations ran" },
};

/** Every table's columns, read from the database itself (this test's own schema on PostgreSQL). */
async function tables(): Promise<Map<string, string[]>> {
  if (t.handle.dialect === "postgres") {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(t.handle.db);
    const byName = new Map<string, string[]>();
    for (const r of rows.rows) byName.set(r.table_name, [...(byName.get(r.table_name) ?? []), r.column_name]);
    return byName;
  }
  const found = await t.handle.db.introspection.getTables();
  return new Map(found.filter((x) => !x.name.startsWith("sqlite_")).map((x) => [x.name, x.columns.map((c) => c.name)]));
}

/** How many rows of each table belong to the person, directly or through the table they go with. */
async function rowsOf(userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, columns] of await tables()) {
    const rule = WITHOUT_USER_ID[table];
    let query: ReturnType<typeof sql<{ n: number | string }>>;
    if (columns.includes("user_id")) {
      query = sql`select count(*) as n from ${sql.table(table)} where user_id = ${userId}`;
    } else if (rule && "through" in rule && rule.through) {
      const { table: parent, column } = rule.through;
      query = sql`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} in (select id from ${sql.table(parent)} where user_id = ${userId})`;
    } else {
      continue;
    }
    const [row] = (await query.execute(t.handle.db)).rows;
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

const codeFor = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

/**
 * A person who has used everything: a row in every table that holds anything of a person, made
 * through the API where one makes it, and written directly where only time or an outside service
 * would (a reminder already sent, a day of use, a deletion still to tell the calendar about).
 * Signed in on a second device too, and in the middle of a sign-in and a calendar consent.
 */
async function personWithEverything(): Promise<Person & { otherDevice: string }> {
  const person = await t.signUp(uniqueName("gone"), PASSWORD);
  const { cookie, userId } = person;
  const post = async (url: string, payload: unknown) => made(await call(cookie, "POST", url, payload), url);
  const put = async (url: string, payload: unknown) => made(await call(cookie, "PUT", url, payload), url);

  const task = await post("/api/tasks", { title: "Water the plants" });
  await put(`/api/tasks/${task.id}/steps`, { steps: ["Fill the can", "Water"] });
  await made(
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, "idempotency-key": randomUUID() },
      payload: { title: "Sent twice" },
    }),
    "a create with an Idempotency-Key",
  );
  await post("/api/focus-sessions", { taskId: task.id, actualMinutes: 20 });
  await post("/api/quick-wins", { text: "Open the window" });
  await post("/api/thoughts", { content: "Call the dentist" });
  const upload = multipartBody({ keep: "true" }, { type: "audio/webm", data: fakeRecording(256) });
  const recording = await t.app.inject({
    method: "POST",
    url: "/api/ai/transcribe",
    headers: { cookie, ...upload.headers },
    payload: upload.payload,
  });
  expect(recording.statusCode, recording.body).toBe(202);
  await post("/api/projects", { title: "Garden", tasks: [{ id: 1, title: "Dig" }] });
  await post("/api/events", { title: "Lunch", date: "2030-05-01", startTime: "12:00", duration: 60 });
  await post("/api/events", {
    title: "Yoga",
    date: "2030-05-02",
    startTime: "18:00",
    duration: 60,
    repeat: "FREQ=WEEKLY;BYDAY=TH",
  });
  await put("/api/settings", { tone: "coachy", timeZone: "Europe/Berlin" });
  await post("/api/mood", { mood: "Happy", date: "2030-05-01" });
  await put("/api/reminders/settings", { events: false });
  await put("/api/reminders/focus", { endsAt: new Date(Date.now() + 20 * 60_000).toISOString() });
  await post("/api/push/subscriptions", {
    endpoint: `https://push.example.org/${randomUUID()}`,
    keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
  });

  await consentToGoogle(t, g, person.cookie);
  // A second consent started and never finished.
  expect((await call(cookie, "GET", "/api/google/auth-url")).statusCode).toBe(200);

  const setup = await made(await call(cookie, "POST", "/api/auth/2fa/setup"), "two-factor set-up");
  const enabled = await post("/api/auth/2fa/enable", { code: codeFor(String(setup.secret)) });
  // Signed in on another device through both steps, and a sign-in left at its code step.
  const passwordStep = async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: person.username, password: PASSWORD },
    });
    expect(res.json()).toEqual({ twoFactorRequired: true });
    const challenge = res.cookies.find((c) => c.name.endsWith("dc_2fa"));
    return `${challenge?.name}=${challenge?.value}`;
  };
  const signedIn = await t.app.inject({
    method: "POST",
    url: "/api/auth/login/2fa",
    headers: { cookie: await passwordStep() },
    // The authenticator's code was spent on turning it on: a recovery code signs in.
    payload: { code: (enabled.recoveryCodes as string[])[0] },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  await passwordStep();

  const db = t.handle.db;
  const now = new Date().toISOString();
  await db
    .insertInto("push_deliveries")
    .values({ user_id: userId, key: `task:${task.id}:2030-05-01`, due_at: now, status: "sent", created_at: now })
    .execute();
  await db
    .insertInto("days_of_use")
    .values({ user_id: userId, last_day: "2030-05-01", away_since: null })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  await db
    .insertInto("event_tombstones")
    .values({ user_id: userId, remote_id: `remote-${randomUUID()}`, etag: null, created_at: now })
    .execute();
  return { ...person, otherDevice: sessionCookie(signedIn) };
}

describe("deleting an account", () => {
  it("deletes every row of the person in every table, ends their sessions on every device, and leaves another person's alone", async () => {
    const unplaced = [...(await tables())]
      .filter(([name, columns]) => !columns.includes("user_id") && !(name in WITHOUT_USER_ID))
      .map(([name]) => name);
    expect(unplaced, "a table with no user_id: name it in WITHOUT_USER_ID, with what it holds of a person").toEqual([]);
    const gone = await personWithEverything();
    const stays = await personWithEverything();
    await t.app.calendarSync.idle();
    const before = await rowsOf(gone.userId);
    const empty = Object.entries(before).filter(([, n]) => n === 0);
    expect(empty, "every table holding a person's rows has one of this person's: seed it above").toEqual([]);
    const othersBefore = await rowsOf(stays.userId);
    const grantsBefore = g.refreshTokens.size;
    // Both are read once, so each has answers kept in memory.
    expect((await call(gone.cookie, "GET", "/api/tasks")).json()).toHaveLength(2);
    expect((await call(stays.cookie, "GET", "/api/tasks")).json()).toHaveLength(2);

    const res = await deleteAccount(gone.cookie, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = res.cookies.find((c) => c.name.endsWith("dc_session"));
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(res.cookies.find((c) => c.name.endsWith("dc_device"))?.value).toBe("");

    const after = await rowsOf(gone.userId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await t.handle.db.selectFrom("users").select("id").where("id", "=", gone.userId).execute()).toEqual([]);
    expect(await rowsOf(stays.userId)).toEqual(othersBefore);

    // Signed out on this device and on the other one.
    for (const cookie of [gone.cookie, gone.otherDevice]) {
      const me = await call(cookie, "GET", "/api/auth/me");
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ message: "Please sign in" });
      expect((await call(cookie, "GET", "/api/tasks")).statusCode).toBe(401);
    }
    // The calendar grant is handed back to Google; the other person's is still good.
    await vi.waitFor(() => expect(g.refreshTokens.size).toBe(grantsBefore - 1));
    expect(g.requests.filter((r) => r.path === "/revoke")).toHaveLength(1);
    expect((await call(stays.cookie, "GET", "/api/tasks")).json()).toHaveLength(2);
    expect((await call(stays.cookie, "GET", "/api/google/status")).json()).toMatchObject({ connected: true });
    // And nothing is left for the password to open.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: gone.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it("lets the username be registered again, as a new and empty account", async () => {
    const first = await t.signUp(uniqueName("again"), PASSWORD);
    await call(first.cookie, "POST", "/api/tasks", { title: "From before" });
    await call(first.cookie, "PUT", "/api/settings", { tone: "coachy" });
    expect((await deleteAccount(first.cookie, { password: PASSWORD })).statusCode).toBe(204);

    const again = await t.signUp(first.username.toUpperCase(), "another fine password");
    expect(again.userId).not.toBe(first.userId);
    expect((await call(again.cookie, "GET", "/api/tasks")).json()).toEqual([]);
    expect((await call(again.cookie, "GET", "/api/settings")).json()).toMatchObject({ tone: "friendly" });
    // The old password opens nothing: not the new account either.
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: first.username, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect((await call(first.cookie, "GET", "/api/auth/me")).statusCode).toBe(401);
  });

  it.each([
    ["no body at all", undefined],
    ["an empty object", {}],
    ["a password that is a number", { password: 12345678 }],
    ["a password that is a list", { password: [PASSWORD] }],
    ["a username that is an object", { username: { name: "x" } }],
    ["an empty password", { password: "" }],
    ["a password too long to be one", { password: "x".repeat(300) }],
    ["only the username, for an account with a password", { username: "someone" }],
    ["a list", [PASSWORD]],
    ["a bare string", "delete me"],
    ["null", null],
  ])("refuses %s with a JSON 400 and changes nothing", async (_what, payload) => {
    const person = await t.signUp(undefined, PASSWORD);
    await call(person.cookie, "POST", "/api/tasks", { title: "Still here" });
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/auth/account",
      headers: { cookie: person.cookie, "content-type": "application/json" },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: "BAD_REQUEST" });
    expect((await call(person.cookie, "GET", "/api/auth/me")).statusCode).toBe(200);
    expect((await call(person.cookie, "GET", "/api/tasks")).json()).toHaveLength(1);
  });

  it("says which proof is missing, by field", async () => {
    const person = await t.signUp(undefined, PASSWORD);
    const res = await deleteAccount(person.cookie, {});
    expect(res.json()).toEqual({
      message: "password: Enter your password to delete your account",
      code: "BAD_REQUEST",
      field: "password",
    });
  });

  it("answers 401 without a session and deletes nothing", async () => {
    const person = await t.signUp(undefined, PASSWORD);
    const res = await t.app.inject({ method: "DELETE", url: "/api/auth/account", payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect((await call(person.cookie, "GET", "/api/auth/me")).statusCode).toBe(200);
  });
});
