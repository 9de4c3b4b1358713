/**
 * Runs the held-out test sets against an assistant engine and measures what a person would get:
 * how many thoughts land in the type they meant, how many breakdown steps are distinct, and how
 * many steps pass the rubric (rubric.ts). `npm run eval` (bench/eval.ts) runs it for the offline
 * engine and, when one is configured, the provider engine.
 */
import { ASSISTANT_TONES, HELP_LEVELS, THOUGHT_TYPES } from "../../../shared/constants.ts";
import { mapLimited } from "../../map-limited.ts";
import type { AssistantEngine, Prefs, ThoughtType } from "../types.ts";
import { blindTasks } from "./blind-tasks.ts";
import { blindThoughts } from "./blind-thoughts.ts";
import { blind2Thoughts } from "./blind2-thoughts.ts";
import { distinctShare, stepProblems } from "./rubric.ts";
import { testTasks } from "./test-tasks.ts";
import { testThoughts } from "./test-thoughts.ts";

/**
 * The held-out sets: `test`, frozen before the rules changed, and `blind` and `blind2`, each
 * written later by someone who never saw the rules, the other sets or any results (decision 026).
 * A blind set's report carries its totals only, never the items it got wrong: read, those would
 * turn it into one more set the rules are fitted to.
 */
export const EVAL_SETS = {
  test: { thoughts: testThoughts, tasks: testTasks, blind: false },
  blind: { thoughts: blindThoughts, tasks: blindTasks, blind: true },
  blind2: { thoughts: blind2Thoughts, tasks: [] as readonly string[], blind: true },
} as const;
export type EvalSet = keyof typeof EVAL_SETS;

export type EngineReport = {
  engine: string;
  thoughts: number;
  accuracy: number;
  accuracyByType: Record<ThoughtType, number>;
  /** Thoughts the engine could not answer at all (provider failures). */
  categorizeFailures: number;
  tasks: number;
  /** Distinct share of all steps for the tasks at the default tone and help level. */
  distinctSteps: number;
  /** Share of distinct (task, step) pairs, over every tone and help level asked, that pass the rubric. */
  rubricPass: number;
  stepsJudged: number;
  breakdownFailures: number;
  /** Median time of one call, in milliseconds (break down: the first call for each task). */
  categorizeMedianMs: number;
  breakdownMedianMs: number;
  /** Up to 20 examples of what went wrong, to read; none for a blind set. */
  wrongTypes: string[];
  rubricProblems: string[];
};

export type EvaluateOptions = {
  /** Only the first n items of each set (for a quick run). */
  limit?: number;
  /** Tones and help levels to judge steps at; the default tone and level only when false. */
  everyPreference?: boolean;
  /** Calls at once (a provider may rate-limit). */
  concurrency?: number;
  /** Which held-out sets to run: `test` unless told. */
  set?: EvalSet;
};

const DEFAULT_PREFS: Prefs = { tone: "friendly", helpLevel: "moderate" };

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function timed<T>(call: () => Promise<T>): Promise<{ value?: T; ms: number }> {
  const started = performance.now();
  try {
    const value = await call();
    return { value, ms: performance.now() - started };
  } catch {
    return { ms: performance.now() - started };
  }
}

export async function evaluateEngine(
  name: string,
  engine: AssistantEngine,
  options: EvaluateOptions = {},
): Promise<EngineReport> {
  const set = EVAL_SETS[options.set ?? "test"];
  const thoughts = set.thoughts.slice(0, options.limit ?? set.thoughts.length);
  const tasks = set.tasks.slice(0, options.limit ?? set.tasks.length);
  const concurrency = options.concurrency ?? 1;

  const answers = await mapLimited(thoughts, concurrency, ([text]) => timed(() => engine.categorize(text)));
  const byType = new Map<ThoughtType, { right: number; total: number }>();
  const wrongTypes: string[] = [];
  let right = 0;
  thoughts.forEach(([text, expected], i) => {
    const got = answers[i]?.value;
    const tally = byType.get(expected) ?? { right: 0, total: 0 };
    tally.total++;
    if (got === expected) {
      right++;
      tally.right++;
    } else if (wrongTypes.length < 20) {
      wrongTypes.push(`${expected} → ${got ?? "no answer"}: ${text}`);
    }
    byType.set(expected, tally);
  });

  const prefsList: Prefs[] = options.everyPreference
    ? HELP_LEVELS.flatMap((helpLevel) => ASSISTANT_TONES.map((tone) => ({ tone, helpLevel })))
    : [DEFAULT_PREFS];
  const runs = await mapLimited(tasks, concurrency, async (title) => {
    const results = [];
    for (const prefs of prefsList) results.push({ prefs, ...(await timed(() => engine.breakdown({ title }, prefs))) });
    return { title, results };
  });

  const defaultSteps: string[] = [];
  const rubricProblems: string[] = [];
  const breakdownMs: number[] = [];
  let judged = 0;
  let passed = 0;
  let breakdownFailures = 0;
  for (const { title, results } of runs) {
    const distinct = new Set<string>();
    results.forEach(({ ms }, i) => {
      // The first call per task: later ones at other tones reuse the parsed title.
      if (i === 0) breakdownMs.push(ms);
    });
    for (const { prefs, value } of results) {
      if (!value) {
        breakdownFailures++;
        continue;
      }
      if (prefs.tone === DEFAULT_PREFS.tone && prefs.helpLevel === DEFAULT_PREFS.helpLevel) defaultSteps.push(...value);
      for (const step of value) distinct.add(step);
    }
    for (const step of distinct) {
      judged++;
      const problems = stepProblems(step, title);
      if (problems.length === 0) passed++;
      else if (rubricProblems.length < 20) rubricProblems.push(`${title} → "${step}": ${problems.join("; ")}`);
    }
  }

  const accuracyByType = Object.fromEntries(
    THOUGHT_TYPES.map((type) => {
      const tally = byType.get(type);
      return [type, tally && tally.total > 0 ? tally.right / tally.total : 0];
    }),
  ) as Record<ThoughtType, number>;

  return {
    engine: name,
    thoughts: thoughts.length,
    accuracy: thoughts.length > 0 ? right / thoughts.length : 0,
    accuracyByType,
    categorizeFailures: answers.filter((a) => a.value === undefined).length,
    tasks: tasks.length,
    distinctSteps: distinctShare(defaultSteps),
    rubricPass: judged > 0 ? passed / judged : 0,
    stepsJudged: judged,
    breakdownFailures,
    categorizeMedianMs: median(answers.map((a) => a.ms)),
    breakdownMedianMs: median(breakdownMs),
    wrongTypes: set.blind ? [] : wrongTypes,
    rubricProblems: set.blind ? [] : rubricProblems,
  };
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

/** A short table, one column per engine. */
export function formatReports(reports: readonly EngineReport[]): string {
  const rows: [string, (r: EngineReport) => string][] = [
    ["Thoughts categorised right", (r) => `${pct(r.accuracy)} of ${r.thoughts}`],
    ...THOUGHT_TYPES.map((type): [string, (r: EngineReport) => string] => [
      `  ${type}`,
      (r) => pct(r.accuracyByType[type]),
    ]),
    // A set of thoughts only (blind set 2) has no breakdowns to judge.
    ["Distinct steps (friendly, moderate)", (r) => (r.tasks ? `${pct(r.distinctSteps)} of ${r.tasks} tasks` : "—")],
    ["Steps passing the rubric", (r) => (r.tasks ? `${pct(r.rubricPass)} of ${r.stepsJudged}` : "—")],
    ["Failed calls (categorise / break down)", (r) => `${r.categorizeFailures} / ${r.breakdownFailures}`],
    [
      "Median call (categorise / break down)",
      (r) => `${r.categorizeMedianMs.toFixed(1)} / ${r.breakdownMedianMs.toFixed(1)} ms`,
    ],
  ];
  const header = ["", ...reports.map((r) => r.engine)];
  const body = rows.map(([label, cell]) => [label, ...reports.map(cell)]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...body.map(line)].join("\n");
}
