/**
 * Offline task breakdown: recognises what kind of task a title is and fills that kind's steps
 * with the task's own object ("Clean the kitchen" → "Clear the counters of the kitchen"). Every
 * step starts with a verb and fits on one line; the help level decides how many steps, the tone
 * how they are worded and how the list closes.
 */
import { MAX_STEP_CHARS, type Prefs, STEP_COUNT, type TaskToBreak, type Tone } from "./types.ts";

/** [priority, terse wording, detailed wording]: priority 1 always, 2 from moderate, 3 when proactive. */
type Step = readonly [1 | 2 | 3, string, string?];
type Kind = { name: string; match: RegExp; steps: readonly Step[] };

/** Fillers before the action in how people type tasks ("I need to call…", "todo: call…"). */
const LEAD_IN =
  /^(?:(?:todo|to-do|to do|task)\s*:\s*|(?:i\s+)?(?:really\s+)?(?:need|have|want|got|ought)\s+to\s+|(?:i\s+)?(?:must|should|gotta)\s+|please\s+|(?:don'?t forget|remember)\s+to\s+)/i;

export const ACTION_VERBS = new Set(
  (
    "add apply arrange ask assemble back bake book bring buy call cancel change check choose clean clear collect " +
    "complete confirm contact cook declutter deep-clean delete deliver deploy do donate draft drop dust " +
    "edit email empty file fill find finish fix follow get go hang hire hoover install invite iron learn mail " +
    "make mop move mow order organise organize pack paint pay phone pick plan post practice practise " +
    "prep prepare print read rebook register renew repair replace reply research reschedule respond " +
    "return review revise ring run schedule send set shop sign sort start study submit sweep take text " +
    "tidy train transfer unsubscribe update upload vacuum visit walk wash water wipe work write"
  ).split(" "),
);

const kinds: readonly Kind[] = [
  {
    name: "email",
    match: /\b(?:e-?mails?|inbox|reply|respond|message|newsletters?|unsubscribe)\b/,
    steps: [
      [2, "Open the message thread", "Open the thread and reread the last message only"],
      [1, "Write the main point in one sentence", "Write the one sentence you need them to know first"],
      [3, "Add any details or attachments", "Add the details or attachments they need, nothing more"],
      [2, "Read it once out loud", "Read it once out loud to catch tone and typos"],
      [1, "Send it", "Send it — good enough beats perfect here"],
      [3, "Archive the thread", "Archive the thread so it leaves your inbox"],
    ],
  },
  {
    name: "calling",
    match: /\b(?:call|phone|ring|calls?)\b/,
    steps: [
      [1, "Find the number for {obj}", "Find the number for {obj} and keep it on screen"],
      [2, "Write down what you want to ask", "Write down the one or two things you want to ask"],
      [3, "Get a pen and your calendar ready", "Get a pen and your calendar ready for dates"],
      [1, "Make the call", "Make the call now, before the thought of it grows"],
      [2, "Note what was agreed", "Note what was agreed and any follow-up date"],
      [3, "Add any follow-up to your tasks", "Add any follow-up to your tasks so it is out of your head"],
    ],
  },
  {
    name: "appointments",
    match: /\b(?:appointments?|book|schedule|reschedule|dentist|doctor|vet|haircut|gp|checkup|check-up)\b/,
    steps: [
      [2, "Check your calendar for free slots", "Check your calendar and pick two free slots that work"],
      [1, "Find the booking page or number", "Find the booking page or phone number for {obj}"],
      [1, "Book the slot", "Book the first slot that fits, even if it is not perfect"],
      [3, "Add it to your calendar", "Add it to your calendar with a reminder the day before"],
      [2, "Note what to bring", "Note what to bring: card, documents, questions"],
      [3, "Set a reminder to leave on time", "Set a reminder for when you need to leave"],
    ],
  },
  {
    name: "bills",
    match: /\b(?:pay|bills?|invoices?|rent|tax(?:es)?|bank|budget|expenses?|savings|refund|insurance premium)\b/,
    steps: [
      [1, "Find the bill or invoice for {obj}", "Find the bill or invoice for {obj} and open it"],
      [2, "Check the amount and due date", "Check the amount and due date against what you expected"],
      [3, "Log in to your bank", "Log in to your bank or payment app"],
      [1, "Make the payment or transfer", "Make the payment or transfer and save the confirmation"],
      [2, "File the receipt", "File the receipt in one folder you can find again"],
      [3, "Set up autopay if it repeats", "Set up autopay or a reminder if this comes back every month"],
    ],
  },
  {
    name: "writing",
    match:
      /\b(?:write|draft|essay|report|article|blog|proposal|chapter|cv|resume|résumé|cover letter|thesis|paper|post|story|cards?|letter|notes)\b/,
    steps: [
      [2, "Open a blank document for {obj}", "Open a blank document for {obj} and give it a title"],
      [1, "List three points you want to make", "List the three main points you want to make, as bullets"],
      [3, "Gather your notes and sources", "Gather the notes and sources you need in one place"],
      [1, "Write a rough first draft", "Write a rough first draft without editing as you go"],
      [2, "Reread and fix the obvious issues", "Reread once and fix only the obvious issues"],
      [3, "Share or submit it", "Share or submit it, then close the document"],
    ],
  },
  {
    name: "presentation",
    match: /\b(?:presentation|slides|deck|talk|pitch|meeting|demo|agenda)\b/,
    steps: [
      [1, "Write the goal of {obj} in one line", "Write down in one line what {obj} should achieve"],
      [2, "Outline the main points", "Outline three to five main points, one per slide or section"],
      [1, "Build a rough version", "Build a rough version with headings before any polish"],
      [3, "Add one example or visual per point", "Add one example or visual for each point"],
      [2, "Rehearse it once out loud", "Rehearse it once out loud with a timer running"],
      [3, "Send the material to whoever needs it", "Send the material to whoever needs it beforehand"],
    ],
  },
  {
    name: "coding",
    match: /\b(?:code|bug|deploy|pull request|pr|debug|refactor|tests?|feature|release|merge|api|script)\b/,
    steps: [
      [1, "Read what {obj} has to achieve", "Read the ticket or notes for {obj} and what done means"],
      [2, "Reproduce or open the relevant code", "Reproduce the problem or open the relevant code"],
      [3, "Write down your plan in three lines", "Write down your plan in three lines before changing code"],
      [1, "Make the smallest change that works", "Make the smallest change that works and run the tests"],
      [2, "Review the diff once", "Review the diff once for leftovers and typos"],
      [3, "Push and ask for review", "Push it and ask for a review or merge it"],
    ],
  },
  {
    name: "laundry",
    match: /\b(?:laundry|bedsheets|sheets|ironing|iron|towels|clothes)\b/,
    steps: [
      [1, "Gather {obj} into one basket", "Gather {obj} into one basket or pile"],
      [2, "Sort lights from darks", "Sort lights from darks and check the pockets"],
      [1, "Start the machine", "Start the machine and set a timer for when it ends"],
      [3, "Hang or dry the load", "Hang or dry the load as soon as the timer goes"],
      [2, "Fold and put everything away", "Fold and put everything away straight from the dryer"],
      [3, "Put the empty basket back", "Put the empty basket back where it lives"],
    ],
  },
  {
    name: "cleaning",
    match:
      /\b(?:clean|tidy|vacuum|hoover|mop|dust|declutter|sweep|wipe|scrub|wash|dishes|fridge|bathroom|kitchen|garage|closet|wardrobe|drawer|desk|room|trash|recycling|organi[sz]e|sort)\b/,
    steps: [
      [3, "Set a timer for {min} minutes", "Set a timer for {min} minutes so there is a clear end"],
      [1, "Clear the trash from {obj}", "Clear everything that is trash from {obj} into one bag"],
      [2, "Put things back where they belong", "Put things back where they belong, one area at a time"],
      [1, "Wipe or clean the surfaces", "Wipe or clean the surfaces, starting top to bottom"],
      [2, "Vacuum or sweep the floor", "Vacuum or sweep the floor once everything is off it"],
      [3, "Take the trash and recycling out", "Take the trash and recycling out right away"],
    ],
  },
  {
    name: "cooking",
    match: /\b(?:cook|bake|meal|dinner|lunch|breakfast|recipe|soup|cake|bread|meal prep|defrost)\b/,
    steps: [
      [1, "Pick the recipe for {obj}", "Pick the recipe for {obj} and read it through once"],
      [2, "Check you have every ingredient", "Check you have every ingredient, list what is missing"],
      [3, "Clear and prepare your workspace", "Clear the counter and get the pans and tools out"],
      [2, "Prep the ingredients", "Prep the ingredients: wash, chop and measure first"],
      [1, "Cook it, following the steps", "Cook it, following the steps with a timer for each"],
      [3, "Wash up while it rests", "Wash up while it rests so the kitchen is done too"],
    ],
  },
  {
    name: "shopping",
    match: /\b(?:buy|shop|shopping|grocer(?:y|ies)|order|purchase|milk|eggs|ink|supplies|present|gift|groceries)\b/,
    steps: [
      [1, "Write a list for {obj}", "Write a short list for {obj} with quantities"],
      [2, "Check what you already have", "Check cupboards and drawers for what you already have"],
      [3, "Pick the shop or website", "Pick one shop or website so you do not compare forever"],
      [1, "Buy or order everything on the list", "Buy or order everything on the list, nothing more"],
      [2, "Put the things away", "Put the things away as soon as you are home"],
      [3, "Save the receipt", "Save the receipt in case something needs returning"],
    ],
  },
  {
    name: "errands",
    match:
      /\b(?:return|pick up|pickup|drop off|collect|post office|dry cleaning|library|passport|pharmacy|prescription|deliver|mail|parcel|package|renew)\b/,
    steps: [
      [1, "Gather what you need for {obj}", "Gather what you need for {obj} into one bag by the door"],
      [2, "Check opening hours", "Check opening hours and any booking you need"],
      [3, "Plan the route with other errands", "Plan the route so you can combine it with other errands"],
      [1, "Go and get it done", "Go and get it done in one trip"],
      [2, "Keep any receipt or reference", "Keep any receipt or reference number with you"],
      [3, "Note any follow-up date", "Note any follow-up or collection date in your calendar"],
    ],
  },
  {
    name: "studying",
    match:
      /\b(?:study|revise|revision|exam|homework|textbook|learn|course|lecture|practi[cs]e|flashcards|quiz|assignment|read)\b/,
    steps: [
      [3, "Clear your desk and silence your phone", "Clear your desk and put your phone in another room"],
      [1, "Pick one section of {obj}", "Pick one section of {obj} for this session"],
      [2, "Skim the headings first", "Skim the headings and summary to see the shape of it"],
      [1, "Study for 25 minutes with notes", "Study for 25 minutes, writing notes in your own words"],
      [2, "Test yourself with three questions", "Test yourself with three questions without looking"],
      [3, "Write where to continue next time", "Write down where to continue next time"],
    ],
  },
  {
    name: "admin",
    match:
      /\b(?:form|paperwork|fill in|fill out|application|apply|submit|register|sign|lease|permission slip|documents?|admin|file|visa|licen[cs]e|permit|claim|cv)\b/,
    steps: [
      [1, "Find the form or portal for {obj}", "Find the form or portal for {obj} and open it"],
      [2, "Gather the documents it asks for", "Gather the documents and numbers it asks for first"],
      [1, "Fill in the easy fields first", "Fill in the easy fields first, then the harder ones"],
      [3, "Double-check names, dates and numbers", "Double-check names, dates and numbers once"],
      [2, "Submit or send it", "Submit or send it and save the confirmation"],
      [3, "Add the reply date to your calendar", "Add the expected reply date to your calendar"],
    ],
  },
  {
    name: "fitness",
    match:
      /\b(?:workout|gym|run|running|jog|yoga|exercise|walk|stretch|swim|bike|cycling|training|pilates|steps|hike)\b/,
    steps: [
      [1, "Put on your workout clothes", "Put on your workout clothes — that counts as starting"],
      [2, "Fill a water bottle", "Fill a water bottle and grab headphones"],
      [3, "Warm up for five minutes", "Warm up for five minutes with easy movement"],
      [1, "Do {obj} for {min} minutes", "Do {obj} for {min} minutes at a pace you can keep"],
      [2, "Cool down and stretch", "Cool down and stretch for a few minutes"],
      [3, "Log how it felt", "Log how it felt so next time is easier to start"],
    ],
  },
  {
    name: "repair",
    match:
      /\b(?:fix|repair|assemble|install|hang|paint|replace|leak(?:ing)?|tap|shelf|shelves|bulb|furniture|battery|printer)\b/,
    steps: [
      [1, "Look at {obj} and name the problem", "Look at {obj} and write down exactly what is wrong"],
      [2, "Look up a short how-to", "Look up a short how-to or the manual"],
      [3, "Gather the tools and parts", "Gather the tools and parts before you start"],
      [1, "Do the fix step by step", "Do the fix step by step, testing as you go"],
      [2, "Test that it works", "Test that it works properly"],
      [3, "Put the tools away", "Put the tools away and clear up"],
    ],
  },
  {
    name: "packing",
    match: /\b(?:pack|packing|trip|travel|holiday|vacation|move|moving|suitcase|flight)\b/,
    steps: [
      [1, "Write a packing list for {obj}", "Write a packing list for {obj} by category"],
      [2, "Lay everything out in one place", "Lay everything out in one place before packing"],
      [1, "Pack the essentials first", "Pack the essentials first: documents, chargers, medicine"],
      [3, "Check the weather and plans", "Check the weather and plans for anything missing"],
      [2, "Pack the rest from the list", "Pack the rest, ticking off the list as you go"],
      [3, "Put the bag by the door", "Put the bag by the door with your keys on top"],
    ],
  },
  {
    name: "plants",
    match: /\b(?:water|plants?|garden|lawn|mow|weed|seeds|flowers)\b/,
    steps: [
      [1, "Get the tools for {obj} ready", "Get the watering can or tools for {obj} ready"],
      [2, "Check which ones need it most", "Check which plants or beds need attention most"],
      [1, "Do {obj} one area at a time", "Do {obj} one area at a time, front to back"],
      [3, "Remove dead leaves or weeds", "Remove dead leaves or weeds while you are there"],
      [2, "Put the tools away", "Put the tools away and wipe up any spills"],
      [3, "Note when to do it again", "Note when it needs doing again"],
    ],
  },
];

const generic: readonly Step[] = [
  [3, "Set a timer for {min} minutes", "Set a timer for {min} minutes and clear your desk"],
  [1, "Write what done looks like for {obj}", "Write in one line what done looks like for {obj}"],
  [2, "Gather what you need to start", "Gather everything you need to start in one place"],
  [1, "Do the first small part of {obj}", "Do the first small part of {obj} — just 10 minutes"],
  [2, "Keep going on the next part", "Keep going on the next part until the timer ends"],
  [3, "Check it against what done means", "Check the result against what done looks like"],
];

const closing: Record<Tone, string> = {
  silent: "Mark it done",
  friendly: "Tick it off and take a short break",
  coachy: "Celebrate the win, then pick your next move",
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Cuts at a word boundary so a long title still fits a step on one line. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  // One character is kept for the ellipsis.
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const kept = (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, "");
  return `${kept}…`;
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

export function kindOf(text: string): Kind | undefined {
  const lower = text.toLowerCase();
  const { action } = splitTitle(lower);
  const firstWord = action.split(" ")[0] ?? "";
  // The leading verb decides first ("Email the report" is an e-mail, "Write the report" is writing).
  return kinds.find((k) => k.match.test(firstWord)) ?? kinds.find((k) => k.match.test(lower));
}

/** 3–7 concrete steps for any task title; deterministic. */
export function breakdownOffline(task: TaskToBreak, prefs: Prefs): string[] {
  const kind = kindOf(`${task.title} ${task.category ?? ""}`.trim()) ?? kindOf(task.title);
  const steps = kind?.steps ?? generic;
  const { object } = splitTitle(task.title);
  const obj = shorten(object || "it", 40);
  const minutes = Math.min(Math.max(Math.round(task.timeEstimate ?? 15), 5), 120);
  const maxPriority = { minimal: 1, moderate: 2, proactive: 3 }[prefs.helpLevel];
  const detailed = prefs.helpLevel === "proactive" && prefs.tone !== "silent";
  const chosen = steps
    .filter(([priority]) => priority <= maxPriority)
    .map(([, terse, detail]) => (detailed && detail ? detail : terse))
    .map((s) => s.replaceAll("{obj}", obj).replaceAll("{min}", String(minutes)));
  chosen.push(closing[prefs.tone]);
  return finishSteps(chosen, STEP_COUNT[prefs.helpLevel]);
}

/** Trims, caps length, drops duplicates and keeps 3 to `max` items. */
export function finishSteps(items: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const step = capitalise(shorten(raw.trim().replace(/\s+/g, " "), MAX_STEP_CHARS));
    const key = step.toLowerCase();
    if (step === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(step);
    if (out.length >= max) break;
  }
  return out;
}
