/**
 * Routines (docs/decisions/032-routines.md), on a clock the test moves: repeating tasks and quick
 * wins are one row each that comes back on its next day, never a pile of missed copies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OCCURRENCE_MOVED_ON, type QuickWin, type Task } from "../../shared/schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

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

function call(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object, cookie = me.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
async function addTask(title: string, extra: object = {}): Promise<Task> {
  const res = await call("POST", "/api/tasks", { title, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function allTasks(): Promise<Task[]> {
  const res = await call("GET", "/api/tasks");
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function titlesOf(url: string): Promise<string[]> {
  const res = await call("GET", url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ title?: string; text?: string }>).map((x) => x.title ?? x.text ?? "");
}
const todaysTasks = () => titlesOf("/api/tasks?completed=false&order=focus&limit=5");
const doneOn = (day: string) => titlesOf(`/api/tasks?completedOn=${day}`);
const todaysQuickWins = () => titlesOf("/api/quick-wins?completed=false&order=focus&limit=5");
const at = (iso: string) => {
  now = Date.parse(iso);
};
const setZone = async (timeZone: string) =>
  expect((await call("PUT", "/api/settings", { timeZone })).statusCode).toBe(200);

describe("repeat rules", () => {
  it("refuses a rule beyond daily, weekly and monthly with a clear message, and saves nothing", async () => {
    for (const repeat of [
      "FREQ=YEARLY",
      "every day",
      "FREQ=DAILY;COUNT=3",
      "FREQ=WEEKLY",
      "FREQ=MONTHLY;BYMONTHDAY=32",
    ]) {
      const res = await call("POST", "/api/tasks", { title: "water plants", repeat });
      expect(res.statusCode, repeat).toBe(400);
      expect(res.json()).toMatchObject({ code: "BAD_REQUEST", field: "repeat" });
      expect(res.json().message).toMatch(/daily, weekly .* or monthly/);
    }
    const win = await call("POST", "/api/quick-wins", { text: "stretch", repeat: "FREQ=HOURLY" });
    expect(win.statusCode).toBe(400);
    expect(win.json()).toMatchObject({ field: "repeat" });
    expect(await allTasks()).toEqual([]);
    expect((await call("GET", "/api/quick-wins")).json()).toEqual([]);
  });

  it("keeps a rule in one plain form", async () => {
    const task = await addTask("gym", { repeat: "rrule:freq=weekly;byday=we,mo" });
    expect(task).toMatchObject({ repeat: "FREQ=WEEKLY;BYDAY=MO,WE", dueDate: "2025-03-12", notBefore: null });
  });
});

describe("a repeating task", () => {
  it("brought back from Later before its day is done today, and still comes back on its day", async () => {
    // A Wednesday: the Monday routine waits under Later until Monday.
    const task = await addTask("bins out", { repeat: "FREQ=WEEKLY;BYDAY=MO" });
    expect(task).toMatchObject({ dueDate: "2025-03-17", notBefore: "2025-03-17" });
    const back = await call("PATCH", `/api/tasks/${task.id}`, { notBefore: null });
    expect(back.json()).toMatchObject({ dueDate: "2025-03-12", notBefore: null, repeat: "FREQ=WEEKLY;BYDAY=MO" });
    expect(await todaysTasks()).toEqual(["bins out"]);
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    expect(await doneOn("2025-03-12")).toEqual(["bins out"]);
    at("2025-03-13T10:00:00.000Z");
    expect(await todaysTasks()).toEqual([]);
    // Done on Wednesday counts for Wednesday, not for Monday.
    at("2025-03-17T10:00:00.000Z");
    expect(await todaysTasks()).toEqual(["bins out"]);
  });

  it("is one row after missed days, due today, with no copies", async () => {
    const task = await addTask("take vitamins", { repeat: "FREQ=DAILY", dueTime: "08:00" });
    expect(task).toMatchObject({ dueDate: "2025-03-12", completed: false });
    at("2025-03-15T10:00:00.000Z");
    expect(await todaysTasks()).toEqual(["take vitamins"]);
    const rows = await allTasks();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: task.id, dueDate: "2025-03-15", dueTime: "08:00", completed: false });
  });

  it("stays a series when today's occurrence is done, and is back open on its next day", async () => {
    const task = await addTask("take vitamins", { repeat: "FREQ=DAILY" });
    const ticked = await call("PATCH", `/api/tasks/${task.id}/toggle`);
    expect(ticked.json()).toMatchObject({ completed: true, repeat: "FREQ=DAILY" });
    expect(await doneOn("2025-03-12")).toEqual(["take vitamins"]);
    expect(await todaysTasks()).toEqual([]);

    at("2025-03-13T09:00:00.000Z");
    expect(await todaysTasks()).toEqual(["take vitamins"]);
    expect(await doneOn("2025-03-13")).toEqual([]);
    expect(await allTasks()).toEqual([
      expect.objectContaining({ id: task.id, dueDate: "2025-03-13", completed: false, completedAt: null }),
    ]);
  });

  it("on chosen weekdays waits, out of today's list, until its next day", async () => {
    const task = await addTask("bins out", { repeat: "FREQ=WEEKLY;BYDAY=MO,WE" });
    expect(task.dueDate).toBe("2025-03-12");
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    at("2025-03-13T10:00:00.000Z");
    expect(await todaysTasks()).toEqual([]);
    expect(await titlesOf("/api/tasks?completed=false&putOff=true")).toEqual(["bins out"]);
    expect((await allTasks())[0]).toMatchObject({ dueDate: "2025-03-17", notBefore: "2025-03-17", completed: false });
    at("2025-03-17T07:00:00.000Z");
    expect(await todaysTasks()).toEqual(["bins out"]);
    // Made on a Saturday, a weekday task starts on Monday.
    at("2025-03-22T10:00:00.000Z");
    const weekday = await addTask("stand-up", { repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" });
    expect(weekday).toMatchObject({ dueDate: "2025-03-24", notBefore: "2025-03-24" });
  });

  it("on the 31st falls on the last day of shorter months", async () => {
    at("2024-01-31T10:00:00.000Z");
    const task = await addTask("pay rent", { repeat: "FREQ=MONTHLY;BYMONTHDAY=31" });
    expect(task.dueDate).toBe("2024-01-31");
    const dueOn = async (iso: string) => {
      at(iso);
      await call("GET", "/api/tasks?completed=false&order=focus&limit=5");
      return (await allTasks())[0]?.dueDate;
    };
    expect(await dueOn("2024-02-01T10:00:00.000Z")).toBe("2024-02-29");
    expect(await dueOn("2025-02-01T10:00:00.000Z")).toBe("2025-02-28");
    expect(await dueOn("2025-03-01T10:00:00.000Z")).toBe("2025-03-31");
    expect(await dueOn("2025-04-01T10:00:00.000Z")).toBe("2025-04-30");
  });

  it("turns over at midnight in Los Angeles across the spring DST change, keeping its time", async () => {
    await setZone("America/Los_Angeles");
    at("2025-03-09T07:30:00.000Z"); // 23:30 PST on 8 March
    const task = await addTask("meds", { repeat: "FREQ=DAILY", dueTime: "09:00" });
    expect(task.dueDate).toBe("2025-03-08");
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    at("2025-03-09T08:30:00.000Z"); // 00:30 PST on 9 March; clocks go forward at 02:00
    expect((await allTasks())[0]).toMatchObject({ dueDate: "2025-03-09", dueTime: "09:00", completed: false });
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    at("2025-03-10T06:59:00.000Z"); // 23:59 PDT on 9 March
    expect(await todaysTasks()).toEqual([]);
    at("2025-03-10T07:00:00.000Z"); // midnight PDT: 10 March
    expect(await todaysTasks()).toEqual(["meds"]);
    expect((await allTasks())[0]).toMatchObject({ dueDate: "2025-03-10", dueTime: "09:00" });
  });

  it("turns over at midnight in Berlin after the autumn DST change's 25-hour day", async () => {
    await setZone("Europe/Berlin");
    at("2025-10-25T21:59:00.000Z"); // 23:59 CEST on 25 October
    const task = await addTask("journal", { repeat: "FREQ=DAILY" });
    expect(task.dueDate).toBe("2025-10-25");
    at("2025-10-25T22:00:00.000Z"); // midnight CEST: 26 October, 25 hours long
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    expect((await allTasks())[0]).toMatchObject({ dueDate: "2025-10-26", completed: true });
    at("2025-10-26T22:59:00.000Z"); // 23:59 CET, still 26 October
    expect(await todaysTasks()).toEqual([]);
    expect(await doneOn("2025-10-26")).toEqual(["journal"]);
    at("2025-10-26T23:00:00.000Z"); // midnight CET: 27 October
    expect(await todaysTasks()).toEqual(["journal"]);
  });

  it("counts its day in the user's zone", async () => {
    await setZone("Asia/Tokyo");
    const task = await addTask("call mum", { repeat: "FREQ=DAILY" });
    expect(task.dueDate).toBe("2025-03-12"); // 19:00 in Tokyo
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    at("2025-03-12T14:59:00.000Z");
    expect(await todaysTasks()).toEqual([]);
    at("2025-03-12T15:00:00.000Z"); // midnight in Tokyo
    expect(await todaysTasks()).toEqual(["call mum"]);
  });
});

describe("just this one, or all of them", () => {
  it("edits just this one as a one-off, and the series moves to its next day", async () => {
    const series = await addTask("walk", { repeat: "FREQ=DAILY", dueTime: "07:00" });
    const res = await call("PATCH", `/api/tasks/${series.id}?scope=this`, {
      title: "walk to the park",
      dueTime: "18:00",
    });
    expect(res.statusCode, res.body).toBe(200);
    const one = res.json() as Task;
    expect(one).toMatchObject({ title: "walk to the park", dueTime: "18:00", dueDate: "2025-03-12", repeat: null });
    expect(one.id).not.toBe(series.id);
    expect(await todaysTasks()).toEqual(["walk to the park"]);
    const rows = await allTasks();
    expect(rows.find((x) => x.id === series.id)).toMatchObject({
      title: "walk",
      dueTime: "07:00",
      dueDate: "2025-03-13",
      notBefore: "2025-03-13",
      repeat: "FREQ=DAILY",
    });
    at("2025-03-13T10:00:00.000Z");
    expect((await todaysTasks()).sort()).toEqual(["walk", "walk to the park"]);
  });

  it("edits all of them on the series itself", async () => {
    const series = await addTask("walk", { repeat: "FREQ=DAILY" });
    const res = await call("PATCH", `/api/tasks/${series.id}?scope=all`, { title: "long walk" });
    expect(res.json()).toMatchObject({
      id: series.id,
      title: "long walk",
      repeat: "FREQ=DAILY",
      dueDate: "2025-03-12",
    });
    expect(await allTasks()).toHaveLength(1);
    const stop = await call("PATCH", `/api/tasks/${series.id}`, { repeat: null });
    expect(stop.json()).toMatchObject({ repeat: null, dueDate: "2025-03-12" });
  });

  it("deletes just this one by skipping today, or all of them", async () => {
    const series = await addTask("yoga", { repeat: "FREQ=DAILY" });
    const skip = await call("DELETE", `/api/tasks/${series.id}?scope=this`);
    expect(skip.statusCode).toBe(204);
    expect(await todaysTasks()).toEqual([]);
    expect(await allTasks()).toEqual([expect.objectContaining({ id: series.id, dueDate: "2025-03-13" })]);
    at("2025-03-13T10:00:00.000Z");
    expect(await todaysTasks()).toEqual(["yoga"]);
    expect((await call("DELETE", `/api/tasks/${series.id}?scope=all`)).statusCode).toBe(204);
    expect(await allTasks()).toEqual([]);
  });

  it("a skip that names its occurrence skips that day once: sent again, or sent after its day, it changes nothing", async () => {
    const series = await addTask("stretch", { repeat: "FREQ=DAILY" });
    const skipOf = (day: string) => call("DELETE", `/api/tasks/${series.id}?scope=this&occurrence=${day}`);
    // Its answer lost, the device sends the same skip again: tomorrow stays.
    expect((await skipOf("2025-03-12")).statusCode).toBe(204);
    expect((await skipOf("2025-03-12")).statusCode).toBe(204);
    expect(await allTasks()).toEqual([expect.objectContaining({ id: series.id, dueDate: "2025-03-13" })]);
    // Kept on a device offline on the 13th and sent on the 14th: the 13th is gone by itself, the 14th stays.
    at("2025-03-14T10:00:00.000Z");
    expect((await skipOf("2025-03-13")).statusCode).toBe(204);
    expect(await todaysTasks()).toEqual(["stretch"]);
    expect(await allTasks()).toEqual([expect.objectContaining({ id: series.id, dueDate: "2025-03-14" })]);
    const bad = await call("DELETE", `/api/tasks/${series.id}?scope=this&occurrence=14.03.2025`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "BAD_REQUEST", field: "occurrence" });
    expect(await allTasks()).toEqual([expect.objectContaining({ id: series.id, dueDate: "2025-03-14" })]);
  });

  it("an edit of just this one that names its occurrence changes that day once: sent again, at the same moment or after its day, it answers 409 and changes nothing", async () => {
    const series = await addTask("walk", { repeat: "FREQ=DAILY" });
    const editOf = (day: string, title: string) =>
      call("PATCH", `/api/tasks/${series.id}?scope=this&occurrence=${day}`, { title });
    // Sent twice at once (a second tap while the first was slow to answer): one one-off, for today.
    const answers = await Promise.all([
      editOf("2025-03-12", "walk to the park"),
      editOf("2025-03-12", "walk to the park"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: "CONFLICT", message: OCCURRENCE_MOVED_ON });
    const afterTwo = await allTasks();
    expect(afterTwo).toHaveLength(2);
    expect(afterTwo).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "walk to the park", dueDate: "2025-03-12", repeat: null }),
        expect.objectContaining({ id: series.id, title: "walk", dueDate: "2025-03-13" }),
      ]),
    );
    // Sent again later: tomorrow's occurrence stays the routine's.
    expect((await editOf("2025-03-12", "walk to the park")).statusCode).toBe(409);
    // Opened on the 13th and saved on the 14th: the 13th has passed, and the 14th is not changed in its place.
    at("2025-03-14T10:00:00.000Z");
    expect((await editOf("2025-03-13", "short walk")).statusCode).toBe(409);
    const rows = await allTasks();
    expect(rows).toHaveLength(2);
    expect(rows.find((x) => x.id === series.id)).toMatchObject({ title: "walk", dueDate: "2025-03-14" });
    // Today's, named, is changed.
    const today = await editOf("2025-03-14", "short walk");
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json()).toMatchObject({ title: "short walk", dueDate: "2025-03-14", repeat: null });
    const bad = await call("PATCH", `/api/tasks/${series.id}?scope=this&occurrence=15.03.2025`, { title: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "BAD_REQUEST", field: "occurrence" });
    expect(await allTasks()).toHaveLength(3);
  });

  it("refuses an unknown scope, and another person's task is not found", async () => {
    const series = await addTask("mine", { repeat: "FREQ=DAILY" });
    const bad = await call("PATCH", `/api/tasks/${series.id}?scope=some`, { title: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "BAD_REQUEST", field: "scope" });
    const other = await t.signUp();
    const edit = await call("PATCH", `/api/tasks/${series.id}?scope=this`, { title: "theirs" }, other.cookie);
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await call("DELETE", `/api/tasks/${series.id}?scope=this`, undefined, other.cookie)).statusCode).toBe(404);
    expect(await allTasks()).toEqual([expect.objectContaining({ title: "mine", dueDate: "2025-03-12" })]);
  });
});

describe("a repeating quick win", () => {
  it("is done for today and back once on its next day", async () => {
    const res = await call("POST", "/api/quick-wins", { text: "drink water", repeat: "FREQ=DAILY" });
    expect(res.statusCode).toBe(201);
    const win = res.json() as QuickWin;
    expect(win).toMatchObject({ repeat: "FREQ=DAILY", occursOn: "2025-03-12" });
    await call("PATCH", `/api/quick-wins/${win.id}/toggle`);
    expect(await todaysQuickWins()).toEqual([]);
    at("2025-03-15T10:00:00.000Z");
    expect(await todaysQuickWins()).toEqual(["drink water"]);
    expect((await call("GET", "/api/quick-wins")).json()).toEqual([
      expect.objectContaining({ id: win.id, completed: false, occursOn: "2025-03-15" }),
    ]);
  });

  it("on a later weekday waits until its day", async () => {
    await call("POST", "/api/quick-wins", { text: "water plants", repeat: "FREQ=WEEKLY;BYDAY=FR" });
    expect(await todaysQuickWins()).toEqual([]);
    at("2025-03-14T10:00:00.000Z");
    expect(await todaysQuickWins()).toEqual(["water plants"]);
  });
});

describe("just this one, or all of them, for a quick win", () => {
  async function addWin(text: string, repeat: string): Promise<QuickWin> {
    const res = await call("POST", "/api/quick-wins", { text, repeat });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const allWins = async () => (await call("GET", "/api/quick-wins")).json() as QuickWin[];

  it("a skip that names its occurrence, sent twice, skips that day only", async () => {
    const series = await addWin("feed the cat", "FREQ=DAILY");
    const skip = () => call("DELETE", `/api/quick-wins/${series.id}?scope=this&occurrence=2025-03-12`);
    expect((await skip()).statusCode).toBe(204);
    expect((await skip()).statusCode).toBe(204);
    expect(await allWins()).toEqual([expect.objectContaining({ id: series.id, occursOn: "2025-03-13" })]);
  });

  it("deletes just this one by skipping today, and the series is back on its next day", async () => {
    const series = await addWin("water plants", "FREQ=WEEKLY;BYDAY=MO,WE");
    expect((await call("DELETE", `/api/quick-wins/${series.id}?scope=this`)).statusCode).toBe(204);
    expect(await todaysQuickWins()).toEqual([]);
    expect(await allWins()).toEqual([expect.objectContaining({ id: series.id, occursOn: "2025-03-17" })]);
    at("2025-03-17T10:00:00.000Z");
    expect(await todaysQuickWins()).toEqual(["water plants"]);
    expect((await call("DELETE", `/api/quick-wins/${series.id}?scope=all`)).statusCode).toBe(204);
    expect(await allWins()).toEqual([]);
  });

  it("edits just this one as a one-off, and the series moves to its next day", async () => {
    const series = await addWin("stretch", "FREQ=DAILY");
    const res = await call("PATCH", `/api/quick-wins/${series.id}?scope=this`, { text: "stretch twice" });
    expect(res.statusCode, res.body).toBe(200);
    const one = res.json() as QuickWin;
    expect(one).toMatchObject({ text: "stretch twice", repeat: null, occursOn: null, completed: false });
    expect(one.id).not.toBe(series.id);
    expect(await todaysQuickWins()).toEqual(["stretch twice"]);
    expect((await allWins()).find((w) => w.id === series.id)).toMatchObject({
      text: "stretch",
      repeat: "FREQ=DAILY",
      occursOn: "2025-03-13",
    });
    at("2025-03-13T10:00:00.000Z");
    expect((await todaysQuickWins()).sort()).toEqual(["stretch", "stretch twice"]);
  });

  it("an edit of just this one that names its occurrence, sent twice at once, makes one one-off", async () => {
    const series = await addWin("stretch", "FREQ=DAILY");
    const edit = () =>
      call("PATCH", `/api/quick-wins/${series.id}?scope=this&occurrence=2025-03-12`, { text: "stretch twice" });
    const answers = await Promise.all([edit(), edit()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({ message: OCCURRENCE_MOVED_ON });
    const wins = await allWins();
    expect(wins).toHaveLength(2);
    expect(wins.find((w) => w.id === series.id)).toMatchObject({ text: "stretch", occursOn: "2025-03-13" });
    expect((await edit()).statusCode).toBe(409);
    expect(await allWins()).toHaveLength(2);
  });

  it("deletes a quick win that does not repeat, even when asked for just this one", async () => {
    const res = await call("POST", "/api/quick-wins", { text: "reply to Sam" });
    expect((await call("DELETE", `/api/quick-wins/${res.json().id}?scope=this`)).statusCode).toBe(204);
    expect(await allWins()).toEqual([]);
  });

  it("refuses an unknown scope, and another person's quick win is not found", async () => {
    const series = await addWin("mine", "FREQ=DAILY");
    const bad = await call("DELETE", `/api/quick-wins/${series.id}?scope=some`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "BAD_REQUEST", field: "scope" });
    const other = await t.signUp();
    const del = await call("DELETE", `/api/quick-wins/${series.id}?scope=this`, undefined, other.cookie);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: "NOT_FOUND" });
    const edit = await call("PATCH", `/api/quick-wins/${series.id}?scope=this`, { text: "theirs" }, other.cookie);
    expect(edit.statusCode).toBe(404);
    expect(await allWins()).toEqual([expect.objectContaining({ text: "mine", occursOn: "2025-03-12" })]);
  });
});

describe("kept whole-list answers", () => {
  it("show the series rolled forward, not the list kept the day before", async () => {
    const task = await addTask("floss", { repeat: "FREQ=DAILY" });
    const win = (await call("POST", "/api/quick-wins", { text: "make bed", repeat: "FREQ=DAILY" })).json() as QuickWin;
    await call("PATCH", `/api/tasks/${task.id}/toggle`);
    await call("PATCH", `/api/quick-wins/${win.id}/toggle`);
    // Read twice: the second answer is the kept one.
    await allTasks();
    expect((await allTasks())[0]).toMatchObject({ completed: true });
    await call("GET", "/api/quick-wins");
    expect((await call("GET", "/api/quick-wins")).json()[0]).toMatchObject({ completed: true });

    at("2025-03-13T10:00:00.000Z");
    expect((await allTasks())[0]).toMatchObject({ completed: false, dueDate: "2025-03-13" });
    at("2025-03-14T10:00:00.000Z");
    expect((await call("GET", "/api/quick-wins")).json()[0]).toMatchObject({
      completed: false,
      occursOn: "2025-03-14",
    });
  });
});

describe("export and import", () => {
  it("carry the repeat rule", async () => {
    await addTask("stretch", { repeat: "FREQ=WEEKLY;BYDAY=TU,TH" });
    await call("POST", "/api/quick-wins", { text: "open the window", repeat: "FREQ=DAILY" });
    const file = (await call("GET", "/api/data/export")).json();
    expect(file.tasks[0]).toMatchObject({ repeat: "FREQ=WEEKLY;BYDAY=TU,TH", dueDate: "2025-03-13" });
    const other = await t.signUp();
    const res = await call("POST", "/api/data/import", file, other.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const tasks = (await call("GET", "/api/tasks", undefined, other.cookie)).json() as Task[];
    expect(tasks).toEqual([
      expect.objectContaining({ title: "stretch", repeat: "FREQ=WEEKLY;BYDAY=TU,TH", dueDate: "2025-03-13" }),
    ]);
    const wins = (await call("GET", "/api/quick-wins", undefined, other.cookie)).json() as QuickWin[];
    expect(wins).toEqual([expect.objectContaining({ text: "open the window", repeat: "FREQ=DAILY" })]);
  });
});
