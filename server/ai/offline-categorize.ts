/**
 * Offline categorisation of a thought: a multinomial logistic regression over the thought's words,
 * word pairs, letter sequences and the hand-written cues of categorize-cues.ts, trained on the
 * tuning sets by `npm run train:categorizer` (categorizer-train.ts) into categorizer-weights.json.
 * A few explicit markers ("remind me", "idea:", "dear diary", a link) decide on their own; a
 * thought the model cannot place with any confidence is a Note, the product's default type.
 * Deterministic; after the tagger has loaded, about a millisecond or two per thought.
 */
import { THOUGHT_TYPES } from "../../shared/constants.ts";
import { ruleSignals } from "./categorize-cues.ts";
import weightsFile from "./categorizer-weights.json" with { type: "json" };
import type { ThoughtType } from "./types.ts";

export type CategorizerWeights = {
  /** The order of every weight list. */
  types: readonly ThoughtType[];
  bias: number[];
  weights: Record<string, number[]>;
  /** Below this probability for its best type, a thought is a Note. */
  minConfidence: number;
};

export type Features = Map<string, number>;

/** Lowercase, straight apostrophes, single spaces. */
function normalise(content: string): string {
  return content.trim().replace(/[‘’`]/g, "'").replace(/\s+/g, " ").toLowerCase();
}

/** "3pm" → "0pm", "07700" → "00000": numbers by their shape, not their value. */
function shape(word: string): string {
  return word.replace(/\d/g, "0").replace(/0{5,}/, "00000");
}

/** Adds a group of binary features scaled to unit length, so long rambles do not drown short notes. */
function addGroup(features: Features, names: Iterable<string>): void {
  const unique = new Set(names);
  const value = 1 / Math.sqrt(Math.max(1, unique.size));
  for (const name of unique) features.set(name, value);
}

const EMOJI = /\p{Extended_Pictographic}/u;

/** Everything the model reads in a thought. */
export function thoughtFeatures(content: string): Features {
  const text = normalise(content);
  const features: Features = new Map();
  const words = (text.match(/[\p{L}\d]+(?:'[\p{L}]+)?/gu) ?? []).map((w) => (/\d/.test(w) ? shape(w) : w));
  addGroup(
    features,
    words.map((w) => `w:${w}`),
  );
  const padded = ["<s>", ...words, "</s>"];
  addGroup(
    features,
    padded.slice(1).map((w, i) => `b:${padded[i]}_${w}`),
  );
  const grams: string[] = [];
  for (const word of words) {
    const w = `<${word}>`;
    for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= w.length; i++) grams.push(`c:${w.slice(i, i + n)}`);
  }
  addGroup(features, grams);
  if (words[0]) features.set(`f:${words[0]}`, 1);
  if (words[1]) features.set(`f2:${words[0]}_${words[1]}`, 1);
  features.set(`len:${words.length <= 2 ? "1-2" : words.length <= 5 ? "3-5" : words.length <= 12 ? "6-12" : "13+"}`, 1);
  if (EMOJI.test(content)) features.set("emoji", 1);
  if (/!/.test(content)) features.set("exclaim", 1);
  if (/:\s*\S/.test(content)) features.set("colon", 1);

  const cues = ruleSignals(content);
  features.set(`r:${cues.pick}`, 1);
  for (const type of THOUGHT_TYPES) {
    const s = cues.scores[type];
    if (s > 0) features.set(`rs:${type}`, Math.min(s, 12) / 6);
  }
  for (const flag of [
    "imperative",
    "moment",
    "definiteMoment",
    "habitual",
    "lookingBack",
    "feeling",
    "pitch",
    "label",
    "question",
    "startsWithVerb",
  ] as const) {
    if (cues[flag]) features.set(`q:${flag}`, 1);
  }
  for (const hit of cues.hits) features.set(`h:${hit}`, 1);
  return features;
}

/** Each type's probability for these features, in `weights.types` order. */
export function probabilities(weights: CategorizerWeights, features: Features): number[] {
  const logits = [...weights.bias];
  for (const [name, value] of features) {
    const w = weights.weights[name];
    if (!w) continue;
    for (let k = 0; k < logits.length; k++) logits[k] = (logits[k] as number) + (w[k] as number) * value;
  }
  const top = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** Markers that say outright what a thought is. */
export function explicitType(content: string): ThoughtType | undefined {
  const text = normalise(content);
  if (/^(?:https?:\/\/|www\.)\S+$/.test(text)) return "Note";
  if (/^(?:dear diary|journal:|diary:)/.test(text)) return "Journal";
  if (/^(?:(?:[\w-]+ )?idea\s*[:-]|what if\b)/.test(text)) return "Idea";
  if (/\b(?:remind me|don'?t forget|do not forget)\b|^(?:reminder|note to self)\b/.test(text)) return "Reminder";
  return undefined;
}

/** The type the model gives these features: its most likely, or Note when it is unsure */
export function decide(weights: CategorizerWeights, features: Features): ThoughtType {
  const p = probabilities(weights, features);
  let best = 0;
  for (let k = 1; k < p.length; k++) if ((p[k] as number) > (p[best] as number)) best = k;
  return (p[best] as number) < weights.minConfidence ? "Note" : (weights.types[best] as ThoughtType);
}

const trained = weightsFile as CategorizerWeights;

/** The type of a thought from its wording alone; deterministic and fast. */
export function categorizeOffline(content: string): ThoughtType {
  if (content.trim() === "") return "Note";
  return explicitType(content) ?? decide(trained, thoughtFeatures(content));
}
