/**
 * What one person can keep (docs/decisions/070-what-one-account-can-keep.md), with the bounds
 * lowered through ACCOUNT_LIMITS so each is met in a few requests, on a real database.
 */
import { CompiledQuery, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_AT_MOST } from "../shared/constants.ts";
import { fakeRecording, multipartBody } from "./ai/fixtures/multipart.ts";
import { createSession } from "./auth/sessions.ts";
import { loadConfig } from "./config.ts";
import type { Db } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { COUNTED } from "./db/migrations/0018-kept-counts.ts";
import { keptCounts } from "./keep-limits.ts";
import { updateProject } from "./projects/service.ts";
import { keepNewestMoods } from "./settings/service.ts";
import { statementsOf } from "./testing/statements.ts";
import { createTestApp, sessionCookie, type TestApp } from "./testing/test-app.ts";

const LIMITS = {
  tasks: 3,
  quickWins: 3,
  thoughts: 3,
  projects: 2,
  projectTasks: 4,
  events: 3,
  focusSessions: 2,
  moods: 3,
  recordingBytes: 3000,
  sessions: 3,
};

let t: TestApp;
type Person = { cookie: string; userId: number; username: string };
let me: Person;

beforeAll(async () => {
  t = await createTestApp({
    ACCOUNT_LIMITS: Object.entries(LIMITS)
      .map(([kind, n]) => `${kind}=${n}`)
      .join(","),
  });
});
afterAll(() => t?.close());

const call = (method: string, url: string, payload?: unknown, who: Person = me) =>
  t.app.inject({
    method: method as "GET",
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const made = async (method: string, url: string, payload?: unknown, who: Person = me) => {
  const res = await call(method, url, payload, who);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const count = async (url: string, who: Person = me) => (await made("GET", url, undefined, who)).length as number;
const statusOf = async (thoughtId: number) =>
  (await made("GET", "/api/thoughts")).find((x: { id: number }) => x.id === thoughtId)?.status;

/** The refusal past a bound, as every create and the import answer it. */
const refusal = (field: string, words: string) => ({ message: `${field}: ${words}`, code: "LIMIT_REACHED", field });

const kinds = [
  {
    name: "tasks",
    url: "/api/tasks",
    body: (i: number) => ({ title: `Task ${i}` }),
    words: "At most 3 tasks, done and let go ones included: delete some to add more",
  },
  {
    name: "quick wins",
    url: "/api/quick-wins",
    body: (i: number) => ({ text: `Quick win ${i}` }),
    words: "At most 3 quick wins, done ones included: delete some to add more",
    field: "quickWins",
  },
  {
    name: "thoughts",
    url: "/api/thoughts",
    body: (i: number) => ({ content: `Thought ${i}`, type: "Idea" }),
    words: "At most 3 thoughts, archived ones included: delete some archived ones to add more",
  },
  {
    name: "projects",
    url: "/api/projects",
    body: (i: number) => ({ title: `Project ${i}`, bucket: "work" }),
    words: "At most 2 projects: delete some to add more",
  },
  {
    name: "events",
    url: "/api/events",
    body: (i: number) => ({ title: `Event ${i}`, date: "2025-10-23", startTime: `0${i}:00`, duration: 30 }),
    words: "At most 3 events, past ones included: delete some to add more",
  },
];

describe("past a bound, a create is refused in words and changes nothing", () => {
  it.each(kinds)(
    "$name: up to the bound they are added; one more answers 400 and is not kept; deleting one makes room",
    async (kind) => {
      me = await t.signUp();
      const limit = kind.name === "projects" ? LIMITS.projects : 3;
      const ids: number[] = [];
      for (let i = 1; i <= limit; i++) ids.push((await made("POST", kind.url, kind.body(i))).id);

      const refused = await call("POST", kind.url, kind.body(limit + 1));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(refusal(kind.field ?? kind.url.slice(5), kind.words));
      expect(await count(kind.url)).toBe(limit);

      // Someone else is not held back by this person's bound.
      const other = await t.signUp();
      await made("POST", kind.url, kind.body(1), other);

      expect((await call("DELETE", `${kind.url}/${ids[0]}`)).statusCode).toBe(204);
      await made("POST", kind.url, kind.body(limit + 2));
      expect(await count(kind.url)).toBe(limit);
    },
  );

  it.each([
    ...kinds,
    {
      name: "repeating quick wins",
      url: "/api/quick-wins",
      body: (i: number) => ({ text: `Quick win ${i}`, repeat: "FREQ=DAILY" }),
      field: "quickWins",
    },
    {
      name: "routines",
      url: "/api/tasks",
      body: (i: number) => ({ title: `Routine ${i}`, repeat: "FREQ=DAILY" }),
    },
  ])("$name: creates sent at the same moment add up to the bound and not one more", async (kind) => {
    me = await t.signUp();
    const limit = kind.name === "projects" ? LIMITS.projects : 3;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call("POST", kind.url, kind.body(i + 1))));
    const codes = answers.map((res) => res.statusCode);
    expect(
      codes.filter((code) => code === 201),
      codes.join(),
    ).toHaveLength(limit);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("LIMIT_REACHED");
    }
    expect(await count(kind.url)).toBe(limit);
    expect((await keptCounts(t.handle.db, me.userId))[(kind.field ?? kind.url.slice(5)) as "tasks"]).toBe(limit);
  });

  it("two projects' tasks grown at the same moment add up to the bound of all projects' tasks and not one more", async () => {
    me = await t.signUp();
    const tasks = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Step ${i + 1}`, completed: false }));
    const projects = [
      await made("POST", "/api/projects", { title: "Move house", bucket: "personal", tasks: tasks(1) }),
      await made("POST", "/api/projects", { title: "Garden", bucket: "personal", tasks: tasks(1) }),
    ];
    // Each grows by two: either alone fits the bound of 4, both together would make 6.
    const answers = await Promise.all(projects.map((p) => call("PUT", `/api/projects/${p.id}`, { tasks: tasks(3) })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const kept = await Promise.all(
      projects.map(async (p) => (await made("GET", `/api/projects/${p.id}`)).tasks.length),
    );
    expect(kept.reduce((a, b) => a + b)).toBe(LIMITS.projectTasks);
  });

  it("focus sessions sent at the same moment add up to the bound and not one more", async () => {
    me = await t.signUp();
    const task = await made("POST", "/api/tasks", { title: "Write report", timeEstimate: 30 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call("POST", "/api/focus-sessions", { taskId: task.id, actualMinutes: 25 })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(LIMITS.focusSessions);
    expect((await keptCounts(t.handle.db, me.userId)).focusSessions).toBe(LIMITS.focusSessions);
  });

  it("a thought converted into a task past the tasks' bound stays a thought in the inbox", async () => {
    me = await t.signUp();
    for (let i = 1; i <= LIMITS.tasks; i++) await made("POST", "/api/tasks", { title: `Task ${i}` });
    const thought = await made("POST", "/api/thoughts", { content: "Call the bank", type: "Task" });
    const res = await call("POST", `/api/thoughts/${thought.id}/convert`, { to: "task" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("tasks", kinds[0]?.words as string));
    expect(await statusOf(thought.id)).toBe("inbox");
    expect(await count("/api/tasks")).toBe(LIMITS.tasks);
  });

  it("'just this one' of a routine makes a task of its own, so it too is refused past the bound", async () => {
    me = await t.signUp();
    const routine = await made("POST", "/api/tasks", { title: "Stretch", repeat: "FREQ=DAILY" });
    for (let i = 2; i <= LIMITS.tasks; i++) await made("POST", "/api/tasks", { title: `Task ${i}` });
    const res = await call("PATCH", `/api/tasks/${routine.id}?scope=this`, { title: "Stretch longer" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("LIMIT_REACHED");
    expect((await made("GET", "/api/tasks")).map((x: { title: string }) => x.title)).toContain("Stretch");
    expect(await count("/api/tasks")).toBe(LIMITS.tasks);
  });

  it("a project's tasks count across all of a person's projects; ticking and renaming are never refused", async () => {
    me = await t.signUp();
    const tasks = (titles: string[]) => titles.map((title, i) => ({ id: i + 1, title, completed: false }));
    const first = await made("POST", "/api/projects", {
      title: "Move house",
      bucket: "personal",
      tasks: tasks(["Boxes", "Van", "Keys"]),
    });
    const tooMany = await call("POST", "/api/projects", {
      title: "Garden",
      bucket: "personal",
      tasks: tasks(["Dig", "Sow"]),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual(
      refusal("tasks", "At most 4 tasks in all your projects together: delete some to add more"),
    );
    expect(await count("/api/projects")).toBe(1);

    const second = await made("POST", "/api/projects", { title: "Garden", bucket: "personal", tasks: tasks(["Dig"]) });
    const grown = await call("PUT", `/api/projects/${second.id}`, { tasks: tasks(["Dig", "Sow"]) });
    expect(grown.statusCode).toBe(400);
    expect(grown.json().field).toBe("tasks");
    expect((await made("GET", `/api/projects/${second.id}`)).tasks).toHaveLength(1);

    const ticked = tasks(["Boxes", "Van", "Keys"]).map((x) => ({ ...x, completed: x.id === 1 }));
    expect((await made("PUT", `/api/projects/${first.id}`, { tasks: ticked })).progress).toBe(33);
    const renamed = ticked.map((x) => (x.id === 2 ? { ...x, title: "A bigger van" } : x));
    await made("PUT", `/api/projects/${first.id}`, { tasks: renamed });

    const thought = await made("POST", "/api/thoughts", { content: "Buy seeds", type: "Task" });
    const converted = await call("POST", `/api/thoughts/${thought.id}/convert`, {
      to: "project",
      projectId: second.id,
    });
    expect(converted.statusCode).toBe(400);
    expect(await statusOf(thought.id)).toBe("inbox");

    // Room again once one is gone.
    await made("PUT", `/api/projects/${first.id}`, { tasks: renamed.slice(1) });
    await made("PUT", `/api/projects/${second.id}`, { tasks: tasks(["Dig", "Sow"]) });
  });

  it("focus sessions past the bound are refused", async () => {
    me = await t.signUp();
    const task = await made("POST", "/api/tasks", { title: "Write report", timeEstimate: 30 });
    for (let i = 0; i < LIMITS.focusSessions; i++) {
      await made("POST", "/api/focus-sessions", { taskId: task.id, actualMinutes: 25 });
    }
    const res = await call("POST", "/api/focus-sessions", { taskId: task.id, actualMinutes: 25 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal("focusSessions", "At most 2 focus sessions: reset your estimates in Settings to record more"),
    );
    const { n } = await t.handle.db
      .selectFrom("focus_sessions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("user_id", "=", me.userId)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(LIMITS.focusSessions);
  });
});

describe("voice recordings", () => {
  const upload = (size: number, seed: number) => {
    const { payload, headers } = multipartBody({}, { type: "audio/webm", data: fakeRecording(size, seed) });
    return t.app.inject({
      method: "POST",
      url: "/api/ai/transcribe?keep=true",
      headers: { ...headers, cookie: me.cookie },
      payload,
    });
  };
  const recordings = async () => (await made("GET", "/api/ai/recordings")).recordings as unknown[];

  it("past the total size a recording is refused and no thought is made; deleting a voice note makes room", async () => {
    me = await t.signUp();
    const kept = await upload(2000, 1);
    expect(kept.statusCode).toBe(202);
    const refused = await upload(1500, 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(
      refusal("audio", "At most 3 KB of voice recordings: delete some voice notes to add more"),
    );
    expect(await recordings()).toHaveLength(1);
    expect(await count("/api/thoughts")).toBe(1);

    // A smaller one still fits; another person's are their own.
    expect((await upload(900, 3)).statusCode).toBe(202);
    const mine = me;
    me = await t.signUp();
    expect((await upload(2000, 4)).statusCode).toBe(202);
    me = mine;

    await made("PATCH", `/api/thoughts/${kept.json().thoughtId}`, { status: "archived" });
    expect((await call("DELETE", `/api/thoughts/${kept.json().thoughtId}`)).statusCode).toBe(204);
    expect((await upload(1500, 5)).statusCode).toBe(202);
    expect(await recordings()).toHaveLength(2);
  });

  it("a recording kept with a thought of its own counts against the thoughts' bound too", async () => {
    me = await t.signUp();
    for (let i = 1; i <= LIMITS.thoughts; i++)
      await made("POST", "/api/thoughts", { content: `Thought ${i}`, type: "Note" });
    const refused = await upload(100, 6);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe("thoughts");
    expect(await recordings()).toHaveLength(0);
  });
});

describe("the import", () => {
  it("is refused whole when it would pass a bound: nothing of the file is added", async () => {
    me = await t.signUp();
    await made("POST", "/api/thoughts", { content: "Already here", type: "Note" });
    const file = {
      format: "daily-compass-export",
      version: 1,
      tasks: [{ title: "From the file", category: "Work", timeEstimate: 15, dueTime: null, completed: false }],
      thoughts: ["One", "Two", "Three"].map((content) => ({ content, type: "Idea" })),
    };
    const res = await call("POST", "/api/data/import", file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("thoughts", kinds[2]?.words as string));
    expect(await count("/api/tasks")).toBe(0);
    expect(await count("/api/thoughts")).toBe(1);

    // What fits is imported, and what is already there is not counted twice.
    const fits = { ...file, thoughts: file.thoughts.slice(0, 2) };
    expect((await made("POST", "/api/data/import", fits)).importedCounts).toMatchObject({ tasks: 1, thoughts: 2 });
    expect((await made("POST", "/api/data/import", fits)).importedCounts).toMatchObject({ tasks: 0, thoughts: 0 });
  });

  it("counts a project's tasks and a task's focus sessions in the file", async () => {
    me = await t.signUp();
    const projects = {
      format: "daily-compass-export",
      version: 1,
      projects: [
        {
          title: "Big one",
          bucket: "work",
          tasks: [1, 2, 3, 4, 5].map((id) => ({ id, title: `Step ${id}`, completed: false })),
        },
      ],
    };
    const res = await call("POST", "/api/data/import", projects);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal("projects", "At most 4 tasks in all your projects together: delete some to add more"),
    );
    expect(await count("/api/projects")).toBe(0);

    const sessions = {
      format: "daily-compass-export",
      version: 1,
      tasks: [
        {
          title: "Focused",
          category: "Work",
          timeEstimate: 15,
          dueTime: null,
          completed: true,
          focusSessions: [1, 2, 3].map((m) => ({
            category: "Work",
            estimatedMinutes: 15,
            actualMinutes: 10 + m,
            endedAt: "2025-10-20T10:00:00.000Z",
          })),
        },
      ],
    };
    const refused = await call("POST", "/api/data/import", sessions);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe("tasks");
    expect(await count("/api/tasks")).toBe(0);
  });
});

describe("what gives way instead of refusing", () => {
  it("moods: a new day's mood takes the place of the oldest day's", async () => {
    me = await t.signUp();
    for (const date of ["2025-10-01", "2025-10-02", "2025-10-03", "2025-10-04"]) {
      await made("POST", "/api/mood", { mood: "Happy", date });
    }
    const days = (await made("GET", "/api/mood")).map((m: { date: string }) => m.date);
    expect(days).toEqual(["2025-10-04", "2025-10-03", "2025-10-02"]);
  });

  it("sessions: a sign-in past the bound ends the session used least recently", async () => {
    me = await t.signUp();
    const signIn = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: me.username, password: "correct horse battery" },
      });
      expect(res.statusCode).toBe(200);
      return sessionCookie(res);
    };
    const cookies = [me.cookie];
    for (let i = 0; i < LIMITS.sessions; i++) cookies.push(await signIn());
    const answers = [];
    for (const cookie of cookies) {
      answers.push((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).statusCode);
    }
    expect(answers).toEqual([401, 200, 200, 200]);
  });
});

describe("the counts", () => {
  it("stay what is really there through creates, deletes, Delete All Data and a thought deleted with its recording", async () => {
    me = await t.signUp();
    const task = await made("POST", "/api/tasks", { title: "Counted" });
    await made("POST", "/api/tasks", { title: "Counted too" });
    await made("POST", "/api/quick-wins", { text: "Water" });
    await made("POST", "/api/events", { title: "Dentist", date: "2025-10-23", startTime: "09:00", duration: 30 });
    await made("POST", "/api/projects", { title: "Counted", bucket: "work" });
    await call("DELETE", `/api/tasks/${task.id}`);
    const { payload, headers } = multipartBody({}, { type: "audio/webm", data: fakeRecording(700, 9) });
    const voice = await t.app.inject({
      method: "POST",
      url: "/api/ai/transcribe?keep=true",
      headers: { ...headers, cookie: me.cookie },
      payload,
    });
    expect(await keptCounts(t.handle.db, me.userId)).toEqual({
      tasks: 1,
      quickWins: 1,
      thoughts: 1,
      projects: 1,
      events: 1,
      focusSessions: 0,
      recordingBytes: 700,
    });
    await call("DELETE", `/api/thoughts/${voice.json().thoughtId}`);
    expect((await keptCounts(t.handle.db, me.userId)).recordingBytes).toBe(0);
    await made("POST", "/api/data/delete-all");
    expect(Object.values(await keptCounts(t.handle.db, me.userId)).every((n) => n === 0)).toBe(true);
  });
});

describe("the migration", () => {
  it("counts what each person already keeps, recordings' bytes included", async () => {
    me = await t.signUp();
    await made("POST", "/api/tasks", { title: "Before" });
    await made("POST", "/api/events", { title: "Before", date: "2025-10-23", startTime: "09:00", duration: 30 });
    const { payload, headers } = multipartBody({}, { type: "audio/webm", data: fakeRecording(321, 7) });
    await t.app.inject({
      method: "POST",
      url: "/api/ai/transcribe?keep=true",
      headers: { ...headers, cookie: me.cookie },
      payload,
    });
    const before = await keptCounts(t.handle.db, me.userId);
    // As the database was before migration 0018: no counts, no triggers.
    const run = (text: string) => t.handle.db.executeQuery(CompiledQuery.raw(text));
    const triggers = [
      ...COUNTED.flatMap(({ table }) =>
        t.handle.dialect === "postgres" ? [`${table}_kept_count`] : [`${table}_kept_insert`, `${table}_kept_delete`],
      ),
      ...(t.handle.dialect === "postgres"
        ? ["thought_audio_kept_bytes"]
        : ["thought_audio_kept_insert", "thought_audio_kept_update", "thought_audio_kept_delete"]),
      "users_kept_counts",
    ];
    for (const name of triggers) {
      const table = name.startsWith("users") ? "users" : name.replace(/_kept_\w+$/, "");
      await run(t.handle.dialect === "postgres" ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`);
    }
    if (t.handle.dialect === "postgres") {
      for (const fn of ["count_kept_rows", "count_kept_bytes", "make_kept_counts"]) await run(`drop function ${fn}()`);
    }
    await run("drop table kept_counts");
    await run("delete from schema_migrations where name = '0018-kept-counts'");

    expect(await migrateToLatest(t.handle.db as unknown as Kysely<unknown>, t.handle.dialect)).toEqual([
      "0018-kept-counts",
    ]);
    expect(await keptCounts(t.handle.db, me.userId)).toEqual(before);
    expect(before).toMatchObject({ tasks: 1, events: 1, thoughts: 1, recordingBytes: 321 });
    // And counts again from there.
    await made("POST", "/api/tasks", { title: "After" });
    expect((await keptCounts(t.handle.db, me.userId)).tasks).toBe(2);
  });
});

/** Every statement a call sends, each with how it reads the tables named (EXPLAIN on the real database). */
async function plansOf(call: (db: Db) => Promise<unknown>): Promise<string[]> {
  const base = t.handle.db;
  const seen = await statementsOf(base, call);
  const plans: string[] = [];
  // A precompiled statement (db/precompiled.ts) is seen as it is compiled, with markers for its
  // values: it cannot be explained with them (the count's own read is explained above as it runs).
  const compiled = (q: { parameters: readonly unknown[] }) =>
    q.parameters.some((p) => typeof p === "string" && p.includes("\u0000precompiled-argument-"));
  for (const q of seen.filter((q) => /^\s*(select|delete|update)/i.test(q.sql) && !compiled(q))) {
    if (t.handle.dialect === "sqlite") {
      const res = await base.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
      );
      plans.push(res.rows.map((r) => r.detail).join("; "));
    } else {
      plans.push(
        await base.transaction().execute(async (trx) => {
          // Tables this small are cheaper to read whole; what matters is that an index can be used.
          await trx.executeQuery(CompiledQuery.raw("set local enable_seqscan = off"));
          const res = await trx.executeQuery<{ "QUERY PLAN": string }>(
            CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
          );
          return res.rows.map((r) => r["QUERY PLAN"]).join("; ");
        }),
      );
    }
  }
  return plans;
}
const fullScan = (table: string) => new RegExp(`SCAN ${table}(?! USING)|Seq Scan on ${table}`);

describe("the bounds read through an index, on both databases", () => {
  it("a create's count is one row read by its key", async () => {
    me = await t.signUp();
    // keptCounts' statement is compiled once with markers for its values: explained here as it runs.
    const plans = await plansOf((db) =>
      db.selectFrom("kept_counts").selectAll().where("user_id", "=", me.userId).execute(),
    );
    expect(plans.join("\n")).toMatch(/SEARCH kept_counts USING INTEGER PRIMARY KEY|Index Scan using kept_counts_pkey/);
  });

  it("the tasks of all of a person's projects, counted when a project's tasks grow", async () => {
    me = await t.signUp();
    const project = await made("POST", "/api/projects", { title: "Plans", bucket: "work" });
    const plans = await plansOf((db) =>
      updateProject(db, {
        userId: me.userId,
        keep: t.config.keep,
        id: project.id,
        input: { tasks: [{ id: 1, title: "One", completed: false }] },
      }),
    );
    const counts = plans.filter((p) => /project_tasks/.test(p));
    expect(counts.length).toBeGreaterThan(0);
    for (const p of counts) {
      expect(p).not.toMatch(fullScan("project_tasks"));
      expect(p).not.toMatch(fullScan("projects"));
    }
  });

  it("the oldest moods and sessions past their bounds are found along the user's index", async () => {
    me = await t.signUp();
    const moods = await plansOf((db) => keepNewestMoods(db, { userId: me.userId, keep: t.config.keep }));
    const sessions = await plansOf((db) => createSession(db, me.userId, { most: LIMITS.sessions }));
    expect(moods.length).toBeGreaterThan(0);
    expect(sessions.length).toBeGreaterThan(0);
    for (const p of moods) expect(p).not.toMatch(fullScan("mood_entries"));
    for (const p of sessions) expect(p).not.toMatch(fullScan("sessions"));
  });
});

describe("ACCOUNT_LIMITS", () => {
  it("replaces the bounds it names and keeps the others; a wrong one stops the start with a reason", () => {
    const config = loadConfig({ NODE_ENV: "test", ACCOUNT_LIMITS: "tasks=5, recordingBytes=1024" });
    expect(config.keep).toEqual({ ...KEEP_AT_MOST, tasks: 5, recordingBytes: 1024 });
    expect(loadConfig({ NODE_ENV: "test" }).keep).toEqual(KEEP_AT_MOST);
    for (const wrong of ["task=5", "tasks=-1", "tasks=many", "tasks"]) {
      expect(() => loadConfig({ NODE_ENV: "test", ACCOUNT_LIMITS: wrong })).toThrow(/ACCOUNT_LIMITS/);
    }
  });
});
