/**
 * `npm run train:categorizer`: trains the offline categoriser on the tuning sets and writes
 * server/ai/categorizer-weights.json (commit it). Prints 10-fold cross-validation on the tuning
 * data and the figure on the held-out test set, which the model never trains on.
 *
 *   npm run train:categorizer
 *   npm run train:categorizer -- --check     (measure only, write nothing)
 */
import fs from "node:fs";
import path from "node:path";
import {
  categorizeWith,
  crossValidate,
  examples,
  trainFromTuningSets,
  trainingThoughts,
} from "../server/ai/categorizer-train.ts";
import { testThoughts } from "../server/ai/eval/test-thoughts.ts";
import { type CategorizerWeights, thoughtFeatures } from "../server/ai/offline-categorize.ts";

const out = path.join(import.meta.dirname, "../server/ai/categorizer-weights.json");
/** As biome formats it: one feature a line, so a retrained model's diff can be read. */
function format(weights: CategorizerWeights): string {
  const list = (values: readonly (string | number)[]) => `[${values.map((v) => JSON.stringify(v)).join(", ")}]`;
  const lines = Object.entries(weights.weights).map(([name, w]) => `    ${JSON.stringify(name)}: ${list(w)}`);
  return [
    "{",
    `  "types": ${list(weights.types)},`,
    `  "bias": ${list(weights.bias)},`,
    `  "weights": {\n${lines.join(",\n")}\n  },`,
    `  "minConfidence": ${weights.minConfidence}`,
    "}",
    "",
  ].join("\n");
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

const data = examples(trainingThoughts());
const cv = crossValidate(data);
console.log(`10-fold cross-validation on ${data.length} tuning thoughts: ${percent(cv.accuracy)}`);
console.log(
  `  ${Object.entries(cv.byType)
    .map(([t, a]) => `${t} ${percent(a)}`)
    .join(", ")}`,
);
if (process.argv.includes("--wrong")) console.log(cv.wrong.join("\n"));

const weights = trainFromTuningSets(data);
// Only the totals: the test set's wrong answers are not read while tuning (decision 026).
const right = (type: string) =>
  testThoughts.filter(([text, t]) => t === type && categorizeWith(weights, text, thoughtFeatures(text)) === t).length;
const ofType = (type: string) => testThoughts.filter(([, t]) => t === type).length;
const types = weights.types;
const total = types.reduce((sum, t) => sum + right(t), 0);
console.log(`Held-out test set (${testThoughts.length} thoughts): ${percent(total / testThoughts.length)}`);
console.log(`  ${types.map((t) => `${t} ${percent(right(t) / ofType(t))}`).join(", ")}`);
console.log(`${Object.keys(weights.weights).length} weighted features`);
if (!process.argv.includes("--check")) {
  fs.writeFileSync(out, format(weights));
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}
