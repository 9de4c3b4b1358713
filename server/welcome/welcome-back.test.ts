/**
 * A welcome back instead of a pile, and letting tasks go (docs/decisions/033-welcome-back.md), on
 * a clock the test moves: days of use in the user's own zone, the few oldest open tasks from
 * before the absence, once per return; a task let go leaves every list, count, reminder and
 * 'Done today', and comes back when brought back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task, WelcomeBack } from "../../shared/schemas.ts";
import { dueNotifications } from "../push/scheduler.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

const DAY = 86_400_000;
/** Midnight UTC of the day after the real one: tasks made now are older than any day the clock shows. */
const TOMORROW = Math.ceil((Date.now() + 1) / DAY) * DAY;
let now = TOMORROW;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t?.close());

type Me = { cookie: string; userId: number };
function call(me: Me, method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: me.cookie }, ...(payload ? { payload } : {}) });
}
async function addTask(me: Me, title: string, extra: object = {}): Promise<Task> {
  const res = await call(me, "POST", "/api/tasks", { title, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function welcome(me: Me): Promise<{ show: boolean; titles: string[] }> {
  const res = await call(me, "GET", "/api/welcome-back");
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as WelcomeBack;
  return { show: body.show, titles: body.tasks.map((x) => x.title) };
}
async function titles(me: Me, url: string): Promise<{ titles: string[]; total: number | null }> {
  const res = await call(me, "GET", url);
  expect(res.statusCode, res.body).toBe(200);
  const total = res.headers["x-total-count"];
  return { titles: (res.json() as Task[]).map((x) => x.title), total: total === undefined ? null : Number(total) };
}
async function inZone(me: Me, timeZone: string) {
  expect((await call(me, "PUT", "/api/settings", { timeZone, followDeviceTimeZone: false })).statusCode).toBe(200);
}
const at = (iso: string) => {
  now = Date.parse(iso);
};
const day = (offset: number, time = "12:00:00") =>
  `${new Date(TOMORROW + offset * DAY).toISOString().slice(0, 10)}T${time}.000Z`;

describe("knowing someone was away", () => {
  it("a new account is not welcomed back, nor someone who comes every day or after two days", async () => {
    now = TOMORROW;
    const me = await t.signUp();
    await addTask(me, "water the plants");
    expect(await welcome(me)).toEqual({ show: false, titles: [] });
    at(day(1));
    expect((await welcome(me)).show).toBe(false);
    at(day(3, "23:59:00"));
    expect((await welcome(me)).show).toBe(false);
  });

  it("three days or more between two days of use is a return, shown once", async () => {
    at(day(0));
    const me = await t.signUp();
    await addTask(me, "water the plants");
    await welcome(me);
    at(day(3, "00:00:01"));
    expect(await welcome(me)).toEqual({ show: true, titles: ["water the plants"] });
    // Until it is done or set aside, it is there for the rest of that day.
    at(day(3, "18:00:00"));
    expect((await welcome(me)).show).toBe(true);
    expect((await call(me, "POST", "/api/welcome-back/dismiss")).statusCode).toBe(204);
    expect((await welcome(me)).show).toBe(false);
    at(day(4));
    expect((await welcome(me)).show).toBe(false);
    // The next absence brings it back.
    at(day(9));
    expect((await welcome(me)).show).toBe(true);
  });

  it("a welcome not seen on its day of return is not kept for later days", async () => {
    at(day(0));
    const me = await t.signUp();
    await addTask(me, "call the bank");
    await welcome(me);
    at(day(5));
    // Any signed-in use that day notes the day: here the lists, through the Tasks page.
    expect((await welcome(me)).show).toBe(true);
    at(day(6));
    expect((await welcome(me)).show).toBe(false);
  });

  it("counts days in the person's own zone, across its midnight", async () => {
    at(day(0, "09:59:00"));
    const utc = await t.signUp();
    const kiritimati = await t.signUp();
    await inZone(kiritimati, "Pacific/Kiritimati"); // UTC+14: 09:59 UTC is 23:59 there
    for (const me of [utc, kiritimati]) {
      await addTask(me, "reply to Sam");
      await welcome(me);
    }
    // Two days later at 10:01 UTC: two days on in UTC, three (00:01, day 3) in Kiritimati.
    at(day(2, "10:01:00"));
    expect((await welcome(utc)).show).toBe(false);
    expect((await welcome(kiritimati)).show).toBe(true);
  });
});

describe("the welcome's tasks", () => {
  it("offers at most the five oldest open tasks from before the absence, kept and not put off", async () => {
    at(day(0));
    const me = await t.signUp();
    const made: Task[] = [];
    for (const title of ["a", "b", "c", "d", "e", "f", "g", "h", "i"]) made.push(await addTask(me, title));
    const [a, b, c] = made as [Task, Task, Task];
    await call(me, "PATCH", `/api/tasks/${a.id}/toggle`);
    await call(me, "POST", `/api/tasks/${b.id}/archive`);
    await call(me, "PATCH", `/api/tasks/${c.id}`, { notBefore: day(30).slice(0, 10) });
    // "e" is made the oldest of all; "new" was added on the day of return.
    const e = made[4] as Task;
    await t.handle.db
      .updateTable("tasks")
      .set({ created_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", e.id)
      .execute();
    await welcome(me);
    at(day(4));
    const fresh = await addTask(me, "new");
    await t.handle.db
      .updateTable("tasks")
      .set({ created_at: new Date(now).toISOString() })
      .where("id", "=", fresh.id)
      .execute();
    expect(await welcome(me)).toEqual({ show: true, titles: ["e", "d", "f", "g", "h"] });
  });

  it("leaves routines out: a repeating task comes back on its own day and is never part of a pile", async () => {
    at(day(0));
    const me = await t.signUp();
    await addTask(me, "take the vitamins", { repeat: "FREQ=DAILY" });
    await addTask(me, "sort the post");
    await welcome(me);
    at(day(4));
    expect(await welcome(me)).toEqual({ show: true, titles: ["sort the post"] });
  });

  it("is not shown when nothing from before is open", async () => {
    at(day(0));
    const me = await t.signUp();
    const only = await addTask(me, "done already");
    await call(me, "PATCH", `/api/tasks/${only.id}/toggle`);
    await welcome(me);
    at(day(4));
    expect(await welcome(me)).toEqual({ show: false, titles: [] });
  });
});

describe("letting a task go", () => {
  it("leaves every list, count and 'Done today', and bringing it back restores it", async () => {
    at(day(0));
    const me = await t.signUp();
    const keep = await addTask(me, "keep");
    const go = await addTask(me, "let go");
    const done = await addTask(me, "done and let go");
    await call(me, "PATCH", `/api/tasks/${done.id}/toggle`);
    // The kept whole answer is warm before the change.
    expect((await titles(me, "/api/tasks")).titles).toEqual(["keep", "let go", "done and let go"]);

    const res = await call(me, "POST", `/api/tasks/${go.id}/archive`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: go.id, title: "let go", completed: false, archivedAt: expect.any(String) });
    await call(me, "POST", `/api/tasks/${done.id}/archive`);

    expect((await titles(me, "/api/tasks")).titles).toEqual(["keep"]);
    expect(await titles(me, "/api/tasks?completed=false&order=focus&limit=5")).toEqual({ titles: ["keep"], total: 1 });
    expect(await titles(me, "/api/tasks?completed=false")).toEqual({ titles: ["keep"], total: 1 });
    expect(await titles(me, `/api/tasks?completedOn=${day(0).slice(0, 10)}`)).toEqual({ titles: [], total: 0 });
    expect(await titles(me, "/api/tasks?archived=true")).toEqual({ titles: ["let go", "done and let go"], total: 2 });

    const back = await call(me, "POST", `/api/tasks/${go.id}/restore`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: go.id, archivedAt: null });
    expect((await titles(me, "/api/tasks")).titles).toEqual(["keep", "let go"]);
    expect(await titles(me, "/api/tasks?archived=true")).toEqual({ titles: ["done and let go"], total: 1 });
    expect(keep.archivedAt).toBeNull();
  });

  it("sends no reminder for a task let go", async () => {
    at(day(0));
    const me = await t.signUp();
    const task = await addTask(me, "dentist", { dueTime: "15:00", dueDate: day(0).slice(0, 10) });
    await t.handle.db
      .insertInto("push_subscriptions")
      .values({ user_id: me.userId, endpoint: "https://push.example/x", keys: "{}", device: null, created_at: day(0) })
      .execute();
    const window = [new Date(day(0, "14:59:00")), new Date(day(0, "15:00:30"))] as const;
    const mine = async () => (await dueNotifications(t.handle.db, ...window)).filter((n) => n.userId === me.userId);
    expect((await mine()).map((n) => n.payload.title)).toEqual(["dentist"]);
    await call(me, "POST", `/api/tasks/${task.id}/archive`);
    expect(await mine()).toEqual([]);
  });

  it("goes out in an export and comes back in with an import, still let go", async () => {
    at(day(0));
    const me = await t.signUp();
    const task = await addTask(me, "old plan");
    await addTask(me, "current plan");
    await call(me, "POST", `/api/tasks/${task.id}/archive`);
    const file = (await call(me, "GET", "/api/data/export")).json() as { tasks: Task[] };
    const exported = file.tasks.find((x) => x.title === "old plan");
    expect(exported?.archivedAt).toEqual(expect.any(String));

    const other = await t.signUp();
    const imported = await call(other, "POST", "/api/data/import", file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await titles(other, "/api/tasks")).titles).toEqual(["current plan"]);
    const archived = (await call(other, "GET", "/api/tasks?archived=true")).json() as Task[];
    expect(archived.map((x) => [x.title, x.archivedAt])).toEqual([["old plan", exported?.archivedAt]]);
    // A second import of the same file adds nothing, the task let go included.
    const again = await call(other, "POST", "/api/data/import", file);
    expect(again.json().importedCounts.tasks).toBe(0);
  });

  it("answers 404 for another person's task and 400 for bad input, changing nothing", async () => {
    const me = await t.signUp();
    const stranger = await t.signUp();
    const task = await addTask(me, "mine");
    for (const path of ["archive", "restore"]) {
      const res = await call(stranger, "POST", `/api/tasks/${task.id}/${path}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: "NOT_FOUND" });
    }
    expect((await titles(me, "/api/tasks")).titles).toEqual(["mine"]);
    for (const url of ["/api/tasks/abc/archive", "/api/tasks/0/restore"]) {
      const res = await call(me, "POST", url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    const bad = await call(me, "GET", "/api/tasks?archived=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String), field: "archived" });
    const badImport = await call(me, "POST", "/api/data/import", { tasks: [{ title: "x", archivedAt: "yesterday" }] });
    expect(badImport.statusCode).toBe(400);
    expect((await titles(me, "/api/tasks")).titles).toEqual(["mine"]);
    expect((await t.app.inject({ method: "GET", url: "/api/welcome-back" })).statusCode).toBe(401);
  });
});
