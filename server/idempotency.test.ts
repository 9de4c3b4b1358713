/**
 * Idempotency-Key on every create (docs/decisions/028-idempotency-keys.md): a repeat answers the
 * first answer again and creates nothing, on SQLite and PostgreSQL, within one instance and across
 * two sharing one database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABANDONED_AFTER_MS, IDEMPOTENCY_WINDOW_MS, TRIM_EVERY } from "./idempotency.ts";
import { createSecondInstance, createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
let userId: number;
let other: string;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ({ cookie, userId } = await t.signUp());
  ({ cookie: other } = await t.signUp());
});
afterAll(() => t?.close());

type Payload = Record<string, unknown>;
const post = (url: string, payload: Payload, key?: string, c = cookie, app = t.app) =>
  app.inject({
    method: "POST",
    url,
    headers: { cookie: c, ...(key === undefined ? {} : { "idempotency-key": key }) },
    payload,
  });
const list = async (url: string, c = cookie) =>
  (await t.app.inject({ method: "GET", url, headers: { cookie: c } })).json() as Array<Record<string, unknown>>;
/** A key another request holds and has not answered yet (made at `at`). */
const reserveInFlight = (db: TestApp["handle"]["db"], user: number, key: string, at: number) =>
  db
    .insertInto("idempotency_keys")
    .values({
      user_id: user,
      idem_key: key,
      method: "POST",
      path: "/api/quick-wins",
      request_hash: "in-flight",
      status: null,
      response_body: null,
      created_at: new Date(at).toISOString(),
    })
    .execute();
let n = 0;
const newKey = () => `key-${Date.now().toString(36)}-${n++}`;

/** Every route that creates records, a body for it, and how to count what it made. */
const creates: Array<{
  name: string;
  url: string;
  body: (text: string) => Payload;
  count: (text: string) => Promise<number>;
}> = [
  {
    name: "a focus task",
    url: "/api/tasks",
    body: (text) => ({ title: text, category: "Work", timeEstimate: 15 }),
    count: async (text) => (await list("/api/tasks")).filter((x) => x.title === text).length,
  },
  {
    name: "a quick win",
    url: "/api/quick-wins",
    body: (text) => ({ text }),
    count: async (text) => (await list("/api/quick-wins")).filter((x) => x.text === text).length,
  },
  {
    name: "a thought",
    url: "/api/thoughts",
    body: (text) => ({ content: text, type: "Idea" }),
    count: async (text) => (await list("/api/thoughts")).filter((x) => x.content === text).length,
  },
  {
    name: "a project with its tasks and notes",
    url: "/api/projects",
    body: (text) => ({
      title: text,
      bucket: "personal",
      notes: "Ask about the deposit",
      tasks: [{ id: 1, title: "Call", completed: false }],
    }),
    count: async (text) => (await list("/api/projects")).filter((x) => x.title === text).length,
  },
  {
    name: "an event",
    url: "/api/events",
    body: (text) => ({ title: text, date: "2026-03-02", startTime: "10:00", duration: 30 }),
    count: async (text) => (await list("/api/events")).filter((x) => x.title === text).length,
  },
];

describe("Idempotency-Key on create", () => {
  it("is honoured by every signed-in route that answers 201 Created, and by converting a thought", () => {
    // Keys are kept per user: registering (public, no user yet) is not among them.
    const creating = t.app.routeTable.filter((r) => r.method === "POST" && "201" in r.responses && !r.isPublic);
    expect(creating.map((r) => r.url).sort()).toEqual(
      [
        "/api/events",
        "/api/focus-sessions",
        "/api/projects",
        "/api/push/subscriptions",
        "/api/quick-wins",
        "/api/tasks",
        "/api/thoughts",
      ].sort(),
    );
    expect(creating.filter((r) => !r.idempotent)).toEqual([]);
    const convert = t.app.routeTable.find((r) => r.url === "/api/thoughts/:id/convert");
    expect(convert?.idempotent).toBe(true);
    // Just this one of a routine makes a one-off row too.
    for (const url of ["/api/tasks/:id", "/api/quick-wins/:id"]) {
      expect(t.app.routeTable.find((r) => r.url === url && r.method === "PATCH")?.idempotent).toBe(true);
    }
  });

  for (const c of creates) {
    it(`${c.name}: the same request sent again answers the first answer and creates nothing`, async () => {
      const text = `Same ${c.name} ${newKey()}`;
      const key = newKey();
      const first = await post(c.url, c.body(text), key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      const again = await post(c.url, c.body(text), key);
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.headers["content-type"]).toMatch(/^application\/json/);
      expect(again.json()).toEqual(first.json());
      expect(await c.count(text)).toBe(1);
    });
  }

  // Just this one of a routine makes a one-off row: kept on a device and sent again when its answer
  // was lost, it must not be refused as "already changed" (docs/decisions/082-just-this-one-offline.md).
  for (const [name, url, body] of [
    ["a task", "/api/tasks", { title: "Walk", repeat: "FREQ=DAILY" }],
    ["a quick win", "/api/quick-wins", { text: "Water the plants", repeat: "FREQ=DAILY" }],
  ] as const) {
    it(`just this one of ${name}'s routine, sent again with its key, answers the first answer and makes one one-off`, async () => {
      const series = (await post(url, body)).json() as { id: number; dueDate?: string; occursOn?: string };
      const day = series.dueDate ?? series.occursOn;
      const words = "title" in body ? { title: "Walk to the park" } : { text: "Water the basil" };
      const key = newKey();
      const edit = (withKey = key) =>
        t.app.inject({
          method: "PATCH",
          url: `${url}/${series.id}?scope=this&occurrence=${day}`,
          headers: { cookie, "idempotency-key": withKey },
          payload: words,
        });
      const first = await edit();
      expect(first.statusCode, first.body).toBe(200);
      const again = await edit();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(first.json());
      const rows = (await list(url)).filter(
        (x) => x.repeat === null && Object.values(words).includes(String(x.title ?? x.text)),
      );
      expect(rows).toHaveLength(1);
      // The routine moved on by one day, not two.
      const after = (await list(url)).find((x) => x.id === series.id);
      expect(after?.dueDate ?? after?.occursOn).not.toBe(day);
      // Another key is another edit: that day is changed already.
      expect((await edit(newKey())).statusCode).toBe(409);
    });
  }

  it("without the header, each request creates as before", async () => {
    const text = `No key ${newKey()}`;
    expect((await post("/api/quick-wins", { text })).statusCode).toBe(201);
    expect((await post("/api/quick-wins", { text })).statusCode).toBe(201);
    expect((await list("/api/quick-wins")).filter((x) => x.text === text)).toHaveLength(2);
  });

  it("the same body with its fields in another order is the same request", async () => {
    const key = newKey();
    const title = `Reordered ${key}`;
    const first = await post("/api/tasks", { title, category: "Health", timeEstimate: 20 }, key);
    const again = await post("/api/tasks", { timeEstimate: 20, category: "Health", title }, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(first.json().id);
  });

  it("the same key with a different body is refused with 422 and creates nothing", async () => {
    const key = newKey();
    const first = `First ${key}`;
    const second = `Second ${key}`;
    expect((await post("/api/thoughts", { content: first, type: "Note" }, key)).statusCode).toBe(201);
    const res = await post("/api/thoughts", { content: second, type: "Note" }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "This Idempotency-Key was already used for a different request. Please send a new key.",
    );
    const contents = (await list("/api/thoughts")).map((x) => x.content);
    expect(contents).toContain(first);
    expect(contents).not.toContain(second);
  });

  it("a key is the user's own: another user's same key creates their own record", async () => {
    const key = newKey();
    const text = `Shared key ${key}`;
    const mine = await post("/api/quick-wins", { text }, key);
    const theirs = await post("/api/quick-wins", { text }, key, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect((await list("/api/quick-wins", other)).filter((x) => x.text === text)).toHaveLength(1);
  });

  it("a key is per route: the same key on another path is another request", async () => {
    const key = newKey();
    expect((await post("/api/quick-wins", { text: `Win ${key}` }, key)).statusCode).toBe(201);
    const task = await post("/api/tasks", { title: `Task ${key}` }, key);
    expect(task.statusCode).toBe(201);
    expect(task.headers["idempotent-replayed"]).toBeUndefined();
  });

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
    ["longer than 255 characters", "k".repeat(256)],
    ["with a space inside", "two words"],
    ["with a quote inside", 'a"b'],
    ["with a non-ASCII letter", "clé"],
  ])("a key that is %s is refused with 400 and creates nothing", async (_name, key) => {
    const text = `Bad key ${newKey()}`;
    const res = await post("/api/quick-wins", { text }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Idempotency-Key: /);
    expect((await list("/api/quick-wins")).filter((x) => x.text === text)).toHaveLength(0);
  });

  it("a key of 255 characters, and one written as a quoted string, are taken", async () => {
    const long = "k".repeat(240) + newKey().slice(0, 15).padEnd(15, "x");
    expect(long).toHaveLength(255);
    expect((await post("/api/quick-wins", { text: `Long ${long.slice(-15)}` }, long)).statusCode).toBe(201);
    const key = newKey();
    const text = `Quoted ${key}`;
    expect((await post("/api/quick-wins", { text }, `"${key}"`)).statusCode).toBe(201);
    const bare = await post("/api/quick-wins", { text }, key);
    expect(bare.headers["idempotent-replayed"]).toBe("true");
  });

  it("a repeat while the first request is still being handled answers 409 with Retry-After and creates nothing", async () => {
    const key = newKey();
    const text = `In flight ${key}`;
    // What another instance holds while its request runs: the key taken, no answer yet.
    await reserveInFlight(t.handle.db, userId, key, clock);
    const res = await post("/api/quick-wins", { text }, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A request with this Idempotency-Key is still being handled. Please try again.");
    // Waiting helps here, unlike a conflict that stays (below): a client can tell the two apart.
    expect(res.headers["retry-after"]).toBe("1");
    expect((await list("/api/quick-wins")).filter((x) => x.text === text)).toHaveLength(0);
  });

  it("a thought converted already, with a new key, is a 409 without Retry-After: waiting will not change it", async () => {
    const thought = (await post("/api/thoughts", { content: `Twice ${newKey()}`, type: "Task" })).json();
    expect((await post(`/api/thoughts/${thought.id}/convert`, { to: "task" }, newKey())).statusCode).toBe(200);
    const again = await post(`/api/thoughts/${thought.id}/convert`, { to: "quick-win" }, newKey());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This thought was already converted");
    expect(again.headers["retry-after"]).toBeUndefined();
  });

  it("a request that failed created nothing and frees its key: sending it again is not a replay", async () => {
    const key = newKey();
    const missing = await post("/api/thoughts/999999/convert", { to: "task" }, key);
    expect(missing.statusCode).toBe(404);
    // Freed before the answer was sent: a client sending it again at once is not told to wait.
    const kept = await t.handle.db.selectFrom("idempotency_keys").select("id").where("idem_key", "=", key).execute();
    expect(kept).toHaveLength(0);
    const again = await post("/api/thoughts/999999/convert", { to: "task" }, key);
    expect(again.statusCode).toBe(404);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("converting a thought twice with one key answers the conversion again instead of 'already converted'", async () => {
    const content = `Convert me ${newKey()}`;
    const thought = (await post("/api/thoughts", { content, type: "Task" })).json();
    const key = newKey();
    const first = await post(`/api/thoughts/${thought.id}/convert`, { to: "task" }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(`/api/thoughts/${thought.id}/convert`, { to: "task" }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect((await list("/api/tasks")).filter((x) => x.title === content)).toHaveLength(1);
  });

  it("two requests with one key at the same moment create exactly one record", async () => {
    for (let round = 0; round < 5; round++) {
      const key = newKey();
      const text = `Race ${key}`;
      const answers = await Promise.all([
        post("/api/quick-wins", { text }, key),
        post("/api/quick-wins", { text }, key),
        post("/api/quick-wins", { text }, key),
      ]);
      for (const a of answers) expect([201, 409]).toContain(a.statusCode);
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
      expect((await list("/api/quick-wins")).filter((x) => x.text === text)).toHaveLength(1);
    }
  });

  it("two server instances on one database, each sent the same request at once, create exactly one record", async () => {
    const second = await createSecondInstance(t, { now: () => clock });
    try {
      for (let round = 0; round < 5; round++) {
        const key = newKey();
        const title = `Two instances ${key}`;
        const answers = await Promise.all([
          post("/api/tasks", { title }, key, cookie, t.app),
          post("/api/tasks", { title }, key, cookie, second.app),
        ]);
        for (const a of answers) expect([201, 409]).toContain(a.statusCode);
        expect((await list("/api/tasks")).filter((x) => x.title === title)).toHaveLength(1);
        // Once the first is done, the other instance replays it.
        const later = await post("/api/tasks", { title }, key, cookie, second.app);
        expect(later.statusCode).toBe(201);
        expect(later.headers["idempotent-replayed"]).toBe("true");
      }
    } finally {
      await second.close();
    }
  });

  it("a key is kept for a day: after that the same request creates again, and old keys are pruned", async () => {
    const key = newKey();
    const text = `A day later ${key}`;
    expect((await post("/api/quick-wins", { text }, key)).statusCode).toBe(201);
    clock += IDEMPOTENCY_WINDOW_MS - 60_000;
    expect((await post("/api/quick-wins", { text }, key)).headers["idempotent-replayed"]).toBe("true");
    clock += 2 * 60_000;
    const later = await post("/api/quick-wins", { text }, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect((await list("/api/quick-wins")).filter((x) => x.text === text)).toHaveLength(2);

    clock += IDEMPOTENCY_WINDOW_MS + 60_000;
    await post("/api/quick-wins", { text: `Prune ${newKey()}` }, newKey());
    const cutoff = new Date(clock - IDEMPOTENCY_WINDOW_MS).toISOString();
    const old = await t.handle.db
      .selectFrom("idempotency_keys")
      .select("id")
      .where("created_at", "<", cutoff)
      .execute();
    expect(old).toHaveLength(0);
  });

  it("a key whose request never finished (its server stopped) can be used again after a while", async () => {
    const key = newKey();
    const text = `Abandoned ${key}`;
    await reserveInFlight(t.handle.db, userId, key, clock - ABANDONED_AFTER_MS - 1000);
    const res = await post("/api/quick-wins", { text }, key);
    expect(res.statusCode).toBe(201);
    expect((await list("/api/quick-wins")).filter((x) => x.text === text)).toHaveLength(1);
  });

  it("a person keeps their newest answers only: an old key creates again, and rows stay bounded", async () => {
    const KEEP = 3;
    const bounded = await createTestApp({ ACCOUNT_LIMITS: `idempotencyKeys=${KEEP}` }, { now: () => clock });
    try {
      const me = await bounded.signUp();
      const someoneElse = await bounded.signUp();
      const send = (text: string, key: string, c = me.cookie) => post("/api/quick-wins", { text }, key, c, bounded.app);
      const theirs = { text: "Theirs", key: newKey() };
      expect((await send(theirs.text, theirs.key, someoneElse.cookie)).statusCode).toBe(201);
      // A create still being handled (another tab's, in flight) is never forgotten by the trim.
      const inFlight = newKey();
      await reserveInFlight(bounded.handle.db, me.userId, inFlight, clock);
      const sent: Array<{ text: string; key: string }> = [];
      for (let i = 0; i < 3 * TRIM_EVERY; i++) {
        const one = { text: `Bounded ${i} ${newKey()}`, key: newKey() };
        expect((await send(one.text, one.key)).statusCode).toBe(201);
        sent.push(one);
      }
      const rows = await bounded.handle.db
        .selectFrom("idempotency_keys")
        .select(["idem_key", "status"])
        .where("user_id", "=", me.userId)
        .execute();
      expect(rows.length).toBeLessThanOrEqual(KEEP + TRIM_EVERY + 1);
      expect(rows.filter((r) => r.status === null).map((r) => r.idem_key)).toEqual([inFlight]);

      // The newest are answered again; the oldest is a new request.
      for (const newest of sent.slice(-KEEP)) {
        const again = await send(newest.text, newest.key);
        expect(again.headers["idempotent-replayed"]).toBe("true");
      }
      const oldest = sent[0] as { text: string; key: string };
      const again = await send(oldest.text, oldest.key);
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBeUndefined();
      expect((await send("other", inFlight)).statusCode).toBe(409);
      // Another person's answers are not trimmed with this person's.
      const theirsAgain = await send(theirs.text, theirs.key, someoneElse.cookie);
      expect(theirsAgain.headers["idempotent-replayed"]).toBe("true");
    } finally {
      await bounded.close();
    }
  });

  it("Delete All Data forgets the stored answers too", async () => {
    const { cookie: c } = await t.signUp();
    const key = newKey();
    const text = `Forget me ${key}`;
    expect((await post("/api/quick-wins", { text }, key, c)).statusCode).toBe(201);
    const del = await t.app.inject({ method: "POST", url: "/api/data/delete-all", headers: { cookie: c } });
    expect(del.statusCode).toBe(200);
    const again = await post("/api/quick-wins", { text }, key, c);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
  });
});
