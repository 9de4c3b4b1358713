/** Export and import: a round trip into another account, no duplicates, all or nothing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PUT" | "PATCH";
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function seed(cookie: string) {
  const task = (
    await call(cookie, "POST", "/api/tasks", { title: "File taxes", category: "Finance", timeEstimate: 30 })
  ).json();
  await call(cookie, "POST", "/api/focus-sessions", { taskId: task.id, actualMinutes: 35 });
  await call(cookie, "POST", "/api/focus-sessions", { taskId: task.id, actualMinutes: 25 });
  await call(cookie, "PATCH", `/api/tasks/${task.id}/toggle`);
  await call(cookie, "PUT", `/api/tasks/${task.id}/steps`, {
    steps: [{ text: "Find last year's forms", done: true }, "Fill in the income page"],
  });
  await call(cookie, "POST", "/api/quick-wins", { text: "Water the plants" });
  const thought = (
    await call(cookie, "POST", "/api/thoughts", {
      content: "Old idea",
      type: "Idea",
      whenDate: "2030-01-05",
      whenTime: "18:00",
    })
  ).json();
  await call(cookie, "PATCH", `/api/thoughts/${thought.id}`, { status: "archived" });
  await call(cookie, "POST", "/api/projects", {
    title: "Garden",
    bucket: "personal",
    deadline: "2030-04-01",
    notes: "Tomatoes",
    tasks: [
      { id: 1, title: "Buy seeds", completed: true },
      { id: 2, title: "Dig beds", completed: false },
    ],
  });
  await call(cookie, "POST", "/api/events", { title: "Dentist", date: "2030-01-02", startTime: "09:30", duration: 45 });
  await call(cookie, "PUT", "/api/settings", { tone: "coachy", helpLevel: "minimal" });
  await call(cookie, "POST", "/api/mood", { mood: "Tired", date: "2030-01-01" });
}

describe("export", () => {
  it("answers every kind of record as one downloadable JSON file, and only the caller's", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await seed(a.cookie);
    await call(b.cookie, "POST", "/api/tasks", { title: "Not yours" });
    const res = await call(a.cookie, "GET", "/api/data/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="daily-compass-export-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.json();
    expect(data).toMatchObject({ format: "daily-compass-export", version: 1 });
    expect(data.tasks).toEqual([
      expect.objectContaining({ title: "File taxes", completed: true, category: "Finance" }),
    ]);
    expect(data.quickWins.map((w: { text: string }) => w.text)).toEqual(["Water the plants"]);
    expect(data.thoughts).toEqual([expect.objectContaining({ content: "Old idea", status: "archived" })]);
    expect(data.projects[0]).toMatchObject({ title: "Garden", progress: 50, notes: "Tomatoes" });
    expect(data.events[0]).toMatchObject({ title: "Dentist", date: "2030-01-02", startTime: "09:30", duration: 45 });
    expect(data.settings).toMatchObject({ tone: "coachy", helpLevel: "minimal" });
    expect(data.moods).toEqual([expect.objectContaining({ mood: "Tired", date: "2030-01-01" })]);
  });
});

describe("import", () => {
  it("restores an export into another account, and a second import adds nothing", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await seed(a.cookie);
    const file = (await call(a.cookie, "GET", "/api/data/export")).json();

    const first = await call(b.cookie, "POST", "/api/data/import", file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().importedCounts).toEqual({
      tasks: 1,
      quickWins: 1,
      thoughts: 1,
      projects: 1,
      events: 1,
      moods: 1,
    });

    const copy = (await call(b.cookie, "GET", "/api/data/export")).json();
    // Ids, owners and record times are the new account's own; a done task keeps when it was done.
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _id, userId: _u, createdAt: _c, ...rest }) => rest);
    expect(strip(copy.tasks)).toEqual(strip(file.tasks));
    // A task's breakdown and a thought's understood time come along.
    expect(copy.tasks[0].steps).toEqual([
      { text: "Find last year's forms", done: true },
      { text: "Fill in the income page", done: false },
    ]);
    expect(copy.thoughts[0]).toMatchObject({ whenDate: "2030-01-05", whenTime: "18:00" });
    // What focus sessions measured comes along too, so the estimates learnt are not lost.
    expect(
      copy.tasks[0].focusSessions.map((f: Record<string, unknown>) => [f.estimatedMinutes, f.actualMinutes, f.endedAt]),
    ).toEqual(file.tasks[0].focusSessions.map((f: Record<string, unknown>) => [30, f.actualMinutes, f.endedAt]));
    expect(file.tasks[0].focusSessions.map((f: { actualMinutes: number }) => f.actualMinutes)).toEqual([35, 25]);
    const learnt = (await call(b.cookie, "GET", "/api/estimates")).json();
    expect(learnt.find((e: { category: string }) => e.category === "Finance")).toMatchObject({ factor: 2, tasks: 1 });
    expect(copy.tasks.map((x: { completedAt: string | null }) => x.completedAt)).toEqual([file.tasks[0].completedAt]);
    expect(file.tasks[0].completedAt).toEqual(expect.any(String));
    expect(strip(copy.quickWins)).toEqual(strip(file.quickWins));
    expect(strip(copy.thoughts)).toEqual(strip(file.thoughts));
    expect(strip(copy.projects)).toEqual(strip(file.projects));
    expect(strip(copy.events)).toEqual(strip(file.events));
    expect(copy.settings).toEqual(file.settings);
    expect(copy.moods.map((m: { mood: string; date: string }) => [m.mood, m.date])).toEqual([["Tired", "2030-01-01"]]);

    const again = await call(b.cookie, "POST", "/api/data/import", file);
    expect(again.json().importedCounts).toEqual({
      tasks: 0,
      quickWins: 0,
      thoughts: 0,
      projects: 0,
      events: 0,
      moods: 0,
    });
    expect(again.json().skippedCounts).toEqual({
      tasks: 1,
      quickWins: 1,
      thoughts: 1,
      projects: 1,
      events: 1,
      moods: 1,
    });
    expect((await call(b.cookie, "GET", "/api/tasks")).json()).toHaveLength(1);
  });

  it("counts a file's own repeats once", async () => {
    const { cookie } = await t.signUp();
    const res = await call(cookie, "POST", "/api/data/import", {
      quickWins: [{ text: "Stretch" }, { text: "Stretch" }, { text: "Drink water" }],
    });
    expect(res.json().importedCounts.quickWins).toBe(2);
    expect((await call(cookie, "GET", "/api/quick-wins")).json()).toHaveLength(2);
  });

  it("refuses a file with one bad record and changes nothing", async () => {
    const { cookie } = await t.signUp();
    await call(cookie, "POST", "/api/tasks", { title: "Keep me" });
    const before = (await call(cookie, "GET", "/api/data/export")).json();
    const res = await call(cookie, "POST", "/api/data/import", {
      tasks: [{ title: "Fine" }, { title: "Too long", timeEstimate: 500 }],
      quickWins: [{ text: "Also fine" }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("tasks.1.timeEstimate");
    const after = (await call(cookie, "GET", "/api/data/export")).json();
    expect({ ...after, exportedAt: "" }).toEqual({ ...before, exportedAt: "" });
  });

  it("keeps a done task's day, refuses one done days from now, and changes nothing then", async () => {
    const { cookie } = await t.signUp();
    const lastWeek = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
    const farAhead = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    const refused = await call(cookie, "POST", "/api/data/import", {
      tasks: [
        { title: "Fine", completed: true, completedAt: lastWeek },
        { title: "Done in three days", completed: true, completedAt: farAhead },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(/^completedAt: /);
    expect((await call(cookie, "GET", "/api/tasks")).json()).toEqual([]);

    const res = await call(cookie, "POST", "/api/data/import", {
      tasks: [
        { title: "Done last week", completed: true, completedAt: lastWeek },
        { title: "Done on no known day", completed: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const tasks = (await call(cookie, "GET", "/api/tasks")).json() as { title: string; completedAt: string | null }[];
    expect(tasks.map((x) => [x.title, x.completedAt])).toEqual([
      ["Done last week", lastWeek],
      ["Done on no known day", null],
    ]);
  });

  it("refuses a project whose task ids repeat, keeping the valid records out too", async () => {
    const { cookie } = await t.signUp();
    const res = await call(cookie, "POST", "/api/data/import", {
      quickWins: [{ text: "Should not stay" }],
      projects: [
        {
          title: "P",
          tasks: [
            { id: 1, title: "a" },
            { id: 1, title: "b" },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect((await call(cookie, "GET", "/api/quick-wins")).json()).toEqual([]);
  });

  it("refuses what is not an export", async () => {
    const { cookie } = await t.signUp();
    for (const body of [
      [1, 2],
      { tasks: "nope" },
      { events: [{ title: "x", date: "tomorrow", duration: 5 }] },
      { tasks: [{ title: "x", completed: true, completedAt: "last week" }] },
      // JSON, but of something else: nothing it holds is a kind of record an export has.
      { hello: "world" },
      {},
      { format: "another-app-export", tasks: [] },
    ]) {
      const res = await call(cookie, "POST", "/api/data/import", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await call(cookie, "POST", "/api/data/import", { hello: "world" })).json()).toMatchObject({
      message: "This file is not a Daily Compass export.",
      code: "BAD_REQUEST",
    });
    // A hand-written file of one kind is still taken.
    const some = await call(cookie, "POST", "/api/data/import", { quickWins: [{ text: "Water the plants" }] });
    expect(some.statusCode).toBe(200);
    expect(some.json().importedCounts.quickWins).toBe(1);
  });
});

describe("delete-all with a calendar connection", () => {
  it("ends the connection with its credentials", async () => {
    const { cookie, userId } = await t.signUp();
    const now = new Date().toISOString();
    await t.handle.db
      .insertInto("calendar_connections")
      .values({
        user_id: userId,
        provider: "google",
        calendar_id: "primary",
        server_url: null,
        username: null,
        sync_token: null,
        last_synced_at: null,
        last_error: null,
        next_sync_at: null,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await call(cookie, "GET", "/api/google/status")).json().connected).toBe(true);
    const res = await call(cookie, "POST", "/api/data/delete-all");
    expect(res.json().deletedCounts.calendarConnections).toBe(1);
    expect((await call(cookie, "GET", "/api/google/status")).json().connected).toBe(false);
  });
});
