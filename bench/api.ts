/**
 * API throughput against the physical limit (docs/decisions/018-lean-serving.md). The app runs as
 * production runs it (`node scripts/start.mjs`, compiled JavaScript, default log level) on a fresh
 * SQLite database; for each route a bare `node:http` server replays the very answer the app gave
 * (status, headers, body bytes). autocannon, in a process of its own, loads the app and the bare
 * server in alternating rounds (A, B, A, B), so both see the same machine; the ratio of their
 * throughput is the result, and each must be at least BUDGET_RATIO. Two cases are information
 * only: the task list compressed, and the new quick win against a bare server that commits the
 * same row to SQLite before answering, which tells how much of a write is the commit itself.
 *
 *   npx tsx bench/api.ts        (about two and a half minutes; part of npm run bench)
 *
 * BENCH_SECONDS (per run, 3), BENCH_ROUNDS (5), BENCH_CONNECTIONS (10). Writes bench/results/api.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CannedResponse } from "./bare-server.ts";
import { budget, capture, cpuSecondsOf, median, report, seedAccount, startApp, startBare, startLoader } from "./lib.ts";
import type { LoadResult } from "./load-worker.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_RATIO = 0.5;

type Case = {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** Informational cases are measured and reported, but hold no budget. */
  informational?: boolean;
  acceptEncoding?: string;
  /** The bare server commits the new quick win before it answers (bench/bare-server.ts). */
  bareCommits?: boolean;
};
const allCases: Case[] = [
  { name: "GET /api/tasks (50 tasks)", method: "GET", path: "/api/tasks" },
  { name: "GET /api/auth/me", method: "GET", path: "/api/auth/me" },
  {
    name: "POST /api/quick-wins",
    method: "POST",
    path: "/api/quick-wins",
    body: JSON.stringify({ text: "Drink water" }),
  },
  {
    name: "GET /api/tasks (50 tasks), br",
    method: "GET",
    path: "/api/tasks",
    acceptEncoding: "gzip, deflate, br",
    informational: true,
  },
  {
    name: "POST /api/quick-wins, bare commits",
    method: "POST",
    path: "/api/quick-wins",
    body: JSON.stringify({ text: "Drink water" }),
    informational: true,
    bareCommits: true,
  },
];
// The bare server's commit is SQLite's: against a PostgreSQL app it would compare two databases.
const cases = allCases.filter((c) => !(c.bareCommits && process.env.BENCH_DATABASE_URL));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-bench-api-"));
const app = await startApp({ dataDir });
const loader = startLoader();
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  const cookie = await seedAccount(app.url, 50);
  const headersOf = (c: Case): Record<string, string> => ({
    cookie,
    ...(c.body ? { "content-type": "application/json" } : {}),
    ...(c.acceptEncoding ? { "accept-encoding": c.acceptEncoding } : {}),
  });
  // A bare server can answer one path one way: a compressed case gets a path of its own there.
  const barePath = (c: Case, i: number) => `${c.path}?case=${i}`;
  const canned: CannedResponse[] = [];
  for (const [i, c] of cases.entries()) {
    const answer = await capture(app.url, { method: c.method, path: c.path, headers: headersOf(c), body: c.body });
    canned.push({ ...answer, path: barePath(c, i), commitsQuickWin: c.bareCommits });
  }
  bare = await startBare(canned);

  const bareUrl = bare.url;
  /** One load run; adds the CPU time the server used per answer, which the machine's load does not change. */
  const run = async (target: "app" | "bare", c: Case, pathname: string, seconds: number) => {
    const pid = target === "app" ? app.pid : (bare?.pid as number);
    const cpuBefore = cpuSecondsOf(pid);
    const result = await loader.run({
      url: `${target === "app" ? app.url : bareUrl}${pathname}`,
      method: c.method,
      headers: headersOf(c),
      body: c.body,
      connections: CONNECTIONS,
      durationSeconds: seconds,
    });
    const cpuUsPerRequest = Math.round(((cpuSecondsOf(pid) - cpuBefore) * 1e6) / Math.max(result.requests, 1));
    return { ...result, cpuUsPerRequest };
  };

  // Warm-up: JIT, the database's page cache, the statement cache; not counted.
  for (const [i, c] of cases.entries()) {
    await run("app", c, c.path, 2);
    await run("bare", c, barePath(c, i), 1);
  }

  const runs = cases.map(() => ({ app: [] as Measured[], bare: [] as Measured[] }));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      const a = await run("app", c, c.path, DURATION_S);
      const b = await run("bare", c, barePath(c, i), DURATION_S);
      if (a.non2xx + a.errors > 0) throw new Error(`${c.name}: ${a.non2xx} non-2xx answers, ${a.errors} errors`);
      runs[i]?.app.push(a);
      runs[i]?.bare.push(b);
      console.log(
        `round ${round}  ${c.name.padEnd(36)} app ${Math.round(a.requestsPerSecond)} req/s (${a.cpuUsPerRequest} µs CPU each)  bare ${Math.round(b.requestsPerSecond)} req/s (${b.cpuUsPerRequest} µs)  ratio ${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)}`,
      );
    }
  }

  const results = cases.map((c, i) => {
    const { app: a, bare: b } = runs[i] as { app: Measured[]; bare: Measured[] };
    const ratios = a.map((r, k) => r.requestsPerSecond / (b[k] as Measured).requestsPerSecond);
    return {
      name: c.name,
      informational: c.informational ?? false,
      ratio: Number(median(ratios).toFixed(3)),
      ratios: ratios.map((r) => Number(r.toFixed(3))),
      app: summary(a),
      bare: summary(b),
    };
  });
  const met = report(
    "api",
    { connections: CONNECTIONS, secondsPerRun: DURATION_S, rounds: ROUNDS, results },
    results
      .filter((r) => !r.informational)
      .map((r) => budget(`${r.name}, throughput relative to bare node:http`, r.ratio, "min", BUDGET_RATIO, "×")),
  );
  process.exitCode = met ? 0 : 1;
} finally {
  loader.stop();
  bare?.stop();
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

type Measured = LoadResult & { cpuUsPerRequest: number };

function summary(results: Measured[]) {
  return {
    requestsPerSecond: Math.round(median(results.map((r) => r.requestsPerSecond))),
    cpuUsPerRequest: median(results.map((r) => r.cpuUsPerRequest)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    bytesPerResponse: results[0]?.bytesPerResponse ?? 0,
  };
}
