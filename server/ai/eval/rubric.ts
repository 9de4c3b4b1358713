/**
 * What a good breakdown step is, checked the same way in the tests and in `npm run eval`. The
 * part-of-speech check uses the tagger on its own, not the engine's word lists.
 */
import { cleanTitle, language } from "../task-parse.ts";

/** Nouns that name nothing in particular. */
const VAGUE = new Set(
  (
    "thing things part parts bit bits stuff step steps task tasks it time minutes minute way one everything " +
    "something anything end start first point points break version side attention"
  ).split(" "),
);
const STOP = new Set(
  (
    "the a an my your our to for with at from about on in of and or by up out off it this that these those " +
    "need have got gotta must should remember todo some any new old i me"
  ).split(" "),
);
const DETERMINER = "a|an|the|your|my|our|his|her|their|this|that";

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? [];

/** The task's own content words, without its leading verb and fillers. */
export function contentWords(task: string): string[] {
  const all = words(cleanTitle(task)).slice(1);
  return all.map((word) => word.replace(/['’]s?$/, "")).filter((word) => word.length >= 2 && !STOP.has(word));
}

/** The tags of the word at `index` in `text`. */
function tagsAt(text: string, index: number): Set<string> {
  const terms = (language()(text).json() as { terms: { text: string; tags: string[] }[] }[])
    .flatMap((s) => s.terms)
    .filter((t) => t.text !== "");
  return new Set(terms[index]?.tags ?? []);
}

/** Whether the tagger's lexicon knows a word as a verb; steps share their first words, so asked once each. */
const knownVerbs = new Map<string, boolean>();

const isBaseVerb = (tags: Set<string>) =>
  tags.has("Verb") && (tags.has("Infinitive") || tags.has("Imperative")) && !tags.has("Gerund");

/**
 * The tagger reads the first word as a verb in its base form: in the step as written, or, for a
 * word its lexicon knows as a verb, once the step is framed as an instruction ("Please …", "You
 * should …"), because a tagger alone misreads a sentence-initial "Note" or "Clear" as a noun or
 * an adjective.
 */
export function startsWithImperative(step: string): boolean {
  const rest = step.charAt(0).toLowerCase() + step.slice(1);
  if (isBaseVerb(tagsAt(step, 0))) return true;
  // Framed, the word must also be a verb in the tagger's lexicon: "You should birthday…" is not.
  const word = (rest.split(/[\s,:;]/)[0] ?? "").toLowerCase();
  let lexicon = knownVerbs.get(word);
  if (lexicon === undefined) {
    lexicon = tagsAt(word, 0).has("Verb") || tagsAt(`to ${word}`, 1).has("Verb");
    knownVerbs.set(word, lexicon);
  }
  return lexicon && (isBaseVerb(tagsAt(`Please ${rest}`, 1)) || isBaseVerb(tagsAt(`You should ${rest}`, 2)));
}

/** Every rule a step breaks; empty when it is a good step for this task. */
export function stepProblems(step: string, task: string): string[] {
  const problems: string[] = [];
  if (!startsWithImperative(step)) problems.push(`does not start with a verb in the imperative`);
  if (/\b([\p{L}]+)\s+\1\b/iu.test(step)) problems.push("doubles a word");
  if (new RegExp(`\\b(?:${DETERMINER})\\s+(?:${DETERMINER})\\b`, "i").test(step)) problems.push("stacks determiners");
  if (!/[\p{L}\p{N})]$/u.test(step)) problems.push("ends in punctuation or a cut");
  if (step.length > 80) problems.push("is longer than 80 characters");
  const norm = (s: string) => words(cleanTitle(s)).join(" ");
  if (norm(step) === norm(task)) problems.push("repeats the task");
  const own = contentWords(task);
  const stepWords = words(step).map((word) => word.replace(/['’]s?$/, ""));
  const mentionsTask = own.some((word) =>
    stepWords.some(
      (s) =>
        s === word || (word.length >= 4 && s.startsWith(word)) || (word.length > 4 && s.startsWith(word.slice(0, -1))),
    ),
  );
  if (!mentionsTask) {
    const nouns = (language()(step).json() as { terms: { text: string; tags: string[] }[] }[]).flatMap((s) =>
      s.terms.filter((t, i) => i > 0 && t.tags.includes("Noun") && !t.tags.includes("Pronoun")),
    );
    const concrete = nouns.some((t) => !VAGUE.has(t.text.toLowerCase()));
    if (!concrete) problems.push("names neither the task's object nor anything concrete");
  }
  return problems;
}

/** Share of distinct steps (case-insensitive) among all the steps given. */
export function distinctShare(steps: readonly string[]): number {
  if (steps.length === 0) return 0;
  return new Set(steps.map((s) => s.toLowerCase())).size / steps.length;
}
