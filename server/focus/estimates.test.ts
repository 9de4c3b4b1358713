/**
 * Estimates that learn (docs/decisions/027-estimates-that-learn.md): focus sessions record the
 * minutes a task really took, and each category's factor says how far the estimates run off.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EstimateFactor } from "../../shared/focus-schemas.ts";
import type { Task } from "../../shared/schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let now = Date.parse("2026-03-02T09:00:00.000Z");
let t: TestApp;
let me: { cookie: string; userId: number };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t?.close());
beforeEach(async () => {
  me = await t.signUp();
});

function call(method: "GET" | "POST" | "DELETE", url: string, payload?: object, cookie = me.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
async function addTask(title: string, category: string, timeEstimate: number): Promise<Task> {
  const res = await call("POST", "/api/tasks", { title, category, timeEstimate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function focus(taskId: number, actualMinutes: number) {
  now += 3_600_000;
  return call("POST", "/api/focus-sessions", { taskId, actualMinutes });
}
async function factors(): Promise<Record<string, { factor: number; sessions: number }>> {
  const res = await call("GET", "/api/estimates");
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as EstimateFactor[]).map((f) => [f.category, f]));
}

describe("estimates that learn", () => {
  it("starts every category at 1, then learns how long work really takes", async () => {
    expect(Object.values(await factors())).toEqual(
      ["Work", "Personal", "Health", "Finance", "Education"].map((category) => ({ category, factor: 1, sessions: 0 })),
    );
    const report = await addTask("Write the report", "Work", 30);
    const res = await focus(report.id, 45);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ taskId: report.id, category: "Work", estimatedMinutes: 30, actualMinutes: 45 });
    const slides = await addTask("Prepare slides", "Work", 20);
    await focus(slides.id, 30);
    const walk = await addTask("Walk", "Health", 30);
    await focus(walk.id, 20);
    const learnt = await factors();
    // (45 + 30) ÷ (30 + 20)
    expect(learnt.Work).toMatchObject({ factor: 1.5, sessions: 2 });
    expect(learnt.Health).toMatchObject({ factor: 0.67, sessions: 1 });
    expect(learnt.Finance).toMatchObject({ factor: 1, sessions: 0 });
  });

  it("looks at the last 20 sessions only, and keeps one odd session from running away", async () => {
    const task = await addTask("Inbox", "Personal", 10);
    await focus(task.id, 600);
    expect((await factors()).Personal?.factor).toBe(3);
    for (let i = 0; i < 20; i++) await focus(task.id, 10);
    expect((await factors()).Personal).toEqual({ category: "Personal", factor: 1, sessions: 20 });
  });

  it("resets one category or all of them", async () => {
    const work = await addTask("Code review", "Work", 10);
    const money = await addTask("Budget", "Finance", 10);
    await focus(work.id, 20);
    await focus(money.id, 5);
    const afterWork = await call("DELETE", "/api/estimates?category=Work");
    expect(afterWork.statusCode).toBe(200);
    const byCategory = Object.fromEntries((afterWork.json() as EstimateFactor[]).map((f) => [f.category, f.factor]));
    expect(byCategory).toMatchObject({ Work: 1, Finance: 0.5 });
    expect((await call("DELETE", "/api/estimates")).statusCode).toBe(200);
    expect((await factors()).Finance).toMatchObject({ factor: 1, sessions: 0 });
  });

  it("forgets what it learnt when the person deletes all their data", async () => {
    const task = await addTask("Report", "Work", 10);
    await focus(task.id, 20);
    expect((await factors()).Work?.factor).toBe(2);
    expect((await call("POST", "/api/data/delete-all")).statusCode).toBe(200);
    expect((await factors()).Work).toMatchObject({ factor: 1, sessions: 0 });
  });

  it("keeps each person's sessions to themselves", async () => {
    const mine = await addTask("Mine", "Work", 10);
    const other = await t.signUp();
    const res = await call("POST", "/api/focus-sessions", { taskId: mine.id, actualMinutes: 30 }, other.cookie);
    expect(res.statusCode).toBe(404);
    await focus(mine.id, 30);
    const theirs = await call("GET", "/api/estimates", undefined, other.cookie);
    expect((theirs.json() as EstimateFactor[]).every((f) => f.factor === 1 && f.sessions === 0)).toBe(true);
    expect((await call("DELETE", "/api/estimates", undefined, other.cookie)).statusCode).toBe(200);
    expect((await factors()).Work).toMatchObject({ factor: 3, sessions: 1 });
  });

  it("answers bad input with a 400 naming the field, and signed-out calls with a 401", async () => {
    const task = await addTask("Task", "Work", 10);
    for (const payload of [
      { taskId: task.id },
      { taskId: task.id, actualMinutes: 0 },
      { taskId: "x", actualMinutes: 5 },
    ]) {
      const res = await call("POST", "/api/focus-sessions", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/actualMinutes|taskId/);
    }
    const badCategory = await call("DELETE", "/api/estimates?category=Chores");
    expect(badCategory.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: "GET", url: "/api/estimates" });
    expect(signedOut.statusCode).toBe(401);
  });
});
