/** Text with control characters (NUL first of all) is refused with 400 on every database, and nothing changes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
let username: string;
let ids: { task: number; quickWin: number; thought: number; project: number; event: number };
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, username } = await t.signUp());
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: "POST", url, headers: { cookie }, payload })).json().id as number;
  ids = {
    task: await post("/api/tasks", { title: "Water plants" }),
    quickWin: await post("/api/quick-wins", { text: "Open the window" }),
    thought: await post("/api/thoughts", { content: "Call the dentist" }),
    project: await post("/api/projects", { title: "Garden", tasks: [{ id: 1, title: "Dig" }] }),
    event: await post("/api/events", { title: "Lunch", date: "2030-05-01", startTime: "12:00", duration: 60 }),
  };
});
afterAll(() => t?.close());

const MESSAGE = "Must not contain control characters";
type Method = "POST" | "PUT" | "PATCH";

/** Everything the account holds, as the user could see it. */
const snapshot = async () => {
  const exported = (await t.app.inject({ method: "GET", url: "/api/data/export", headers: { cookie } })).json();
  const me = (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json();
  const key = (await t.app.inject({ method: "GET", url: "/api/ai/key", headers: { cookie } })).json();
  return { ...exported, exportedAt: undefined, me, key };
};

describe("a NUL character in text", () => {
  it("is refused with 400 naming the field, in every kind of record, and nothing is stored", async () => {
    const before = await snapshot();
    const nul = "Hello\u0000world";
    const cases: [Method, string, object, string][] = [
      ["POST", "/api/tasks", { title: nul }, "title"],
      ["PATCH", `/api/tasks/${ids.task}`, { title: nul }, "title"],
      ["POST", "/api/quick-wins", { text: nul }, "text"],
      ["PATCH", `/api/quick-wins/${ids.quickWin}`, { text: nul }, "text"],
      ["POST", "/api/thoughts", { content: nul }, "content"],
      ["PATCH", `/api/thoughts/${ids.thought}`, { content: nul }, "content"],
      ["PATCH", `/api/thoughts/${ids.thought}`, { convertedTo: nul }, "convertedTo"],
      ["POST", `/api/thoughts/${ids.thought}/convert`, { to: "event", title: nul, date: "2030-01-01" }, "title"],
      ["POST", "/api/projects", { title: nul }, "title"],
      ["POST", "/api/projects", { title: "P", description: nul }, "description"],
      ["POST", "/api/projects", { title: "P", notes: nul }, "notes"],
      ["POST", "/api/projects", { title: "P", tasks: [{ id: 1, title: nul }] }, "tasks.0.title"],
      ["PUT", `/api/projects/${ids.project}`, { notes: nul }, "notes"],
      ["PUT", `/api/projects/${ids.project}`, { description: nul }, "description"],
      ["POST", "/api/events", { title: "E", date: "2030-01-01", duration: 30, location: nul }, "location"],
      ["POST", "/api/events", { title: "E", date: "2030-01-01", duration: 30, description: nul }, "description"],
      ["PUT", `/api/events/${ids.event}`, { title: nul }, "title"],
      ["PUT", "/api/settings", { timeZone: "Europe/Paris\u0000" }, "timeZone"],
      ["PATCH", "/api/auth/me", { displayName: nul }, "displayName"],
      ["PUT", "/api/ai/key", { key: "sk-abc\u0000def" }, "key"],
      ["POST", "/api/data/import", { tasks: [{ title: "Fine" }, { title: nul }] }, "tasks.1.title"],
      ["POST", "/api/data/import", { quickWins: [{ text: nul }] }, "quickWins.0.text"],
      ["POST", "/api/data/import", { thoughts: [{ content: nul }] }, "thoughts.0.content"],
      ["POST", "/api/data/import", { projects: [{ title: "P", notes: nul }] }, "projects.0.notes"],
      [
        "POST",
        "/api/data/import",
        { events: [{ title: "E", date: "2030-01-01", duration: 30, location: nul }] },
        "events.0.location",
      ],
      ["POST", "/api/caldav/connect", { serverUrl: "http://127.0.0.1:1/", username: nul, password: "x" }, "username"],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await t.app.inject({ method, url, headers: { cookie }, payload });
      const label = `${method} ${url} ${JSON.stringify(payload)}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json(), label).toEqual({ message: `${field}: ${MESSAGE}`, code: "BAD_REQUEST", field });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("in a sign-in or sign-up username is refused with 400, not looked up", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: `${username}\u0000`, password: "correct horse battery" },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ message: `username: ${MESSAGE}`, code: "BAD_REQUEST", field: "username" });
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "new\u0000user", password: "correct horse battery" },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ message: `username: ${MESSAGE}`, code: "BAD_REQUEST", field: "username" });
    const displayName = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { username: "newuser42", password: "correct horse battery", displayName: "\u0000" },
    });
    expect(displayName.statusCode).toBe(400);
    expect(displayName.json().message).toBe(`displayName: ${MESSAGE}`);
  });

  it("in an assistant request is refused too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ai/categorize",
      headers: { cookie },
      payload: { content: "\u0000" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`content: ${MESSAGE}`);
  });
});

describe("other control characters", () => {
  it("bell, escape, delete and the like are refused as well", async () => {
    for (const c of ["\u0001", "\u0007", "\u000b", "\u000c", "\u001b", "\u007f"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/thoughts",
        headers: { cookie },
        payload: { content: `note${c}` },
      });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().message).toBe(`content: ${MESSAGE}`);
    }
  });

  it("tabs and line breaks in longer text are kept as they were", async () => {
    const notes = "Line one\r\nLine two\n\tindented";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: { cookie },
      payload: { title: "Multi\tline", notes, description: "a\nb" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: "Multi\tline", notes, description: "a\nb" });
    const thought = await t.app.inject({
      method: "POST",
      url: "/api/thoughts",
      headers: { cookie },
      payload: { content: "first\nsecond" },
    });
    expect(thought.statusCode).toBe(201);
    expect(thought.json().content).toBe("first\nsecond");
  });
});
