/**
 * Hand-written cues for the type of a thought: explicit markers ("remind me", "what if"), moments,
 * feelings, an opening instruction, a look back. Each type collects evidence; the strongest wins
 * and ties or silence mean Note. These signals are features of the trained categoriser
 * (offline-categorize.ts), which weighs them against the words themselves.
 */
import { language } from "./task-parse.ts";
import type { ThoughtType } from "./types.ts";

type Cue = readonly [RegExp, number];

const WEEKDAY = "(?:mon|tues|wednes|thurs|fri|satur|sun)day";
const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

/** A moment: clock times, days, dates, parts of the day, "in 20 minutes". */
const MOMENT = new RegExp(
  [
    String.raw`\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b`,
    String.raw`\b(?:at|by|until|before|from)\s+(?:\d{1,2}(?::\d{2})?|noon|midnight)\b`,
    String.raw`\b\d{1,2}:\d{2}\b`,
    String.raw`\b(?:today|tonight|tomorrow|this (?:morning|afternoon|evening|weekend)|next (?:week|month|${WEEKDAY})|end of the (?:week|month))\b`,
    // "Tuesday's meeting" refers back to a day; it sets no moment.
    String.raw`\b(?:on |this |next )?${WEEKDAY}s?\b(?!['’]s)`,
    String.raw`\b(?:on )?the \d{1,2}(?:st|nd|rd|th)\b`,
    String.raw`\b${MONTH}\s+\d{1,2}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b`,
    String.raw`\b(?:in|before|by|until|from|since) ${MONTH}\b`,
    String.raw`\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b`,
    String.raw`\b\d{1,2}\.\d{1,2}\.\d{2,4}\b`,
    String.raw`\bin \d+ (?:minutes?|mins?|hours?|days?)\b`,
    String.raw`\b(?:morning|afternoon|evening)\b`,
  ].join("|"),
  "i",
);

const IMPERATIVE_VERBS = new Set(
  (
    "add answer apply arrange ask back book bring buy call cancel change check clean clear collect " +
    "complete confirm contact cook copy create declutter delete deliver do donate download draft drop email " +
    "empty fill find finish fix follow get give go hang install invite iron look mail make meal mop move " +
    "mow order organise organize pack paint pay phone pick plan post practice practise prepare print read " +
    "register renew repair reply research reschedule return review ring run schedule send set sign sort " +
    "start study submit take text tidy transfer unsubscribe update upload vacuum visit wash water wipe " +
    "write scrub shred hem dust oil wrap label frame tighten charge sharpen unpack rearrange recycle thank cut bleed " +
    "chase compare respond reset sew prep floss backup email hoover refill reorder replace sell list file top fold hand"
  ).split(" "),
);

/** Feelings and verbs of looking inward that open a sentence without being a to-do. */
const NOT_ACTIONS = new Set(["feel", "felt", "love", "loved", "hate", "miss", "wish", "hope", "think", "need", "want"]);

const cues: Record<Exclude<ThoughtType, "Note">, Cue[]> = {
  Reminder: [
    [/\b(?:remember|remind me|reminder|don'?t forget|do not forget|make sure (?:to|i)|note to self)\b/i, 6],
    [/\b(?:is |are )?(?:due|deadline)\b/i, 3],
    [/\b(?:appointment|meeting|class|webinar|flight|recital|standup|interview)\b/i, 1.5],
  ],
  Idea: [
    [/\b(?:what if|what about|how about|idea|concept|brainstorm|side project|wouldn'?t it be)\b/i, 6],
    [
      /\b(?:maybe|perhaps|possible|possibly|someday|one day|i wonder|thinking about|might be (?:fun|nice|good)|would be (?:nice|cool|fun|great|good))\b/i,
      4,
    ],
    [/\b(?:could|we should maybe)\b/i, 2.5],
    [/^(?:could|we could|i could)\b/i, 2],
    [/\b(?:new feature|feature idea|gift idea|thought:)/i, 4],
    [
      /^(?:an? )?(?:app|game|board game|website|tool|service|podcast|browser extension|startup|planner|gadget|device|product|book|course|shop)\b.*\b(?:that|where|for|which)\b/i,
      5,
    ],
    [/\?\s*$/, 1.5],
    [/\b(?:i'?d love to|love to|try a|try an)\b/i, 2],
    [/\b(?:thinking of|might try|could try|would be lovely|might be worth)\b/i, 4],
  ],
  Journal: [
    [
      /\b(?:i feel|i'?m feeling|feeling|felt|i'?m so|i was so|dear diary|today was|this week has been|i realis|i realiz|today i)/i,
      5,
    ],
    [
      /\b(?:overwhelmed|anxious|anxiety|tired|exhausted|exhausting|sad|happy|grateful|thankful|proud|frustrated|annoyed|stressed|stressful|nervous|excited|scared|lonely|guilty|hopeful|calm|motivated|foggy|cried|laughed|loved|hard time|bad day|good day|rough day|long day|lovely|worried|worry|worrying|upset|angry|hurt|relieved|bored|restless|jealous|ashamed|embarrassed|disappointed|heartbroken|drained|inspired|peaceful|joy|joyful|afraid|panic(?:ky)?|struggl\w+|burn(?:t|ed) out|i miss|content)\b/i,
      4,
    ],
    [/\b(?:i|my|me)\b/i, 1],
    [/\b(?:i|we) (?:got|had|went|woke|was|were|did|keep|think|cried|spent)\b/i, 2.5],
    [/\b(?:had a|woke up|got distracted)\b/i, 2],
    [
      /\b(?:i noticed|what a (?:day|week|morning)|such a relief|so glad|best (?:day|week|weekend|evening) in|went (?:really |so |quite )?(?:well|better|fine|badly|great|ok|okay)|i enjoyed|i really enjoyed|enjoyed|relaxed|write-off|flat|glad|fed up|wiped|overjoyed|gutted|all over the place)\b/i,
      3.5,
    ],
    [/^(?:feel|felt|feeling|so|such|what a|great|lovely|quiet|calm|rough|good|bad|best|busy|long|hard) /i, 1.5],
  ],
  Task: [[/\b(?:need to|needs to|have to|has to|must|gotta|got to|should(?! be)|todo|to-do|to do:)\b/i, 5]],
};

/** A routine rather than a moment: "opens at 9 on weekdays", "collected every second Friday". */
const HABITUAL = new RegExp(
  String.raw`\b(?:${WEEKDAY}s|weekdays|weekends|bank holidays|every (?:other|second|third) \w+|(?:opens|closes|finishes) (?:at|on|from|until|after)|is collected|are collected|is closed|are quieter|is quieter)\b`,
  "i",
);
/** Parts of the day that set the scene of a feeling as often as they set a time. */
const VAGUE_MOMENT = /\b(?:today|tonight|this (?:morning|afternoon|evening|week)|morning|afternoon|evening)\b/gi;
/** "Book club pick: The Overstory" — a label and its value, not an instruction. */
const LABEL = /^(?![\p{L}\d '’&-]*\bre:)[\p{L}\d '’&-]{2,40}:\s*\S/u;

/** Facts to keep: "X is Y", "label: value", numbers, links, quotes. */
const NOTE_CUES: Cue[] = [
  [/^https?:\/\//i, 8],
  [/^[\w .'’&-]{2,40}:\s*\S/, 2.5],
  [/\b(?:is|are|takes|needs|runs|prefers|has)\b/i, 2],
  [/\b(?:password|code|number|address|model|size|policy|recommendation|quote|notes?|summary|hint|name)\b/i, 2.5],
  [/\d{3,}/, 1.5],
];

/**
 * Whether the thought opens with an instruction: a verb people start to-dos with, or a word the
 * tagger reads as a base-form verb when the text is framed as advice ("You should hem the
 * curtains"), followed by what it acts on.
 */
function opensWithAction(text: string): boolean {
  const word = firstWord(text);
  if (word === "") return false;
  if (IMPERATIVE_VERBS.has(word)) return true;
  const terms = (
    language()(`You should ${text.charAt(0).toLowerCase()}${text.slice(1)}`).json() as {
      terms: { text: string; tags: string[] }[];
    }[]
  )
    .flatMap((sentence) => sentence.terms)
    .filter((t) => t.text !== "");
  const verb = terms[2];
  const next = terms[3];
  if (!verb || !next || NOT_ACTIONS.has(word)) return false;
  const isVerb = verb.tags.includes("Verb") && verb.tags.includes("Infinitive") && !verb.tags.includes("Copula");
  // The word must be a verb in the tagger's own lexicon too, not only in this frame ("webinar").
  const known = (language()(word).json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags.includes("Verb");
  const takesObject = ["Determiner", "Possessive", "Noun", "Adjective", "Plural"].some((tag) =>
    next.tags.includes(tag),
  );
  // A later finite verb makes it a statement about something ("Webinar starts at 1pm").
  const statement = terms
    .slice(3)
    .some(
      (t) =>
        t.tags.includes("Copula") ||
        t.tags.includes("Modal") ||
        (t.tags.includes("PresentTense") && !t.tags.includes("Infinitive")),
    );
  return isVerb && known === true && takesObject && !statement;
}

function startsWithVerb(text: string): boolean {
  const word = firstWord(text);
  if (word === "" || NOT_ACTIONS.has(word)) return false;
  if (IMPERATIVE_VERBS.has(word)) return true;
  const tags = (language()(word).json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
  return tags.includes("Verb") && tags.includes("Infinitive");
}

function firstWord(text: string): string {
  return (
    text
      .trim()
      .toLowerCase()
      .match(/^[a-z'-]+/)?.[0] ?? ""
  );
}

function score(text: string, list: Cue[]): number {
  return list.reduce((sum, [re, weight]) => (re.test(text) ? sum + weight : sum), 0);
}

/** What the hand-written cues read in a thought: the model's strongest features (see below). */
export type RuleSignals = {
  scores: Record<ThoughtType, number>;
  /** The type the cues alone would pick (ties or silence: Note). */
  pick: ThoughtType;
  imperative: boolean;
  moment: boolean;
  definiteMoment: boolean;
  habitual: boolean;
  lookingBack: boolean;
  feeling: boolean;
  pitch: boolean;
  label: boolean;
  question: boolean;
  /** The first word is a verb in the tagger's lexicon or the list of to-do verbs, whatever follows. */
  startsWithVerb: boolean;
  /** Which cues matched ("Reminder:0") and which kinds of moment the text names ("moment:clock"). */
  hits: string[];
};

/** Kinds of moment, each a feature of its own: a clock time weighs differently from "morning". */
const MOMENT_KINDS: Record<string, RegExp> = {
  clock: /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b(?:at|by) (?:\d{1,2}|noon|midnight)\b/i,
  relative:
    /\b(?:today|tonight|tomorrow|tmrw|tmr|tomoz|this (?:morning|afternoon|evening|weekend)|next (?:week|month))\b/i,
  weekday: new RegExp(String.raw`\b(?:${WEEKDAY}|mon|tues?|wed|thurs?|fri|sat|sun)\b`, "i"),
  date: new RegExp(
    String.raw`\b(?:\d{1,2}(?:st|nd|rd|th)\b|${MONTH}\s+\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b|\d{1,2}/\d{1,2})`,
    "i",
  ),
  deadline: /\b(?:by|before|until|due|deadline|expires?|ends?)\b/i,
  partOfDay: /\b(?:morning|afternoon|evening|night|lunchtime|bedtime|tea ?time|before bed|first thing)\b/i,
  inTime:
    /\bin (?:an? |half an? |\d+ |(?:five|ten|fifteen|twenty|thirty|forty|a few|a couple of) )(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\b/i,
  at: /@\s?\d|\b(?:at|by) (?:half|quarter) (?:past|to)\b|\b(?:first thing|end of (?:the )?day|eod|after (?:work|school|lunch|dinner))\b/i,
};

/** Words of a routine, which describe how things usually are rather than a moment. */
const ROUTINE =
  /\b(?:usually|normally|always|every|each|weekly|monthly|daily|fortnightly|runs on|comes? out|opens?|closes?)\b/i;
/** Errands and appointments people jot down as a bare noun: "dentist", "car tax", "boiler service". */
const ERRAND =
  /\b(?:dentist|doctors?|gp|vet|optician|physio|haircut|hair|nails|barber|pharmacy|prescription|groceries|shopping|food shop|laundry|washing|ironing|hoovering|mot|service|tax|insurance|licence|license|passport|visa|bills?|rent|renewal|repairs?|quotes?|refund|photos|tickets|present|gift|card|appointment|appt|check ?up|jabs?|vaccinations?|booster)\b/i;
/**
 * Ideas people jot down without "what if": wishes and someday plans ("one day i'll…", "fancy
 * trying…", "would be cool to…"), a vague time to come ("sometime", "one summer", "when the kids
 * are older"), a labelled idea ("bucket list:", "gift idea for mum:", "plan for the summer:") and a
 * made thing described by what it is about ("comic about a grumpy cat"). Features only: they do
 * not move the cue scores.
 */
const IDEA_KINDS: Record<string, RegExp> = {
  wish: /\b(?:fancy (?:trying|taking|doing|giving|going|learning|a)|why don'?t we|it'?d be (?:fun|cool|nice|lovely|great|good)|would be (?:cool|the dream|amazing|brilliant)|one day i'?(?:ll|d)|some ?day i'?(?:ll|d)|bucket list|worth (?:proposing|trying|a try|offering)|could (?:make|build|grow|turn|start|run|paint|theme|organise|charge|share|sell))\b/i,
  vagueFuture:
    /\b(?:sometime|some point|at some stage|eventually|one (?:year|summer|winter|weekend|of these days)|when (?:we'?ve got|we have|i have|i'?ve got) (?:the )?(?:money|time)|when the kids are|in the new year|next (?:year|summer)|in (?:the )?(?:spring|summer|autumn|winter)|for once)\b/i,
  ideaLabel:
    /^(?:bucket list|dream(?: trip)?|hobby(?: to take up)?|side hustle|business idea|gift idea|present (?:idea|for)|story (?:idea|prompt)|poem idea|pitch|name (?:for|idea)|theme for|logo idea|places to go|plan for|shower thought|random thought|lightbulb|\d{1,2} ?am thought|note for a future|family rule idea|process idea|career change idea|new years idea|garden idea)\b/i,
  takeUp:
    /\b(?:tak(?:e|ing) up|get(?:ting)? into|try my hand|have a go at|give (?:it|\w+(?: \w+)?) a go|i'?d like to (?:try|learn|do|see|go|get|build|make|start))\b/i,
  alternative:
    /\b(?:instead of|rather than|so (?:that|nobody|no one|we|i|they|the kids)\b|would (?:help|save|stop|change|suit))\b/i,
  made: /^(?:an? )?(?:short |little |new )?(?:story|poem|song|comic|film|novel|zine|podcast|book|series|photo project|newsletter|blog|mural|game|website|app|plugin|tool|gadget|extension)\b.*\b(?:about|where|of|with|that|for|which|who)\b/i,
};

/** Words that judge how something felt or looked: the day as lived, not a fact to keep. */
const EVALUATIVE =
  /\b(?:amazing|beautiful|gorgeous|lovely|brilliant|wonderful|perfect|fab(?:ulous)?|awesome|great|nice|fun|magical|awful|terrible|horrible|horrendous|grim|dreadful|nightmare|disaster|chaos|chaotic|mess|hell|rubbish|crap|shit|sucked|sucks|rough|hard|tough|heavy|brutal|weird|strange|surreal|mush|fried|broken|bliss|heaven|wild|insane|mad|crazy|chuffed|stoked|delighted|thrilled|over the moon|can'?t believe|laugh(?:ed|ing)?|argument|row|fight|fought|rowed|teary|tearful|deflated|wobbly|giddy|irritable|grumpy|heart is full|made my (?:day|week))\b/i;
/** Sounds and shorthand for a mood: "ugh", "meh", "phew". */
const INTERJECTION =
  /^(?:ugh+|meh|bleh|argh+|phew|yay+|woo+|omg|ffs|sigh|oof|hmph|yikes|ha(?:ha)+|lol)\b|\b(?:ugh+|meh|bleh|argh+|phew|ffs|sigh)\b/i;

export function ruleSignals(content: string): RuleSignals {
  const text = content.trim().replace(/\s+/g, " ");
  const label = LABEL.test(text);
  const imperative = !label && opensWithAction(text);
  const habitual = HABITUAL.test(text);
  const doc = language()(text);
  // Looking back ("went", "spent", "was") is the day as lived, not something still to come.
  const lookingBack =
    doc.has("#PastTense") && !/\b(?:will|remember|remind|don'?t forget|need to|have to)\b/i.test(text);
  const feeling = score(text, cues.Journal.slice(0, 2)) + score(text, cues.Journal.slice(5, 6)) >= 3.5;
  // "today", "this evening" beside a feeling or a look back set the scene; "tomorrow at 9" is still a moment.
  const definite = MOMENT.test(text.replace(VAGUE_MOMENT, " "));
  const moment = MOMENT.test(text) && !habitual && (definite || (!lookingBack && !feeling));
  // "a card game about saving energy": a thing that could exist, described without a verb.
  const pitch =
    /^(?:an?|the idea of)\s/i.test(text) &&
    !/^an?\s+(?:bit|little|lot|few|day|week|morning|evening)\b/i.test(text) &&
    !doc.has("(#PastTense|#PresentTense|#Copula|#Modal)");
  const scores: Record<ThoughtType, number> = {
    Task: score(text, cues.Task) + (imperative ? 4 : 0),
    Reminder: score(text, cues.Reminder) + (moment ? 4 : 0),
    Idea: score(text, cues.Idea) + (pitch ? 5 : 0),
    Journal: score(text, cues.Journal) + (lookingBack && !imperative ? 2.5 : 0),
    Note: score(text, NOTE_CUES) + (habitual && !imperative ? 3 : 0) + (label ? 1.5 : 0),
  };
  // An action tied to a moment is something to be reminded of ("call grandma tonight").
  if (imperative && moment) scores.Reminder += 1.5;
  // A feeling overrides the plain "I …" of a to-do ("I have to …" stays a task).
  if (scores.Task >= 5 && scores.Journal < 8) scores.Journal = Math.min(scores.Journal, 3);
  let pick: ThoughtType = "Note";
  let bestScore = 3;
  for (const type of ["Reminder", "Idea", "Journal", "Task", "Note"] as const) {
    if (scores[type] > bestScore) {
      pick = type;
      bestScore = scores[type];
    }
  }
  const hits: string[] = [];
  for (const [type, list] of [...Object.entries(cues), ["Note", NOTE_CUES] as const]) {
    list.forEach(([re, _weight], i) => {
      if (re.test(text)) hits.push(`${type}:${i}`);
    });
  }
  const verbFirst = startsWithVerb(text);
  for (const [kind, re] of Object.entries(MOMENT_KINDS)) {
    if (!re.test(text)) continue;
    hits.push(`moment:${kind}`);
    if (verbFirst) hits.push(`action+moment:${kind}`);
  }
  const words = text.split(" ").length;
  if (ROUTINE.test(text)) hits.push("routine");
  if (ERRAND.test(text)) hits.push(words <= 3 ? "errand:short" : "errand");
  if (INTERJECTION.test(text)) hits.push("interjection");
  for (const [kind, re] of Object.entries(IDEA_KINDS)) if (re.test(text)) hits.push(`idea:${kind}`);
  if (EVALUATIVE.test(text)) hits.push("evaluative");
  if (words <= 3 && !/\b(?:i|i'm|im|my|me)\b/i.test(text)) hits.push(imperative ? "short:action" : "short:phrase");
  return {
    scores,
    pick,
    hits,
    imperative,
    moment,
    definiteMoment: definite && !habitual,
    habitual,
    lookingBack,
    feeling,
    pitch,
    label,
    question: /\?\s*$/.test(text),
    startsWithVerb: verbFirst,
  };
}
