/**
 * API load benchmark. Runs the real server on a fresh SQLite database and measures, in one run,
 * the throughput of signed-in data routes relative to the bare health route: a ratio, so the
 * result means something on any machine. Writes bench/results/api.json.
 *
 *   npm run bench            (about 30 seconds)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-bench-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000000" });
config.webDist = undefined;
const handle = await openDatabase({ dataDir });
const app = await buildApp({ config, db: handle.db });
const address = await app.listen({ port: 0, host: "127.0.0.1" });

const register = await fetch(`${address}/api/auth/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ username: "bench", password: "steady load test phrase" }),
});
const cookie = (register.headers.get("set-cookie") ?? "").split(";")[0];
for (let i = 0; i < 50; i++) {
  await fetch(`${address}/api/tasks`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ title: `Task ${i}`, timeEstimate: 5 + (i % 100) }),
  });
}

type Case = { name: string; method: "GET" | "POST"; path: string; body?: string };
const cases: Case[] = [
  { name: "health (baseline)", method: "GET", path: "/api/health" },
  { name: "list 50 tasks", method: "GET", path: "/api/tasks" },
  { name: "current user", method: "GET", path: "/api/auth/me" },
  { name: "create quick win", method: "POST", path: "/api/quick-wins", body: JSON.stringify({ text: "Drink water" }) },
];

// Warm-up: JIT and SQLite page cache, so the baseline is not measured cold.
await autocannon({ url: `${address}/api/tasks`, connections: 10, duration: 2, headers: { cookie } });

const results: Record<string, { requestsPerSecond: number; p99Ms: number; ratioToBaseline: number }> = {};
let baseline = 0;
for (const c of cases) {
  const r = await autocannon({
    url: `${address}${c.path}`,
    method: c.method,
    connections: 10,
    duration: DURATION_S,
    headers: { cookie, "content-type": "application/json" },
    body: c.body,
  });
  if (r.non2xx > 0) throw new Error(`${c.name}: ${r.non2xx} non-2xx answers`);
  const rps = r.requests.average;
  if (baseline === 0) baseline = rps;
  results[c.name] = {
    requestsPerSecond: Math.round(rps),
    p99Ms: r.latency.p99,
    ratioToBaseline: Number((rps / baseline).toFixed(3)),
  };
  console.log(
    `${c.name.padEnd(20)} ${String(Math.round(rps)).padStart(7)} req/s  p99 ${r.latency.p99} ms  ratio ${results[c.name].ratioToBaseline}`,
  );
}

await app.close();
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
const out = path.join(import.meta.dirname, "results", "api.json");
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, durationSeconds: DURATION_S, results }, null, 2)}\n`,
);
console.log(`written ${path.relative(process.cwd(), out)}`);
