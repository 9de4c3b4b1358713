/** The data API of spec section 7: success paths, validation (nothing stored) and ownership. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, userId } = await t.signUp());
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, c = cookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: c },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function expectRejected(url: string, payload: unknown, field: string, listUrl = url) {
  const before = (await call("GET", listUrl)).json();
  const res = await call("POST", url, payload);
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  expect(res.json().message).toContain(field);
  expect((await call("GET", listUrl)).json()).toEqual(before);
}

describe("focus tasks", () => {
  it("creates with the spec's defaults, ignores a client userId, lists, toggles back and forth", async () => {
    const created = await call("POST", "/api/tasks", { title: "  Write the report  ", userId: 999_999 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId,
      title: "Write the report",
      category: "Work",
      timeEstimate: 15,
      dueTime: null,
      dueDate: null,
      completed: false,
    });
    expect(Date.parse(created.json().createdAt)).not.toBeNaN();
    const id = created.json().id;
    expect((await call("GET", "/api/tasks")).json().map((x: { id: number }) => x.id)).toContain(id);
    expect((await call("PATCH", `/api/tasks/${id}/toggle`)).json().completed).toBe(true);
    expect((await call("PATCH", `/api/tasks/${id}/toggle`)).json().completed).toBe(false);
  });

  it("keeps every field given", async () => {
    const res = await call("POST", "/api/tasks", {
      title: "Gym",
      category: "Health",
      timeEstimate: 120,
      dueTime: "18:30",
    });
    expect(res.json()).toMatchObject({ category: "Health", timeEstimate: 120, dueTime: "18:30" });
    const edited = await call("PATCH", `/api/tasks/${res.json().id}`, { title: "Gym, legs", timeEstimate: 5 });
    expect(edited.json()).toMatchObject({ title: "Gym, legs", timeEstimate: 5, category: "Health" });
  });

  it.each([
    [{ title: "   " }, "title"],
    [{ title: "x", timeEstimate: 4 }, "timeEstimate"],
    [{ title: "x", timeEstimate: 121 }, "timeEstimate"],
    [{ title: "x", timeEstimate: 7.5 }, "timeEstimate"],
    [{ title: "x", category: "Chores" }, "category"],
    [{ title: "x", dueTime: "25:00" }, "dueTime"],
    [{ title: "x", dueDate: "2026-02-30" }, "dueDate"],
    [{}, "title"],
  ])("refuses %j (400 naming %s, nothing stored)", async (payload, field) => {
    await expectRejected("/api/tasks", payload, field);
  });

  it("deletes", async () => {
    const { id } = (await call("POST", "/api/tasks", { title: "Temporary" })).json();
    expect((await call("DELETE", `/api/tasks/${id}`)).statusCode).toBe(204);
    expect((await call("PATCH", `/api/tasks/${id}/toggle`)).statusCode).toBe(404);
  });
});

describe("quick wins", () => {
  it("trims, creates, lists and toggles", async () => {
    const res = await call("POST", "/api/quick-wins", { text: "  Water the plants ", userId: 12345 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId, text: "Water the plants", completed: false });
    const id = res.json().id;
    expect((await call("PATCH", `/api/quick-wins/${id}/toggle`)).json().completed).toBe(true);
    expect((await call("GET", "/api/quick-wins")).json().find((q: { id: number }) => q.id === id).completed).toBe(true);
  });

  it("refuses blank text", async () => {
    await expectRejected("/api/quick-wins", { text: " \n " }, "text");
  });
});

describe("thoughts", () => {
  it("defaults the type to Note and lists newest first", async () => {
    const a = (await call("POST", "/api/thoughts", { content: "first idea" })).json();
    const b = (await call("POST", "/api/thoughts", { content: "Call mum at 6", type: "Reminder" })).json();
    expect(a).toMatchObject({ type: "Note", status: "inbox", convertedTo: null });
    expect(b.type).toBe("Reminder");
    const list = (await call("GET", "/api/thoughts")).json();
    expect(list.findIndex((x: { id: number }) => x.id === b.id)).toBeLessThan(
      list.findIndex((x: { id: number }) => x.id === a.id),
    );
  });

  it("archives, restores and records a conversion", async () => {
    const { id } = (await call("POST", "/api/thoughts", { content: "buy stamps", type: "Task" })).json();
    expect((await call("PATCH", `/api/thoughts/${id}`, { status: "archived" })).json().status).toBe("archived");
    expect((await call("PATCH", `/api/thoughts/${id}`, { status: "inbox" })).json().status).toBe("inbox");
    const converted = await call("PATCH", `/api/thoughts/${id}`, {
      status: "converted",
      convertedTo: "task:7",
      type: "Idea",
    });
    expect(converted.json()).toMatchObject({ status: "converted", convertedTo: "task:7", type: "Idea" });
  });

  it("refuses an unknown type or blank content", async () => {
    await expectRejected("/api/thoughts", { content: "x", type: "Dream" }, "type");
    await expectRejected("/api/thoughts", { content: "" }, "content");
  });
});

describe("projects", () => {
  it("creates with tasks, turns empty optional text into null and derives progress", async () => {
    const res = await call("POST", "/api/projects", {
      title: "Move house",
      description: "",
      notes: "",
      bucket: "personal",
      deadline: "",
      tasks: [
        { id: 1, title: "Book van", completed: true },
        { id: 2, title: "Pack books", completed: false },
        { id: 3, title: "Change address", completed: false },
      ],
      progress: 99,
      userId: 4242,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId,
      title: "Move house",
      description: null,
      notes: null,
      deadline: null,
      bucket: "personal",
      progress: 33,
    });
    expect(res.json().tasks.map((x: { title: string }) => x.title)).toEqual([
      "Book van",
      "Pack books",
      "Change address",
    ]);
  });

  it("gets one, updates tasks (progress follows), notes alone and deletes", async () => {
    const { id } = (
      await call("POST", "/api/projects", { title: "Tax return", bucket: "finance", deadline: "2027-01-05" })
    ).json();
    const got = (await call("GET", `/api/projects/${id}`)).json();
    expect(got).toMatchObject({ title: "Tax return", deadline: "2027-01-05", progress: 0, tasks: [] });
    const stamp = 1_763_000_000_123; // the detail screen keys new tasks by timestamp
    const withTasks = await call("PUT", `/api/projects/${id}`, {
      tasks: [
        { id: stamp, title: "Find receipts", completed: true },
        { id: stamp + 1, title: "Fill in form", completed: true },
      ],
      progress: 0,
    });
    expect(withTasks.statusCode).toBe(200);
    expect(withTasks.json().progress).toBe(100);
    expect(withTasks.json().tasks[0].id).toBe(stamp);
    const notes = await call("PUT", `/api/projects/${id}`, { notes: "Accountant: Jo, 555-0100" });
    expect(notes.json()).toMatchObject({ notes: "Accountant: Jo, 555-0100", progress: 100 });
    expect(notes.json().tasks).toHaveLength(2);
    expect((await call("DELETE", `/api/projects/${id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/projects/${id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ title: "" }, "title"],
    [{ title: "x", bucket: "hobby" }, "bucket"],
    [{ title: "x", deadline: "next week" }, "deadline"],
    [
      {
        title: "x",
        tasks: [
          { id: 1, title: "a" },
          { id: 1, title: "b" },
        ],
      },
      "tasks",
    ],
    [{ title: "x", tasks: [{ id: 1, title: " " }] }, "tasks"],
  ])("refuses %j", async (payload, field) => {
    await expectRejected("/api/projects", payload, field);
  });

  it("a bad update changes nothing", async () => {
    const { id } = (await call("POST", "/api/projects", { title: "Garden", tasks: [{ id: 1, title: "Dig" }] })).json();
    const res = await call("PUT", `/api/projects/${id}`, { tasks: [{ id: 1, title: "" }] });
    expect(res.statusCode).toBe(400);
    expect((await call("GET", `/api/projects/${id}`)).json().tasks).toEqual([
      { id: 1, title: "Dig", completed: false },
    ]);
  });

  it("answers 400 for a non-numeric id", async () => {
    expect((await call("GET", "/api/projects/abc")).statusCode).toBe(400);
  });
});

describe("events", () => {
  it("creates, lists by date and time, updates (the whole event sent back) and deletes", async () => {
    const late = (
      await call("POST", "/api/events", {
        title: "Dentist",
        date: "2026-12-01",
        startTime: "15:00",
        duration: 45,
        category: "Health",
        location: "Main St",
      })
    ).json();
    const early = (
      await call("POST", "/api/events", { title: "Stand-up", date: "2026-12-01", startTime: "09:30", duration: 15 })
    ).json();
    expect(late).toMatchObject({
      title: "Dentist",
      duration: 45,
      category: "Health",
      location: "Main St",
      description: null,
      googleId: null,
      googleCalendarId: null,
    });
    const list = (await call("GET", "/api/events")).json();
    expect(list.map((e: { id: number }) => e.id).indexOf(early.id)).toBeLessThan(
      list.map((e: { id: number }) => e.id).indexOf(late.id),
    );
    const updated = await call("PUT", `/api/events/${late.id}`, {
      ...late,
      startTime: "16:00",
      googleId: "forged",
      userId: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ startTime: "16:00", googleId: null, userId });
    expect((await call("DELETE", `/api/events/${late.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/events/${late.id}`)).statusCode).toBe(404);
  });

  it("a partial update leaves the other fields as they were", async () => {
    const ev = (
      await call("POST", "/api/events", {
        title: "Yoga",
        date: "2026-12-02",
        startTime: "07:00",
        duration: 60,
        location: "Park",
        description: "Bring mat",
      })
    ).json();
    const res = await call("PUT", `/api/events/${ev.id}`, { title: "Yoga class" });
    expect(res.json()).toMatchObject({ title: "Yoga class", location: "Park", description: "Bring mat", duration: 60 });
  });

  it("stores an all-day event as 1440 minutes", async () => {
    const res = await call("POST", "/api/events", { title: "Holiday", date: "2026-12-24", duration: 1440 });
    expect(res.json()).toMatchObject({ duration: 1440, startTime: "00:00" });
  });

  it.each([
    [{ title: "x", date: "2026-13-01", startTime: "10:00", duration: 30 }, "date"],
    [{ title: "x", date: "2026-12-01", startTime: "9:00", duration: 30 }, "startTime"],
    [{ title: "x", date: "2026-12-01", startTime: "10:00", duration: 0 }, "duration"],
    [{ title: "x", date: "2026-12-01", startTime: "10:00", duration: "30" }, "duration"],
    [{ title: "x", date: "2026-12-01", startTime: "10:00", duration: 30, category: "Party" }, "category"],
    [{ title: " ", date: "2026-12-01", startTime: "10:00", duration: 30 }, "title"],
  ])("refuses %j", async (payload, field) => {
    await expectRejected("/api/events", payload, field);
  });
});

describe("settings, theme and mood", () => {
  it("starts from the defaults and stores changes per user", async () => {
    const display = {
      textSize: "normal",
      readingFont: "default",
      reducedMotion: "system",
      contrast: "normal",
      lowStimulation: false,
      followDeviceTimeZone: true,
    };
    expect((await call("GET", "/api/settings")).json()).toEqual({
      theme: "dark",
      tone: "friendly",
      helpLevel: "moderate",
      timeZone: "UTC",
      ...display,
    });
    const saved = await call("PUT", "/api/settings", {
      tone: "coachy",
      helpLevel: "proactive",
      timeZone: "Europe/Berlin",
    });
    expect(saved.json()).toEqual({
      theme: "dark",
      tone: "coachy",
      helpLevel: "proactive",
      timeZone: "Europe/Berlin",
      ...display,
    });
    expect((await call("POST", "/api/theme", { appearance: "light" })).json()).toEqual({ appearance: "light" });
    expect((await call("GET", "/api/settings")).json()).toMatchObject({ theme: "light", tone: "coachy" });
    const other = await t.signUp();
    expect((await call("GET", "/api/settings", undefined, other.cookie)).json().theme).toBe("dark");
  });

  it("stores the personal display settings, which follow the person to another device", async () => {
    const chosen = {
      textSize: "larger",
      readingFont: "hyperlegible",
      reducedMotion: "reduce",
      contrast: "high",
      lowStimulation: true,
    };
    expect((await call("PUT", "/api/settings", chosen)).json()).toMatchObject(chosen);
    expect((await call("GET", "/api/settings")).json()).toMatchObject(chosen);
    // One change leaves the others as they were.
    await call("PUT", "/api/settings", { lowStimulation: false });
    expect((await call("GET", "/api/settings")).json()).toMatchObject({ ...chosen, lowStimulation: false });
  });

  it("refuses unknown values", async () => {
    const before = (await call("GET", "/api/settings")).json();
    for (const body of [
      { textSize: "huge" },
      { readingFont: "comic" },
      { reducedMotion: "maybe" },
      { lowStimulation: "yes" },
    ]) {
      const res = await call("PUT", "/api/settings", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call("GET", "/api/settings")).json()).toEqual(before);
    expect((await call("POST", "/api/theme", { appearance: "sepia" })).statusCode).toBe(400);
    expect((await call("PUT", "/api/settings", { tone: "grumpy" })).statusCode).toBe(400);
    expect((await call("PUT", "/api/settings", { timeZone: "Mars/Olympus" })).statusCode).toBe(400);
  });

  it("keeps one mood per day, the latest winning", async () => {
    await call("POST", "/api/mood", { mood: "Tired", date: "2026-11-20" });
    await call("POST", "/api/mood", { mood: "Happy", date: "2026-11-20" });
    await call("POST", "/api/mood", { mood: "Sad", date: "2026-11-19" });
    const moods = (await call("GET", "/api/mood")).json();
    expect(moods.map((m: { mood: string; date: string }) => `${m.date} ${m.mood}`)).toEqual([
      "2026-11-20 Happy",
      "2026-11-19 Sad",
    ]);
    expect((await call("POST", "/api/mood", { mood: "Bored" })).statusCode).toBe(400);
  });
});

describe("delete all data", () => {
  it("accepts the spec's empty JSON request, deletes only the caller's data and counts it", async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    await call("POST", "/api/tasks", { title: "mine 1" }, me.cookie);
    await call("POST", "/api/tasks", { title: "mine 2" }, me.cookie);
    await call("POST", "/api/quick-wins", { text: "mine" }, me.cookie);
    await call("POST", "/api/projects", { title: "p", tasks: [{ id: 1, title: "t" }] }, me.cookie);
    await call("POST", "/api/tasks", { title: "theirs" }, other.cookie);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/data/delete-all",
      headers: { cookie: me.cookie, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deletedCounts).toMatchObject({ tasks: 2, quickWins: 1, projects: 1, thoughts: 0, events: 0 });
    expect((await call("GET", "/api/tasks", undefined, me.cookie)).json()).toEqual([]);
    expect((await call("GET", "/api/tasks", undefined, other.cookie)).json()).toHaveLength(1);
    // Still signed in afterwards.
    expect((await call("GET", "/api/auth/me", undefined, me.cookie)).statusCode).toBe(200);
  });

  it("leaves nothing of the person's days behind: reminder choices, a focus timer's alert, days of use, what was announced", async () => {
    const me = await t.signUp();
    const defaults = (await call("GET", "/api/reminders/settings", undefined, me.cookie)).json();
    const changed = await call(
      "PUT",
      "/api/reminders/settings",
      { events: false, quietStart: "22:00", quietEnd: "07:00" },
      me.cookie,
    );
    expect(changed.statusCode).toBe(200);
    const endsAt = new Date(Date.now() + 20 * 60_000).toISOString();
    expect((await call("PUT", "/api/reminders/focus", { endsAt }, me.cookie)).statusCode).toBe(204);
    await t.handle.db
      .insertInto("push_deliveries")
      .values({
        user_id: me.userId,
        key: "task:1:2026-11-23",
        due_at: endsAt,
        status: "sent",
        created_at: endsAt,
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    await t.handle.db
      .insertInto("days_of_use")
      .values({ user_id: me.userId, last_day: "2026-11-20", away_since: null })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const left = async (table: "focus_timers" | "days_of_use" | "push_deliveries") =>
      (await t.handle.db.selectFrom(table).select("user_id").where("user_id", "=", me.userId).execute()).length;

    const res = await t.app.inject({
      method: "POST",
      url: "/api/data/delete-all",
      headers: { cookie: me.cookie, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(200);
    expect((await call("GET", "/api/reminders/settings", undefined, me.cookie)).json()).toEqual(defaults);
    expect(await left("focus_timers")).toBe(0);
    expect(await left("push_deliveries")).toBe(0);
    expect(await left("days_of_use")).toBe(0);
  });
});
