/**
 * Server start: the time from starting the production command (`node scripts/start.mjs`, which
 * checks that the builds are fresh and runs the compiled server) to its first answer, on an
 * existing database — a restart, as an operator or a process manager does it. The first start
 * creates the database (and builds, and keeps V8's compiled code, when needed) and is not
 * counted. Also measured, for the record: the compiled bundle alone, without the kept code, as a
 * first start after a build runs it (`node dist/server/main.cjs`).
 *
 *   npx tsx bench/start.ts      (part of npm run bench; BENCH_STARTS, default 7)
 *
 * Writes bench/results/start.json; the median must be within BUDGET_MS.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { budget, median, report, seedAccount, startApp } from "./lib.ts";

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const BUDGET_MS = 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-bench-start-"));
try {
  // The existing database: created, migrated and given an account with some data.
  const first = await startApp({ dataDir });
  await seedAccount(first.url, 50);
  await first.stop();

  const measure = async (entry: string) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const app = await startApp({ dataDir, entry, timeoutMs: 60_000 });
      wall.push(Math.round(app.startMs));
      cpu.push(app.startCpuMs);
      await app.stop();
    }
    console.log(`node ${entry}: ${wall.join(", ")} ms to the first answer (CPU ${cpu.join(", ")} ms)`);
    return { wall, cpu };
  };
  const npmStart = await measure("scripts/start.mjs");
  const compiled = await measure("dist/server/main.cjs");
  const met = report(
    "start",
    {
      starts: STARTS,
      firstAnswerMs: {
        "node scripts/start.mjs": summary(npmStart),
        "node dist/server/main.cjs": summary(compiled),
      },
    },
    [
      budget(
        "start to first answer on an existing database (npm start, median)",
        median(npmStart.wall),
        "max",
        BUDGET_MS,
        "ms",
      ),
    ],
  );
  process.exitCode = met ? 0 : 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function summary(runs: { wall: number[]; cpu: number[] }) {
  return { median: median(runs.wall), max: Math.max(...runs.wall), cpuMedian: median(runs.cpu), ...runs };
}
