/** Converting a thought: the new record and the converted mark happen together, once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let cookie: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
  ({ cookie: other } = await t.signUp());
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST", url: string, payload?: object, c = cookie) =>
  t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
const thought = async (content: string, type = "Note") =>
  (await call("POST", "/api/thoughts", { content, type })).json();
const find = async (url: string, id: number, c = cookie) =>
  (await call("GET", url, undefined, c)).json().find((x: { id: number }) => x.id === id);

describe("POST /api/thoughts/:id/convert", () => {
  it("makes a focus task and marks the thought, once", async () => {
    const th = await thought("  Book the car service  ");
    const res = await call("POST", `/api/thoughts/${th.id}/convert`, { to: "task", type: "Task" });
    expect(res.statusCode, res.body).toBe(200);
    const { thought: marked, target } = res.json();
    expect(target.kind).toBe("task");
    expect(marked).toMatchObject({ status: "converted", convertedTo: `task:${target.id}`, type: "Task" });
    expect(await find("/api/tasks", target.id)).toMatchObject({ title: "Book the car service", completed: false });

    const again = await call("POST", `/api/thoughts/${th.id}/convert`, { to: "task" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This thought was already converted");
    const titles = (await call("GET", "/api/tasks")).json().map((x: { title: string }) => x.title);
    expect(titles.filter((x: string) => x === "Book the car service")).toHaveLength(1);
  });

  it("converted twice at the same moment (two tabs, a double tap), makes one task: the other answers 409", async () => {
    const th = await thought("Renew the passport");
    const answers = await Promise.all([
      call("POST", `/api/thoughts/${th.id}/convert`, { to: "task" }),
      call("POST", `/api/thoughts/${th.id}/convert`, { to: "task" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const titles = (await call("GET", "/api/tasks")).json().map((x: { title: string }) => x.title);
    expect(titles.filter((x: string) => x === "Renew the passport")).toHaveLength(1);
  });

  it("makes a quick win", async () => {
    const th = await thought("Water the plants");
    const { target } = (await call("POST", `/api/thoughts/${th.id}/convert`, { to: "quick-win" })).json();
    expect(await find("/api/quick-wins", target.id)).toMatchObject({ text: "Water the plants" });
  });

  it("adds a task to one of the user's projects, keyed by a timestamp", async () => {
    const project = (
      await call("POST", "/api/projects", { title: "Garden", tasks: [{ id: 1, title: "Buy seeds", completed: true }] })
    ).json();
    const th = await thought("Dig the beds");
    const before = Date.now();
    const res = await call("POST", `/api/thoughts/${th.id}/convert`, { to: "project", projectId: project.id });
    expect(res.json().target).toEqual({ kind: "project", id: project.id });
    const saved = (await call("GET", `/api/projects/${project.id}`)).json();
    expect(saved.tasks.map((x: { title: string }) => x.title)).toEqual(["Buy seeds", "Dig the beds"]);
    expect(saved.tasks[1].id).toBeGreaterThanOrEqual(before);
    expect(saved.progress).toBe(50);
  });

  it("two thoughts converted into one project at once both become its tasks", async () => {
    const project = (await call("POST", "/api/projects", { title: "Bathroom" })).json();
    const first = await thought("Pick the tiles");
    const second = await thought("Call the plumber");
    const answers = await Promise.all(
      [first, second].map((th) =>
        call("POST", `/api/thoughts/${th.id}/convert`, { to: "project", projectId: project.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const saved = (await call("GET", `/api/projects/${project.id}`)).json();
    expect(saved.tasks.map((x: { title: string }) => x.title).sort()).toEqual(["Call the plumber", "Pick the tiles"]);
  });

  it("makes a calendar event, keeping a long thought whole as its description", async () => {
    const long = `Dentist: ${"ask about the crown and the bill ".repeat(3).trim()}`;
    const th = await thought(long);
    const res = await call("POST", `/api/thoughts/${th.id}/convert`, {
      to: "event",
      title: "Dentist",
      date: "2030-02-03",
      startTime: "08:15",
    });
    const event = (await call("GET", `/api/events/${res.json().target.id}`)).json();
    expect(event).toMatchObject({
      title: "Dentist",
      date: "2030-02-03",
      startTime: "08:15",
      duration: 30,
      description: long,
    });

    const allDay = await thought("Holiday");
    const day = await call("POST", `/api/thoughts/${allDay.id}/convert`, {
      to: "event",
      title: "Holiday",
      date: "2030-02-04",
      allDay: true,
    });
    const whole = (await call("GET", `/api/events/${day.json().target.id}`)).json();
    expect(whole).toMatchObject({ duration: 1440, startTime: "00:00", description: null });
  });

  it("changes nothing when the target cannot be made", async () => {
    const foreign = (await call("POST", "/api/projects", { title: "Not yours" }, other)).json();
    const th = await thought("Stays in the inbox");
    const tasksBefore = (await call("GET", "/api/tasks")).json().length;
    const cases: [object, number, string][] = [
      [{ to: "project", projectId: foreign.id }, 404, "Project"],
      [{ to: "project", projectId: 999_999 }, 404, "Project"],
      [{ to: "event", title: "No date" }, 400, "date"],
      [{ to: "event", title: "  ", date: "2030-01-01" }, 400, "title"],
      [{ to: "calendar" }, 400, "to"],
      [{ to: "task", type: "Chore" }, 400, "type"],
    ];
    for (const [body, status, field] of cases) {
      const res = await call("POST", `/api/thoughts/${th.id}/convert`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toContain(field);
    }
    expect(await find("/api/thoughts", th.id)).toMatchObject({ status: "inbox", convertedTo: null });
    expect((await call("GET", "/api/tasks")).json()).toHaveLength(tasksBefore);
    expect((await call("GET", `/api/projects/${foreign.id}`, undefined, other)).json().tasks).toEqual([]);
  });
});
