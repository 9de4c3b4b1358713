/**
 * Repeating events (docs/decisions/034-repeating-events.md), on a clock the test moves, for a
 * person in Los Angeles: a series' occurrences are plain events on the rule's days at the same
 * wall-clock time across the end of DST, carried forward day by day, never doubled.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../shared/dates.ts";
import type { CalendarEvent } from "../../shared/schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/** Wednesday 22 October 2025, 10:00 in Los Angeles (PDT, UTC−7). DST ends on Sunday 2 November. */
const START = Date.parse("2025-10-22T17:00:00.000Z");
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
  expect((await call("PUT", "/api/settings", { timeZone: "America/Los_Angeles" })).statusCode).toBe(200);
});

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie = me.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
const laterBy = (days: number) => {
  now += days * 86_400_000;
};
async function events(): Promise<CalendarEvent[]> {
  const res = await call("GET", "/api/events");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const days = async (title?: string) =>
  (await events()).filter((e) => title === undefined || e.title === title).map((e) => e.date);
async function addEvent(fields: object): Promise<CalendarEvent> {
  const res = await call("POST", "/api/events", { duration: 45, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** Mondays and Thursdays at 09:30 from Monday 27 October 2025. */
const addClass = () =>
  addEvent({ title: "Pottery class", date: "2025-10-27", startTime: "09:30", repeat: "FREQ=WEEKLY;BYDAY=TH,MO" });
const MONDAYS_AND_THURSDAYS = [
  "2025-10-27",
  "2025-10-30",
  "2025-11-03",
  "2025-11-06",
  "2025-11-10",
  "2025-11-13",
  "2025-11-17",
  "2025-11-20",
  "2025-11-24",
  "2025-11-27",
  "2025-12-01",
  "2025-12-04",
  "2025-12-08",
  "2025-12-11",
  "2025-12-15",
];

describe("a weekly event", () => {
  it("falls on its days at the same wall-clock time on both sides of the end of DST, eight weeks ahead", async () => {
    const first = await addClass();
    expect(first).toMatchObject({ date: "2025-10-27", startTime: "09:30", repeat: "FREQ=WEEKLY;BYDAY=MO,TH" });
    const all = await events();
    // Today (22 October) and the 55 days after it: up to Tuesday 16 December.
    expect(all.map((e) => e.date)).toEqual(MONDAYS_AND_THURSDAYS);
    for (const e of all) {
      expect(e).toMatchObject({ title: "Pottery class", startTime: "09:30", duration: 45 });
      expect(e.repeat).toBe("FREQ=WEEKLY;BYDAY=MO,TH");
    }
    // The dashboard's two days read the same rows: Monday 3 November, the first Monday in PST.
    const page = await call("GET", "/api/events?from=2025-11-03&to=2025-11-04");
    expect(page.json().map((e: CalendarEvent) => [e.date, e.startTime])).toEqual([["2025-11-03", "09:30"]]);
  });

  it("starts on the rule's first day on or after the date given", async () => {
    const first = await addEvent({
      title: "Stand-up",
      date: "2025-10-25",
      startTime: "08:00",
      repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    });
    expect(first.date).toBe("2025-10-27");
  });

  it("comes forward a day at a time when read on later days, never doubled", async () => {
    await addClass();
    expect(await days()).toEqual(await days());
    laterBy(3); // Saturday 25 October: up to Friday 19 December.
    expect(await days()).toEqual([...MONDAYS_AND_THURSDAYS, "2025-12-18"]);
    expect(await days()).toEqual([...MONDAYS_AND_THURSDAYS, "2025-12-18"]);
    laterBy(0.5);
    expect(new Set(await days()).size).toBe(16);
    laterBy(30); // 24 November: the days passed stay as they were, none is added twice.
    const later = await days();
    expect(new Set(later).size).toBe(later.length);
    expect(later.at(-1)).toBe("2026-01-15");
    expect(later.slice(0, 15)).toEqual(MONDAYS_AND_THURSDAYS);
  });

  it("is not made for days passed while nobody looked", async () => {
    await addEvent({ title: "Walk", date: "2025-10-22", startTime: "07:00", repeat: "FREQ=DAILY" });
    const before = await days("Walk");
    expect(before.length).toBe(56);
    laterBy(100); // 30 January 2026: from today on, not the 44 days in between.
    const after = await days("Walk");
    expect(after.slice(0, 56)).toEqual(before);
    expect(after[56]).toBe("2026-01-30");
    expect(after.length).toBe(56 + 56);
  });

  it("refuses a rule beyond daily, weekly and monthly, and makes nothing", async () => {
    for (const repeat of ["FREQ=YEARLY", "FREQ=DAILY;COUNT=3", "every day"]) {
      const res = await call("POST", "/api/events", { title: "Yoga", date: "2025-10-23", duration: 30, repeat });
      expect(res.statusCode, repeat).toBe(400);
      expect(res.json()).toMatchObject({ field: "repeat" });
      expect(res.json().message).toMatch(/daily, weekly .* or monthly/);
    }
    expect(await events()).toEqual([]);
    const first = await addClass();
    const before = await events();
    const res = await call("PUT", `/api/events/${first.id}?scope=all`, { title: "Clay", repeat: "FREQ=HOURLY" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "repeat" });
    expect(await events()).toEqual(before);
  });

  it("answers 404 for another person's occurrence, and changes nothing", async () => {
    const first = await addClass();
    const before = await events();
    const other = await t.signUp();
    for (const scope of ["this", "all"]) {
      const put = await call("PUT", `/api/events/${first.id}?scope=${scope}`, { title: "Mine now" }, other.cookie);
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBeTruthy();
      const del = await call("DELETE", `/api/events/${first.id}?scope=${scope}`, undefined, other.cookie);
      expect(del.statusCode).toBe(404);
    }
    expect((await call("GET", "/api/events", undefined, other.cookie)).json()).toEqual([]);
    expect(await events()).toEqual(before);
  });

  it("refuses a scope other than this or all", async () => {
    const first = await addClass();
    const res = await call("DELETE", `/api/events/${first.id}?scope=some`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/this or all/);
    expect((await days()).length).toBe(15);
  });
});

describe("just this one, or all of them", () => {
  const find = async (date: string) => (await events()).find((e) => e.date === date) as CalendarEvent;

  it("edits just this one: the others keep their time and title", async () => {
    await addClass();
    const one = await find("2025-11-06");
    const res = await call("PUT", `/api/events/${one.id}?scope=this`, {
      ...one,
      title: "Pottery (glazing)",
      startTime: "11:00",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: one.id,
      title: "Pottery (glazing)",
      startTime: "11:00",
      date: "2025-11-06",
    });
    const all = await events();
    expect(all.map((e) => e.date)).toEqual(MONDAYS_AND_THURSDAYS);
    const changed = all.filter((e) => e.title !== "Pottery class");
    expect(changed.map((e) => [e.id, e.startTime])).toEqual([[one.id, "11:00"]]);
  });

  it("moves just this one to another day, and the rule's day is not made again", async () => {
    await addClass();
    const one = await find("2025-11-10");
    const res = await call("PUT", `/api/events/${one.id}?scope=this`, { date: "2025-11-11" });
    expect(res.statusCode, res.body).toBe(200);
    laterBy(5);
    const all = await days();
    expect(all).toContain("2025-11-11");
    expect(all).not.toContain("2025-11-10");
  });

  it("edits all of them from this one on: the ones before stay as they were", async () => {
    await addClass();
    const one = await find("2025-11-13");
    const res = await call("PUT", `/api/events/${one.id}?scope=all`, {
      ...one,
      title: "Wheel class",
      startTime: "18:00",
    });
    expect(res.statusCode, res.body).toBe(200);
    const all = await events();
    expect(all.map((e) => e.date)).toEqual(MONDAYS_AND_THURSDAYS);
    expect(
      all.filter((e) => e.date < "2025-11-13").every((e) => e.title === "Pottery class" && e.startTime === "09:30"),
    ).toBe(true);
    expect(
      all.filter((e) => e.date >= "2025-11-13").every((e) => e.title === "Wheel class" && e.startTime === "18:00"),
    ).toBe(true);
    // Occurrences made later are made the new way.
    laterBy(7);
    const later = (await events()).filter((e) => e.date > "2025-12-15");
    expect(later.map((e) => [e.date, e.title, e.startTime])).toEqual([
      ["2025-12-18", "Wheel class", "18:00"],
      ["2025-12-22", "Wheel class", "18:00"],
    ]);
  });

  it("gives all of them from this one on a new rule", async () => {
    const first = await addClass();
    const one = await find("2025-11-03");
    const res = await call("PUT", `/api/events/${one.id}?scope=all`, { repeat: "FREQ=WEEKLY;BYDAY=WE" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date: "2025-11-05", repeat: "FREQ=WEEKLY;BYDAY=WE" });
    const all = await events();
    expect(all.map((e) => e.date)).toEqual([
      "2025-10-27",
      "2025-10-30",
      "2025-11-05",
      "2025-11-12",
      "2025-11-19",
      "2025-11-26",
      "2025-12-03",
      "2025-12-10",
    ]);
    expect(all[0]).toMatchObject({ id: first.id, repeat: "FREQ=WEEKLY;BYDAY=MO,TH" });
    laterBy(14);
    expect((await days()).filter((d) => d > "2025-12-10")).toEqual(["2025-12-17", "2025-12-24"]);
  });

  it("moves all of them from this one on to another day, the rule moving with them", async () => {
    await addClass();
    const one = await find("2025-11-03");
    const res = await call("PUT", `/api/events/${one.id}?scope=all`, { ...one, date: "2025-11-04" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: one.id, date: "2025-11-04", repeat: "FREQ=WEEKLY;BYDAY=TU,FR" });
    expect((await days()).slice(0, 6)).toEqual([
      "2025-10-27",
      "2025-10-30",
      "2025-11-04",
      "2025-11-07",
      "2025-11-11",
      "2025-11-14",
    ]);
  });

  it("stops repeating from this one on, keeping this one as a one-off", async () => {
    await addClass();
    const one = await find("2025-10-30");
    const res = await call("PUT", `/api/events/${one.id}?scope=all`, { repeat: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: one.id, date: "2025-10-30", repeat: null });
    laterBy(20);
    expect(await days()).toEqual(["2025-10-27", "2025-10-30"]);
  });

  it("makes a one-off repeat", async () => {
    const once = await addEvent({ title: "Piano", date: "2025-10-24", startTime: "16:00" });
    expect(once.repeat).toBeNull();
    const res = await call("PUT", `/api/events/${once.id}`, { repeat: "FREQ=MONTHLY;BYMONTHDAY=24" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: once.id, repeat: "FREQ=MONTHLY;BYMONTHDAY=24" });
    expect(await days("Piano")).toEqual(["2025-10-24", "2025-11-24"]);
  });

  it("deletes just this one, and it does not come back", async () => {
    await addClass();
    const one = await find("2025-11-20");
    expect((await call("DELETE", `/api/events/${one.id}?scope=this`)).statusCode).toBe(204);
    expect(await days()).toEqual(MONDAYS_AND_THURSDAYS.filter((d) => d !== "2025-11-20"));
    laterBy(10);
    expect(await days()).not.toContain("2025-11-20");
    expect((await call("GET", `/api/events/${one.id}`)).statusCode).toBe(404);
  });

  it("deletes all of them from this one on, and no more are made", async () => {
    await addClass();
    const one = await find("2025-11-06");
    expect((await call("DELETE", `/api/events/${one.id}?scope=all`)).statusCode).toBe(204);
    expect(await days()).toEqual(["2025-10-27", "2025-10-30", "2025-11-03"]);
    laterBy(60);
    expect(await days()).toEqual(["2025-10-27", "2025-10-30", "2025-11-03"]);
  });

  it("deletes the whole series from its first one", async () => {
    const first = await addClass();
    await addEvent({ title: "Dentist", date: "2025-11-04", startTime: "14:00" });
    expect((await call("DELETE", `/api/events/${first.id}?scope=all`)).statusCode).toBe(204);
    laterBy(8);
    expect((await events()).map((e) => e.title)).toEqual(["Dentist"]);
  });
});

describe("export and import", () => {
  it("carries the rule, and importing twice adds no occurrence twice", async () => {
    await addClass();
    await addEvent({ title: "Dentist", date: "2025-11-04", startTime: "14:00" });
    const file = (await call("GET", "/api/data/export")).json();
    expect(file.events.filter((e: CalendarEvent) => e.repeat === "FREQ=WEEKLY;BYDAY=MO,TH")).toHaveLength(15);

    const other = await t.signUp();
    await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: other.cookie },
      payload: { timeZone: "America/Los_Angeles" },
    });
    const load = () =>
      t.app.inject({ method: "POST", url: "/api/data/import", headers: { cookie: other.cookie }, payload: file });
    const first = await load();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().importedCounts.events).toBe(16);
    const second = await load();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().importedCounts.events).toBe(0);

    const theirs = async () =>
      (
        (
          await t.app.inject({ method: "GET", url: "/api/events", headers: { cookie: other.cookie } })
        ).json() as CalendarEvent[]
      ).filter((e) => e.title === "Pottery class");
    expect((await theirs()).map((e) => e.date)).toEqual(MONDAYS_AND_THURSDAYS);
    expect((await theirs()).every((e) => e.repeat === "FREQ=WEEKLY;BYDAY=MO,TH")).toBe(true);
    // The imported series goes on: a week later, one series' days, once each.
    laterBy(7);
    const later = (await theirs()).map((e) => e.date);
    expect(later).toEqual([...MONDAYS_AND_THURSDAYS, "2025-12-18", "2025-12-22"]);
    expect(addDays(later.at(-1) as string, 0)).toBe("2025-12-22");
    // And "all of them" works on the imported series.
    const dec = (await theirs()).find((e) => e.date === "2025-12-01") as CalendarEvent;
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/events/${dec.id}?scope=all`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await theirs()).at(-1)?.date).toBe("2025-11-27");
  });
});

describe("how many go on at once", () => {
  /** Series going on, written straight in: as many as a person could have made over time. */
  async function seriesGoingOn(count: number) {
    await t.handle.db
      .insertInto("event_series")
      .values(
        Array.from({ length: count }, (_, i) => ({
          user_id: me.userId,
          repeat: "FREQ=DAILY",
          title: `Routine ${i + 1}`,
          description: null,
          location: null,
          start_time: "08:00",
          duration: 15,
          category: null,
          starts_on: "2025-10-22",
          filled_until: "2025-10-22",
          ends_on: null,
          created_at: "2025-10-22T17:00:00.000Z",
        })),
      )
      .execute();
  }
  const LIMIT_WORDS = "At most 100 repeating events at once: end or delete one to add another";

  it("is at most 100: one more is refused in words and makes nothing; a one-off still can be added", async () => {
    await seriesGoingOn(100);
    const before = (await events()).length;
    const refused = await call("POST", "/api/events", {
      title: "Swim",
      date: "2025-10-23",
      startTime: "07:00",
      duration: 45,
      repeat: "FREQ=DAILY",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: `repeat: ${LIMIT_WORDS}`, field: "repeat" });
    expect(await events()).toHaveLength(before);
    await addEvent({ title: "Swim", date: "2025-10-23", startTime: "07:00" });

    // One ended makes room again.
    await t.handle.db
      .updateTable("event_series")
      .set({ ends_on: "2025-10-22" })
      .where("title", "=", "Routine 1")
      .where("user_id", "=", me.userId)
      .execute();
    await addEvent({ title: "Swim", date: "2025-10-24", startTime: "07:00", repeat: "FREQ=DAILY" });
  });

  it("counts what an import brings: past 100 the import is refused whole", async () => {
    await addClass();
    const file = (await call("GET", "/api/data/export")).json();
    const other = await t.signUp();
    const mine = me;
    me = other;
    await seriesGoingOn(100);
    const res = await call("POST", "/api/data/import", file);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`events: ${LIMIT_WORDS}`);
    expect(await days("Pottery class")).toEqual([]);
    me = mine;
  });
});
