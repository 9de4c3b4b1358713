/**
 * The dashboard's list queries read through an index, never a scan of the whole table: the
 * statements the services really send are captured and explained (EXPLAIN QUERY PLAN on SQLite,
 * EXPLAIN on PostgreSQL) over a database of many users.
 */
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInZone } from "../../shared/ranking.ts";
import type { Db } from "../db/database.ts";
import { listEventPage } from "../events/service.ts";
import { listProjectPage } from "../projects/service.ts";
import { listQuickWinPage } from "../quick-wins/service.ts";
import { listTaskPage } from "../tasks/service.ts";
import { statementsOf } from "../testing/statements.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { listThoughtPage } from "../thoughts/service.ts";

const USERS = 200;
const TASKS_EACH = 60;
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const now = new Date().toISOString();
  const today = todayInZone("UTC");
  const users = await db
    .insertInto("users")
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        username: `plan${i}`,
        username_key: `plan${i}`,
        password_hash: null,
        display_name: null,
        email: null,
        oidc_issuer: null,
        oidc_subject: null,
        created_at: now,
      })),
    )
    .returning("id")
    .execute();
  userId = users[0]?.id as number;
  for (const { id } of users) {
    await db
      .insertInto("tasks")
      .values(
        Array.from({ length: TASKS_EACH }, (_, i) => ({
          user_id: id,
          title: `task ${i}`,
          search_text: `task ${i}`,
          category: "Work",
          time_estimate: 5 + (i % 4) * 10,
          due_time: i % 7 === 0 ? "09:00" : null,
          due_date: i % 11 === 0 ? today : null,
          completed: i % 3 === 0 ? 1 : 0,
          created_at: now,
          not_before: i % 13 === 1 ? "2099-01-01" : null,
          completed_at: i % 3 === 0 ? now : null,
        })),
      )
      .execute();
    const few = Array.from({ length: 10 }, (_, i) => i);
    await db
      .insertInto("quick_wins")
      .values(
        few.map((i) => ({ user_id: id, text: `win ${i}`, search_text: `win ${i}`, completed: i % 2, created_at: now })),
      )
      .execute();
    await db
      .insertInto("thoughts")
      .values(
        few.map((i) => ({
          user_id: id,
          content: `thought ${i}`,
          type: "Note",
          status: i % 3 === 0 ? "archived" : "inbox",
          converted_to: null,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto("events")
      .values(
        few.map((i) => ({
          user_id: id,
          title: `event ${i}`,
          description: null,
          location: null,
          date: `2025-03-${String(10 + i).padStart(2, "0")}`,
          start_time: "09:00",
          duration: 30,
          category: null,
          google_id: null,
          google_calendar_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const projects = await db
      .insertInto("projects")
      .values(
        few.slice(0, 4).map((i) => ({
          user_id: id,
          title: `project ${i}`,
          description: null,
          notes: null,
          bucket: "work",
          deadline: null,
          progress: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("project_tasks")
      .values(
        projects.flatMap((p) =>
          [1, 2].map((k) => ({ project_id: p.id, task_key: k, position: k, title: "step", completed: 0 })),
        ),
      )
      .execute();
  }
  // PostgreSQL plans from table statistics, which autovacuum keeps current in a running system.
  if (t.handle.dialect === "postgres") await db.executeQuery(CompiledQuery.raw("analyze"));
}, 120_000);
afterAll(() => t?.close());

const LIST_TABLES = ["tasks", "quick_wins", "thoughts", "events", "projects", "project_tasks"];

type PgPlan = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PgPlan[] };
function pgNodes(plan: PgPlan): PgPlan[] {
  return [plan, ...(plan.Plans ?? []).flatMap(pgNodes)];
}

/** How each list table is read by one statement: the index name, or "FULL SCAN". */
async function accessPaths(query: CompiledQuery): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  if (t.handle.dialect === "sqlite") {
    const res = await t.handle.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    for (const { detail } of res.rows) {
      // "SEARCH t USING [COVERING] INDEX i (…)" or "… USING INTEGER PRIMARY KEY"; any "SCAN t" reads it all.
      const m = /^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail);
      if (!m || !LIST_TABLES.includes(m[2] as string)) continue;
      paths.set(m[2] as string, m[1] === "SCAN" ? "FULL SCAN" : (m[3] ?? "primary key"));
    }
  } else {
    const res = await t.handle.db.executeQuery<{ "QUERY PLAN": Array<{ Plan: PgPlan }> }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const plan = res.rows[0]?.["QUERY PLAN"][0]?.Plan as PgPlan;
    for (const node of pgNodes(plan)) {
      const table = node["Relation Name"];
      if (!table || !LIST_TABLES.includes(table)) continue;
      // A bitmap heap scan names its index on the Bitmap Index Scan below it.
      const index = pgNodes(node).find((n) => n["Index Name"])?.["Index Name"];
      paths.set(table, node["Node Type"] === "Seq Scan" ? "FULL SCAN" : (index ?? node["Node Type"]));
    }
  }
  return paths;
}

const today = "2025-03-12";
const dashboardCalls: Array<[string, (db: Db) => Promise<unknown>, string, string[]]> = [
  [
    "Top Focus Tasks: /api/tasks?completed=false&order=focus&limit=5",
    (db) => listTaskPage(db, { userId: userId, query: { completed: false, order: "focus", limit: 5 } }),
    "tasks",
    ["tasks_user_completed"],
  ],
  [
    "the Tasks page: /api/tasks?completed=false&order=focus&limit=10",
    (db) => listTaskPage(db, { userId, query: { completed: false, order: "focus", limit: 10 } }),
    "tasks",
    ["tasks_user_completed"],
  ],
  [
    "its Later list: /api/tasks?completed=false&order=focus&putOff=true&limit=10",
    (db) => listTaskPage(db, { userId, query: { completed: false, order: "focus", putOff: true, limit: 10 } }),
    "tasks",
    ["tasks_user_completed"],
  ],
  [
    "its Done today: /api/tasks?completedOn=today&limit=10",
    (db) => listTaskPage(db, { userId, query: { completedOn: today, limit: 10 } }),
    "tasks",
    ["tasks_user_completed_at"],
  ],
  [
    "its Done earlier: /api/tasks?completedBefore=today&order=done&limit=10",
    (db) => listTaskPage(db, { userId, query: { completedBefore: today, order: "done", limit: 10 } }),
    "tasks",
    ["tasks_user_completed_at", "tasks_user_completed"],
  ],
  [
    "the full list: /api/tasks?completed=false&limit=50",
    (db) => listTaskPage(db, { userId, query: { completed: false, limit: 50 } }),
    "tasks",
    ["tasks_user_completed"],
  ],
  [
    "Quick Wins: /api/quick-wins?completed=false&order=focus&limit=5",
    (db) => listQuickWinPage(db, { userId, query: { completed: false, order: "focus", limit: 5 }, today }),
    "quick_wins",
    ["quick_wins_user_completed_created"],
  ],
  [
    "Schedule: /api/events?from=today&to=tomorrow",
    (db) => listEventPage(db, { userId, query: { from: today, to: "2025-03-13", limit: 50 } }),
    "events",
    ["events_user_date_start"],
  ],
  [
    "recent thoughts: /api/thoughts?limit=3",
    (db) => listThoughtPage(db, { userId, query: { limit: 3 } }),
    "thoughts",
    ["thoughts_user_created_id", "thoughts_user_status_created"],
  ],
  [
    "inbox badge: /api/thoughts?status=inbox&limit=1",
    (db) => listThoughtPage(db, { userId, query: { status: "inbox", limit: 1 } }),
    "thoughts",
    ["thoughts_user_status_created"],
  ],
  [
    "projects: /api/projects?limit=20",
    (db) => listProjectPage(db, { userId, query: { limit: 20 } }),
    "projects",
    ["projects_user"],
  ],
];

describe("query plans of the dashboard's list calls", () => {
  it.each(dashboardCalls)("%s reads through an index", async (_name, call, table, indexes) => {
    const statements = await statementsOf(t.handle.db, call);
    const onTable = [];
    for (const statement of statements) {
      const paths = await accessPaths(statement);
      for (const [name, path] of paths) expect(path, `${name} in ${statement.sql}`).not.toBe("FULL SCAN");
      if (paths.has(table)) onTable.push(paths.get(table));
    }
    // The page and its count both read the table, each through one of the expected indexes.
    expect(onTable.length).toBeGreaterThanOrEqual(2);
    for (const path of onTable) expect(indexes).toContain(path);
  });

  it("reads a later page by its cursor through the same index", async () => {
    const first = await listTaskPage(t.handle.db, { userId, query: { completed: false, order: "focus", limit: 5 } });
    const statements = await statementsOf(t.handle.db, (db) =>
      listTaskPage(db, {
        userId,
        query: { completed: false, order: "focus", limit: 5, cursor: first.nextCursor ?? undefined },
      }),
    );
    for (const statement of statements) {
      for (const [, path] of await accessPaths(statement)) expect(path).toBe("tasks_user_completed");
    }
  });
});
