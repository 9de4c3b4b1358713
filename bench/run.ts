/**
 * `npm run bench`: every benchmark, one after the other, each in a process of its own — API
 * throughput against bare node:http (api.ts), start time (start.ts), memory under load
 * (memory.ts) and, when it exists, the pages (pages.ts). Each writes bench/results/<name>.json and
 * says which budgets it met; this exits non-zero when any budget was missed or a benchmark failed.
 *
 *   npm run bench                  (about four minutes here)
 *   npm run bench -- api memory    (only these)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ALL = ["api", "start", "memory", "pages"];
const asked = process.argv.slice(2).filter((a) => a !== "--");
const unknown = asked.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(", ")} (known: ${ALL.join(", ")})`);
  process.exit(2);
}

const outcomes: Array<{ name: string; outcome: string }> = [];
for (const name of asked.length > 0 ? asked : ALL) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (!fs.existsSync(file)) {
    console.log(`\n— ${name}: skipped, bench/${name}.ts does not exist`);
    outcomes.push({ name, outcome: "skipped (no bench file)" });
    continue;
  }
  console.log(`\n— ${name} (bench/${name}.ts)`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ["--import", "tsx", file], { stdio: "inherit" });
  const seconds = Math.round((Date.now() - started) / 1000);
  const outcome =
    run.status === 0 ? "budgets met" : (missedBudgets(name, started) ?? `failed (exit ${run.status ?? run.signal})`);
  outcomes.push({ name, outcome: `${outcome}, ${seconds} s` });
}

/** "budget missed: …" when the run wrote its results and they name budgets it missed. */
function missedBudgets(name: string, since: number): string | undefined {
  const file = path.join(import.meta.dirname, "results", `${name}.json`);
  if (!fs.existsSync(file) || fs.statSync(file).mtimeMs < since) return undefined;
  // api, start and memory list `budgets` ({ name, pass }); pages lists `checks` ({ page, what, ok }).
  const results = JSON.parse(fs.readFileSync(file, "utf8")) as {
    budgets?: unknown;
    checks?: Array<{ page: string; what: string; ok: boolean }>;
  };
  const budgets = Array.isArray(results.budgets) ? (results.budgets as Array<{ name: string; pass: boolean }>) : [];
  const missed = [
    ...budgets.filter((b) => !b.pass).map((b) => b.name),
    ...(results.checks ?? []).filter((c) => !c.ok).map((c) => `${c.page} ${c.what}`),
  ];
  return missed.length > 0 ? `budget missed: ${missed.join("; ")}` : undefined;
}

console.log("\nSummary");
for (const { name, outcome } of outcomes) console.log(`  ${name.padEnd(8)} ${outcome}`);
const failed = outcomes.some((o) => !o.outcome.startsWith("budgets met") && !o.outcome.startsWith("skipped"));
process.exit(failed ? 1 : 0);
