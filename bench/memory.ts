/**
 * Memory under load: the app as production runs it (`node scripts/start.mjs`) on a fresh SQLite
 * database, idle after its first answers, then under 100 connections on each benchmarked route in
 * turn (the 50-task list, the current user, creating quick wins). The peak resident set size of
 * the server process (Linux VmHWM) must stay within BUDGET_MB.
 *
 *   npx tsx bench/memory.ts      (about 30 seconds; part of npm run bench)
 *
 * BENCH_MEMORY_SECONDS (per route, 5), BENCH_MEMORY_CONNECTIONS (100). Writes bench/results/memory.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { budget, memoryOf, report, seedAccount, sleep, startApp, startLoader } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 100);
const BUDGET_MB = 200;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-bench-memory-"));
const app = await startApp({ dataDir });
const loader = startLoader();
try {
  const cookie = await seedAccount(app.url, 50);
  const afterStart = memoryOf(app.pid);
  const routes = [
    { name: "GET /api/tasks (50 tasks)", method: "GET" as const, path: "/api/tasks" },
    { name: "GET /api/auth/me", method: "GET" as const, path: "/api/auth/me" },
    {
      name: "POST /api/quick-wins",
      method: "POST" as const,
      path: "/api/quick-wins",
      body: JSON.stringify({ text: "Drink water" }),
    },
  ];
  const phases: Array<{ name: string; requests: number; p99Ms: number; rssMb: number; peakRssMb: number }> = [];
  for (const r of routes) {
    // Sampled while the load runs, so the figure is the resident size under load, not after it.
    let rssUnderLoad = 0;
    const sampler = setInterval(() => {
      rssUnderLoad = Math.max(rssUnderLoad, memoryOf(app.pid).rssMb);
    }, 100);
    const result = await loader.run({
      url: `${app.url}${r.path}`,
      method: r.method,
      headers: { cookie, ...(r.body ? { "content-type": "application/json" } : {}) },
      body: r.body,
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
    });
    clearInterval(sampler);
    if (result.non2xx + result.errors > 0) {
      throw new Error(`${r.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    const now = memoryOf(app.pid);
    phases.push({
      name: r.name,
      requests: result.requests,
      p99Ms: result.p99Ms,
      rssMb: rssUnderLoad,
      peakRssMb: now.peakRssMb,
    });
    console.log(
      `${r.name.padEnd(28)} ${result.requests} requests at ${CONNECTIONS} connections, p99 ${result.p99Ms} ms, RSS up to ${rssUnderLoad} MB (peak so far ${now.peakRssMb} MB)`,
    );
  }
  await sleep(1000);
  const end = memoryOf(app.pid);
  const met = report(
    "memory",
    {
      connections: CONNECTIONS,
      secondsPerRoute: SECONDS,
      idleAfterStartMb: afterStart.rssMb,
      phases,
      afterLoadMb: end.rssMb,
      peakRssMb: end.peakRssMb,
    },
    [budget("peak resident memory of the server under load", end.peakRssMb, "max", BUDGET_MB, "MB")],
  );
  process.exitCode = met ? 0 : 1;
} finally {
  loader.stop();
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
