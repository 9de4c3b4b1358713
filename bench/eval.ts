/**
 * `npm run eval`: the assistant on the held-out test sets (server/ai/eval/). Always the offline
 * engine; also the provider engine when AI_BASE_URL (and AI_API_KEY where the provider needs one)
 * is configured. Writes bench/results/eval-<engine>.json and prints a short table.
 *
 *   npm run eval
 *   AI_BASE_URL=http://127.0.0.1:11434/v1 AI_MODEL=llama3.2 npm run eval
 *   npm run eval -- --limit 20        (first 20 of each set, for a quick look)
 */
import fs from "node:fs";
import path from "node:path";
import { evaluateEngine, formatReports } from "../server/ai/eval/evaluate.ts";
import { offlineEngine } from "../server/ai/offline-engine.ts";
import { createProviderEngine, DEFAULT_PROVIDER_URL } from "../server/ai/provider-engine.ts";
import { loadConfig } from "../server/config.ts";

const limitAt = process.argv.indexOf("--limit");
const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : undefined;
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
  console.error("--limit takes a whole number above 0");
  process.exit(2);
}

const { ai } = loadConfig();
const resultsDir = path.join(import.meta.dirname, "results");
fs.mkdirSync(resultsDir, { recursive: true });

const reports = [
  await evaluateEngine("offline", offlineEngine, { limit, everyPreference: true }),
  // The blind sets, written without sight of the rules or of their results on the test set.
  await evaluateEngine("offline, blind set", offlineEngine, { limit, everyPreference: true, set: "blind" }),
  await evaluateEngine("offline, blind set 2", offlineEngine, { limit, set: "blind2" }),
];
if (ai.baseUrl || ai.apiKey) {
  const provider = createProviderEngine({
    baseUrl: ai.baseUrl ?? DEFAULT_PROVIDER_URL,
    apiKey: ai.apiKey ?? "no-key",
    model: ai.model,
    transcribeModel: ai.transcribeModel,
    timeoutMs: ai.timeoutMs,
  });
  // One preference only: each call costs the provider time and money.
  reports.push(await evaluateEngine(`provider (${ai.model})`, provider, { limit, concurrency: 4 }));
  reports.push(
    await evaluateEngine(`provider (${ai.model}), blind set`, provider, { limit, concurrency: 4, set: "blind" }),
    await evaluateEngine(`provider (${ai.model}), blind set 2`, provider, { limit, concurrency: 4, set: "blind2" }),
  );
} else {
  console.log("No AI_BASE_URL or AI_API_KEY configured: the provider engine is not evaluated.\n");
}

const when = new Date().toISOString();
/** eval-offline.json, eval-offline-blind.json, eval-provider-blind2.json, … */
const fileOf = (r: { engine: string }) => {
  const set = r.engine.match(/, blind set( 2)?$/);
  return `eval-${r.engine.startsWith("provider") ? "provider" : "offline"}${set ? `-blind${set[1] ? "2" : ""}` : ""}.json`;
};
for (const report of reports) {
  fs.writeFileSync(path.join(resultsDir, fileOf(report)), `${JSON.stringify({ when, ...report }, null, 2)}\n`);
}
console.log(formatReports(reports));
console.log(`\nWritten: ${reports.map((r) => `bench/results/${fileOf(r)}`).join(", ")}`);
