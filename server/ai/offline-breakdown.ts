/**
 * Offline task breakdown. The title is read into its parts (task-parse.ts: the action, what it
 * acts on, people, places, dates, topics); the action and the object's words decide the kind of
 * task, and that kind's steps are written from those parts, so "Write a birthday card for mum"
 * gets "Pick a card mum would like", not a template about documents. Every step starts with a
 * verb; the help level decides how many steps, the tone how they are worded and how they close.
 */
import { cleanTitle, parseTask, type TaskParts } from "./task-parse.ts";
import { MAX_STEP_CHARS, type Prefs, STEP_COUNT, type TaskToBreak, type Tone } from "./types.ts";

/** Fillers before the action in how people type tasks ("I need to call…", "todo: call…"). */
const LEAD_IN =
  /^(?:(?:todo|to-do|to do|task)\s*:\s*|(?:i\s+)?(?:really\s+)?(?:need|have|want|got|ought)\s+to\s+|(?:i\s+)?(?:must|should|gotta)\s+|please\s+|(?:don'?t forget|remember)\s+to\s+)/i;

export const ACTION_VERBS = new Set(
  (
    "add answer apply arrange ask assemble back bake book bring buy call cancel change check choose clean clear collect " +
    "complete confirm contact cook cycle declutter defrost delete deliver deploy descale do donate draft drop dust " +
    "edit email empty feed file fill find finish fix follow get go hang help hire hoover install invite iron jog learn mail " +
    "make meet mend mop move mow order organise organize pack paint patch pay phone pick plan plant post practice practise " +
    "prep prepare print read rebook redirect register renew reorganise reorganize repair replace reply repot research reschedule " +
    "respond return review revise ring run schedule send set settle shop sign sort start study submit sweep swim take text " +
    "tidy train transfer unblock unsubscribe update upload vacuum visit walk wash water weed wipe work write"
  ).split(" "),
);

type Ctx = TaskParts & {
  /** What to call the object in a step: short enough to fit, never empty. */
  o: string;
  /** Who the task involves, when anyone. */
  who?: string;
  /** "it" or "them", "it" or "they", "is" or "are", for the object. */
  it: string;
  they: string;
  is: string;
  min: number;
};
/** [terse, full] wording of one step, or undefined when it does not apply to this task. */
type Wording = readonly [string, string] | undefined;
type Line = readonly [1 | 2 | 3, (c: Ctx) => Wording];
type Kind = {
  name: string;
  verbs: readonly string[];
  /** Object words that make a general verb ("do", "get", "make") this kind. */
  nouns?: RegExp;
  lines: readonly Line[];
  /** The last step in each tone. */
  wrap: (c: Ctx) => Record<Tone, string>;
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const w = (terse: string, full: string): Wording => [terse, full];
/** " for mum", "" */
const withWho = (c: Ctx, prep = "for") => (c.who && c.who !== c.o ? ` ${prep} ${c.who}` : "");
const when = (c: Ctx) => (c.date ? ` ${c.date}` : "");
/** "needs" or "need", agreeing with the object. */
const agree = (c: Ctx, verb: string) => (c.plural ? verb : /(?:s|sh|ch|x|o)$/.test(verb) ? `${verb}es` : `${verb}s`);

/** Rooms, cleaned surfaces first and floor last. */
const ROOMS =
  /\b(?:room|bedroom|kitchen|bathroom|garage|shed|loft|attic|playroom|hallway|hall|office|porch|landing|stairs|study|lounge|flat|house|conservatory|toilet|utility)\b/;
/** Spaces one tidies as a place, unlike a collection of things ("the photos", "the paperwork"). */
const SPACES =
  /\b(?:room|bedroom|kitchen|bathroom|garage|shed|loft|attic|drawer|drawers|desk|cupboard|wardrobe|closet|playroom|table|shelf|shelves|hallway|hall|car|office|pantry|cabinet|rack|bag|boot|porch|landing|stairs|corner|study|space|area|lounge|flat|house|fridge|freezer)\b/;
const ANIMALS = /\b(?:dog|cat|puppy|rabbit|horse|pony)\b/;
/** Things one reads through, as opposed to things one inspects ("the tyre pressure"). */
const DOCUMENTS =
  /\b(?:request|report|proposal|contract|document|doc|notes|draft|essay|homework|code|slides|budget|plan|cv|application|statement|email|emails|letter|invoice|questions|chapter|book|minutes|agenda|policy|terms|assignment)\b/;
const GIFTS = /\b(?:present|gift|card|flowers|surprise)\b/;
const ACTIVITIES: readonly [RegExp, string, string][] = [
  [/\b(?:swim|swimming|lengths|pool)\b/, "swimming", "swimming things"],
  [/\b(?:cycle|cycling|bike|ride)\b/, "cycling", "helmet and cycling kit"],
  [/\b(?:run|jog|running|5k|10k)\b/, "running", "running shoes"],
  [/\b(?:walk|hike|dog)\b/, "walking", "walking shoes and coat"],
  [/\b(?:yoga|pilates)\b/, "yoga", "comfy clothes and get a mat"],
  [/\b(?:stretch|stretching)\b/, "stretching", "comfy clothes and get a mat"],
];
function activity(c: Ctx): { noun: string; gear: string } {
  const text = `${c.verb} ${c.words.join(" ")} ${c.purpose ?? ""}`;
  const found = ACTIVITIES.find(([re]) => re.test(text));
  return found ? { noun: found[1], gear: found[2] } : { noun: "exercise", gear: "workout clothes" };
}
const COLLECTING = new Set(["collect", "pick up", "get", "fetch"]);
/** What an exercise step calls the session: "the run", or "your workout" when the title names a place. */
const session = (c: Ctx) => (c.place && c.o === c.place ? "your workout" : c.o);

const kinds: readonly Kind[] = [
  {
    name: "call",
    verbs: ["call", "phone", "ring", "call back", "ring back", "phone back", "ring round"],
    lines: [
      [1, (c) => w(`Find the number for ${c.o}`, `Find the phone number for ${c.o} and keep it on screen`)],
      [
        2,
        (c) =>
          c.topic
            ? w(`Note what to ask about ${c.topic}`, `Write down the one or two things to ask about ${c.topic}`)
            : w(`Note what to say to ${c.o}`, `Write down the one or two things you want to say to ${c.o}`),
      ],
      [
        3,
        (c) =>
          c.topic
            ? w(
                `Keep any papers about ${c.topic} at hand`,
                `Keep any letters or account numbers about ${c.topic} at hand`,
              )
            : w("Sit somewhere quiet with a pen", "Sit somewhere quiet with a pen and your calendar"),
      ],
      [
        1,
        (c) =>
          w(`Make the call to ${c.o}${when(c)}`, `Make the call to ${c.o}${when(c)}, before it grows in your head`),
      ],
      [2, (c) => w(`Note what ${c.o} said`, `Note what you agreed with ${c.o} and any date to follow up`)],
      [
        3,
        (c) =>
          w(
            `Put any follow-up with ${c.o} in your tasks`,
            `Put any follow-up with ${c.o} in your tasks so it leaves your head`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `Mark the call to ${c.o} done`,
      friendly: `Tick off the call to ${c.o} and take a breather`,
      coachy: `Celebrate making the call to ${c.o}`,
    }),
  },
  {
    name: "message",
    verbs: [
      "email",
      "text",
      "message",
      "reply",
      "respond",
      "answer",
      "contact",
      "write back",
      "get back",
      "follow up",
      "ask",
      "chase",
    ],
    lines: [
      [
        2,
        (c) =>
          w(
            `Open the last message from ${c.who ?? c.o}`,
            `Open the last message from ${c.who ?? c.o} and reread it once`,
          ),
      ],
      [
        1,
        (c) =>
          c.topic
            ? w(
                `Write one line about ${c.topic}`,
                `Write the one line about ${c.topic} that ${c.who ?? "they"} should know`,
              )
            : c.who && c.who !== c.o
              ? w(`Write one line about ${c.o} for ${c.who}`, `Write one line telling ${c.who} what ${c.o} ${c.is} for`)
              : w(
                  `Write the main point for ${c.who ?? c.o}`,
                  `Write the main point for ${c.who ?? c.o} in one sentence`,
                ),
      ],
      [
        3,
        (c) =>
          c.who && c.o !== c.who
            ? w(`Attach ${c.o}`, `Attach ${c.o} and check ${c.they} ${c.is} the right version`)
            : w(
                `Add any dates ${c.who ?? c.o} will need`,
                `Add any dates or details ${c.who ?? c.o} will need, nothing more`,
              ),
      ],
      [
        2,
        (c) =>
          c.who
            ? w(`Read it once from ${c.who}'s side`, `Read it once as ${c.who} will, to catch tone and typos`)
            : w(`Read your reply about ${c.o} once`, `Read your reply about ${c.o} once for tone and typos`),
      ],
      [
        1,
        (c) =>
          c.who && c.o !== c.who
            ? w(`Send ${c.o} to ${c.who}`, `Send ${c.o} to ${c.who}; good enough beats perfect`)
            : w(`Send the reply to ${c.who ?? c.o}`, `Send the reply to ${c.who ?? c.o}; good enough beats perfect`),
      ],
      [
        3,
        (c) =>
          w(
            `Archive the thread with ${c.who ?? c.o}`,
            `Archive the thread with ${c.who ?? c.o} so it leaves your inbox`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `Close the thread with ${c.who ?? c.o}`,
      friendly: `Close your inbox for now; ${c.who ?? c.o} can take it from here`,
      coachy: `Enjoy the empty inbox: ${c.who ?? c.o} has an answer`,
    }),
  },
  {
    name: "cancel",
    verbs: ["cancel", "unsubscribe", "end", "stop", "quit"],
    nouns: /\b(?:subscription|membership|contract|trial|plan|newsletters?)\b/,
    lines: [
      [
        1,
        (c) => w(`Find the account or last email for ${c.o}`, `Find the account login or the last email about ${c.o}`),
      ],
      [2, (c) => w(`Check the notice period for ${c.o}`, `Check the notice period and end date for ${c.o}`)],
      [1, (c) => w(`Cancel ${c.o} and save the confirmation`, `Cancel ${c.o} and save the confirmation email`)],
      [
        3,
        (c) =>
          w(
            `Check nothing else depends on ${c.o}`,
            `Check nothing else, like a login or a discount, depends on ${c.o}`,
          ),
      ],
      [2, (c) => w(`Put the end date of ${c.o} in your calendar`, `Put the end date of ${c.o} in your calendar`)],
      [
        3,
        (c) =>
          w(
            `Check the last payment for ${c.o} on your statement`,
            `Check the last payment for ${c.o} on your bank statement`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} cancelled`,
      friendly: `Enjoy one less thing: ${c.o} ${c.is} cancelled`,
      coachy: `Celebrate cutting ${c.o} loose`,
    }),
  },
  {
    name: "write",
    verbs: ["write", "draft", "write up", "compose"],
    nouns: /\b(?:list|letter|note|speech|statement|essay|report|review|post|story|cv|résumé|resume)\b/,
    lines: [
      [
        3,
        (c) =>
          GIFTS.test(c.head)
            ? w(`Pick a card${withWho(c)}`, `Pick a card${withWho(c)} and a pen that writes well`)
            : w(`Open a new page for ${c.o}`, `Open a new page for ${c.o} and give ${c.it} a working title`),
      ],
      [
        1,
        (c) =>
          w(
            `List three points for ${c.o}${c.topic ? ` about ${c.topic}` : ""}`,
            `List three points for ${c.o}${c.topic ? ` about ${c.topic}` : ""}, as rough bullets`,
          ),
      ],
      [
        3,
        (c) =>
          c.who
            ? w(`Think of one memory of ${c.who}`, `Think of one memory or detail that only ${c.who} would recognise`)
            : w(`Gather your notes for ${c.o}`, `Gather the notes and sources for ${c.o} in one place`),
      ],
      [
        1,
        (c) =>
          w(`Write a rough first version of ${c.o}`, `Write a rough first version of ${c.o} without editing as you go`),
      ],
      [
        2,
        (c) =>
          w(`Reread ${c.o} once and fix what stands out`, `Reread ${c.o} once, out loud, and fix only what stands out`),
      ],
      [
        2,
        (c) =>
          c.who
            ? w(`Give or send ${c.o} to ${c.who}`, `Give or send ${c.o} to ${c.who}${when(c)}`)
            : w(
                `Save ${c.o} where you will find ${c.it}`,
                `Save ${c.o} where you will find ${c.it}, or share ${c.it} now`,
              ),
      ],
    ],
    wrap: (c) => ({
      silent: `Close ${c.o}`,
      friendly: `Put ${c.o} aside and enjoy having ${c.it} written`,
      coachy: `Celebrate: ${c.o} ${c.is} written, and that was the hard part`,
    }),
  },
  {
    name: "send",
    verbs: ["send", "post", "mail", "forward", "send off", "deliver", "hand in"],
    lines: [
      [1, (c) => w(`Find ${c.o}`, `Find ${c.o} and check ${c.they} ${c.is} the final version`)],
      [
        3,
        (c) =>
          c.who
            ? w(`Check the address for ${c.who}`, `Check the e-mail or postal address for ${c.who}`)
            : w(`Check where ${c.o} ${agree(c, "go")}`, `Check exactly where ${c.o} ${agree(c, "go")} and by when`),
      ],
      [2, (c) => w(`Add a short note with ${c.o}`, `Add a short note with ${c.o} saying what ${c.they} ${c.is}`)],
      [
        1,
        (c) =>
          w(
            `Send ${c.o}${c.who ? ` to ${c.who}` : c.place ? ` to ${c.place}` : ""}`,
            `Send ${c.o}${c.who ? ` to ${c.who}` : c.place ? ` to ${c.place}` : ""}${when(c)} with a line saying what ${c.they} ${c.is}`,
          ),
      ],
      [2, (c) => w(`Keep the receipt for ${c.o}`, `Keep the receipt or sent message for ${c.o}`)],
      [3, (c) => w(`Note when ${c.o} should arrive`, `Note when ${c.o} should arrive so you can check`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} sent`,
      friendly: `Let ${c.o} go; ${c.it === "it" ? "it is" : "they are"} on ${c.it === "it" ? "its" : "their"} way`,
      coachy: `Celebrate: ${c.o} ${c.is} out of your hands`,
    }),
  },
  {
    name: "laundry",
    verbs: ["iron"],
    nouns: /\b(?:laundry|washing|ironing|bedsheets|sheets|bedding|towels|duvet|clothes)\b/,
    lines: [
      [1, (c) => w(`Gather ${c.o} into one basket`, `Gather ${c.o} into one basket or pile`)],
      [2, (c) => w(`Sort ${c.o} into lights and darks`, `Sort ${c.o} into lights and darks and check the pockets`)],
      [1, (c) => w(`Start the machine with ${c.o}`, `Start the machine with ${c.o} and set a timer for when it ends`)],
      [3, (c) => w(`Hang ${c.o} up to dry`, `Hang ${c.o} up to dry as soon as the timer goes`)],
      [2, (c) => w(`Fold ${c.o} and put ${c.it} away`, `Fold ${c.o} and put ${c.it} away straight from the line`)],
      [3, () => w(`Put the empty basket back`, `Put the empty basket back where it lives`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} done`,
      friendly: `Enjoy ${c.o} clean and put away`,
      coachy: `Celebrate: ${c.o} done from basket to drawer`,
    }),
  },
  {
    name: "buy",
    verbs: ["buy", "order", "shop", "purchase", "get", "top up", "choose"],
    nouns:
      /\b(?:present|gift|shoes|groceries|shopping|milk|bread|eggs|stamps|glasses|lenses|charger|kettle|ink|tickets?)\b/,
    lines: [
      [
        1,
        (c) =>
          GIFTS.test(c.words.join(" "))
            ? c.who
              ? w(`Note three things ${c.who} would love`, `Note three things ${c.who} would love, to steer ${c.o}`)
              : w(`Note three ideas for ${c.o}`, `Note three ideas for ${c.o}${c.purpose ? ` for ${c.purpose}` : ""}`)
            : w(`Write ${c.o} on your shopping list`, `Write ${c.o} on your shopping list with sizes or amounts`),
      ],
      [
        2,
        (c) =>
          GIFTS.test(c.words.join(" "))
            ? w(`Set a budget for ${c.o}`, `Set a budget for ${c.o} before you start looking`)
            : w(`Check what you already have at home`, `Check cupboards and drawers for what you already have`),
      ],
      [
        2,
        (c) =>
          w(`Pick one shop or website for ${c.o}`, `Pick one shop or website for ${c.o} so you do not compare forever`),
      ],
      [
        1,
        (c) =>
          w(
            `Buy ${c.o}${c.place ? ` at ${c.place}` : ""}`,
            `Buy ${c.o}${c.place ? ` at ${c.place}` : ""}, and only what is on the list`,
          ),
      ],
      [
        3,
        (c) =>
          GIFTS.test(c.words.join(" "))
            ? w(`Wrap ${c.o} and add a card`, `Wrap ${c.o} and write a card${withWho(c)}`)
            : w(
                `Keep the receipt for ${c.o}`,
                `Keep the receipt for ${c.o} in case ${c.they} ${c.plural ? "need" : "needs"} returning`,
              ),
      ],
      [
        3,
        (c) =>
          w(
            `Put ${c.o} where ${c.it === "it" ? "it belongs" : "they belong"}`,
            `Put ${c.o} where ${c.it === "it" ? "it belongs" : "they belong"} as soon as you are home`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} bought`,
      friendly: `Enjoy having ${c.o} sorted`,
      coachy: `Celebrate: ${c.o}, sorted in one go`,
    }),
  },
  {
    name: "book",
    verbs: ["book", "schedule", "reschedule", "reserve", "rebook", "arrange", "make"],
    nouns:
      /\b(?:appointment|booking|reservation|table|slot|check-?up|haircut|test|lessons?|flights?|van|hotel|tickets?)\b/,
    lines: [
      [
        2,
        (c) =>
          w(`Check your calendar for free times for ${c.o}`, `Check your calendar and pick two free times for ${c.o}`),
      ],
      [1, (c) => w(`Find the booking page for ${c.o}`, `Find the booking page or phone number for ${c.o}`)],
      [
        3,
        (c) =>
          c.who
            ? w(`Have the details for ${c.who} ready`, `Have the details for ${c.who} ready: dates of birth, numbers`)
            : w(`Have your card ready for ${c.o}`, `Have your card and details ready before you book ${c.o}`),
      ],
      [1, (c) => w(`Book ${c.o}${when(c)}`, `Book ${c.o}${when(c)}, taking the first slot that fits`)],
      [2, (c) => w(`Add ${c.o} to your calendar`, `Add ${c.o} to your calendar with a reminder the day before`)],
      [3, (c) => w(`Save the confirmation for ${c.o}`, `Save the confirmation for ${c.o} where you can find it`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} booked`,
      friendly: `Enjoy having ${c.o} booked and off your mind`,
      coachy: `Celebrate: ${c.o} ${c.is} booked`,
    }),
  },
  {
    name: "clean",
    verbs: [
      "clean",
      "deep clean",
      "wash",
      "hoover",
      "vacuum",
      "wipe",
      "descale",
      "scrub",
      "mop",
      "dust",
      "polish",
      "clean out",
      "clean up",
      "defrost",
      "empty",
      "wash up",
    ],
    lines: [
      [3, (c) => w(`Set a timer for ${c.min} minutes`, `Set a timer for ${c.min} minutes so ${c.o} has a clear end`)],
      [
        2,
        (c) =>
          ANIMALS.test(c.head)
            ? w(`Get towels and shampoo ready for ${c.o}`, `Get towels, shampoo and a treat ready for ${c.o}`)
            : w(`Get the cloths and cleaner for ${c.o}`, `Get the cloths, cleaner and a bin bag ready for ${c.o}`),
      ],
      [
        1,
        (c) =>
          ROOMS.test(c.head)
            ? w(`Clear the surfaces and floor of ${c.o}`, `Clear the surfaces and floor of ${c.o} first`)
            : w(`Clear the space around ${c.o}`, `Clear the space around ${c.o} so you can reach every part`),
      ],
      [
        1,
        (c) =>
          /^(?:hoover|vacuum)$/.test(c.verb)
            ? w(`Vacuum ${c.o}, edges first`, `Vacuum ${c.o}, edges and corners first, then the middle`)
            : ROOMS.test(c.head)
              ? w(`Wipe down ${c.o} from top to bottom`, `Wipe down ${c.o} from top to bottom, one section at a time`)
              : w(`Clean ${c.o} one section at a time`, `Clean ${c.o} one section at a time, top to bottom`),
      ],
      [
        2,
        (c) =>
          ROOMS.test(c.head)
            ? w(`Sweep or mop the floor of ${c.o}`, `Sweep or mop the floor of ${c.o} last`)
            : w(`Dry ${c.o} with a clean towel`, `Dry ${c.o} with a clean towel so nothing streaks`),
      ],
      [3, (c) => w(`Empty the bin bag from ${c.o}`, `Take the bin bag from ${c.o} straight outside`)],
    ],
    wrap: (c) => ({
      silent: "Put the cleaning things away",
      friendly: `Put the cleaning things away and enjoy ${c.o}`,
      coachy: `Step back and look at ${c.o}: you did that`,
    }),
  },
  {
    name: "tidy",
    verbs: [
      "tidy",
      "tidy up",
      "sort",
      "sort out",
      "sort through",
      "declutter",
      "clear",
      "clear out",
      "clear up",
      "organise",
      "organize",
      "reorganise",
      "reorganize",
      "put away",
      "pack away",
      "tidy away",
      "throw out",
    ],
    lines: [
      [3, (c) => w(`Set a timer for ${c.min} minutes`, `Set a timer for ${c.min} minutes so ${c.o} has a clear end`)],
      [
        1,
        (c) =>
          SPACES.test(c.head)
            ? w(`Grab a bin bag and a box for ${c.o}`, `Grab a bin bag and a box for things that leave ${c.o}`)
            : w(`Gather ${c.o} in one place`, `Gather all of ${c.o} in one place before sorting`),
      ],
      [
        1,
        (c) =>
          SPACES.test(c.head)
            ? w(`Throw out the rubbish in ${c.o}`, `Throw out everything in ${c.o} that is clearly rubbish`)
            : w(`Sort ${c.o} into keep, bin and not sure`, `Sort ${c.o} into three piles: keep, bin and not sure`),
      ],
      [
        2,
        (c) =>
          SPACES.test(c.head)
            ? w(`Put back what lives in ${c.o}`, `Put back what lives in ${c.o}, one shelf or corner at a time`)
            : w(
                `Put the keepers from ${c.o} in one labelled place`,
                `Put the keepers from ${c.o} in one labelled folder or box`,
              ),
      ],
      [
        2,
        (c) =>
          SPACES.test(c.head)
            ? w("Box up what belongs in another room", "Box up what belongs in another room, then take the box there")
            : w(
                `Go through the not-sure pile of ${c.o} once`,
                `Go through the not-sure pile of ${c.o} once, then decide`,
              ),
      ],
      [
        3,
        (c) =>
          w(`Take the donations from ${c.o} to the car`, `Take anything to give away from ${c.o} straight to the car`),
      ],
    ],
    wrap: (c) => ({
      silent: "Take the bin bag out",
      friendly: `Take the bag out and enjoy ${c.o}`,
      coachy: `Look at ${c.o} now: that is a real win`,
    }),
  },
  {
    name: "replace",
    verbs: ["replace", "change", "swap", "top up", "refill"],
    nouns: /\b(?:battery|batteries|bulb|filter|fuse|cartridge|tyre|tire|blade|bag)\b/,
    lines: [
      [
        1,
        (c) => w(`Check which ${c.head || "part"} you need`, `Check the size or model of ${c.head || "part"} you need`),
      ],
      [
        2,
        (c) =>
          w(
            `Get a new ${c.head || "part"} ready`,
            `Get a new ${c.head || "part"} ready before you take anything apart`,
          ),
      ],
      [
        3,
        (c) =>
          w(`Switch off the power to ${c.o} if it has any`, `Switch off the power or water to ${c.o} if it has any`),
      ],
      [1, (c) => w(`Fit the new ${c.head || "part"}`, `Fit the new ${c.head || "part"}, matching how the old one sat`)],
      [2, (c) => w(`Test ${c.o}`, `Test ${c.o} to make sure ${c.they} ${agree(c, "work")}`)],
      [3, (c) => w(`Recycle the old ${c.head || "part"}`, `Recycle the old ${c.head || "part"} properly`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} done`,
      friendly: `Enjoy ${c.o} working again`,
      coachy: `Celebrate: ${c.o}, sorted by you`,
    }),
  },
  {
    name: "tech",
    verbs: ["install", "set up", "update", "reset", "back up", "log in", "upgrade"],
    nouns:
      /\b(?:laptop|computer|pc|phone|tablet|printer|driver|app|wifi|router|software|account|password|email|tv|website|backup)\b/,
    lines: [
      [
        2,
        (c) =>
          w(
            `Note what ${c.o} should do when ${c.they} ${agree(c, "work")}`,
            `Note what ${c.o} should do once ${c.they} ${agree(c, "work")}`,
          ),
      ],
      [1, (c) => w(`Look up the official guide for ${c.o}`, `Look up the official guide or help page for ${c.o}`)],
      [3, (c) => w(`Back up anything important on ${c.o}`, `Back up anything important before changing ${c.o}`)],
      [
        1,
        (c) =>
          w(
            `Follow the guide for ${c.o} step by step`,
            `Follow the guide for ${c.o} step by step, with passwords at hand`,
          ),
      ],
      [2, (c) => w(`Test ${c.o} with one real task`, `Test ${c.o} with one real task you need it for`)],
      [3, (c) => w(`Save the logins for ${c.o} somewhere safe`, `Save the logins for ${c.o} in your password manager`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} done`,
      friendly: `Enjoy ${c.o} working the way you want`,
      coachy: `Celebrate: ${c.o} ${c.is} sorted`,
    }),
  },
  {
    name: "fix",
    verbs: ["fix", "repair", "mend", "unblock", "patch", "sew", "service", "adjust", "tighten"],
    lines: [
      [1, (c) => w(`Look at ${c.o} and name what is wrong`, `Look at ${c.o} and write down exactly what is wrong`)],
      [2, (c) => w(`Look up a short guide for ${c.o}`, `Look up a short video or guide for ${c.o}`)],
      [2, (c) => w(`Gather the tools and parts for ${c.o}`, `Gather the tools and parts for ${c.o} before you start`)],
      [1, (c) => w(`Fix ${c.o} one step at a time`, `Fix ${c.o} one step at a time, checking as you go`)],
      [3, (c) => w(`Test ${c.o} properly`, `Test ${c.o} properly before you call ${c.it} done`)],
      [3, (c) => w(`Put the tools from ${c.o} away`, `Put the tools away and clear up around ${c.o}`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} fixed`,
      friendly: `Enjoy ${c.o} working again`,
      coachy: `Celebrate: you fixed ${c.o} yourself`,
    }),
  },
  {
    name: "diy",
    verbs: ["hang", "paint", "assemble", "put up", "build", "fit", "hang up", "decorate"],
    lines: [
      [2, (c) => w(`Read the instructions for ${c.o}`, `Read the instructions or a short guide for ${c.o}`)],
      [1, (c) => w(`Lay out the tools and parts for ${c.o}`, `Lay out the tools and parts for ${c.o} in one place`)],
      [3, (c) => w(`Clear space around ${c.o}`, `Clear and protect the space around ${c.o}`)],
      [1, (c) => w(`Start on ${c.o} with the first part`, `Start on ${c.o} with the first part and work in order`)],
      [
        2,
        (c) => w(`Check ${c.o} ${c.is} straight and secure`, `Check ${c.o} ${c.is} straight, secure and looking right`),
      ],
      [3, () => w("Tidy the tools and packaging away", "Tidy the tools away and flatten the packaging")],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} done`,
      friendly: `Step back and enjoy ${c.o}`,
      coachy: `Look at ${c.o}: your own work`,
    }),
  },
  {
    name: "plan",
    verbs: ["plan", "organise", "organize", "arrange", "map out"],
    nouns: /\b(?:budget|party|trip|holiday|meals|menu|day|wedding|drinks|away day|weekend|celebration|event)\b/,
    lines: [
      [1, (c) => w(`Write the goal of ${c.o} in one line`, `Write in one line what ${c.o} should be like`)],
      [
        2,
        (c) =>
          /\bbudget\b/.test(c.head)
            ? w(`Gather last month's statements for ${c.o}`, `Gather last month's bank statements for ${c.o}`)
            : w(`Pick a date and a budget for ${c.o}`, `Pick a date and a rough budget for ${c.o}`),
      ],
      [1, (c) => w(`List the main parts of ${c.o}`, `List the main parts of ${c.o}: who, where, what is needed`)],
      [
        3,
        (c) =>
          c.who
            ? w(`Ask ${c.who} what matters most`, `Ask ${c.who} what matters most to them`)
            : w(
                `Ask anyone involved in ${c.o} one question`,
                `Ask anyone involved in ${c.o} the one question you need answered`,
              ),
      ],
      [
        2,
        (c) =>
          w(
            `Book the first thing ${c.o} ${agree(c, "need")}`,
            `Book or order the first thing ${c.o} ${agree(c, "need")}`,
          ),
      ],
      [
        3,
        (c) =>
          w(`Put the dates for ${c.o} in your calendar`, `Put the dates for ${c.o} in your calendar with reminders`),
      ],
    ],
    wrap: (c) => ({
      silent: `Save the plan for ${c.o}`,
      friendly: `Save the plan for ${c.o} and rest; the details can wait`,
      coachy: `Celebrate: ${c.o} has a plan now`,
    }),
  },
  {
    name: "practise",
    verbs: ["learn", "practise", "practice", "train", "try"],
    lines: [
      [3, () => w("Put your phone in another room", "Put your phone in another room and clear a space")],
      [1, (c) => w(`Pick one small skill in ${c.o} for today`, `Pick one small skill in ${c.o} for this session`)],
      [2, (c) => w(`Find one beginner guide on ${c.o}`, `Find one beginner guide or video on ${c.o}`)],
      [
        1,
        (c) =>
          w(
            `Practise ${c.o} for ${c.minutes ?? c.min} minutes`,
            `Practise ${c.o} for ${c.minutes ?? c.min} minutes, slowly and without judging`,
          ),
      ],
      [
        2,
        (c) =>
          w(
            `Note one thing about ${c.o} that clicked`,
            `Note one thing about ${c.o} that clicked and one that did not`,
          ),
      ],
      [
        3,
        (c) => w(`Put the next session on ${c.o} in your calendar`, `Put the next session on ${c.o} in your calendar`),
      ],
    ],
    wrap: (c) => ({
      silent: `Log the session on ${c.o}`,
      friendly: `Take a break; ${c.o} will come with practice`,
      coachy: `Celebrate: one more session of ${c.o} done`,
    }),
  },
  {
    name: "study",
    verbs: ["study", "revise", "read", "read through", "research", "finish"],
    nouns: /\b(?:homework|exam|test|course|lesson|chapter|assignment|module|coursework|training)\b/,
    lines: [
      [3, () => w("Put your phone in another room", "Put your phone in another room and clear the desk")],
      [1, (c) => w(`Pick one part of ${c.o} for today`, `Pick one small part of ${c.o} for this session`)],
      [2, (c) => w(`Read your notes on ${c.o} first`, `Read your notes on ${c.o} to see what is there`)],
      [
        1,
        (c) =>
          w(
            `Work on ${c.o} for ${c.minutes ?? c.min} minutes`,
            `Work on ${c.o} for ${c.minutes ?? c.min} minutes, noting things in your own words`,
          ),
      ],
      [2, (c) => w(`Test yourself on ${c.o}`, `Test yourself on ${c.o} with three questions, no peeking`)],
      [3, (c) => w(`Note where to pick up ${c.o} next time`, `Note where to pick up ${c.o} next time`)],
    ],
    wrap: (c) => ({
      silent: `Close the books on ${c.o}`,
      friendly: `Close the books on ${c.o} and take a proper break`,
      coachy: `Celebrate: ${c.o} ${c.is} a step further on`,
    }),
  },
  {
    name: "pay",
    verbs: ["pay", "settle", "transfer", "pay back", "pay off"],
    nouns: /\b(?:bill|invoice|fees?|rent|fine|deposit)\b/,
    lines: [
      [1, (c) => w(`Find the bill or details for ${c.o}`, `Find the bill, invoice or bank details for ${c.o}`)],
      [2, (c) => w(`Check the amount for ${c.o}`, `Check the amount and due date for ${c.o}`)],
      [3, () => w("Open your banking app", "Open your banking app and check the balance covers it")],
      [1, (c) => w(`Pay ${c.o}${when(c)}`, `Pay ${c.o}${when(c)} and save the confirmation`)],
      [2, (c) => w(`File the receipt for ${c.o}`, `File the receipt for ${c.o} in one folder`)],
      [
        3,
        (c) =>
          w(
            `Set a reminder for the next ${c.head || "payment"}`,
            `Set a reminder or direct debit for the next ${c.head || "payment"}`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `Record ${c.o} as paid`,
      friendly: `Enjoy having ${c.o} paid and out of mind`,
      coachy: `Celebrate: ${c.o} ${c.is} paid`,
    }),
  },
  {
    name: "pack",
    verbs: ["pack", "pack up"],
    lines: [
      [1, (c) => w(`List what to pack for ${c.o}`, `List what to pack for ${c.o}, by category`)],
      [2, (c) => w(`Get bags or boxes ready for ${c.o}`, `Get bags, boxes and tape ready for ${c.o}`)],
      [
        1,
        (c) =>
          w(
            `Pack the essentials for ${c.o} first`,
            `Pack the essentials for ${c.o} first: documents, chargers, medicine`,
          ),
      ],
      [3, (c) => w(`Wrap anything fragile for ${c.o}`, `Wrap anything fragile for ${c.o} in towels or paper`)],
      [
        2,
        (c) => w(`Pack the rest for ${c.o} from the list`, `Pack the rest for ${c.o}, ticking off the list as you go`),
      ],
      [3, (c) => w(`Label the bags for ${c.o}`, `Label each bag or box for ${c.o} by room or use`)],
    ],
    wrap: (c) => ({
      silent: `Put the bags for ${c.o} by the door`,
      friendly: `Put the bags for ${c.o} by the door and rest`,
      coachy: `Celebrate: you are packed for ${c.o}`,
    }),
  },
  {
    name: "prepare",
    verbs: ["prepare", "prep", "get ready"],
    lines: [
      [
        1,
        (c) =>
          w(
            `List what ${c.o} ${agree(c, "need")}`,
            `List what ${c.o} ${agree(c, "need")}, in the order you will use it`,
          ),
      ],
      [2, (c) => w(`Check the time and place for ${c.o}`, `Check the time and place for ${c.o}${when(c)}`)],
      [1, (c) => w(`Get the essentials for ${c.o} ready`, `Get the essentials for ${c.o} ready first`)],
      [
        3,
        (c) =>
          c.who
            ? w(`Ask ${c.who} what would help`, `Ask ${c.who} what would help most`)
            : w(`Run through ${c.o} from start to end`, `Run through ${c.o} from start to end for anything missing`),
      ],
      [
        2,
        (c) =>
          w(
            `Lay everything for ${c.o} in one place`,
            `Lay everything for ${c.o} in one place, by the door if it travels`,
          ),
      ],
      [
        3,
        (c) =>
          w(`Set an alarm for when ${c.o} ${agree(c, "start")}`, `Set an alarm for when you need to start on ${c.o}`),
      ],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} ready`,
      friendly: `Rest now: ${c.o} ${c.is} ready`,
      coachy: `Celebrate: you are ready for ${c.o}`,
    }),
  },
  {
    name: "admin",
    verbs: [
      "apply",
      "renew",
      "register",
      "sign up",
      "fill in",
      "fill out",
      "file",
      "submit",
      "sign",
      "claim",
      "redirect",
      "enrol",
      "enroll",
    ],
    nouns:
      /\b(?:form|forms|taxes|tax return|application|renewal|licen[cs]e|passport|permit|insurance|visa|census|claim|address|certificate)\b/,
    lines: [
      [1, (c) => w(`Find the form or website for ${c.o}`, `Find the official form or website for ${c.o}`)],
      [2, (c) => w(`Gather the documents needed for ${c.o}`, `Gather the documents and numbers needed for ${c.o}`)],
      [
        1,
        (c) =>
          w(`Fill in the easy parts for ${c.o} first`, `Fill in the easy parts for ${c.o} first, then the harder ones`),
      ],
      [3, (c) => w(`Check names, dates and numbers for ${c.o}`, `Check the names, dates and numbers for ${c.o} once`)],
      [2, (c) => w(`Submit the form for ${c.o}`, `Submit the form for ${c.o} and save the reference`)],
      [
        3,
        (c) =>
          w(
            `Add the reply date for ${c.o} to your calendar`,
            `Add the expected reply date for ${c.o} to your calendar`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `File the papers for ${c.o}`,
      friendly: `File the papers for ${c.o} and let ${c.it} rest`,
      coachy: `Celebrate: ${c.o} ${c.is} handled`,
    }),
  },
  {
    name: "move",
    verbs: ["move", "relocate", "shift", "carry", "bring"],
    lines: [
      [
        1,
        (c) =>
          w(
            `Measure ${c.o} and where ${c.they} ${agree(c, "go")}`,
            `Measure ${c.o} and the space${c.destination ? ` in ${c.destination}` : ""} ${c.they} ${agree(c, "go")} to`,
          ),
      ],
      [2, (c) => w(`Clear a path for ${c.o}`, `Clear a path and empty ${c.o} so ${c.they} ${c.is} lighter`)],
      [3, (c) => w(`Ask someone to help with ${c.o}`, `Ask someone to help with ${c.o} if ${c.they} ${c.is} heavy`)],
      [
        1,
        (c) =>
          w(
            `Move ${c.o}${c.destination ? ` to ${c.destination}` : ""}`,
            `Move ${c.o}${c.destination ? ` to ${c.destination}` : ""}, lifting with your legs`,
          ),
      ],
      [2, (c) => w(`Put the things from ${c.o} back`, `Put the things from ${c.o} back in their new place`)],
      [3, (c) => w(`Check the floor where ${c.o} stood`, `Check and clean the floor where ${c.o} stood`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} moved`,
      friendly: `Sit down and enjoy ${c.o} in ${c.it === "it" ? "its" : "their"} new place`,
      coachy: `Celebrate: ${c.o} moved`,
    }),
  },
  {
    name: "exercise",
    verbs: ["run", "jog", "swim", "cycle", "walk", "stretch", "go", "do", "train", "hike", "ride", "take"],
    nouns:
      /\b(?:run|jog|swim|swimming|walk|yoga|gym|stretching|workout|pilates|hike|lengths|ride|exercise|session|class|5k|10k)\b/,
    lines: [
      [
        1,
        (c) => w(`Put on your ${activity(c).gear}`, `Put on your ${activity(c).gear}; that already counts as starting`),
      ],
      [2, () => w("Fill a water bottle", "Fill a water bottle and grab your headphones")],
      [
        3,
        (c) =>
          c.place
            ? w(`Check the opening times of ${c.place}`, `Check the opening times of ${c.place} before you go`)
            : w(
                `Warm up for five minutes before ${session(c)}`,
                `Warm up for five minutes with easy movement before ${session(c)}`,
              ),
      ],
      [
        1,
        (c) =>
          w(
            `Keep going for ${c.minutes ?? c.min} minutes of ${activity(c).noun}`,
            `Keep going for ${c.minutes ?? c.min} minutes of ${activity(c).noun} at a pace you can hold`,
          ),
      ],
      [
        2,
        (c) =>
          w(`Cool down and stretch after ${session(c)}`, `Cool down and stretch for a few minutes after ${session(c)}`),
      ],
      [3, (c) => w(`Log how ${session(c)} felt`, `Log how ${session(c)} felt so next time is easier to start`)],
    ],
    wrap: (c) => ({
      silent: `Log ${session(c)}`,
      friendly: `Drink some water and enjoy having done ${session(c)}`,
      coachy: `Celebrate: ${session(c)} done, and your body thanks you`,
    }),
  },
  {
    name: "cook",
    verbs: ["cook", "bake", "make", "meal prep", "prepare", "prep"],
    nouns:
      /\b(?:dinner|lunch|breakfast|soup|cake|cookies|bread|lasagne|curry|pancakes|meals?|sushi|pasta|pie|salad|jam|lunchboxes|stew|roast|biscuits|muffins)\b/,
    lines: [
      [1, (c) => w(`Pick a recipe for ${c.o}`, `Pick a recipe for ${c.o} and read it through once`)],
      [
        2,
        (c) =>
          w(`Check you have everything for ${c.o}`, `Check you have every ingredient for ${c.o}; list what is missing`),
      ],
      [3, () => w("Clear the counter and get the pans out", "Clear the counter and get the pans and tools out")],
      [2, (c) => w(`Measure out everything for ${c.o}`, `Measure out and chop everything for ${c.o} before you start`)],
      [
        1,
        (c) => {
          const verb = ["bake", "make"].includes(c.verb) ? cap(c.verb) : "Cook";
          return w(`${verb} ${c.o} with a timer on`, `${verb} ${c.o}, with a timer for each step`);
        },
      ],
      [
        3,
        (c) =>
          w(
            `Wash up while ${c.o} ${agree(c, "cook")}`,
            `Wash up while ${c.o} ${agree(c, "cook")} or ${agree(c, "cool")}`,
          ),
      ],
    ],
    wrap: (c) => ({
      silent: `Serve ${c.o}`,
      friendly: `Sit down and enjoy ${c.o}${withWho(c, "with")}`,
      coachy: `Serve ${c.o} proudly: you made ${c.it}`,
    }),
  },
  {
    name: "errand",
    verbs: ["return", "drop", "drop off", "collect", "pick up", "take", "donate", "bring back", "give back"],
    lines: [
      [
        1,
        (c) =>
          COLLECTING.has(c.verb)
            ? w(`Find the ticket or reference for ${c.o}`, `Find the ticket, reference or ID you need for ${c.o}`)
            : w(`Put ${c.o} by the door`, `Put ${c.o} in a bag by the door with your keys`),
      ],
      [
        2,
        (c) =>
          c.place
            ? w(`Check when ${c.place} is open`, `Check when ${c.place} is open and whether you need to book`)
            : w(`Check the opening hours for ${c.o}`, `Check the opening hours and what to bring for ${c.o}`),
      ],
      [
        3,
        (c) =>
          w(`Plan one route for ${c.o} and other errands`, `Plan one route that combines ${c.o} with other errands`),
      ],
      [
        1,
        (c) =>
          COLLECTING.has(c.verb)
            ? w(
                `Collect ${c.o}${c.place ? ` from ${c.place}` : ""}`,
                `Collect ${c.o}${c.place ? ` from ${c.place}` : ""}, checking ${c.they} ${c.is} all there`,
              )
            : w(
                `Go${c.place ? ` to ${c.place}` : ""} with ${c.o}`,
                `Go${c.place ? ` to ${c.place}` : ""} with ${c.o} in one trip`,
              ),
      ],
      [2, (c) => w(`Keep any receipt for ${c.o}`, `Keep any receipt or reference for ${c.o}`)],
      [3, (c) => w(`Note any follow-up for ${c.o}`, `Note any collection date or follow-up for ${c.o}`)],
    ],
    wrap: (c) => ({
      silent: `Mark ${c.o} done`,
      friendly: `Head home; ${c.o} ${c.is} sorted`,
      coachy: `Celebrate: ${c.o}, handled in one trip`,
    }),
  },
  {
    name: "people",
    verbs: ["visit", "meet", "see", "invite", "help", "feed", "host", "thank", "check on", "babysit"],
    lines: [
      [1, (c) => w(`Agree a time with ${c.who ?? c.o}`, `Agree a time with ${c.who ?? c.o}${when(c)}`)],
      [
        2,
        (c) =>
          c.place
            ? w(`Check how to get to ${c.place}`, `Check how to get to ${c.place} and how long it takes`)
            : w(
                `Note what ${c.who ?? c.o} ${c.who ? "needs" : agree(c, "need")} from you`,
                `Note what ${c.who ?? c.o} ${c.who ? "needs" : agree(c, "need")} from you, if anything`,
              ),
      ],
      [
        3,
        (c) =>
          c.topic
            ? w(`Bring what you need for ${c.topic}`, `Bring what you need for ${c.topic}`)
            : w(`Think of one thing to ask ${c.who ?? c.o}`, `Think of one thing you want to ask ${c.who ?? c.o}`),
      ],
      [
        1,
        (c) => w(`Set off for ${c.who ?? c.o} in good time`, `Set off for ${c.who ?? c.o} in good time, phone charged`),
      ],
      [
        2,
        (c) =>
          w(`Give ${c.who ?? c.o} your full attention`, `Give ${c.who ?? c.o} your full attention while you are there`),
      ],
      [3, (c) => w(`Note anything to follow up with ${c.who ?? c.o}`, `Note anything you promised ${c.who ?? c.o}`)],
    ],
    wrap: (c) => ({
      silent: `Mark the time with ${c.who ?? c.o} done`,
      friendly: `Enjoy the time with ${c.who ?? c.o}`,
      coachy: `Celebrate showing up for ${c.who ?? c.o}`,
    }),
  },
  {
    name: "garden",
    verbs: ["plant", "mow", "weed", "repot", "water", "prune", "rake", "trim", "sow"],
    nouns: /\b(?:garden|lawn|plants?|bulbs|seeds|hedge|weeds|flowers|pots?|monstera|tomatoes)\b/,
    lines: [
      [1, (c) => w(`Get the gloves and tools for ${c.o} out`, `Get the gloves and tools for ${c.o} out`)],
      [2, (c) => w(`Check ${c.o} for what needs doing first`, `Check ${c.o} and start where help is most needed`)],
      [3, () => w("Put a bag down for cuttings", "Put a bag or bucket down for cuttings and weeds")],
      [1, (c) => w(`Work through ${c.o} one patch at a time`, `Work through ${c.o} one patch at a time`)],
      [2, (c) => w(`Sweep up around ${c.o}`, `Sweep up around ${c.o} and bag the cuttings`)],
      [
        3,
        (c) =>
          w(`Note when ${c.o} ${agree(c, "need")} doing again`, `Note when ${c.o} ${agree(c, "need")} doing again`),
      ],
    ],
    wrap: (c) => ({
      silent: "Put the garden tools away",
      friendly: `Put the tools away and enjoy ${c.o}`,
      coachy: `Step back and look at ${c.o}`,
    }),
  },
  {
    name: "review",
    verbs: ["review", "check", "go through", "proofread", "look", "test", "look at", "answer"],
    lines: [
      [
        1,
        (c) =>
          DOCUMENTS.test(c.head)
            ? w(`Open ${c.o}`, `Open ${c.o} and note what you are checking for`)
            : w(`Look up what ${c.o} should be`, `Look up what ${c.o} should be, in the manual or online`),
      ],
      [
        2,
        (c) =>
          DOCUMENTS.test(c.head)
            ? w(`Read ${c.o} once from start to end`, `Read ${c.o} once from start to end without stopping`)
            : w(`Get what you need to check ${c.o}`, `Get the gauge, torch or tool you need to check ${c.o}`),
      ],
      [
        1,
        (c) =>
          DOCUMENTS.test(c.head)
            ? w(`Go through ${c.o} one part at a time`, `Go through ${c.o} one part at a time, noting questions`)
            : w(`Check ${c.o} and note what you find`, `Check ${c.o} and write down what you find`),
      ],
      [
        3,
        (c) =>
          DOCUMENTS.test(c.head)
            ? w(`Mark the three biggest points in ${c.o}`, `Mark the three biggest points in ${c.o}`)
            : w(`Set a reminder to check ${c.o} again`, `Set a reminder to check ${c.o} again in a month`),
      ],
      [
        2,
        (c) =>
          DOCUMENTS.test(c.head)
            ? w(`Write your comments on ${c.o}`, `Write short, kind comments on ${c.o}`)
            : w(`Book help if ${c.o} ${c.is} off`, `Book help or fix it yourself if ${c.o} ${c.is} off`),
      ],
      [
        3,
        (c) =>
          c.who
            ? w(`Send your notes to ${c.who}`, `Send your notes to ${c.who}`)
            : w(`Save your notes on ${c.o}`, `Save your notes on ${c.o} where you will find them`),
      ],
    ],
    wrap: (c) => ({
      silent: `Tick off ${c.o}`,
      friendly: `Take a short break; ${c.o} ${c.is} checked`,
      coachy: `Celebrate: ${c.o}, checked and done`,
    }),
  },
  {
    name: "find",
    verbs: ["find", "look for", "search", "locate"],
    lines: [
      [1, (c) => w(`Think where you last had ${c.o}`, `Think where you last saw or used ${c.o}`)],
      [
        1,
        (c) => w(`Check the likeliest place for ${c.o} first`, `Check the likeliest place for ${c.o} first, properly`),
      ],
      [2, (c) => w(`Search one room at a time for ${c.o}`, `Search one room at a time for ${c.o}, drawers included`)],
      [3, (c) => w(`Ask someone at home about ${c.o}`, `Ask someone at home if they have seen ${c.o}`)],
      [2, (c) => w(`Give ${c.o} one fixed home`, `Give ${c.o} one fixed home once ${c.they} ${agree(c, "turn")} up`)],
      [
        3,
        (c) =>
          w(`Note where ${c.o} now ${agree(c, "live")}`, `Note where ${c.o} now ${agree(c, "live")} in your phone`),
      ],
    ],
    wrap: (c) => ({
      silent: `Put ${c.o} in ${c.it === "it" ? "its" : "their"} place`,
      friendly: `Put ${c.o} in ${c.it === "it" ? "its" : "their"} place and breathe out`,
      coachy: `Celebrate: ${c.o} found`,
    }),
  },
];

const general: Kind = {
  name: "general",
  verbs: [],
  lines: [
    [3, (c) => w(`Set a timer for ${c.min} minutes`, `Set a timer for ${c.min} minutes and clear your desk`)],
    [1, (c) => w(`Write what done looks like for ${c.o}`, `Write in one line what done looks like for ${c.o}`)],
    [2, (c) => w(`Gather what you need for ${c.o}`, `Gather everything you need for ${c.o} in one place`)],
    [
      1,
      (c) => w(`Spend ten minutes on the first part of ${c.o}`, `Spend ten minutes on the first small part of ${c.o}`),
    ],
    [
      2,
      (c) => w(`Keep going on the next part of ${c.o}`, `Keep going on the next part of ${c.o} until the timer ends`),
    ],
    [3, (c) => w(`Check ${c.o} against what done means`, `Check ${c.o} against what you said done means`)],
  ],
  wrap: (c) => ({
    silent: `Mark ${c.o} done`,
    friendly: `Tick off ${c.o} and take a short break`,
    coachy: `Celebrate finishing ${c.o}`,
  }),
};

/** Verbs that say little on their own: the object decides the kind ("make lasagne", "do the laundry"). */
const GENERAL_VERBS = new Set([
  "do",
  "get",
  "make",
  "go",
  "take",
  "have",
  "start",
  "finish",
  "set",
  "put",
  "pick up",
  "sort",
  "sort out",
  "prepare",
  "prep",
  "change",
  "arrange",
  "organise",
  "organize",
  "set up",
  "walk",
  "check",
  "update",
  "install",
  "cancel",
  "book",
  "wash",
  "iron",
  "try",
  "swap",
]);

function kindFor(parts: TaskParts, category: string): Kind {
  const words = `${parts.words.join(" ")} ${parts.purpose ?? ""}`.toLowerCase();
  const byVerb = kinds.find((k) => k.verbs.includes(parts.verb));
  const byHead = kinds.find((k) => k.nouns?.test(parts.head));
  const byWords = kinds.find((k) => k.nouns?.test(words));
  // "fix my laptop" is a computer task, "fix the fence" a repair.
  const tech = kinds.find((k) => k.name === "tech");
  if (["fix", "repair", "sort", "sort out", "check"].includes(parts.verb) && tech?.nouns?.test(parts.head)) return tech;
  if (GENERAL_VERBS.has(parts.verb)) return byHead ?? byWords ?? byVerb ?? general;
  if (parts.verb === "") {
    return byHead ?? byWords ?? kinds.find((k) => k.nouns?.test(category.toLowerCase())) ?? general;
  }
  return byVerb ?? byHead ?? byWords ?? general;
}

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Cuts at a word boundary so a long title still fits a step on one line. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  // One character is kept for the ellipsis.
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const kept = (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, "");
  return `${kept}…`;
}

/** How a step refers to the object: as typed when short, else its head noun. */
function referenceTo(parts: TaskParts): string {
  const the = parts.the.trim();
  if (the === "") return "it";
  if (the.length <= 34) return the;
  // "the minutes of the long committee meeting about…" → "the minutes"
  const head = the.split(/\s+(?:of|for|from|with|about)\s+/)[0] ?? the;
  return head.length <= 34 ? head : shorten(head, 34);
}

/** 3–7 concrete steps for any task title; deterministic. */
/** Recent titles' parts: the same task is broken down again at each tone and help level. */
const parsed = new Map<string, TaskParts>();
function partsOf(title: string): TaskParts {
  let parts = parsed.get(title);
  if (!parts) {
    parts = parseTask(title, ACTION_VERBS);
    if (parsed.size >= 500) parsed.delete(parsed.keys().next().value as string);
    parsed.set(title, parts);
  }
  return parts;
}

export function breakdownOffline(task: TaskToBreak, prefs: Prefs): string[] {
  const parts = partsOf(task.title);
  const kind = kindFor(parts, task.category ?? "");
  const minutes = Math.min(Math.max(Math.round(task.timeEstimate ?? 15), 5), 120);
  const o = referenceTo(parts);
  const ctx: Ctx = {
    ...parts,
    o,
    who: parts.person ?? undefined,
    it: parts.plural ? "them" : "it",
    they: parts.plural ? "they" : "it",
    is: parts.plural ? "are" : "is",
    min: minutes,
  };
  const maxPriority = { minimal: 1, moderate: 2, proactive: 3 }[prefs.helpLevel];
  const full = prefs.tone !== "silent" && prefs.helpLevel !== "minimal";
  const said = plain(cleanTitle(task.title));
  const chosen: string[] = [];
  for (const [priority, line] of kind.lines) {
    if (priority > maxPriority) continue;
    const wording = line(ctx);
    if (!wording) continue;
    const [terse, detailed] = wording;
    // A coach gets the first move going at once: short wording, a short time box.
    const coachFirst = prefs.tone === "coachy" && chosen.length === 0 && `${terse} in the next five minutes`;
    // A step that only repeats the task tells the person nothing new.
    const useDetail = (full && detailed.length <= MAX_STEP_CHARS) || plain(terse) === said;
    const step = coachFirst && coachFirst.length <= MAX_STEP_CHARS ? coachFirst : useDetail ? detailed : terse;
    if (plain(step) !== said) chosen.push(step);
  }
  const count = STEP_COUNT[prefs.helpLevel];
  const body = chosen.slice(0, count - 1);
  // Too few (a duplicate dropped): borrow from the general steps, which still name the task.
  for (const [, line] of general.lines) {
    if (body.length >= count - 1) break;
    const wording = line(ctx);
    if (wording && !body.includes(wording[0])) body.push(wording[0]);
  }
  const wrap = kind.wrap(ctx);
  body.push(wrap[prefs.tone].length <= MAX_STEP_CHARS ? wrap[prefs.tone] : wrap.silent);
  return finishSteps(body, count);
}

/** The title without fillers, and what it acts on ("Clean the kitchen" → "the kitchen"). */
export function splitTitle(title: string): { action: string; object: string } {
  let action = title
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "");
  for (let i = 0; i < 3 && LEAD_IN.test(action); i++) action = action.replace(LEAD_IN, "");
  const words = action.split(" ");
  const first = words[0]?.toLowerCase() ?? "";
  const object = ACTION_VERBS.has(first) ? words.slice(1).join(" ") : action;
  const cleaned = object
    .replace(/^(?:out|up|off|to|for|with|on|about|at|in)\s+/i, "")
    .replace(/\bmy\b/gi, "your")
    .replace(/\bmyself\b/gi, "yourself")
    .replace(/\b(?:me|i)\b/gi, "you")
    .trim();
  return { action, object: cleaned };
}

/** Trims, caps length, drops duplicates and keeps 3 to `max` items. */
export function finishSteps(items: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const step = cap(shorten(raw.trim().replace(/\s+/g, " "), MAX_STEP_CHARS));
    const key = step.toLowerCase();
    if (step === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(step);
    if (out.length >= max) break;
  }
  return out;
}
