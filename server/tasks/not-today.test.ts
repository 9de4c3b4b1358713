/**
 * "Not today" and "Done today" (docs/decisions/019-tasks-page-and-not-today.md), on a clock the
 * test moves: a task put off leaves today's focus order and is back on its day; a task marked
 * done is listed under the day it was done, in the user's own time zone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

const HOUR = 3_600_000;
/** Wednesday 12 March 2025, 10:00 UTC. */
const START = Date.parse("2025-03-12T10:00:00.000Z");
let now = START;
let t: TestApp;
let me: { cookie: string; userId: number };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t?.close());
beforeEach(async () => {
  now = START;
  me = await t.signUp();
});

function call(method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object, cookie = me.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
async function addTask(title: string, extra: object = {}): Promise<Task> {
  const res = await call("POST", "/api/tasks", { title, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const titles = (body: Task[]) => body.map((x) => x.title);
async function page(url: string): Promise<{ titles: string[]; total: number }> {
  const res = await call("GET", url);
  expect(res.statusCode, res.body).toBe(200);
  return { titles: titles(res.json()), total: Number(res.headers["x-total-count"]) };
}
const todaysFive = () => page("/api/tasks?completed=false&order=focus&limit=5");

describe("Not today", () => {
  it("takes a task out of today's five and the count, and brings it back the next day", async () => {
    for (const title of ["one", "two", "three", "four", "five", "six"]) await addTask(title);
    expect(await todaysFive()).toEqual({ titles: ["one", "two", "three", "four", "five"], total: 6 });
    const [first] = (await call("GET", "/api/tasks")).json() as Task[];

    const res = await call("PATCH", `/api/tasks/${first?.id}`, { notBefore: "2025-03-13" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "one", notBefore: "2025-03-13", completed: false });
    expect(await todaysFive()).toEqual({ titles: ["two", "three", "four", "five", "six"], total: 5 });
    expect(await page("/api/tasks?completed=false&order=focus&putOff=true")).toEqual({ titles: ["one"], total: 1 });
    // Still an open task of the whole list, as the spec's client reads it.
    expect(titles((await call("GET", "/api/tasks")).json())).toContain("one");

    now = Date.parse("2025-03-12T23:59:00.000Z");
    expect((await todaysFive()).titles).not.toContain("one");
    now = Date.parse("2025-03-13T00:00:00.000Z");
    expect(await todaysFive()).toEqual({ titles: ["one", "two", "three", "four", "five"], total: 6 });
    expect(await page("/api/tasks?completed=false&order=focus&putOff=true")).toEqual({ titles: [], total: 0 });
  });

  it("counts the day in the user's time zone", async () => {
    expect((await call("PUT", "/api/settings", { timeZone: "Asia/Tokyo" })).statusCode).toBe(200);
    const task = await addTask("call the landlord");
    // 10:00 UTC is 19:00 in Tokyo on the 12th; tomorrow there starts at 15:00 UTC.
    await call("PATCH", `/api/tasks/${task.id}`, { notBefore: "2025-03-13" });
    now = Date.parse("2025-03-12T14:59:00.000Z");
    expect((await todaysFive()).titles).toEqual([]);
    now = Date.parse("2025-03-12T15:00:00.000Z");
    expect((await todaysFive()).titles).toEqual(["call the landlord"]);
  });

  it("comes back at once when notBefore is cleared", async () => {
    const task = await addTask("water the plants");
    await call("PATCH", `/api/tasks/${task.id}`, { notBefore: "2025-03-20" });
    expect((await todaysFive()).titles).toEqual([]);
    const res = await call("PATCH", `/api/tasks/${task.id}`, { notBefore: null });
    expect(res.json()).toMatchObject({ notBefore: null });
    expect((await todaysFive()).titles).toEqual(["water the plants"]);
  });

  it("keeps a focus walk on the day it began, even past midnight", async () => {
    for (const title of ["a", "b", "c"]) await addTask(title);
    const late = await addTask("late");
    await call("PATCH", `/api/tasks/${late.id}`, { notBefore: "2025-03-13" });
    const first = await call("GET", "/api/tasks?completed=false&order=focus&limit=2");
    expect(titles(first.json())).toEqual(["a", "b"]);
    now = Date.parse("2025-03-13T08:00:00.000Z");
    const rest = await call(
      "GET",
      `/api/tasks?completed=false&order=focus&limit=2&cursor=${first.headers["x-next-cursor"]}`,
    );
    expect(titles(rest.json())).toEqual(["c"]);
  });

  it("refuses a day that is not a date, and another person's task is not found", async () => {
    const task = await addTask("mine");
    const bad = await call("PATCH", `/api/tasks/${task.id}`, { notBefore: "tomorrow" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "BAD_REQUEST", field: "notBefore" });
    const other = await t.signUp();
    const theirs = await call("PATCH", `/api/tasks/${task.id}`, { notBefore: "2025-03-13" }, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await todaysFive()).titles).toEqual(["mine"]);
  });
});

describe("Done today", () => {
  const doneOn = (day: string) => page(`/api/tasks?completedOn=${day}`);

  it("lists what was ticked today, and drops it when it is unticked", async () => {
    const task = await addTask("send the invoice");
    await addTask("still open");
    const ticked = await call("PATCH", `/api/tasks/${task.id}/toggle`);
    expect(ticked.json()).toMatchObject({ completed: true, completedAt: "2025-03-12T10:00:00.000Z" });
    expect(await doneOn("2025-03-12")).toEqual({ titles: ["send the invoice"], total: 1 });
    expect(await doneOn("2025-03-11")).toEqual({ titles: [], total: 0 });

    now += HOUR;
    const unticked = await call("PATCH", `/api/tasks/${task.id}/toggle`);
    expect(unticked.json()).toMatchObject({ completed: false, completedAt: null });
    expect(await doneOn("2025-03-12")).toEqual({ titles: [], total: 0 });
  });

  it("keeps the moment a task was first done when it is marked done again", async () => {
    const task = await addTask("book the train");
    await call("PATCH", `/api/tasks/${task.id}`, { completed: true });
    now += 2 * HOUR;
    const again = await call("PATCH", `/api/tasks/${task.id}`, { completed: true, title: "book the train home" });
    expect(again.json()).toMatchObject({ completed: true, completedAt: "2025-03-12T10:00:00.000Z" });
    const reopened = await call("PATCH", `/api/tasks/${task.id}`, { completed: false });
    expect(reopened.json()).toMatchObject({ completed: false, completedAt: null });
  });

  it("is yesterday's list the next day", async () => {
    const task = await addTask("stretch");
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    now = Date.parse("2025-03-13T09:00:00.000Z");
    expect((await doneOn("2025-03-13")).titles).toEqual([]);
    expect((await doneOn("2025-03-12")).titles).toEqual(["stretch"]);
  });

  it("follows the user's time zone across UTC's midnight", async () => {
    expect((await call("PUT", "/api/settings", { timeZone: "America/Los_Angeles" })).statusCode).toBe(200);
    const task = await addTask("evening walk");
    // 03:30 UTC on the 13th is 20:30 on the 12th in Los Angeles.
    now = Date.parse("2025-03-13T03:30:00.000Z");
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    expect((await doneOn("2025-03-12")).titles).toEqual(["evening walk"]);
    expect((await doneOn("2025-03-13")).titles).toEqual([]);
  });

  it("leaves done tasks of an import out of today's list", async () => {
    const res = await call("POST", "/api/data/import", {
      tasks: [
        { title: "done long ago", completed: true },
        { title: "still to do", completed: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await doneOn("2025-03-12")).titles).toEqual([]);
    const all = (await call("GET", "/api/tasks")).json() as Task[];
    expect(all.find((x) => x.title === "done long ago")).toMatchObject({ completed: true, completedAt: null });
  });

  it("shows only the person's own done tasks", async () => {
    const other = await t.signUp();
    const theirs = (await call("POST", "/api/tasks", { title: "theirs" }, other.cookie)).json() as Task;
    await call("PATCH", `/api/tasks/${theirs.id}/toggle`, undefined, other.cookie);
    const mine = await addTask("mine");
    await call("PATCH", `/api/tasks/${mine.id}/toggle`);
    expect(await doneOn("2025-03-12")).toEqual({ titles: ["mine"], total: 1 });
  });
});
