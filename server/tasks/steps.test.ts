/**
 * A task's breakdown steps (docs/decisions/025-task-steps.md): stored with their task, in order,
 * each ticked on its own; only the task's owner reaches them; deleting the task removes them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Task, TaskStep } from "../../shared/schemas.ts";
import { stepsEtag } from "../../shared/versions.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let me: { cookie: string; userId: number };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  me = await t.signUp();
});

function call(method: "GET" | "PUT" | "PATCH" | "POST" | "DELETE", url: string, payload?: unknown, cookie = me.cookie) {
  return t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
async function addTask(title: string): Promise<Task> {
  const res = await call("POST", "/api/tasks", { title });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const texts = (steps: TaskStep[]) => steps.map((s) => `${s.done ? "x" : " "} ${s.text}`);

describe("task steps", () => {
  it("starts empty, keeps the order given and each step's done state", async () => {
    const task = await addTask("Clean the kitchen");
    expect((await call("GET", `/api/tasks/${task.id}/steps`)).json()).toEqual([]);

    const put = await call("PUT", `/api/tasks/${task.id}/steps`, {
      steps: ["Clear the counter", { text: "Load the dishwasher", done: true }, "Wipe the table"],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(texts(put.json())).toEqual(["  Clear the counter", "x Load the dishwasher", "  Wipe the table"]);

    const [first] = put.json() as TaskStep[];
    const tick = await call("PATCH", `/api/tasks/${task.id}/steps/${first?.id}`, { done: true });
    expect(tick.statusCode, tick.body).toBe(200);
    expect(tick.json()).toMatchObject({ id: first?.id, taskId: task.id, text: "Clear the counter", done: true });

    const read = await call("GET", `/api/tasks/${task.id}/steps`);
    expect(texts(read.json())).toEqual(["x Clear the counter", "x Load the dishwasher", "  Wipe the table"]);
  });

  it("replacing the list puts a new first step in front and keeps the rest", async () => {
    const task = await addTask("Write the report");
    await call("PUT", `/api/tasks/${task.id}/steps`, { steps: ["Outline", "Draft"] });
    const res = await call("PUT", `/api/tasks/${task.id}/steps`, {
      steps: ["Open the document", { text: "Outline", done: true }, "Draft"],
    });
    expect(texts(res.json())).toEqual(["  Open the document", "x Outline", "  Draft"]);
    const cleared = await call("PUT", `/api/tasks/${task.id}/steps`, { steps: [] });
    expect(cleared.json()).toEqual([]);
  });

  it("keeps each task's steps apart", async () => {
    const a = await addTask("Task A");
    const b = await addTask("Task B");
    await call("PUT", `/api/tasks/${a.id}/steps`, { steps: ["A one"] });
    await call("PUT", `/api/tasks/${b.id}/steps`, { steps: ["B one", "B two"] });
    expect(texts((await call("GET", `/api/tasks/${a.id}/steps`)).json())).toEqual(["  A one"]);
    expect(texts((await call("GET", `/api/tasks/${b.id}/steps`)).json())).toEqual(["  B one", "  B two"]);
    // A step of task B cannot be ticked through task A.
    const [bOne] = (await call("GET", `/api/tasks/${b.id}/steps`)).json() as TaskStep[];
    const wrong = await call("PATCH", `/api/tasks/${a.id}/steps/${bOne?.id}`, { done: true });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ message: "Step not found" });
  });

  it("answers 404 for another user's task, and leaves its steps alone", async () => {
    const task = await addTask("Private task");
    await call("PUT", `/api/tasks/${task.id}/steps`, { steps: ["Secret step"] });
    const [step] = (await call("GET", `/api/tasks/${task.id}/steps`)).json() as TaskStep[];
    const other = await t.signUp();
    for (const res of [
      await call("GET", `/api/tasks/${task.id}/steps`, undefined, other.cookie),
      await call("PUT", `/api/tasks/${task.id}/steps`, { steps: ["Mine now"] }, other.cookie),
      await call("PATCH", `/api/tasks/${task.id}/steps/${step?.id}`, { done: true }, other.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "Task not found" });
    }
    expect(texts((await call("GET", `/api/tasks/${task.id}/steps`)).json())).toEqual(["  Secret step"]);
  });

  it("refuses bad input with a 4xx JSON message", async () => {
    const task = await addTask("Plan the trip");
    const cases: Array<[string, string, unknown]> = [
      ["PUT", `/api/tasks/${task.id}/steps`, { steps: "one" }],
      ["PUT", `/api/tasks/${task.id}/steps`, { steps: ["   "] }],
      ["PUT", `/api/tasks/${task.id}/steps`, { steps: Array.from({ length: 31 }, (_, i) => `Step ${i}`) }],
      ["PUT", `/api/tasks/${task.id}/steps`, { steps: ["bad\u0000text"] }],
      ["PUT", `/api/tasks/${task.id}/steps`, {}],
      ["PATCH", `/api/tasks/${task.id}/steps/1`, { done: "yes" }],
      ["PATCH", `/api/tasks/${task.id}/steps/abc`, { done: true }],
      ["GET", "/api/tasks/abc/steps", undefined],
      ["GET", "/api/tasks/99999999999/steps", undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method as "PUT", url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    expect((await call("GET", `/api/tasks/${task.id}/steps`)).json()).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    const task = await addTask("Call the bank");
    const res = await t.app.inject({ method: "GET", url: `/api/tasks/${task.id}/steps` });
    expect(res.statusCode).toBe(401);
  });

  it("deleting the task removes its steps", async () => {
    const task = await addTask("Return the parcel");
    await call("PUT", `/api/tasks/${task.id}/steps`, { steps: ["Print the label", "Tape the box"] });
    expect((await call("DELETE", `/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/tasks/${task.id}/steps`)).statusCode).toBe(404);
    const left = await t.handle.db.selectFrom("task_steps").select("id").where("task_id", "=", task.id).execute();
    expect(left).toEqual([]);
  });
});

describe("a checklist's version (docs/decisions/055-versions.md)", () => {
  const put = (taskId: number, steps: unknown[], ifMatch?: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/tasks/${taskId}/steps`,
      headers: { cookie: me.cookie, ...(ifMatch ? { "if-match": ifMatch } : {}) },
      payload: { steps },
    });

  it("comes as the ETag of the checklist read and saved, and is what the browser works out", async () => {
    const task = await addTask("Pack for the trip");
    const empty = await call("GET", `/api/tasks/${task.id}/steps`);
    expect(empty.headers.etag).toBe(stepsEtag([]));
    const saved = await put(task.id, ["Find the bag", "Pack socks"], stepsEtag([]));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(stepsEtag(saved.json()));
    const read = await call("GET", `/api/tasks/${task.id}/steps`);
    expect(read.headers.etag).toBe(saved.headers.etag);
  });

  it("a change made to a checklist that changed since is refused and saves nothing: the tick made elsewhere stays", async () => {
    const task = await addTask("Clean the bathroom");
    const steps: TaskStep[] = (await put(task.id, ["Clear the sink", "Wipe the mirror", "Mop"])).json();
    // The phone ticks the first step…
    await call("PATCH", `/api/tasks/${task.id}/steps/${steps[0].id}`, { done: true });
    // …and the laptop, still showing the checklist as it was, removes the last.
    const laptop = await put(task.id, steps.slice(0, 2), stepsEtag(steps));
    expect(laptop.statusCode).toBe(412);
    expect(laptop.json()).toEqual({
      code: "PRECONDITION_FAILED",
      message:
        "This checklist has changed since it was read, so nothing was saved. Read it again and make the change to it as it is now.",
    });
    expect(texts((await call("GET", `/api/tasks/${task.id}/steps`)).json())).toEqual([
      "x Clear the sink",
      "  Wipe the mirror",
      "  Mop",
    ]);
  });

  it("two checklists sent at once: one of them is stored, not both mixed; with one version, the second is refused", async () => {
    const task = await addTask("Plan the party");
    const answers = await Promise.all([put(task.id, ["Invite friends"]), put(task.id, ["Bake a cake", "Buy candles"])]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const stored = texts((await call("GET", `/api/tasks/${task.id}/steps`)).json());
    expect([["  Invite friends"], ["  Bake a cake", "  Buy candles"]]).toContainEqual(stored);

    const now = (await call("GET", `/api/tasks/${task.id}/steps`)).json();
    const versioned = await Promise.all([
      put(task.id, ["Book the room"], stepsEtag(now)),
      put(task.id, ["Order pizza"], stepsEtag(now)),
    ]);
    expect(versioned.map((a) => a.statusCode).sort()).toEqual([200, 412]);
  });

  it("another user's task answers 404 with a version too", async () => {
    const task = await addTask("Mine");
    const other = await t.signUp();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/tasks/${task.id}/steps`,
      headers: { cookie: other.cookie, "if-match": stepsEtag([]) },
      payload: { steps: ["Yours now"] },
    });
    expect(res.statusCode).toBe(404);
    expect((await call("GET", `/api/tasks/${task.id}/steps`)).json()).toEqual([]);
  });
});
