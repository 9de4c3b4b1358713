/**
 * Whole lists are answered from a kept answer while nothing in them changed
 * (docs/decisions/024-cached-list-answers.md). Every test first warms both instances, so a kept
 * answer exists wherever one could be served stale, then changes the data some way and reads again.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecondInstance, createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await createSecondInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type App = TestApp["app"];
const call = (app: App, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const titles = async (app: App, cookie: string) => {
  const res = await call(app, "GET", "/api/tasks", cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { title: string }[]).map((x) => x.title);
};
const texts = async (app: App, cookie: string) =>
  ((await call(app, "GET", "/api/quick-wins", cookie)).json() as { text: string }[]).map((x) => x.text);
const warm = async (cookie: string) => {
  for (const app of [t.app, other.app]) {
    await titles(app, cookie);
    await texts(app, cookie);
  }
};
const create = async (app: App, cookie: string, title: string) => {
  const res = await call(app, "POST", "/api/tasks", cookie, { title });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};

describe("whole-list answers", () => {
  it("a task added, changed, done or deleted on one instance shows at once on both", async () => {
    const { cookie } = await t.signUp();
    await create(t.app, cookie, "one");
    await warm(cookie);
    const two = await create(other.app, cookie, "two");
    for (const app of [t.app, other.app]) expect(await titles(app, cookie)).toEqual(["one", "two"]);

    await warm(cookie);
    expect((await call(t.app, "PATCH", `/api/tasks/${two.id}`, cookie, { title: "two, renamed" })).statusCode).toBe(
      200,
    );
    for (const app of [other.app, t.app]) expect(await titles(app, cookie)).toEqual(["one", "two, renamed"]);

    await warm(cookie);
    expect((await call(other.app, "PATCH", `/api/tasks/${two.id}/toggle`, cookie)).statusCode).toBe(200);
    for (const app of [t.app, other.app]) {
      const list = (await call(app, "GET", "/api/tasks", cookie)).json() as { id: number; completed: boolean }[];
      expect(list.find((x) => x.id === two.id)?.completed).toBe(true);
    }

    await warm(cookie);
    expect((await call(t.app, "DELETE", `/api/tasks/${two.id}`, cookie)).statusCode).toBe(204);
    for (const app of [other.app, t.app]) expect(await titles(app, cookie)).toEqual(["one"]);
  });

  it("a task let go leaves the whole list on both instances, and comes back when brought back", async () => {
    const { cookie } = await t.signUp();
    await create(t.app, cookie, "stay");
    const go = await create(t.app, cookie, "let go");
    await warm(cookie);
    expect((await call(other.app, "POST", `/api/tasks/${go.id}/archive`, cookie)).statusCode).toBe(200);
    for (const app of [t.app, other.app]) expect(await titles(app, cookie)).toEqual(["stay"]);
    await warm(cookie);
    expect((await call(t.app, "POST", `/api/tasks/${go.id}/restore`, cookie)).statusCode).toBe(200);
    for (const app of [other.app, t.app]) expect(await titles(app, cookie)).toEqual(["stay", "let go"]);
  });

  it("quick wins added, changed or deleted show at once on both instances", async () => {
    const { cookie } = await t.signUp();
    await warm(cookie);
    const res = await call(other.app, "POST", "/api/quick-wins", cookie, { text: "water" });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    for (const app of [t.app, other.app]) expect(await texts(app, cookie)).toEqual(["water"]);

    await warm(cookie);
    expect((await call(t.app, "PATCH", `/api/quick-wins/${id}`, cookie, { text: "tea" })).statusCode).toBe(200);
    for (const app of [other.app, t.app]) expect(await texts(app, cookie)).toEqual(["tea"]);

    await warm(cookie);
    expect((await call(other.app, "DELETE", `/api/quick-wins/${id}`, cookie)).statusCode).toBe(204);
    for (const app of [t.app, other.app]) expect(await texts(app, cookie)).toEqual([]);
  });

  it("writes made outside the task routes show too: a thought made a task, delete-all, import, the database", async () => {
    const { cookie, userId } = await t.signUp();
    await warm(cookie);
    const thought = await call(t.app, "POST", "/api/thoughts", cookie, { content: "call the bank", type: "Note" });
    expect(thought.statusCode).toBe(201);
    await warm(cookie);
    const converted = await call(other.app, "POST", `/api/thoughts/${thought.json().id}/convert`, cookie, {
      to: "task",
    });
    expect(converted.statusCode).toBe(200);
    for (const app of [t.app, other.app]) expect(await titles(app, cookie)).toEqual(["call the bank"]);

    // A write by anything sharing the database, not through any route.
    await warm(cookie);
    await t.handle.db
      .updateTable("tasks")
      .set({ title: "call the bank today" })
      .where("user_id", "=", userId)
      .execute();
    for (const app of [t.app, other.app]) expect(await titles(app, cookie)).toEqual(["call the bank today"]);

    await warm(cookie);
    const deleted = await t.app.inject({
      method: "POST",
      url: "/api/data/delete-all",
      headers: { cookie, "content-type": "application/json" },
    });
    expect(deleted.statusCode).toBe(200);
    for (const app of [t.app, other.app]) {
      expect(await titles(app, cookie)).toEqual([]);
      expect(await texts(app, cookie)).toEqual([]);
    }

    await warm(cookie);
    const imported = await call(other.app, "POST", "/api/data/import", cookie, { tasks: [{ title: "imported" }] });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const app of [t.app, other.app]) expect(await titles(app, cookie)).toEqual(["imported"]);
  });

  it("each user gets their own list, never another's kept answer", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await create(t.app, a.cookie, "a's task");
    await create(t.app, b.cookie, "b's task");
    for (let round = 0; round < 2; round++) {
      for (const app of [t.app, other.app]) {
        const listA = (await call(app, "GET", "/api/tasks", a.cookie)).json() as { userId: number; title: string }[];
        const listB = (await call(app, "GET", "/api/tasks", b.cookie)).json() as { userId: number; title: string }[];
        expect(listA.map((x) => [x.userId, x.title])).toEqual([[a.userId, "a's task"]]);
        expect(listB.map((x) => [x.userId, x.title])).toEqual([[b.userId, "b's task"]]);
      }
    }
  });

  it("a signed-out session is refused though its list was just answered", async () => {
    const { cookie } = await t.signUp();
    await create(t.app, cookie, "private");
    await warm(cookie);
    expect((await call(other.app, "POST", "/api/auth/logout", cookie)).statusCode).toBe(204);
    for (const app of [t.app, other.app]) {
      const res = await call(app, "GET", "/api/tasks", cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: "Please sign in" });
    }
  });

  it("compressed answers are the same list and follow a change like the plain one", async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < 12; i++) await create(t.app, cookie, `task number ${i} with a title long enough to compress`);
    const read = async (app: App, encoding: string) => {
      const res = await app.inject({
        method: "GET",
        url: "/api/tasks",
        headers: { cookie, "accept-encoding": encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      const body = res.rawPayload;
      if (res.headers["content-encoding"] === "br")
        return { enc: "br", vary: res.headers.vary, json: JSON.parse(brotliDecompressSync(body).toString()) };
      if (res.headers["content-encoding"] === "gzip")
        return { enc: "gzip", vary: res.headers.vary, json: JSON.parse(gunzipSync(body).toString()) };
      return { enc: undefined, vary: res.headers.vary, json: JSON.parse(body.toString()) };
    };
    const plain = (await read(t.app, "identity")).json;
    expect(plain).toHaveLength(12);
    for (let i = 0; i < 3; i++) {
      for (const app of [t.app, other.app]) {
        expect(await read(app, "gzip, deflate, br")).toEqual({ enc: "br", vary: "accept-encoding", json: plain });
        expect(await read(app, "gzip")).toEqual({ enc: "gzip", vary: "accept-encoding", json: plain });
      }
    }
    await create(other.app, cookie, "the newest task, added on the other instance");
    for (const app of [t.app, other.app]) {
      for (const encoding of ["gzip, deflate, br", "gzip"]) {
        const { json } = await read(app, encoding);
        expect(json).toHaveLength(13);
        expect(json.at(-1).title).toBe("the newest task, added on the other instance");
      }
    }
  });
});
