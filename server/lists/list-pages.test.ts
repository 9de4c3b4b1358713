/**
 * Bounded list reads: every list route answers its whole array without parameters, and one page
 * with limit, cursor and filters, the next cursor and the total in headers.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_LIMIT_DEFAULT } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import {
  type FocusRankContext,
  rankFocusTasks,
  rankQuickWins,
  todayInZone,
  todaysFocusTasks,
} from "../../shared/ranking.ts";
import {
  type CalendarEvent,
  type Project,
  pageInfo,
  type QuickWin,
  type Task,
  type Thought,
} from "../../shared/schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let alice: { cookie: string; userId: number };
let bob: { cookie: string; userId: number };

/** A small deterministic generator, so the seeded rows are varied but the same on every run. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

const CREATED = [
  "2025-01-05T08:00:00.000Z",
  "2025-02-01T12:00:00.000Z",
  "2025-02-01T12:00:00.000Z",
  "2025-03-01T00:00:00.000Z",
];

async function seedTasks(userId: number, count: number, seed: number) {
  const rnd = lcg(seed);
  const today = todayInZone("UTC");
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    title: `task ${seed}-${i}`,
    search_text: `task ${seed}-${i}`,
    category: "Work",
    time_estimate: pick(rnd, [5, 15, 15, 30, 120]),
    due_time: pick(rnd, [null, null, null, "08:00", "12:30", "23:59"]),
    due_date: pick(rnd, [null, null, null, null, today, "2024-12-31", "2099-01-01"]),
    completed: rnd() < 0.3 ? 1 : 0,
    created_at: pick(rnd, CREATED),
    // Put off with "Not today": until tomorrow or later (left out today), or until a day already here.
    not_before: pick(rnd, [null, null, null, null, addDays(today, 1), "2099-01-01", today, "2024-12-31"]),
  }));
  await t.handle.db.insertInto("tasks").values(rows).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  await seedTasks(alice.userId, 67, 1);
  await seedTasks(bob.userId, 9, 2);
  const rnd = lcg(3);
  for (const [user, n] of [
    [alice, 23],
    [bob, 4],
  ] as const) {
    await t.handle.db
      .insertInto("quick_wins")
      .values(
        Array.from({ length: n }, (_, i) => ({
          user_id: user.userId,
          text: `win ${user.userId}-${i}`,
          search_text: `win ${user.userId}-${i}`,
          completed: rnd() < 0.3 ? 1 : 0,
          created_at: pick(rnd, CREATED),
        })),
      )
      .execute();
    await t.handle.db
      .insertInto("thoughts")
      .values(
        Array.from({ length: n }, (_, i) => ({
          user_id: user.userId,
          content: `thought ${user.userId}-${i}`,
          type: "Note",
          status: pick(rnd, ["inbox", "inbox", "archived", "converted"]),
          converted_to: null,
          created_at: pick(rnd, CREATED),
        })),
      )
      .execute();
    await t.handle.db
      .insertInto("events")
      .values(
        Array.from({ length: n }, (_, i) => ({
          user_id: user.userId,
          title: `event ${user.userId}-${i}`,
          description: null,
          location: null,
          date: pick(rnd, ["2025-03-11", "2025-03-12", "2025-03-12", "2025-03-13", "2025-03-14"]),
          start_time: pick(rnd, ["00:00", "09:00", "09:00", "17:30"]),
          duration: pick(rnd, [30, 1440]),
          category: null,
          google_id: null,
          google_calendar_id: null,
          created_at: CREATED[0] as string,
          updated_at: CREATED[0] as string,
        })),
      )
      .execute();
  }
  for (let i = 0; i < 7; i++) {
    const res = await get("/api/projects", alice.cookie, "POST", {
      title: `project ${i}`,
      tasks: [
        { id: 1, title: "first" },
        { id: 2, title: "second", completed: i % 2 === 0 },
      ],
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

function get(url: string, cookie = alice.cookie, method: "GET" | "POST" | "PUT" = "GET", payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

type Walk<T> = { items: T[]; pages: number; total: number };

/** Reads every page by following the Link header, checking the headers on the way. */
async function walk<T>(url: string, cookie = alice.cookie): Promise<Walk<T>> {
  const items: T[] = [];
  let pages = 0;
  let total: number | undefined;
  let next: string | undefined = url;
  while (next !== undefined) {
    const res = await get(next, cookie);
    expect(res.statusCode, `${next}: ${res.body}`).toBe(200);
    pages++;
    const body = res.json() as T[];
    expect(Array.isArray(body)).toBe(true);
    items.push(...body);
    const info = pageInfo({ get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null });
    expect(info.total).not.toBeNull();
    total ??= info.total as number;
    expect(info.total).toBe(total);
    const cursor = info.nextCursor;
    const link = res.headers.link as string | undefined;
    if (cursor === null) {
      expect(link).toBeUndefined();
      next = undefined;
    } else {
      const match = /^<([^>]+)>; rel="next"$/.exec(link ?? "");
      expect(match, link).not.toBeNull();
      next = match?.[1] as string;
      expect(new URL(next, "http://x").searchParams.get("cursor")).toBe(cursor);
      expect(body.length).toBeGreaterThan(0);
    }
    if (pages > 500) throw new Error("no end of pages");
  }
  return { items, pages, total: total ?? 0 };
}

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);
async function whole<T>(url: string, cookie = alice.cookie): Promise<T[]> {
  const res = await get(url, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as T[];
}

describe("without parameters", () => {
  it.each([
    ["/api/tasks", 67],
    ["/api/quick-wins", 23],
    ["/api/thoughts", 23],
    ["/api/events", 23],
    ["/api/projects", 7],
  ])("%s answers all %i rows as one array, with no page headers", async (url, count) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBeUndefined();
    expect(res.headers["x-next-cursor"]).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
    const list = res.json() as Array<{ userId: number }>;
    expect(list).toHaveLength(count);
    expect(list.every((x) => x.userId === alice.userId)).toBe(true);
  });
});

describe("tasks", () => {
  it.each([1, 4, 7, 200])("walks every page of %i in id order: each row once, none missed", async (limit) => {
    const all = await whole<Task>("/api/tasks");
    const w = await walk<Task>(`/api/tasks?limit=${limit}`);
    expect(ids(w.items)).toEqual(ids(all));
    expect(w.total).toBe(all.length);
    expect(w.pages).toBe(Math.max(1, Math.ceil(all.length / limit)));
  });

  it("answers LIST_LIMIT_DEFAULT rows when only a filter is given, and counts them all", async () => {
    const all = await whole<Task>("/api/tasks");
    const res = await get("/api/tasks?completed=false");
    const open = all.filter((x) => !x.completed);
    expect(open.length).toBeGreaterThan(LIST_LIMIT_DEFAULT);
    expect(ids(res.json())).toEqual(ids(open).slice(0, LIST_LIMIT_DEFAULT));
    expect(res.headers["x-total-count"]).toBe(String(open.length));
  });

  it.each([
    ["false", false],
    ["true", true],
  ])("filters completed=%s", async (value, completed) => {
    const all = await whole<Task>("/api/tasks");
    const w = await walk<Task>(`/api/tasks?completed=${value}&limit=6`);
    expect(ids(w.items)).toEqual(ids(all.filter((x) => x.completed === completed)));
    expect(w.total).toBe(all.filter((x) => x.completed === completed).length);
  });

  it("ranks today's open tasks in focus order, page by page, as the shared ranking does", async () => {
    const all = await whole<Task>("/api/tasks");
    const ctx: FocusRankContext = { today: todayInZone("UTC"), lowEnergy: false };
    const todays = todaysFocusTasks(all, ctx);
    // The seed holds open tasks put off to a later day: the order leaves them out.
    expect(todays.length).toBeLessThan(all.filter((x) => !x.completed).length);
    const w = await walk<Task>("/api/tasks?completed=false&order=focus&limit=4");
    expect(ids(w.items)).toEqual(ids(todays));
    const first = await get("/api/tasks?completed=false&order=focus&limit=5");
    expect(ids(first.json())).toEqual(ids(todays).slice(0, 5));
    expect(first.headers["x-total-count"]).toBe(String(todays.length));
  });

  it("lists the open tasks put off to a later day with putOff=true, and today's with putOff=false", async () => {
    const all = await whole<Task>("/api/tasks");
    const today = todayInZone("UTC");
    const later = all.filter((x) => !x.completed && x.notBefore !== null && x.notBefore > today);
    expect(later.length).toBeGreaterThan(0);
    const ctx: FocusRankContext = { today, lowEnergy: false };
    const w = await walk<Task>("/api/tasks?completed=false&order=focus&putOff=true&limit=3");
    expect(ids(w.items)).toEqual(ids(rankFocusTasks(later, ctx)));
    expect(w.total).toBe(later.length);
    const byId = await walk<Task>("/api/tasks?putOff=false&limit=7");
    expect(ids(byId.items)).toEqual(ids(all.filter((x) => x.notBefore === null || x.notBefore <= today)));
    // Without putOff or order=focus, an open task is open, put off or not.
    const open = await walk<Task>("/api/tasks?completed=false&limit=9");
    expect(ids(open.items)).toEqual(ids(all.filter((x) => !x.completed)));
  });

  it("puts the smallest estimates first with mood=Tired or a stored Sad mood, and mood=Happy overrides it", async () => {
    const all = await whole<Task>("/api/tasks");
    const today = todayInZone("UTC");
    const low = ids(todaysFocusTasks(all, { today, lowEnergy: true }));
    const calm = ids(todaysFocusTasks(all, { today, lowEnergy: false }));
    expect(low).not.toEqual(calm);
    expect(ids((await walk<Task>("/api/tasks?completed=false&order=focus&mood=Tired&limit=9")).items)).toEqual(low);
    expect((await get("/api/mood", alice.cookie, "POST", { mood: "Sad" })).statusCode).toBe(200);
    try {
      expect(ids((await walk<Task>("/api/tasks?completed=false&order=focus&limit=9")).items)).toEqual(low);
      expect(ids((await walk<Task>("/api/tasks?completed=false&order=focus&mood=Happy&limit=9")).items)).toEqual(calm);
    } finally {
      await get("/api/mood", alice.cookie, "POST", { mood: "Neutral" });
    }
  });

  it("keeps one order through a walk when the mood changes between pages", async () => {
    const all = await whole<Task>("/api/tasks");
    const calm = ids(todaysFocusTasks(all, { today: todayInZone("UTC"), lowEnergy: false }));
    const first = await get("/api/tasks?completed=false&order=focus&limit=10");
    await get("/api/mood", alice.cookie, "POST", { mood: "Tired" });
    try {
      const rest = await walk<Task>(
        `/api/tasks?completed=false&order=focus&limit=10&cursor=${first.headers["x-next-cursor"]}`,
      );
      expect([...ids(first.json()), ...ids(rest.items)]).toEqual(calm);
    } finally {
      await get("/api/mood", alice.cookie, "POST", { mood: "Neutral" });
    }
  });

  it("reads a due time without a date as today in the user's own time zone", async () => {
    const utcToday = todayInZone("UTC");
    // One of these zones is on another date than UTC at any moment.
    const zone = todayInZone("Pacific/Kiritimati") !== utcToday ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const user = await t.signUp();
    expect((await get("/api/settings", user.cookie, "PUT", { timeZone: zone })).statusCode).toBe(200);
    const zoneToday = todayInZone(zone);
    // Dated on the earlier of the two days: read in the zone it comes first on one day and second
    // on the other, whichever side of UTC the zone is on.
    const earlier = zoneToday < utcToday ? zoneToday : utcToday;
    const timeOnly = (await get("/api/tasks", user.cookie, "POST", { title: "time only", dueTime: "12:00" })).json();
    const dated = (
      await get("/api/tasks", user.cookie, "POST", { title: "earlier day 13:00", dueTime: "13:00", dueDate: earlier })
    ).json();
    const expected = ids(rankFocusTasks([timeOnly, dated], { today: zoneToday, lowEnergy: false }));
    expect(expected).not.toEqual(ids(rankFocusTasks([timeOnly, dated], { today: utcToday, lowEnergy: false })));
    expect(ids((await get("/api/tasks?order=focus", user.cookie)).json())).toEqual(expected);
  });

  it("matches the shared ranking on random tasks, ties included, at any page size", async () => {
    const user = await t.signUp();
    const today = todayInZone("UTC");
    const taskArb = fc.record({
      dueDate: fc.constantFrom(null, today, "2020-01-01", "2099-12-31"),
      dueTime: fc.constantFrom(null, "00:00", "09:00", "23:59"),
      timeEstimate: fc.constantFrom(5, 15, 120),
      createdAt: fc.constantFrom(...CREATED),
      completed: fc.boolean(),
      notBefore: fc.constantFrom(null, null, addDays(today, -1), today, addDays(today, 1), "2099-12-31"),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(taskArb, { maxLength: 14 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom("Tired", "Happy"),
        async (list, limit, mood) => {
          await t.handle.db.deleteFrom("tasks").where("user_id", "=", user.userId).execute();
          if (list.length > 0) {
            await t.handle.db
              .insertInto("tasks")
              .values(
                list.map((x, i) => ({
                  user_id: user.userId,
                  title: `r${i}`,
                  search_text: `r${i}`,
                  category: "Work",
                  time_estimate: x.timeEstimate,
                  due_time: x.dueTime,
                  due_date: x.dueDate,
                  completed: x.completed ? 1 : 0,
                  created_at: x.createdAt,
                  not_before: x.notBefore,
                })),
              )
              .execute();
          }
          const all = await whole<Task>("/api/tasks", user.cookie);
          const w = await walk<Task>(`/api/tasks?completed=false&order=focus&mood=${mood}&limit=${limit}`, user.cookie);
          const expected = todaysFocusTasks(all, { today, lowEnergy: mood === "Tired" });
          expect(ids(w.items)).toEqual(ids(expected));
          expect(w.total).toBe(expected.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("quick wins", () => {
  it("walks in id order and in focus order (oldest first, ties by id), with the completed filter", async () => {
    const all = await whole<QuickWin>("/api/quick-wins");
    expect(ids((await walk<QuickWin>("/api/quick-wins?limit=5")).items)).toEqual(ids(all));
    const open = all.filter((x) => !x.completed);
    const ranked = await walk<QuickWin>("/api/quick-wins?completed=false&order=focus&limit=2");
    expect(ids(ranked.items)).toEqual(ids(rankQuickWins(open)));
    expect(ranked.total).toBe(open.length);
    expect(ids(rankQuickWins(open))).not.toEqual(ids(open));
    expect(ids((await walk<QuickWin>("/api/quick-wins?completed=true&limit=3")).items)).toEqual(
      ids(all.filter((x) => x.completed)),
    );
  });
});

describe("thoughts", () => {
  it("walks newest first with ties broken by id, and filters by status", async () => {
    const all = await whole<Thought>("/api/thoughts");
    expect(ids((await walk<Thought>("/api/thoughts?limit=4")).items)).toEqual(ids(all));
    for (const status of ["inbox", "archived", "converted"] as const) {
      const w = await walk<Thought>(`/api/thoughts?status=${status}&limit=3`);
      expect(ids(w.items)).toEqual(ids(all.filter((x) => x.status === status)));
      expect(w.total).toBe(all.filter((x) => x.status === status).length);
    }
    const badge = await get("/api/thoughts?status=inbox&limit=1");
    expect(Number(badge.headers["x-total-count"])).toBe(all.filter((x) => x.status === "inbox").length);
  });
});

describe("events", () => {
  it("walks by date and start time, and reads a date range with both ends included", async () => {
    const all = await whole<CalendarEvent>("/api/events");
    expect(ids((await walk<CalendarEvent>("/api/events?limit=4")).items)).toEqual(ids(all));
    const inRange = (e: CalendarEvent, from?: string, to?: string) =>
      (from === undefined || e.date >= from) && (to === undefined || e.date <= to);
    for (const [from, to] of [
      ["2025-03-12", "2025-03-13"],
      ["2025-03-12", "2025-03-12"],
      ["2025-03-13", undefined],
      [undefined, "2025-03-11"],
      ["2030-01-01", "2030-01-02"],
    ] as const) {
      const q = new URLSearchParams({ limit: "3", ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const w = await walk<CalendarEvent>(`/api/events?${q}`);
      const expected = all.filter((e) => inRange(e, from, to));
      expect(ids(w.items), q.toString()).toEqual(ids(expected));
      expect(w.total).toBe(expected.length);
    }
    const both = all.filter((e) => e.date === "2025-03-12" || e.date === "2025-03-13");
    expect(new Set(both.map((e) => e.date))).toEqual(new Set(["2025-03-12", "2025-03-13"]));
  });
});

describe("projects", () => {
  it("walks by id, each project with its tasks", async () => {
    const all = await whole<Project>("/api/projects");
    const w = await walk<Project>("/api/projects?limit=3");
    expect(w.items).toEqual(all);
    expect(w.pages).toBe(3);
    expect(w.items[0]?.tasks.map((x) => x.title)).toEqual(["first", "second"]);
  });
});

describe("another user's rows", () => {
  it.each([
    "/api/tasks?limit=3",
    "/api/tasks?completed=false&order=focus&limit=3",
    "/api/quick-wins?order=focus&limit=2",
    "/api/thoughts?limit=2",
    "/api/events?from=2025-01-01&limit=2",
    "/api/projects?limit=2",
  ])("never appear in %s, nor in its count", async (url) => {
    const path = url.split("?")[0] as string;
    const mine = await whole<{ id: number; userId: number }>(path, bob.cookie);
    const w = await walk<{ id: number; userId: number }>(url, bob.cookie);
    expect(w.items.every((x) => x.userId === bob.userId)).toBe(true);
    expect(w.total).toBeLessThanOrEqual(mine.length);
  });

  it("a cursor taken from someone else's page shows only your own rows", async () => {
    const theirs = await get("/api/tasks?limit=1");
    const cursor = theirs.headers["x-next-cursor"] as string;
    const res = await get(`/api/tasks?limit=200&cursor=${cursor}`, bob.cookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Task[]).every((x) => x.userId === bob.userId)).toBe(true);
  });
});

describe("bad parameters", () => {
  it.each([
    ["/api/tasks?limit=0", "limit"],
    ["/api/tasks?limit=201", "limit"],
    ["/api/tasks?limit=abc", "limit"],
    ["/api/tasks?limit=2.5", "limit"],
    ["/api/tasks?limit=", "limit"],
    ["/api/tasks?limit=1&limit=2", "limit"],
    ["/api/tasks?completed=yes", "completed"],
    ["/api/tasks?order=newest", "order"],
    ["/api/tasks?mood=Tired", "mood"],
    ["/api/tasks?order=focus&mood=Sleepy", "mood"],
    ["/api/tasks?cursor=not!base64", "cursor"],
    ["/api/tasks?cursor=bm9wZQ", "cursor"],
    ["/api/tasks?page=2", "page"],
    ["/api/tasks?putOff=later", "putOff"],
    ["/api/tasks?completedOn=today", "completedOn"],
    ["/api/tasks?completedOn=2025-02-30", "completedOn"],
    ["/api/tasks?completed=false&completedOn=2025-03-12", "completedOn"],
    ["/api/quick-wins?completed=1", "completed"],
    ["/api/quick-wins?order=focus&cursor=WyJpZCIsMV0", "cursor"],
    ["/api/thoughts?status=open", "status"],
    ["/api/events?from=2025-02-30", "from"],
    ["/api/events?to=tomorrow", "to"],
    ["/api/events?from=2025-03-14&to=2025-03-13", "from"],
    ["/api/projects?completed=false", "completed"],
  ])("%s answers 400 naming %s", async (url, field) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "BAD_REQUEST" });
    expect(res.json().message).toContain(field);
  });

  it.each([
    ["/api/tasks", ["id", 2 ** 40]],
    [
      "/api/tasks?order=focus",
      ["focus", "2025-03-12", true, [0, "2025-03-12", "09:00", 2 ** 40, "2025-01-01T00:00:00.000Z", 1]],
    ],
    ["/api/tasks?order=focus", ["focus", "2025-03-12", false, [0, "2025-03-12", "09:00", 0, "2025-01-01\u0000", 1]]],
    ["/api/quick-wins?order=focus", ["focus", ["2025-01-01T00:00:00.000Z", -(2 ** 40)]]],
    ["/api/thoughts", ["newest", ["x\u0000", 5]]],
    ["/api/events", ["start", ["2025-03\u00001", "09:00", 5]]],
    ["/api/projects", ["id", 1.5]],
  ])("%s refuses a forged cursor %j that the database could not compare", async (path, payload) => {
    const cursor = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const res = await get(`${path}${path.includes("?") ? "&" : "?"}cursor=${cursor}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "BAD_REQUEST", message: "cursor: Not a cursor of this list" });
  });

  it("refuses a cursor of another order or list", async () => {
    const idCursor = (await get("/api/tasks?limit=1")).headers["x-next-cursor"] as string;
    const focusCursor = (await get("/api/tasks?order=focus&limit=1")).headers["x-next-cursor"] as string;
    expect((await get(`/api/tasks?order=focus&cursor=${idCursor}`)).statusCode).toBe(400);
    expect((await get(`/api/tasks?cursor=${focusCursor}`)).statusCode).toBe(400);
    expect((await get(`/api/events?cursor=${idCursor}`)).statusCode).toBe(400);
    expect((await get(`/api/thoughts?cursor=${idCursor}`)).statusCode).toBe(400);
    expect((await get(`/api/projects?cursor=${focusCursor}`)).statusCode).toBe(400);
  });
});

describe("API description", () => {
  it("lists the parameters and the page headers of every list route", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const expectations: Record<string, string[]> = {
      "/api/tasks": [
        "limit",
        "cursor",
        "completed",
        "order",
        "mood",
        "putOff",
        "completedOn",
        "archived",
        "q",
        "completedBefore",
      ],
      "/api/quick-wins": ["limit", "cursor", "completed", "order", "q"],
      "/api/thoughts": ["limit", "cursor", "status"],
      "/api/events": ["limit", "cursor", "from", "to"],
      "/api/projects": ["limit", "cursor"],
    };
    for (const [path, params] of Object.entries(expectations)) {
      const op = doc.paths[path].get;
      expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(
        params.map((p) => `query:${p}`).sort(),
      );
      expect(op.parameters.find((p: { name: string }) => p.name === "cursor").description).toContain("X-Next-Cursor");
      expect(Object.keys(op.responses["200"].headers).sort()).toEqual(["Link", "X-Next-Cursor", "X-Total-Count"]);
      expect(op.responses["200"].content["application/json"].schema.type).toBe("array");
    }
  });
});
