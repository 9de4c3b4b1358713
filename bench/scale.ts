/**
 * Scale benchmark, run by hand (not in CI): seeds many users with hundreds of tasks each straight
 * through Kysely, then measures the server-side time of the dashboard's data calls (Fastify's own
 * reply.elapsedTime, from request to response sent, through app.inject) and reports p50/p95/p99,
 * with the CPU time each call used in this process and in the PostgreSQL backends serving it
 * (Linux schedstat): on a machine shared with other work, wall time also counts waiting for a core.
 * Also reports the bytes the heavy account's dashboard reads and the plan of its focus query.
 *
 *   npx tsx bench/scale.ts                       both databases, 10,000 users × 500 tasks
 *   SCALE_USERS=2000 npx tsx bench/scale.ts      fewer users
 *   SCALE_DB=sqlite npx tsx bench/scale.ts       one database (sqlite or postgres)
 *   SCALE_REUSE=1 npx tsx bench/scale.ts         measure the database seeded by the last run again
 *
 * PostgreSQL: SCALE_PG_URL (default postgres://postgres@127.0.0.1:5432/test), schema bench_scale.
 * SQLite: a file in the system's temporary folder. Writes bench/results/scale.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery, type Kysely, sql } from "kysely";
import pg from "pg";
import { buildApp } from "../server/app.ts";
import { createSession } from "../server/auth/sessions.ts";
import { loadConfig } from "../server/config.ts";
import { type Db, openDatabase } from "../server/db/database.ts";
import { todayInZone } from "../shared/ranking.ts";

const USERS = Number(process.env.SCALE_USERS ?? 10_000);
const TASKS_EACH = Number(process.env.SCALE_TASKS ?? 500);
const SAMPLE = Number(process.env.SCALE_SAMPLE ?? 200);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 5);
const REUSE = process.env.SCALE_REUSE === "1";
const DATABASES = (process.env.SCALE_DB ?? "sqlite,postgres").split(",") as Array<"sqlite" | "postgres">;
const PG_URL = process.env.SCALE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PG_SCHEMA = "bench_scale";
/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const BATCH_ROWS = 2500;
/** The heavy account: user 1 (500 tasks, 200 quick wins, 300 thoughts, 40 projects, 300 events). */
const HEAVY = { quickWins: 200, thoughts: 300, projects: 40, events: 300 };
const LIGHT = { quickWins: 20, thoughts: 10, projects: 2, events: 20 };

const today = todayInZone("UTC");
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const tomorrow = addDays(today, 1);

/** The calls a dashboard built on the bounded list API makes (see docs/decisions/015-ranked-short-lists.md). */
const DASHBOARD_CALLS = [
  { name: "tasks (Top Focus Tasks)", url: "/api/tasks?completed=false&order=focus&limit=5" },
  { name: "quick wins", url: "/api/quick-wins?completed=false&order=focus&limit=5" },
  { name: "events (today, tomorrow)", url: `/api/events?from=${today}&to=${tomorrow}&limit=200` },
  { name: "thoughts (recent 3)", url: "/api/thoughts?limit=3" },
  { name: "inbox count", url: "/api/thoughts?status=inbox&limit=1" },
  { name: "projects", url: "/api/projects?limit=10" },
  { name: "settings", url: "/api/settings" },
  { name: "current user", url: "/api/auth/me" },
];

function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
const rnd = lcg(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

async function insertChunked<R>(db: Db, table: string, rows: R[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    // biome-ignore lint/suspicious/noExplicitAny: one helper for every table's rows
    await (db as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS))
      .execute();
  }
}

async function seedUsers(db: Db, first: number, count: number): Promise<void> {
  const now = new Date().toISOString();
  const users = await db
    .insertInto("users")
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `scale${first + i}`,
        username_key: `scale${first + i}`,
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
  const tasks = [];
  const wins = [];
  const thoughts = [];
  const events = [];
  const projects = [];
  const moods = [];
  for (const { id } of users) {
    const size = first === 1 && id === users[0]?.id ? HEAVY : LIGHT;
    for (let i = 0; i < TASKS_EACH; i++) {
      const r = rnd();
      tasks.push({
        user_id: id,
        title: `Task ${i} of a long backlog`,
        search_text: `task ${i} of a long backlog`,
        category: pick(["Work", "Personal", "Health", "Finance", "Education"]),
        time_estimate: pick([5, 10, 15, 15, 30, 45, 60, 90, 120]),
        due_time: r < 0.05 ? pick(["08:00", "12:30", "17:00", "21:00"]) : null,
        due_date: r > 0.97 ? addDays(today, Math.floor(rnd() * 20) - 5) : null,
        completed: rnd() < 0.4 ? 1 : 0,
        created_at: daysAgo(rnd() * 365),
      });
    }
    for (let i = 0; i < size.quickWins; i++) {
      wins.push({
        user_id: id,
        text: `Quick win ${i}`,
        search_text: `quick win ${i}`,
        completed: rnd() < 0.5 ? 1 : 0,
        created_at: daysAgo(rnd() * 90),
      });
    }
    for (let i = 0; i < size.thoughts; i++) {
      thoughts.push({
        user_id: id,
        content: `A thought worth keeping, number ${i}`,
        type: pick(["Task", "Idea", "Reminder", "Note", "Journal"]),
        status: pick(["inbox", "inbox", "archived", "converted"]),
        converted_to: null,
        created_at: daysAgo(rnd() * 90),
      });
    }
    for (let i = 0; i < size.events; i++) {
      events.push({
        user_id: id,
        title: `Event ${i}`,
        description: null,
        location: rnd() < 0.3 ? "Office" : null,
        date: addDays(today, Math.floor(rnd() * 60) - 30),
        start_time: pick(["08:00", "09:30", "12:00", "14:00", "16:30", "19:00"]),
        duration: pick([30, 60, 90, 1440]),
        category: pick(["Work", "Personal", null]),
        google_id: null,
        google_calendar_id: null,
        created_at: now,
        updated_at: now,
      });
    }
    for (let i = 0; i < size.projects; i++) {
      projects.push({
        user_id: id,
        title: `Project ${i}`,
        description: null,
        notes: null,
        bucket: pick(["work", "personal", "health", "finance"]),
        deadline: rnd() < 0.5 ? addDays(today, Math.floor(rnd() * 60)) : null,
        progress: 0,
        created_at: now,
        updated_at: now,
      });
    }
    if (rnd() < 0.3) moods.push({ user_id: id, mood: pick(["Tired", "Happy", "Sad"]), date: today, created_at: now });
  }
  await insertChunked(db, "tasks", tasks);
  await insertChunked(db, "quick_wins", wins);
  await insertChunked(db, "thoughts", thoughts);
  await insertChunked(db, "events", events);
  const projectIds = await db.insertInto("projects").values(projects).returning("id").execute();
  await insertChunked(
    db,
    "project_tasks",
    projectIds.flatMap(({ id }) =>
      [1, 2, 3].map((k) => ({
        project_id: id,
        task_key: k,
        position: k,
        title: `Step ${k}`,
        completed: k === 1 ? 1 : 0,
      })),
    ),
  );
  if (moods.length > 0) await insertChunked(db, "mood_entries", moods);
}

async function seed(db: Db, dialect: "sqlite" | "postgres"): Promise<number> {
  const started = performance.now();
  const perBatch = 200;
  for (let first = 1; first <= USERS; first += perBatch) {
    const count = Math.min(perBatch, USERS - first + 1);
    // One transaction per batch: SQLite writes each batch once instead of row by row.
    await db.transaction().execute((trx) => seedUsers(trx, first, count));
    if ((first - 1) % 1000 === 0) {
      const done = first - 1 + count;
      const s = (performance.now() - started) / 1000;
      console.log(`  ${dialect}: ${done} users seeded in ${s.toFixed(0)} s`);
    }
  }
  if (dialect === "postgres") await db.executeQuery(CompiledQuery.raw("analyze"));
  else await db.executeQuery(CompiledQuery.raw("pragma optimize"));
  return (performance.now() - started) / 1000;
}

/** Linux's share of the last 10 s in which some task waited for a CPU: how far wall times can be trusted. */
function cpuPressure(): number | null {
  try {
    const line = fs.readFileSync("/proc/pressure/cpu", "utf8").split("\n")[0] ?? "";
    return Number(/avg10=([\d.]+)/.exec(line)?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

const BENCH_APP_NAME = "dc-scale-bench";

/** The PostgreSQL backends serving the app's pool: their CPU time counts as server time too. */
async function backendPids(db: Db): Promise<number[]> {
  const rows = await db.executeQuery<{ pid: number }>(
    CompiledQuery.raw("select pid from pg_stat_activity where application_name = $1", [BENCH_APP_NAME]),
  );
  return rows.rows.map((r) => r.pid);
}

/** Nanoseconds these processes have run on a CPU (Linux schedstat), 0 where it cannot be read. */
function runNanos(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The backend ended (pool idle timeout); its share of this request is lost.
    }
  }
  return sum;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Number(n.toFixed(3));

async function openBenchDb(
  dialect: "sqlite" | "postgres",
): Promise<{ db: Db; close: () => Promise<void>; url?: string; dataDir: string }> {
  const dataDir = path.join(os.tmpdir(), "dc-scale");
  if (dialect === "sqlite") {
    if (!REUSE) fs.rmSync(dataDir, { recursive: true, force: true });
    const handle = await openDatabase({ dataDir, sqliteFile: "scale.sqlite" });
    return { db: handle.db, close: handle.close, dataDir };
  }
  if (!REUSE) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${PG_SCHEMA} cascade`);
    await admin.query(`create schema ${PG_SCHEMA}`);
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.searchParams.set("options", `-c search_path=${PG_SCHEMA}`);
  url.searchParams.set("application_name", BENCH_APP_NAME);
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return { db: handle.db, close: handle.close, url: url.toString(), dataDir };
}

async function focusPlan(db: Db, dialect: "sqlite" | "postgres", userId: number): Promise<string[]> {
  const query = sql`select id from tasks where user_id = ${userId} and completed = ${0}
    order by case when due_date is null and due_time is null then 1 else 0 end,
      coalesce(due_date, ${today}), coalesce(due_time, '24:00'), created_at, id limit 6`.compile(db);
  if (dialect === "sqlite") {
    const res = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return res.rows.map((r) => r.detail);
  }
  const res = await db.executeQuery<{ "QUERY PLAN": string }>(
    CompiledQuery.raw(`explain analyze ${query.sql}`, [...query.parameters]),
  );
  return res.rows.map((r) => r["QUERY PLAN"]);
}

async function measure(dialect: "sqlite" | "postgres") {
  console.log(`\n== ${dialect}: ${USERS} users × ${TASKS_EACH} tasks${REUSE ? " (reused)" : ""}`);
  const bench = await openBenchDb(dialect);
  const seedSeconds = REUSE ? null : await seed(bench.db, dialect);
  if (seedSeconds !== null) console.log(`  seeded in ${seedSeconds.toFixed(0)} s`);
  const counts = await bench.db
    .selectFrom("tasks")
    .select((eb) => [eb.fn.countAll<number>().as("tasks"), eb.fn.count<number>("user_id").distinct().as("users")])
    .executeTakeFirstOrThrow();

  const config = loadConfig({
    DATA_DIR: bench.dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "100000000",
    SIGN_UPS_PER_HOUR: "100000000",
    ...(bench.url ? { DATABASE_URL: bench.url } : {}),
  });
  config.webDist = undefined;
  const app = await buildApp({ config, db: bench.db });
  let current: string | null = null;
  const times = new Map<string, number[]>();
  app.addHook("onResponse", async (_req, reply) => {
    if (current === null) return;
    const list = times.get(current) ?? [];
    list.push(reply.elapsedTime);
    times.set(current, list);
  });
  await app.ready();

  const users = await bench.db.selectFrom("users").select("id").orderBy("id").execute();
  const heavyId = users[0]?.id as number;
  const sample = [heavyId, ...Array.from({ length: SAMPLE }, () => (pick(users) as { id: number }).id)];
  const cookies = new Map<number, string>();
  for (const id of new Set(sample)) cookies.set(id, `dc_session=${(await createSession(bench.db, id)).token}`);

  const heavyBytes: Record<string, number> = {};
  // CPU time per call, of this process and (PostgreSQL) the backends serving it: on a busy machine
  // wall time also counts waiting for a core, CPU time does not.
  const cpu = new Map<string, number[]>();
  const loadBefore = os.loadavg().map(round);
  const pressureBefore = cpuPressure();
  for (let r = -1; r < ROUNDS; r++) {
    const pids = dialect === "postgres" ? await backendPids(bench.db) : [];
    for (const id of sample) {
      for (const call of DASHBOARD_CALLS) {
        current = r < 0 ? null : call.name; // round -1 warms the caches and the JIT
        const pgBefore = runNanos(pids);
        const before = process.cpuUsage();
        const res = await app.inject({ method: "GET", url: call.url, headers: { cookie: cookies.get(id) as string } });
        const used = process.cpuUsage(before);
        const pgUsed = runNanos(pids) - pgBefore;
        if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
        const cpuMs = (used.user + used.system) / 1000 + pgUsed / 1e6;
        if (current !== null) cpu.set(call.name, [...(cpu.get(call.name) ?? []), cpuMs]);
        if (id === heavyId && r === 0) heavyBytes[call.name] = res.rawPayload.length;
      }
    }
  }
  current = null;
  const loadAfter = os.loadavg().map(round);
  const pressureAfter = cpuPressure();

  const results: Record<string, { p50: number; p95: number; p99: number; max: number; cpuP95: number }> = {};
  const all: number[] = [];
  const allCpu: number[] = [];
  console.log(
    `  load average ${loadBefore.join(" ")} → ${loadAfter.join(" ")} (${os.cpus().length} cores); CPU pressure ${pressureBefore}% → ${pressureAfter}%`,
  );
  for (const call of DASHBOARD_CALLS) {
    const sorted = [...(times.get(call.name) ?? [])].sort((a, b) => a - b);
    const cpuSorted = [...(cpu.get(call.name) ?? [])].sort((a, b) => a - b);
    all.push(...sorted);
    allCpu.push(...cpuSorted);
    results[call.name] = {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? 0),
      cpuP95: round(percentile(cpuSorted, 95)),
    };
    const x = results[call.name];
    console.log(
      `  ${call.name.padEnd(26)} p50 ${x?.p50} ms  p95 ${x?.p95} ms  p99 ${x?.p99} ms  max ${x?.max} ms  (cpu p95 ${x?.cpuP95} ms)`,
    );
  }
  all.sort((a, b) => a - b);
  allCpu.sort((a, b) => a - b);
  const overall = {
    p50: round(percentile(all, 50)),
    p95: round(percentile(all, 95)),
    p99: round(percentile(all, 99)),
    cpuP95: round(percentile(allCpu, 95)),
  };
  const bytes = Object.values(heavyBytes).reduce((a, b) => a + b, 0);
  console.log(
    `  all dashboard calls        p50 ${overall.p50} ms  p95 ${overall.p95} ms  p99 ${overall.p99} ms  (cpu p95 ${overall.cpuP95} ms)`,
  );
  console.log(`  heavy account's dashboard reads ${bytes} bytes of API data`);
  const plan = await focusPlan(bench.db, dialect, heavyId);
  console.log(`  focus query plan:\n    ${plan.join("\n    ")}`);

  await app.close();
  await bench.close();
  return {
    users: Number(counts.users),
    tasks: Number(counts.tasks),
    seedSeconds: seedSeconds === null ? null : round(seedSeconds),
    requestsPerCall: sample.length * ROUNDS,
    loadAverage: { before: loadBefore, after: loadAfter },
    cpuPressurePercent: { before: pressureBefore, after: pressureAfter },
    serverMs: results,
    overallServerMs: overall,
    heavyDashboardBytes: heavyBytes,
    focusQueryPlan: plan,
  };
}

// A run of one database keeps the other's last figures in the file.
const file = path.join(import.meta.dirname, "results", "scale.json");
const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
const out: Record<string, unknown> = {
  ...previous,
  node: process.version,
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  calls: DASHBOARD_CALLS,
};
for (const dialect of DATABASES) {
  out[dialect] = {
    date: new Date().toISOString(),
    sampledUsers: SAMPLE + 1,
    rounds: ROUNDS,
    ...(await measure(dialect)),
  };
}
fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
