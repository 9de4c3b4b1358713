/**
 * Offline categorisation of a thought from its wording. Each type collects evidence from cues
 * (explicit markers weigh most); the strongest type wins and ties or silence mean Note, the
 * product's default type.
 */
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
    String.raw`\b\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\b`,
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
    "write"
  ).split(" "),
);

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
  ],
  Task: [[/\b(?:need to|needs to|have to|has to|must|gotta|got to|should(?! be)|todo|to-do|to do:)\b/i, 5]],
};

/** Facts to keep: "X is Y", "label: value", numbers, links, quotes. */
const NOTE_CUES: Cue[] = [
  [/^https?:\/\//i, 8],
  [/^[\w .'’&-]{2,40}:\s*\S/, 2.5],
  [/\b(?:is|are|takes|needs|runs|prefers|has)\b/i, 2],
  [/\b(?:password|code|number|address|model|size|policy|recommendation|quote|notes?|summary|hint|name)\b/i, 2.5],
  [/\d{3,}/, 1.5],
];

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

/** The type of a thought from its wording alone; deterministic and fast. */
export function categorizeOffline(content: string): ThoughtType {
  const text = content.trim().replace(/\s+/g, " ");
  if (text === "") return "Note";
  const imperative = IMPERATIVE_VERBS.has(firstWord(text));
  const moment = MOMENT.test(text);
  const scores: Record<ThoughtType, number> = {
    Task: score(text, cues.Task) + (imperative ? 4 : 0),
    Reminder: score(text, cues.Reminder) + (moment ? 4 : 0),
    Idea: score(text, cues.Idea),
    Journal: score(text, cues.Journal),
    Note: score(text, NOTE_CUES),
  };
  // An action tied to a moment is something to be reminded of ("call grandma tonight").
  if (imperative && moment) scores.Reminder += 1.5;
  // A feeling overrides the plain "I …" of a to-do ("I have to …" stays a task).
  if (scores.Task >= 5 && scores.Journal < 8) scores.Journal = Math.min(scores.Journal, 3);
  let best: ThoughtType = "Note";
  let bestScore = 3;
  for (const type of ["Reminder", "Idea", "Journal", "Task", "Note"] as const) {
    if (scores[type] > bestScore) {
      best = type;
      bestScore = scores[type];
    }
  }
  return best;
}
