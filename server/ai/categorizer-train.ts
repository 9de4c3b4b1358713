/**
 * Trains the offline categoriser (offline-categorize.ts) on labelled thoughts: multinomial
 * logistic regression by stochastic gradient descent in a seeded order, so the same data always
 * gives the same weights. Used by `npm run train:categorizer` (scripts/train-categorizer.ts), which
 * writes categorizer-weights.json, and by the test that checks the committed file is its output.
 */
import { THOUGHT_TYPES } from "../../shared/constants.ts";
import { tuningThoughts } from "./eval/tuning-thoughts.ts";
import { tuningThoughts2 } from "./eval/tuning-thoughts-2.ts";
import { tuningThoughts3 } from "./eval/tuning-thoughts-3.ts";
import { type CategorizerWeights, decide, explicitType, type Features, thoughtFeatures } from "./offline-categorize.ts";
import type { ThoughtType } from "./types.ts";

export type Labelled = ReadonlyArray<readonly [string, ThoughtType]>;
export type Example = { text: string; type: ThoughtType; features: Features };

/** Labelled thoughts with what the model reads in each (the slow part: a few tagger passes each). */
export function examples(data: Labelled): Example[] {
  return data.map(([text, type]) => ({ text, type, features: thoughtFeatures(text) }));
}

/** Everything the model may be trained on: the tuning sets, never the held-out ones. */
export function trainingThoughts(): Labelled {
  return [...tuningThoughts, ...tuningThoughts2, ...tuningThoughts3];
}

export const TRAINING = {
  epochs: 30,
  learningRate: 0.5,
  /** L2 penalty per step on the weights a thought touches. */
  l2: 1e-4,
  /** A word, pair or letter sequence must occur in this many thoughts to get a weight. */
  minCount: 2,
  minConfidence: 0.3,
  /** A feature whose every weight is smaller than this is left out of the file. */
  minWeight: 0.1,
  seed: 13,
} as const;

/** A small seeded generator (mulberry32): the order of the examples, the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const round = (x: number) => Math.round(x * 1e3) / 1e3 || 0;

export function train(
  data: ReadonlyArray<{ features: Features; type: ThoughtType }>,
  options: typeof TRAINING = TRAINING,
): CategorizerWeights {
  const types = THOUGHT_TYPES;
  const K = types.length;
  const counts = new Map<string, number>();
  for (const { features } of data) for (const name of features.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  // Features by number, weights in one flat array: the inner loop does no lookups by name.
  const index = new Map<string, number>();
  const names: string[] = [];
  const examples = data.map(({ features, type }) => {
    const ids: number[] = [];
    const values: number[] = [];
    for (const [name, value] of features) {
      if ((counts.get(name) ?? 0) < options.minCount) continue;
      let id = index.get(name);
      if (id === undefined) {
        id = names.length;
        index.set(name, id);
        names.push(name);
      }
      ids.push(id);
      values.push(value);
    }
    return { ids, values, target: types.indexOf(type) };
  });
  const weights = new Float64Array(names.length * K);
  const bias = new Array<number>(K).fill(0);
  const logits = new Float64Array(K);
  const grad = new Float64Array(K);
  const next = random(options.seed);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const rate = options.learningRate / (1 + epoch * 0.2);
    for (const { ids, values, target } of shuffled(examples, next)) {
      for (let k = 0; k < K; k++) logits[k] = bias[k] as number;
      for (let i = 0; i < ids.length; i++) {
        const base = (ids[i] as number) * K;
        const value = values[i] as number;
        for (let k = 0; k < K; k++) logits[k] = (logits[k] as number) + (weights[base + k] as number) * value;
      }
      let top = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < K; k++) top = Math.max(top, logits[k] as number);
      let total = 0;
      for (let k = 0; k < K; k++) {
        grad[k] = Math.exp((logits[k] as number) - top);
        total += grad[k] as number;
      }
      for (let k = 0; k < K; k++) {
        grad[k] = (grad[k] as number) / total - (k === target ? 1 : 0);
        bias[k] = (bias[k] as number) - rate * (grad[k] as number);
      }
      for (let i = 0; i < ids.length; i++) {
        const base = (ids[i] as number) * K;
        const value = values[i] as number;
        for (let k = 0; k < K; k++)
          weights[base + k] =
            (weights[base + k] as number) -
            rate * ((grad[k] as number) * value + options.l2 * (weights[base + k] as number));
      }
    }
  }
  const out: Record<string, number[]> = {};
  for (const name of [...names].sort()) {
    const base = (index.get(name) as number) * K;
    const w = Array.from(weights.subarray(base, base + K), round);
    if (w.some((x) => Math.abs(x) >= options.minWeight)) out[name] = w;
  }
  return { types: [...types], bias: bias.map(round), weights: out, minConfidence: options.minConfidence };
}

/** Trains on the tuning sets (or their examples, already read): what categorizer-weights.json holds. */
export function trainFromTuningSets(prepared: readonly Example[] = examples(trainingThoughts())): CategorizerWeights {
  return train(prepared);
}

/** The categoriser's answer with these weights: explicit markers first, then the model. */
export function categorizeWith(weights: CategorizerWeights, text: string, features: Features): ThoughtType {
  if (text.trim() === "") return "Note";
  return explicitType(text) ?? decide(weights, features);
}

/**
 * k-fold cross-validation: each fold is categorised by a model trained on the other folds.
 * Returns the share right overall and per type.
 */
export function crossValidate(
  data: readonly Example[],
  folds = 10,
  options: typeof TRAINING = TRAINING,
): { accuracy: number; byType: Record<ThoughtType, number>; wrong: string[] } {
  const items = shuffled(data, random(options.seed + 1));
  const tally = Object.fromEntries(THOUGHT_TYPES.map((t) => [t, { right: 0, total: 0 }])) as Record<
    ThoughtType,
    { right: number; total: number }
  >;
  const wrong: string[] = [];
  let right = 0;
  for (let f = 0; f < folds; f++) {
    const held = items.filter((_, i) => i % folds === f);
    const weights = train(
      items.filter((_, i) => i % folds !== f),
      options,
    );
    for (const item of held) {
      const got = categorizeWith(weights, item.text, item.features);
      tally[item.type].total++;
      if (got === item.type) {
        right++;
        tally[item.type].right++;
      } else wrong.push(`${item.type} → ${got}: ${item.text}`);
    }
  }
  const byType = Object.fromEntries(
    THOUGHT_TYPES.map((t) => [t, tally[t].right / Math.max(1, tally[t].total)]),
  ) as Record<ThoughtType, number>;
  return { accuracy: right / items.length, byType, wrong };
}
