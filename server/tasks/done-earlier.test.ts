/**
 * 'Done earlier' (docs/decisions/053-done-earlier.md): the tasks done before today, most recently
 * done first, a page at a time, on SQLite and PostgreSQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import type { Task } from "../../shared/schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let alice: { cookie: string; userId: number };
let bob: { cookie: string; userId: number };
// The test users live in UTC until they say otherwise.
const today = new Date().toISOString().slice(0, 10);
const at = (day: string, time: string) => `${day}T${time}:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t?.close());

function get(url: string, cookie = alice.cookie) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}
async function task(title: string, doneAt?: string | null, cookie = alice.cookie): Promise<Task> {
  const res = await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title } });
  const made = res.json() as Task;
  if (doneAt !== undefined) {
    // A done time of the past, as if ticked then; null as for a task done before times were kept.
    await t.handle.db
      .updateTable("tasks")
      .set({ completed: 1, completed_at: doneAt })
      .where("id", "=", made.id)
      .execute();
  }
  return made;
}
/** Every page of a read, following the cursor. */
async function walk(url: string, cookie = alice.cookie): Promise<{ titles: string[]; pages: number; total: number }> {
  const titles: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let total = -1;
  do {
    const res = await get(cursor ? `${url}&cursor=${cursor}` : url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    titles.push(...(res.json() as Task[]).map((x) => x.title));
    total = Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]);
    cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
    pages++;
  } while (cursor);
  return { titles, pages, total };
}

describe("the tasks done before today", () => {
  beforeAll(async () => {
    await task("Open, never done");
    await task("Done today", at(today, "00:00"));
    await task("Done just before midnight", at(addDays(today, -1), "23:59"));
    await task("Done last week", at(addDays(today, -7), "09:00"));
    await task("Done long ago", at("2024-01-02", "10:00"));
    await task("Also done last week, made later", at(addDays(today, -7), "09:00"));
    await task("Done before times were kept", null);
    await task("Done even earlier, time unknown", null);
    await task("Bob's, done yesterday", at(addDays(today, -1), "12:00"), bob.cookie);
    // Ordered by id below, so the first of these two made comes second.
    const first = await task("Let go after being done", at(addDays(today, -2), "08:00"));
    await t.handle.db
      .updateTable("tasks")
      .set({ archived_at: at(today, "00:01") })
      .where("id", "=", first.id)
      .execute();
  });

  it("come most recently done first, page after page, those with no done time last", async () => {
    const read = await walk(`/api/tasks?completedBefore=${today}&order=done&limit=2`);
    expect(read.titles).toEqual([
      "Done just before midnight",
      "Also done last week, made later",
      "Done last week",
      "Done long ago",
      "Done even earlier, time unknown",
      "Done before times were kept",
    ]);
    expect(read.pages).toBe(3);
    expect(read.total).toBe(6);
  });

  it("give the same walk whatever the page size", async () => {
    const whole = await walk(`/api/tasks?completedBefore=${today}&order=done&limit=50`);
    for (const limit of [1, 3, 4, 5]) {
      expect((await walk(`/api/tasks?completedBefore=${today}&order=done&limit=${limit}`)).titles).toEqual(
        whole.titles,
      );
    }
  });

  it("begin where the person's day begins, in their time zone", async () => {
    // In Auckland (UTC+12 or +13) today began at about 11:00 UTC yesterday.
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: bob.cookie },
      payload: { timeZone: "Pacific/Auckland" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await task("Bob's, done two days ago", at(addDays(today, -2), "12:00"), bob.cookie);
    const aucklandToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
    const read = await walk(`/api/tasks?completedBefore=${aucklandToday}&order=done&limit=5`, bob.cookie);
    // Yesterday 12:00 UTC fell on Auckland's today when Auckland's date is still UTC's.
    expect(read.titles).toEqual(
      aucklandToday === today ? ["Bob's, done two days ago"] : ["Bob's, done yesterday", "Bob's, done two days ago"],
    );
  });

  it("find by words among them too", async () => {
    const read = await walk(`/api/tasks?completedBefore=${today}&order=done&q=last%20week&limit=5`);
    expect(read.titles).toEqual(["Also done last week, made later", "Done last week"]);
  });

  it("refuse what makes no sense, with a reason, and read nothing", async () => {
    for (const url of [
      `/api/tasks?completedBefore=${today}&completed=false`,
      "/api/tasks?completedBefore=2025-02-30",
      "/api/tasks?order=recent",
      "/api/tasks?order=done&cursor=WyJpZCIsM10",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message, url).toBe("string");
    }
  });
});

describe("a done time given back (completedAt on PATCH /api/tasks/{id})", () => {
  function patch(id: number, payload: object, cookie = alice.cookie) {
    return t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: { cookie }, payload });
  }
  const doneEarlier = async () =>
    (await get(`/api/tasks?completedBefore=${today}&order=done&q=given%20back`)).json() as Task[];

  it("puts a task reopened by mistake back on its own day, or on no known day", async () => {
    const lastWeek = at(addDays(today, -7), "18:30");
    const mended = await task("Given back to last week", lastWeek);
    const unknown = await task("Given back to no day", null);
    for (const made of [mended, unknown]) {
      expect(
        (
          await t.app.inject({
            method: "PATCH",
            url: `/api/tasks/${made.id}/toggle`,
            headers: { cookie: alice.cookie },
          })
        ).json().completed,
      ).toBe(false);
    }
    expect(await doneEarlier()).toEqual([]);

    const res = await patch(mended.id, { completed: true, completedAt: "2026-01-01T00:00:00+02:00" });
    expect(res.statusCode, res.body).toBe(200);
    // Kept in UTC, as every done time is.
    expect(res.json()).toMatchObject({ completed: true, completedAt: "2025-12-31T22:00:00.000Z" });
    expect((await patch(mended.id, { completed: true, completedAt: lastWeek })).json().completedAt).toBe(lastWeek);
    expect((await patch(unknown.id, { completed: true, completedAt: null })).json()).toMatchObject({
      completed: true,
      completedAt: null,
    });
    expect((await doneEarlier()).map((x) => [x.title, x.completedAt])).toEqual([
      ["Given back to last week", lastWeek],
      ["Given back to no day", null],
    ]);
    // Not part of today's done list.
    const doneToday = (await get(`/api/tasks?completedOn=${today}`)).json() as Task[];
    expect(doneToday.map((x) => x.title)).not.toContain("Given back to last week");
  });

  it("takes a moment a little ahead of the server's clock as now, as a device's fast clock gives it", async () => {
    const made = await task("Ticked on a fast clock");
    const ahead = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const before = Date.now();
    const res = await patch(made.id, { completed: true, completedAt: ahead });
    expect(res.statusCode, res.body).toBe(200);
    const kept = Date.parse(res.json().completedAt);
    expect(kept).toBeGreaterThanOrEqual(before - 1000);
    expect(kept).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a time without completed: true, a time far ahead or not a time, and changes nothing", async () => {
    const made = await task("Left as it was");
    const farAhead = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
    for (const payload of [
      { completedAt: at(today, "08:00") },
      { completed: false, completedAt: at(today, "08:00") },
      { completedAt: null },
      { completed: true, completedAt: farAhead },
      { completed: true, completedAt: "yesterday" },
      { completed: true, completedAt: "2026-11-27" },
      { title: "Renamed", completed: true, completedAt: 5 },
    ]) {
      const res = await patch(made.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(/^completedAt: /);
    }
    const now = (await get("/api/tasks")).json() as Task[];
    expect(now.find((x) => x.id === made.id)).toMatchObject({
      title: "Left as it was",
      completed: false,
      completedAt: null,
    });
  });

  it("takes null with completed: false, as an open task has it", async () => {
    const made = await task("Opened with null", at(today, "08:00"));
    const res = await patch(made.id, { completed: false, completedAt: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ completed: false, completedAt: null });
  });

  it("answers 404 for another person's task", async () => {
    const theirs = await task("Bob's own", null, bob.cookie);
    const res = await patch(theirs.id, { completed: true, completedAt: at(today, "08:00") });
    expect(res.statusCode).toBe(404);
  });
});
