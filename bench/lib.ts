/**
 * What the benchmarks share: the app started as production starts it (`node scripts/start.mjs`:
 * compiled JavaScript, default log level) on a database of its own, a load generator and a bare
 * `node:http` server each in a process of their own, raw HTTP for capturing exact answers, and
 * the budget check every benchmark reports through.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { CannedResponse } from "./bare-server.ts";
import type { LoadResult, LoadRun } from "./load-worker.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const RESULTS = path.join(import.meta.dirname, "results");
const TSX = ["--import", "tsx"];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Memory figures of a running process, from /proc (Linux), in MB. */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb("VmRSS") / 102.4) / 10, peakRssMb: Math.round(kb("VmHWM") / 102.4) / 10 };
}

/** CPU time (user + system) a process has used so far, in seconds (Linux). */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

export type AppProcess = {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to the first 200 from /api/health. */
  startMs: number;
  /** CPU time the process had used by then, in ms: what the start costs whatever else runs. */
  startCpuMs: number;
  stop: () => Promise<void>;
};

/**
 * Starts `node scripts/start.mjs` (it builds the web app and the server first when they are
 * missing or stale) with a data folder of its own and the default log level; SQLite unless
 * BENCH_DATABASE_URL names a PostgreSQL database.
 */
export async function startApp(opts: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  entry?: string;
  /** Flags for node itself, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<AppProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["LOG_LEVEL", "DATABASE_URL", "NODE_ENV", "PUBLIC_URL"]) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: opts.dataDir,
    // The limit is counted on every request as in production, but never reached by the load.
    RATE_LIMIT_PER_MINUTE: "1000000000",
    SIGN_UPS_PER_HOUR: "1000000000",
    // The load adds a new quick win on every request, to one account: tens of thousands a run,
    // past what one person keeps (docs/decisions/070-what-one-account-can-keep.md). The bound is
    // still read on every create, as in production.
    ACCOUNT_LIMITS: "quickWins=1000000000",
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...opts.env,
  });
  const started = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), opts.entry ?? "scripts/start.mjs"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 300_000);
  let startMs = 0;
  while (startMs === 0) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    if (performance.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app did not answer in time:\n${output}`);
    }
    const status = await request(url, { method: "GET", path: "/api/health" }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) startMs = performance.now() - started;
    else await sleep(5);
  }
  let startCpuMs = Number.NaN;
  try {
    startCpuMs = Math.round(cpuSecondsOf(child.pid as number) * 1000);
  } catch {
    // Not on Linux: the wall time is all there is.
  }
  return {
    url,
    pid: child.pid as number,
    startMs,
    startCpuMs,
    stop: () => stopProcess(child),
  };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request over plain node:http: no Accept-Encoding unless given, bytes as they came. */
export function request(
  base: string,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(opts.path, base),
      { method: opts.method, headers: opts.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** Registers an account with `tasks` focus tasks; answers its session cookie. */
export async function seedAccount(url: string, tasks: number): Promise<string> {
  const json = { "content-type": "application/json" };
  const register = await request(url, {
    method: "POST",
    path: "/api/auth/register",
    headers: json,
    body: JSON.stringify({ username: "bench", password: "steady load test phrase" }),
  });
  if (register.status !== 201) throw new Error(`register answered ${register.status}: ${register.body}`);
  const setCookie = register.headers["set-cookie"]?.[0] ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  for (let i = 0; i < tasks; i++) {
    const res = await request(url, {
      method: "POST",
      path: "/api/tasks",
      headers: { ...json, cookie },
      body: JSON.stringify({ title: `Task ${i + 1}: a title of an everyday length`, timeEstimate: 5 + (i % 100) }),
    });
    if (res.status !== 201) throw new Error(`creating a task answered ${res.status}`);
  }
  return cookie;
}

/** Headers a bare server need not copy: the connection's own, and those it computes. */
const CONNECTION_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** The app's answer to a request, as a bare server replays it. */
export async function capture(
  url: string,
  c: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<CannedResponse> {
  const res = await request(url, c);
  if (res.status >= 300) throw new Error(`${c.method} ${c.path} answered ${res.status}: ${res.body}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!CONNECTION_HEADERS.has(name) && value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { method: c.method, path: c.path, status: res.status, headers, body: res.body.toString("base64") };
}

export type Loader = { run: (run: LoadRun) => Promise<LoadResult>; stop: () => void };

/** The load generator's process (bench/load-worker.ts). */
export function startLoader(): Loader {
  const child = fork(path.join(import.meta.dirname, "load-worker.ts"), [], { execArgv: TSX, stdio: "inherit" });
  return {
    run: (run) =>
      new Promise((resolve, reject) => {
        child.once("message", (result) => resolve(result as LoadResult));
        child.once("exit", (code) => reject(new Error(`the load generator exited with ${code}`)));
        child.send(run);
      }).finally(() => child.removeAllListeners("exit")) as Promise<LoadResult>,
    stop: () => child.kill(),
  };
}

/** A bare node:http server in its own process, replaying the captured answers. */
export async function startBare(canned: CannedResponse[]): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = fork(path.join(import.meta.dirname, "bare-server.ts"), [], { execArgv: TSX, stdio: "inherit" });
  const { port } = await new Promise<{ port: number }>((resolve) => {
    child.once("message", (m) => resolve(m as { port: number }));
    child.send(canned);
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, stop: () => child.kill() };
}

export type BudgetCheck = {
  name: string;
  value: number;
  limit: number;
  unit: string;
  /** "min": the value must be at least the limit; "max": at most. */
  kind: "min" | "max";
  pass: boolean;
};

export function budget(name: string, value: number, kind: "min" | "max", limit: number, unit: string): BudgetCheck {
  return { name, value, limit, unit, kind, pass: kind === "min" ? value >= limit : value <= limit };
}

/** Writes bench/results/<name>.json and prints each budget; answers whether all were met. */
/** The machine's load averages (1, 5, 15 min) when this benchmark began: other work skews every figure. */
const loadAtStart = os.loadavg();
export const loadAverages = () => ({
  atStart: loadAtStart.map((l) => Number(l.toFixed(2))),
  atEnd: os.loadavg().map((l) => Number(l.toFixed(2))),
});

export function report(name: string, data: object, budgets: BudgetCheck[]): boolean {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpuSummary(), load: loadAverages(), ...data, budgets }, null, 2)}\n`,
  );
  for (const b of budgets) {
    const sign = b.kind === "min" ? "≥" : "≤";
    console.log(
      `${b.pass ? "met   " : "MISSED"}  ${b.name}: ${b.value} ${b.unit} (budget ${sign} ${b.limit} ${b.unit})`,
    );
  }
  console.log(
    `load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(", ")}, at end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
  return budgets.every((b) => b.pass);
}

function cpuSummary(): string {
  try {
    const info = fs.readFileSync("/proc/cpuinfo", "utf8");
    const model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1] ?? "unknown";
    const count = (info.match(/^processor\s*:/gm) ?? []).length;
    return `${count} × ${model}`;
  } catch {
    return "unknown";
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
