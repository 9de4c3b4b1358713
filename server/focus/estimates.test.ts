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

function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, cookie = me.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
async function addTask(title: string, category: string, timeEstimate: number): Promise<Task> {
  const res = await call("POST", "/api/tasks", { title, category, timeEstimate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** Marks a task done (or open again). */
async function toggle(task: Task) {
  const res = await call("PATCH", `/api/tasks/${task.id}/toggle`);
  expect(res.statusCode, res.body).toBe(200);
}
/** A task worked on in the given sessions, then marked done. */
async function doneTask(title: string, category: string, timeEstimate: number, ...sessions: number[]) {
  const task = await addTask(title, category, timeEstimate);
  for (const minutes of sessions) expect((await focus(task.id, minutes)).statusCode).toBe(201);
  await toggle(task);
  return task;
}
async function focus(taskId: number, actualMinutes: number) {
  now += 3_600_000;
  return call("POST", "/api/focus-sessions", { taskId, actualMinutes });
}
async function factors(): Promise<Record<string, { factor: number; tasks: number }>> {
  const res = await call("GET", "/api/estimates");
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as EstimateFactor[]).map((f) => [f.category, f]));
}

describe("estimates that learn", () => {
  it("starts every category at 1, then learns how long work really takes", async () => {
    expect(Object.values(await factors())).toEqual(
      ["Work", "Personal", "Health", "Finance", "Education"].map((category) => ({ category, factor: 1, tasks: 0 })),
    );
    const report = await addTask("Write the report", "Work", 30);
    const res = await focus(report.id, 45);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ taskId: report.id, category: "Work", estimatedMinutes: 30, actualMinutes: 45 });
    // A task still open teaches nothing yet: it may take longer still.
    expect((await factors()).Work).toMatchObject({ factor: 1, tasks: 0 });
    await toggle(report);
    await doneTask("Prepare slides", "Work", 20, 30);
    await doneTask("Walk", "Health", 30, 20);
    const learnt = await factors();
    // (45 + 30) ÷ (30 + 20)
    expect(learnt.Work).toMatchObject({ factor: 1.5, tasks: 2 });
    expect(learnt.Health).toMatchObject({ factor: 0.67, tasks: 1 });
    expect(learnt.Finance).toMatchObject({ factor: 1, tasks: 0 });
  });

  it("measures tasks, not sessions: two sessions on one task add up against its estimate counted once", async () => {
    // 25 + 25 minutes on a 30-minute task took 50 minutes: 1.67×, not (25 + 25) ÷ (30 + 30).
    await doneTask("Tax return", "Finance", 30, 25, 25);
    expect((await factors()).Finance).toMatchObject({ factor: 1.67, tasks: 1 });
    // A 10-minute task done in one 10-minute session weighs by its minutes: 60 ÷ 40.
    await doneTask("Pay a bill", "Finance", 10, 10);
    expect((await factors()).Finance).toMatchObject({ factor: 1.5, tasks: 2 });
  });

  it("keeps the estimate the task had when work on it began, even if it is changed later", async () => {
    const task = await addTask("Clean the desk", "Personal", 20);
    await focus(task.id, 20);
    const edit = await call("PATCH", `/api/tasks/${task.id}`, { timeEstimate: 40 });
    expect(edit.statusCode, edit.body).toBe(200);
    await focus(task.id, 20);
    await toggle(task);
    expect((await factors()).Personal).toMatchObject({ factor: 2, tasks: 1 });
  });

  it("counts a task reopened only once it is done again", async () => {
    const task = await doneTask("Email", "Work", 10, 20);
    expect((await factors()).Work).toMatchObject({ factor: 2, tasks: 1 });
    await toggle(task);
    expect((await factors()).Work).toMatchObject({ factor: 1, tasks: 0 });
    await focus(task.id, 10);
    await toggle(task);
    expect((await factors()).Work).toMatchObject({ factor: 3, tasks: 1 });
  });

  it("looks at the last 20 tasks only, and keeps one odd task from running away", async () => {
    await doneTask("Inbox", "Personal", 10, 600);
    expect((await factors()).Personal).toMatchObject({ factor: 3, tasks: 1 });
    for (let i = 0; i < 19; i++) await doneTask(`Small ${i}`, "Personal", 10, 10);
    expect((await factors()).Personal).toMatchObject({ factor: 3, tasks: 20 });
    await doneTask("Small 20", "Personal", 10, 10);
    expect((await factors()).Personal).toEqual({ category: "Personal", factor: 1, tasks: 20 });
    await doneTask("Quick", "Health", 30, 5);
    expect((await factors()).Health).toMatchObject({ factor: 0.5, tasks: 1 });
  });

  it("resets one category or all of them", async () => {
    await doneTask("Code review", "Work", 10, 20);
    await doneTask("Budget", "Finance", 10, 5);
    const afterWork = await call("DELETE", "/api/estimates?category=Work");
    expect(afterWork.statusCode).toBe(200);
    const byCategory = Object.fromEntries((afterWork.json() as EstimateFactor[]).map((f) => [f.category, f.factor]));
    expect(byCategory).toMatchObject({ Work: 1, Finance: 0.5 });
    expect((await call("DELETE", "/api/estimates")).statusCode).toBe(200);
    expect((await factors()).Finance).toMatchObject({ factor: 1, tasks: 0 });
  });

  it("forgets what it learnt when the person deletes all their data", async () => {
    await doneTask("Report", "Work", 10, 20);
    expect((await factors()).Work?.factor).toBe(2);
    expect((await call("POST", "/api/data/delete-all")).statusCode).toBe(200);
    expect((await factors()).Work).toMatchObject({ factor: 1, tasks: 0 });
  });

  it("keeps each person's sessions to themselves", async () => {
    const mine = await addTask("Mine", "Work", 10);
    const other = await t.signUp();
    const res = await call("POST", "/api/focus-sessions", { taskId: mine.id, actualMinutes: 30 }, other.cookie);
    expect(res.statusCode).toBe(404);
    await focus(mine.id, 30);
    await toggle(mine);
    const theirs = await call("GET", "/api/estimates", undefined, other.cookie);
    expect((theirs.json() as EstimateFactor[]).every((f) => f.factor === 1 && f.tasks === 0)).toBe(true);
    expect((await call("DELETE", "/api/estimates", undefined, other.cookie)).statusCode).toBe(200);
    expect((await factors()).Work).toMatchObject({ factor: 3, tasks: 1 });
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
