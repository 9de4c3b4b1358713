/**
 * The database failing under a running server: connections killed, the server unreachable,
 * storage that refuses writes. Each fault costs the requests it touches a 503 with Retry-After,
 * and the server carries on by itself once the database is back. Real databases only.
 */
import { PassThrough } from "node:stream";
import Database from "better-sqlite3";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { type DbHandle, openDatabase } from "./db/database.ts";
import {
  backendsOf,
  type FreshSchema,
  freshSchema,
  startTcpRelay,
  type TcpRelay,
  terminateBackends,
  urlFor,
  waitFor,
} from "./testing/postgres-faults.ts";
import { createTestApp, type TestApp, uniqueName } from "./testing/test-app.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  const body = res.json();
  expect(body.code).toBe("UNAVAILABLE");
  expect(body.message).toMatch(/try again/i);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

async function appOn(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp & { cookie: string }> {
  const t = await createTestApp(env, opts);
  cleanups.push(() => t.close());
  const { cookie } = await t.signUp();
  return { ...t, cookie };
}

const listTasks = (t: TestApp & { cookie: string }) =>
  t.app.inject({ method: "GET", url: "/api/tasks", headers: { cookie: t.cookie } });
const addTask = (t: TestApp & { cookie: string }, title = uniqueName("task")) =>
  t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie: t.cookie }, payload: { title } });

describe("health", () => {
  it("answers readiness only when the database answers, and liveness always", async () => {
    const t = await appOn();
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });

    // A second app whose database is gone: liveness stays up, readiness says not ready.
    const gone: DbHandle = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const app = await buildApp({ config: t.config, db: gone.db });
    cleanups.push(() => app.close());
    await gone.close();
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expectUnavailable(await app.inject({ method: "GET", url: "/api/health/ready" }));
  });
});

if (onPostgres) {
  describe("PostgreSQL connections that die", () => {
    let schema: FreshSchema;
    const setUp = async () => {
      schema = await freshSchema();
      cleanups.push(() => schema.drop());
      return appOn({ DATABASE_URL: schema.url });
    };

    it("are replaced when the pool was idle: the next requests succeed", async () => {
      const t = await setUp();
      await Promise.all([listTasks(t), addTask(t), listTasks(t)]);
      expect((await backendsOf(schema.applicationName)).length).toBeGreaterThan(0);

      expect(await terminateBackends(schema.applicationName)).toBeGreaterThan(0);
      await waitFor(async () => (await backendsOf(schema.applicationName)).length === 0, "backends to exit");
      // The clients read the server's farewell; give the socket a moment to be read.
      await new Promise((r) => setTimeout(r, 100));

      expect((await addTask(t, "after the restart")).statusCode).toBe(201);
      const list = await listTasks(t);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((x: { title: string }) => x.title)).toContain("after the restart");
    });

    it("cost the requests in flight a 503, logged as a warning, and the server carries on", async () => {
      schema = await freshSchema();
      cleanups.push(() => schema.drop());
      let logs = "";
      const logStream = new PassThrough().on("data", (chunk) => {
        logs += chunk.toString();
      });
      const t = await appOn({ DATABASE_URL: schema.url, LOG_LEVEL: "warn" }, { logStream });
      await addTask(t, "kept");
      // An administrator's lock holds the app's queries in flight until the backends are killed.
      const lockHolder = await freshSchemaClient(schema);
      cleanups.push(() => lockHolder.end());
      await lockHolder.query("begin");
      await lockHolder.query("lock table tasks in access exclusive mode");

      const inFlight = [listTasks(t), listTasks(t), addTask(t), addTask(t), listTasks(t)];
      await waitFor(
        async () => (await backendsOf(schema.applicationName)).filter((b) => b.wait_event_type === "Lock").length >= 5,
        "requests to wait on the lock",
      );
      await terminateBackends(schema.applicationName);
      await lockHolder.query("rollback");

      // Each was waiting on the lock when its connection died: none can have succeeded.
      for (const res of await Promise.all(inFlight)) expectUnavailable(res);
      // The requests' own lines (failed, or slow on a loaded machine) come besides these.
      const faults = logs
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .filter((w) => w.msg === "database unavailable");
      expect(faults).toHaveLength(inFlight.length);
      expect(faults[0]).toMatchObject({ level: 40, dbFault: { kind: "unreachable", code: "57P01" } });
      // Nothing about the connection (address, settings, credentials) reaches the log.
      expect(logs).not.toContain(schema.schema);
      expect(logs).not.toContain("postgres@");
      await waitFor(async () => (await backendsOf(schema.applicationName)).length === 0, "backends to exit");
      expect((await addTask(t, "after")).statusCode).toBe(201);
      const titles = (await listTasks(t)).json().map((x: { title: string }) => x.title);
      expect(titles).toEqual(expect.arrayContaining(["kept", "after"]));
    });

    it("while the server is down answer 503 and not ready, then recover when it is back", async () => {
      schema = await freshSchema();
      cleanups.push(() => schema.drop());
      const relay: TcpRelay = await startTcpRelay(schema.url);
      cleanups.push(() => relay.close());
      const t = await appOn({ DATABASE_URL: relay.url });
      expect((await addTask(t, "before")).statusCode).toBe(201);

      await relay.down();
      expectUnavailable(await listTasks(t));
      expectUnavailable(await addTask(t));
      expectUnavailable(await t.app.inject({ method: "GET", url: "/api/health/ready" }));
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

      await relay.up();
      expect((await t.app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
      expect((await addTask(t, "after")).statusCode).toBe(201);
      const titles = (await listTasks(t)).json().map((x: { title: string }) => x.title);
      expect(titles).toEqual(expect.arrayContaining(["before", "after"]));
    });
  });

  /**
   * Another connection in a transaction that looks for a deadlock only after 60 s, long after the
   * server's connections do: in a deadlock with it, the server's write is the one PostgreSQL ends.
   */
  async function patientWriter(schema: FreshSchema) {
    const other = await freshSchemaClient(schema);
    cleanups.push(() => other.end());
    await other.query("begin");
    await other.query("set local deadlock_timeout = '60s'");
    return other;
  }
  const untilWaitingOnALock = (schema: FreshSchema, what: string) =>
    waitFor(async () => (await backendsOf(schema.applicationName)).some((b) => b.wait_event_type === "Lock"), what);
  const sender = (t: TestApp, cookie: string) => (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  describe("a PostgreSQL deadlock", () => {
    it("costs the write it ended a 503 with Retry-After, logged as a warning, and the next one is saved", async () => {
      const schema = await freshSchema();
      cleanups.push(() => schema.drop());
      let logs = "";
      const logStream = new PassThrough().on("data", (chunk) => {
        logs += chunk.toString();
      });
      const t = await appOn({ DATABASE_URL: schema.url, LOG_LEVEL: "warn" }, { logStream });
      const me = await t.signUp();
      const send = sender(t, me.cookie);
      // Another writer holds the person's row, which a new task's lists version writes.
      const other = await patientWriter(schema);
      await other.query("update users set display_name = display_name where id = $1", [me.userId]);
      const adding = send("POST", "/api/tasks", { title: "Ended by a deadlock" });
      await untilWaitingOnALock(schema, "the new task to wait on the person's row");
      // Then it asks for the counts the new task holds: each waits on the other.
      const otherWaits = other.query("select tasks from kept_counts where user_id = $1 for update", [me.userId]);
      const res = await adding;
      await otherWaits;
      await other.query("rollback");

      expectUnavailable(res);
      expect(res.json().message).toBe("The server is very busy right now. Please try again in a moment.");
      const fault = logs
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
        .find((w) => w.msg === "database unavailable");
      expect(fault).toMatchObject({ level: 40, dbFault: { kind: "busy", code: "40P01" } });
      expect((await send("GET", "/api/tasks")).json()).toEqual([]);
      expect((await send("POST", "/api/tasks", { title: "Sent again" })).statusCode).toBe(201);
      expect((await send("GET", "/api/tasks")).json().map((x: { title: string }) => x.title)).toEqual(["Sent again"]);
    });
  });

  describe("'just this one' of a routine while the routine is changed elsewhere", () => {
    it("waits for that change and is saved, instead of ending in a deadlock", async () => {
      const schema = await freshSchema();
      cleanups.push(() => schema.drop());
      const t = await appOn({ DATABASE_URL: schema.url });
      const me = await t.signUp();
      const send = sender(t, me.cookie);
      const series = (await send("POST", "/api/tasks", { title: "walk", repeat: "FREQ=DAILY" })).json();
      // Another writer takes the routine's row, then the person's row: an edit of the routine takes
      // them in that order (the row, then its lists version by trigger), here a step at a time.
      const other = await patientWriter(schema);
      await other.query("select id from tasks where id = $1 for update", [series.id]);
      const editing = send("PATCH", `/api/tasks/${series.id}?scope=this`, { title: "walk to the park" });
      await untilWaitingOnALock(schema, "'just this one' to wait on the routine");
      await other.query("update users set display_name = display_name where id = $1", [me.userId]);
      await other.query("commit");

      const res = await editing;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ title: "walk to the park", repeat: null });
      const titles = (await send("GET", "/api/tasks")).json().map((x: { title: string }) => x.title);
      expect(titles.sort()).toEqual(["walk", "walk to the park"]);
    });
  });

  describe("a PostgreSQL server that refuses writes", () => {
    it("answers writes with 503 while reads still work", async () => {
      const schema = await freshSchema();
      cleanups.push(() => schema.drop());
      const t = await appOn({ DATABASE_URL: schema.url });
      await addTask(t, "readable");
      // The same data through connections that are read-only, as on a standby after a failover.
      const readOnly = await openDatabase({
        databaseUrl: urlFor(schema.schema, `${schema.applicationName}-ro`, "-c default_transaction_read_only=on"),
        dataDir: t.config.dataDir,
      });
      cleanups.push(() => readOnly.close());
      const app = await buildApp({ config: t.config, db: readOnly.db });
      cleanups.push(() => app.close());
      const ro = { ...t, app };

      const list = await listTasks(ro);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((x: { title: string }) => x.title)).toEqual(["readable"]);
      expectUnavailable(await addTask(ro, "refused"));
      expect((await listTasks(t)).json()).toHaveLength(1);
    });
  });
} else {
  describe("a SQLite file that refuses writes", () => {
    it("answers writes with 503 while reads still work, and takes writes again afterwards", async () => {
      const t = await appOn();
      await addTask(t, "readable");
      await sql`pragma query_only = 1`.execute(t.handle.db);
      expect((await listTasks(t)).statusCode).toBe(200);
      expectUnavailable(await addTask(t, "refused"));
      await sql`pragma query_only = 0`.execute(t.handle.db);
      expect((await addTask(t, "accepted")).statusCode).toBe(201);
      expect((await listTasks(t)).json().map((x: { title: string }) => x.title)).toEqual(
        expect.arrayContaining(["readable", "accepted"]),
      );
    });

    it("answers 503 when the database is full", async () => {
      const t = await appOn();
      const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(t.handle.db)).rows[0].page_count;
      await sql.raw(`pragma max_page_count = ${pages}`).execute(t.handle.db);
      let res = await addTask(t, "x".repeat(200));
      for (let i = 0; i < 200 && res.statusCode === 201; i++) res = await addTask(t, "x".repeat(200));
      expectUnavailable(res);
      expect((await listTasks(t)).statusCode).toBe(200);
      await sql.raw(`pragma max_page_count = ${pages * 100}`).execute(t.handle.db);
      expect((await addTask(t, "room again")).statusCode).toBe(201);
    });

    it("answers 503 when another process holds the write lock past the busy timeout", async () => {
      const t = await appOn();
      const other = new Database(`${t.config.dataDir}/daily-compass.sqlite`);
      cleanups.push(async () => other.close());
      other.exec("begin immediate");
      expectUnavailable(await addTask(t, "blocked"));
      other.exec("rollback");
      expect((await addTask(t, "unblocked")).statusCode).toBe(201);
    }, 30_000);
  });
}

async function freshSchemaClient(schema: FreshSchema) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: urlFor(schema.schema, `${schema.applicationName}-admin`) });
  await client.connect();
  return client;
}
