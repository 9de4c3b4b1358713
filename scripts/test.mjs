// Runs every test suite and ends with one plain line: "N passed, N failed, N skipped".
//   1. unit, API and component tests on SQLite (Vitest)
//   2. the server suites again on PostgreSQL when TEST_DATABASE_URL is set
//   3. the end-to-end suite in Chromium (Playwright) against a freshly built web app
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { waitBeforeDayTurns } from "./day-boundary.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const out = path.join(root, "test-results");
fs.mkdirSync(out, { recursive: true });
const bin = (/** @type {string} */ name) => path.join(root, "node_modules", ".bin", name);

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** The failed tests by name, repeated at the end so that the last lines of a long run say which. */
const failures = [];

/** @param {string} label @param {string} cmd @param {string[]} args @param {Record<string, string>} env */
function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/** @param {string} file @returns {any} */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** @param {string} label @param {string} file @param {string[]} args @param {Record<string, string>} env */
function vitest(label, file, args, env) {
  fs.rmSync(file, { force: true });
  const status = run(
    label,
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`, ...args],
    env,
  );
  const report = readJson(file);
  if (!report) {
    problems.push(`${label}: no report (exit ${status})`);
    totals.failed += 1;
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails to load counts no test but must still fail the run.
  const brokenFiles = report.testResults.filter(
    (/** @type {any} */ r) => r.status === "failed" && r.assertionResults.length === 0,
  ).length;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === "failed") failures.push(`${label}: ${path.relative(root, file.name)} › ${test.fullName}`);
    }
  }
  if (brokenFiles > 0) {
    totals.failed += brokenFiles;
    problems.push(`${label}: ${brokenFiles} test file(s) failed to run`);
  }
  if (status !== 0 && report.numFailedTests === 0 && brokenFiles === 0) problems.push(`${label}: exited ${status}`);
}

/**
 * The end-to-end tests that ended other than expected, by file and title.
 * @param {any[]} suites @param {string[]} titles @returns {string[]}
 */
function failedSpecs(suites, titles) {
  return suites.flatMap((suite) => {
    const inner = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    const own = (suite.specs ?? [])
      .filter((/** @type {any} */ spec) => spec.tests.some((/** @type {any} */ t) => t.status === "unexpected"))
      .map((/** @type {any} */ spec) => `${spec.file} › ${[...inner, spec.title].join(" › ")}`);
    return [...own, ...failedSpecs(suite.suites ?? [], inner)];
  });
}

const { TEST_DATABASE_URL } = process.env;
vitest("Unit, API and component tests (SQLite)", path.join(out, "vitest-sqlite.json"), [], { TEST_DATABASE_URL: "" });
if (TEST_DATABASE_URL) {
  vitest("Server tests on PostgreSQL", path.join(out, "vitest-postgres.json"), ["server"], { TEST_DATABASE_URL });
} else {
  console.log("\nPostgreSQL suite not run: set TEST_DATABASE_URL=postgres://… to include it.");
}

if (fs.existsSync(path.join(root, "playwright.config.ts"))) {
  // `npm start` runs the same build on a first start, its warnings going to the server's stderr:
  // a warning fails the run too, though the end-to-end suite still runs.
  console.log("\n▶ Build the web app");
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { stdio: ["inherit", "inherit", "pipe"], encoding: "utf8" },
  );
  process.stderr.write(build.stderr ?? "");
  if (build.status !== 0) {
    problems.push("web build failed");
    totals.failed += 1;
  } else {
    if (build.stderr?.trim()) {
      problems.push("the web build printed warnings (above)");
      totals.failed += 1;
    }
    const file = path.join(out, "e2e.json");
    fs.rmSync(file, { force: true });
    const wait = waitBeforeDayTurns(new Date());
    if (wait > 0) {
      console.log(
        `\nThe day ends in ${Math.ceil(wait / 60_000)} min: the end-to-end suite starts just after midnight.`,
      );
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
    }
    const status = run("End-to-end tests (Chromium)", bin("playwright"), ["test"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    const report = readJson(file);
    if (!report) {
      problems.push(`end-to-end: no report (exit ${status})`);
      totals.failed += 1;
    } else {
      totals.passed += report.stats.expected + report.stats.flaky;
      totals.failed += report.stats.unexpected;
      totals.skipped += report.stats.skipped;
      for (const name of failedSpecs(report.suites ?? [], [])) failures.push(`end-to-end: ${name}`);
      if (report.errors?.length) {
        problems.push(`end-to-end: ${report.errors.length} error(s) outside tests`);
        totals.failed += report.errors.length;
      }
    }
  }
}

for (const f of failures) console.log(`✗ ${f}`);
for (const p of problems) console.log(`! ${p}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || problems.length > 0 ? 1 : 0);
