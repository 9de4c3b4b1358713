/**
 * Reads a task title the way a person typed it ("gotta book flights to Lisbon for Sam on friday")
 * into its parts: the action, what it acts on with its determiners and possessives, and the
 * people, places, dates and topics around it. Word classes come from `compromise`, an English
 * part-of-speech tagger that ships its own model; it is loaded once, on first use, because
 * loading it takes about half a second and the server must start fast.
 */
import { createRequire } from "node:module";

type Nlp = typeof import("compromise").default;
type Term = { text: string; tags: Set<string> };

let nlp: Nlp | undefined;
/** The tagger, loaded on first use (CommonJS build: one file, synchronous). */
export function language(): Nlp {
  nlp ??= createRequire(import.meta.url)("compromise") as Nlp;
  return nlp;
}

export type TaskParts = {
  /** The action as a lowercase base verb ("book", "pick up"), or "" when the title has none. */
  verb: string;
  /** What the action acts on as typed, pronouns turned to the reader's ("your wardrobe", "a new kettle"). */
  object: string;
  /** The same, referred back to ("the new kettle", "stamps", "your wardrobe"). */
  the: string;
  /** The object's last noun ("kettle"). */
  head: string;
  /** Every lowercase word of the object, for recognising the kind of task. */
  words: string[];
  /** The object is more than one thing ("the slides", "milk and eggs"): "them", not "it". */
  plural: boolean;
  person?: string;
  place?: string;
  /** When, as a phrase that follows a verb: "on Sunday", "tomorrow", "this weekend". */
  date?: string;
  /** What it is about: "the meter reading". */
  topic?: string;
  /** What it is for, when that is not a person or a date: "the conference". */
  purpose?: string;
  /** Where to, when that is not a person: "work", "the new address". */
  destination?: string;
  /** A length the title names itself, in minutes ("for 20 minutes"). */
  minutes?: number;
};

/** Fillers before the action in how people type tasks ("I need to call…", "todo: call…"). */
const LEAD_IN =
  /^(?:(?:todo|to-do|to do|task)\s*[:\-–]\s*|(?:i\s+)?(?:really\s+)?(?:need|have|want|got|ought)\s+to\s+|(?:i\s+)?(?:really\s+)?(?:must|should|gotta|shall)\s+(?:really\s+)?|please\s+|(?:don'?t forget|do not forget|remember|remind me)\s+to\s+|(?:try|go)\s+and\s+)/i;

/** Two-word actions whose second word belongs to the verb. */
const PARTICLES = new Set(["up", "out", "off", "away", "back", "in", "down", "over", "through", "on", "ready"]);
const PHRASAL = new Set(
  (
    "pick up|drop off|sort out|tidy up|clear out|clean out|set up|fill in|fill out|put up|put away|back up|" +
    "take out|pack up|pack away|look up|sign up|hand in|send off|write up|go through|read through|clean up|" +
    "call back|ring back|phone back|pay back|pay off|check in|log in|top up|clear up|wash up|print out|" +
    "throw out|give back|hang up|tidy away|sign off|follow up|write back|get back|ring round|sort through|get ready"
  ).split("|"),
);

/** Words that name people by role or family tie, not by name. */
export const PEOPLE = new Set(
  (
    "mum mom mummy mother dad daddy father parents grandma gran granny nan nana grandad grandpa grandma's " +
    "grandparents sister brother sis bro aunt auntie uncle cousin niece nephew wife husband partner " +
    "boyfriend girlfriend son daughter kids kid children child baby family friend friends mate mates " +
    "neighbour neighbours neighbor neighbors landlord landlady accountant client clients boss manager " +
    "team colleague colleagues teacher teachers doctor dentist gp vet plumber electrician builder " +
    "mechanic nurse therapist coach tutor lawyer solicitor agent recruiter hr council school bank " +
    "airline company office insurer"
  ).split(" "),
);

/** Words that name a place one goes to. */
export const PLACES = new Set(
  (
    "shop shops store supermarket pharmacy chemist library office bank post gym pool centre center " +
    "station airport school nursery hospital surgery clinic home garage tip dump depot cleaners " +
    "park church market mall town city café cafe restaurant pub hall venue house flat studio " +
    "garden allotment beach coast work uni university college"
  ).split(" "),
);

const DATE_WORDS =
  /^(?:today|tonight|tomorrow|morning|afternoon|evening|night|weekend|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun|noon|midnight|am|pm|january|february|march|april|may|june|july|august|september|october|november|december)(?:'s)?$/i;
const DATE_LEAD = new Set([
  "on",
  "by",
  "before",
  "after",
  "this",
  "next",
  "until",
  "at",
  "for",
  "every",
  "each",
  "in",
  "the",
]);
const PREPOSITIONS = new Set([
  "for",
  "to",
  "with",
  "at",
  "from",
  "about",
  "on",
  "in",
  "into",
  "by",
  "before",
  "after",
  "onto",
  "near",
  "around",
  "re",
  "regarding",
]);
const DETERMINERS = /^(?:a|an|the|some|any|my|your|our|his|her|their|this|that|these|those|every|each|all)$/i;

/** Pronouns as the reader hears them: "my wardrobe" → "your wardrobe". */
function toReader(text: string): string {
  return text
    .replace(/\b(?:my|our)\b/gi, "your")
    .replace(/\b(?:myself|ourselves)\b/gi, "yourself")
    .replace(/\b(?:me|us)\b/gi, "you")
    .replace(/\bi\b/gi, "you");
}

/** The phrase referred back to: "a new kettle" → "the new kettle"; "stamps", "your cv", "Sam" stay. */
export function referBack(phrase: string): string {
  const some = /^(?:some|any)\s+(.+)$/i.exec(phrase);
  if (some) return some[1] as string;
  const m = /^(?:a|an)\s+(.+)$/i.exec(phrase);
  return m ? `the ${m[1]}` : phrase;
}

/** The title without lead-ins, end punctuation and extra spaces. */
export function cleanTitle(title: string): string {
  let text = title
    .normalize("NFC")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .replace(/[.!?…,;:]+$/, "")
    .trim();
  for (let i = 0; i < 3 && LEAD_IN.test(text); i++) text = text.replace(LEAD_IN, "").trim();
  return text.replace(/^to\s+/i, "");
}

function termsOf(text: string): Term[] {
  const out: Term[] = [];
  const doc = language()(text).json() as { terms: { text: string; post: string; tags: string[] }[] }[];
  for (const sentence of doc) {
    for (const t of sentence.terms) {
      if (t.text === "") continue;
      // "kids'" keeps its apostrophe; other punctuation around a word is dropped.
      const apostrophe = /^['’]/.test(t.post) && !t.text.endsWith("'") ? "'" : "";
      out.push({ text: t.text + apostrophe, tags: new Set(t.tags) });
    }
  }
  return out;
}

const UNITS = /^(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|k|km|miles?|lengths?|laps?)$/i;
const isDate = (t: Term) =>
  !UNITS.test(t.text) && (t.tags.has("Date") || DATE_WORDS.test(t.text) || t.tags.has("Time"));
const lower = (t: Term) => t.text.toLowerCase();
const join = (ts: readonly Term[]) => ts.map((t) => t.text).join(" ");

/** A person when the phrase's last word names one: "mum", "the old uni friends", "Sam" (not "Ana's pull request"). */
function isPerson(ts: readonly Term[], afterPreposition = false): boolean {
  const last = ts.at(-1);
  if (!last) return false;
  return (
    (last.tags.has("Person") && !/'s?$/.test(last.text)) ||
    // "for Luna", "to Jenny": a lone name after a preposition is a person.
    (afterPreposition && last.tags.has("ProperNoun") && ts.length === 1 && !last.tags.has("Place")) ||
    PEOPLE.has(lower(last))
  );
}
function isPlace(ts: readonly Term[]): boolean {
  const last = ts.at(-1);
  return ts.some((t) => t.tags.has("Place")) || (last !== undefined && PLACES.has(lower(last).replace(/'s?$/, "")));
}

/** Splits a task title into its parts; never throws. */
export function parseTask(title: string, knownVerbs: ReadonlySet<string>): TaskParts {
  const text = cleanTitle(title);
  const empty: TaskParts = { verb: "", object: text, the: text, head: text, words: [], plural: false };
  if (text === "") return empty;
  let terms: Term[];
  try {
    terms = termsOf(text);
  } catch {
    return empty;
  }
  if (terms.length === 0) return empty;

  // The action: the first word when it is a verb people start tasks with, or one the tagger knows.
  let verb = "";
  let i = 0;
  const first = terms[0] as Term;
  const firstWord = lower(first);
  if (knownVerbs.has(firstWord) || (first.tags.has("Verb") && !first.tags.has("Auxiliary"))) {
    verb = firstWord;
    i = 1;
    const next = terms[1];
    if (next && PARTICLES.has(lower(next)) && PHRASAL.has(`${verb} ${lower(next)}`)) {
      verb = `${verb} ${lower(next)}`;
      i = 2;
    }
    if (verb === "deep" && terms[1] && lower(terms[1]) === "clean") {
      verb = "deep clean";
      i = 2;
    }
  } else if (firstWord === "meal" && terms[1] && lower(terms[1]) === "prep") {
    verb = "meal prep";
    i = 2;
  }
  let rest = terms.slice(i);
  // "learn to knit" → "how to knit"
  if (rest.length > 1 && lower(rest[0] as Term) === "to" && (rest[1] as Term).tags.has("Verb")) {
    rest = [{ text: "how", tags: new Set(["Adverb"]) }, ...rest];
  }

  // Dates, with the word that leads them in ("on Sunday", "this weekend", "by friday").
  let date: string | undefined;
  const kept: Term[] = [];
  for (let k = 0; k < rest.length; k++) {
    const t = rest[k] as Term;
    const previous = kept.at(-1);
    // "the first month", "a busy week": a described stretch of time, not a date.
    const described =
      previous !== undefined &&
      !DATE_LEAD.has(lower(previous)) &&
      !["last", "next", "this"].includes(lower(previous)) &&
      (previous.tags.has("Adjective") || previous.tags.has("Ordinal") || /'s?$/.test(previous.text)) &&
      !/^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)/i.test(t.text);
    if (isDate(t) && !described) {
      // "Monday's meeting": the day names the meeting, so the word stays in the phrase.
      if (/'s$/.test(t.text)) {
        const day = t.text.replace(/'s$/, "");
        if (previous && ["next", "this", "last"].includes(lower(previous))) date ??= `${lower(previous)} ${day}`;
        else if (/^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i.test(day)) date ??= `on ${day}`;
        kept.push(t);
        continue;
      }
      const span: Term[] = [t];
      while (kept.length > 0 && DATE_LEAD.has(lower(kept.at(-1) as Term))) span.unshift(kept.pop() as Term);
      // "about the weekend" is what it is about, not when.
      const before = kept.at(-1);
      if (before && ["about", "re", "regarding"].includes(lower(before))) {
        kept.push(...span);
        continue;
      }
      // "Saturday night", "tomorrow morning", "at 5 pm"
      while (k + 1 < rest.length && (isDate(rest[k + 1] as Term) || (rest[k + 1] as Term).tags.has("Value"))) {
        k++;
        span.push(rest[k] as Term);
      }
      date ??= join(span)
        .replace(/^for\s+(?=(?:this|next)\b)/i, "")
        .replace(/^for\s+(?!the\b)/i, "on ")
        .replace(/^the\s+/i, "on the ");
      continue;
    }
    kept.push(t);
  }

  // The object runs up to the first preposition; what follows is split into prepositional phrases.
  const segments: { prep: string; terms: Term[] }[] = [{ prep: "", terms: [] }];
  for (const t of kept) {
    const word = lower(t);
    const current = segments.at(-1) as { prep: string; terms: Term[] };
    const howTo = word === "to" && lower(current.terms.at(-1) ?? { text: "", tags: new Set() }) === "how";
    if (PREPOSITIONS.has(word) && !howTo && (current.terms.length > 0 || current.prep === "")) {
      segments.push({ prep: word, terms: [] });
    } else {
      current.terms.push(t);
    }
  }
  let objectTerms = (segments[0] as { terms: Term[] }).terms;
  const phrases = segments.slice(1).filter((s) => s.terms.length > 0);
  const parts: Omit<TaskParts, "object" | "the" | "head" | "words" | "verb" | "plural"> = { date };

  // "Email Sarah the slides", "send mum the recipe": a person, then the thing.
  const detAt = objectTerms.findIndex((t, k) => k > 0 && DETERMINERS.test(t.text));
  if (detAt > 0 && isPerson(objectTerms.slice(0, detAt))) {
    parts.person = join(objectTerms.slice(0, detAt));
    objectTerms = objectTerms.slice(detAt);
  }
  // "Pay Sarah back for dinner": a person and the rest of a phrasal verb.
  const backAt = objectTerms.findIndex((t) => PARTICLES.has(lower(t)));
  if (backAt > 0 && isPerson(objectTerms.slice(0, backAt))) objectTerms = objectTerms.slice(0, backAt);

  // "20 minutes of stretching", "for 20 minutes"
  const minutesIn = (ts: readonly Term[]) => {
    const m = /\b(\d{1,3})\s*(?:-\s*)?(min|mins|minutes|minute|hour|hours|hr|hrs)\b/i.exec(join(ts));
    if (!m) return undefined;
    const n = Number(m[1]);
    return /^h/i.test(m[2] as string) ? n * 60 : n;
  };
  parts.minutes = minutesIn(objectTerms);

  for (const { prep, terms: ts } of phrases) {
    const phrase = toReader(join(ts));
    if (minutesIn(ts) !== undefined && ts.length <= 3) {
      parts.minutes ??= minutesIn(ts);
      continue;
    }
    if (prep === "about" || prep === "re" || prep === "regarding" || (prep === "on" && !isPlace(ts))) {
      parts.topic ??= phrase;
    } else if (isPerson(ts, true) && ["for", "to", "with", "from", "by"].includes(prep)) {
      parts.person ??= phrase;
    } else if (isPlace(ts) && ["at", "in", "from", "near", "around"].includes(prep)) {
      parts.place ??= phrase;
    } else if (prep === "to" || prep === "into" || prep === "onto") {
      if (isPlace(ts) || ts.some((t) => t.tags.has("ProperNoun"))) parts.place ??= phrase;
      else parts.destination ??= phrase;
    } else if (prep === "for") {
      parts.purpose ??= phrase;
    } else if (prep === "at" || prep === "in") {
      parts.place ??= phrase;
    } else if (prep === "with") {
      parts.topic ??= phrase;
    }
  }

  // "Phone grandad", "Reply to Tom": the person is what the action is for.
  const fromPhrase = objectTerms.length === 0;
  if (fromPhrase) {
    const firstPhrase = phrases[0];
    if (firstPhrase) {
      objectTerms = firstPhrase.terms;
      if (parts.purpose === toReader(join(objectTerms))) parts.purpose = undefined;
      if (parts.place === toReader(join(objectTerms)) && verb !== "go") parts.place = undefined;
      if (parts.destination === toReader(join(objectTerms))) parts.destination = undefined;
    }
  }
  if (isPerson(objectTerms, fromPhrase) && objectTerms.length <= 3) parts.person ??= toReader(join(objectTerms));

  // "how to make sushi" is practised as "making sushi".
  if (objectTerms.length > 2 && lower(objectTerms[0] as Term) === "how" && lower(objectTerms[1] as Term) === "to") {
    const tagged = language()((objectTerms[2] as Term).text).tag("Verb") as unknown as ReturnType<Nlp>;
    const gerund = tagged
      .verbs()
      .toGerund()
      .text()
      .replace(/^(?:is|are|am)\s+/, "");
    if (gerund) objectTerms = [{ text: gerund, tags: new Set(["Verb", "Gerund"]) }, ...objectTerms.slice(3)];
  }
  if (verb === "meal prep" && objectTerms.length === 0) objectTerms = [{ text: "meals", tags: new Set(["Plural"]) }];

  const object = toReader(join(objectTerms));
  const last = objectTerms.at(-1);
  const head = (last?.text ?? "").replace(/'s?$/, "").toLowerCase();
  const plural =
    last !== undefined &&
    (last.tags.has("Plural") ||
      objectTerms.some((t) => lower(t) === "and") ||
      (/[^s']s$/.test(last.text) && !last.tags.has("Singular") && !last.tags.has("Person")));
  return {
    ...parts,
    verb,
    object,
    the: needsArticle(objectTerms) ? `the ${object}` : referBack(object),
    head,
    words: objectTerms.map(lower),
    plural,
  };
}

/** Family words whose possessive needs no article ("mum's phone", not "the mum's phone"). */
const KIN = new Set(
  "mum mom dad grandma gran granny nan grandad grandpa sister brother aunt auntie uncle wife husband partner son daughter".split(
    " ",
  ),
);
const MEALS = new Set(["breakfast", "lunch", "dinner", "supper", "brunch", "tea"]);

/** A bare singular thing reads better with "the": "send invoice" → "the invoice". */
function needsArticle(ts: readonly Term[]): boolean {
  const first = ts[0];
  const last = ts.at(-1);
  if (!first || !last || ts.length > 4) return false;
  if (ts.length === 1 && PEOPLE.has(lower(first))) return false;
  if (DETERMINERS.test(first.text) || first.tags.has("Determiner") || first.tags.has("Pronoun")) return false;
  if (ts.some((t) => t.tags.has("Value") || /\d/.test(t.text) || t.tags.has("Person") || t.tags.has("ProperNoun"))) {
    return false;
  }
  if (ts.some((t, k) => /'s?$/.test(t.text) && (k > 0 || KIN.has(lower(t).replace(/'s?$/, ""))))) return false;
  if (/^[A-Z]/.test(first.text) && first !== ts[0]) return false;
  if (last.tags.has("Uncountable") || last.tags.has("Gerund") || MEALS.has(lower(last))) return false;
  return (
    last.tags.has("Noun") ||
    last.tags.has("Singular") ||
    last.tags.has("Plural") ||
    first.tags.has("Noun") ||
    /[^s']s$/.test(last.text)
  );
}
