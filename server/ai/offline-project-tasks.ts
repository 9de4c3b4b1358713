/**
 * Offline project task suggestions for the create-project dialog: actions the user already named
 * in the description come first, then the typical tasks of that kind of project.
 */
import { ACTION_VERBS, finishSteps, splitTitle } from "./offline-breakdown.ts";
import { type Prefs, STEP_COUNT } from "./types.ts";

type ProjectKind = { match: RegExp; tasks: readonly string[] };

const projectKinds: readonly ProjectKind[] = [
  {
    match: /\b(?:move|moving|relocat\w*|new (?:flat|house|apartment|home))\b/,
    tasks: [
      "Pick the moving date",
      "Book movers or a van",
      "Declutter one room at a time",
      "Collect boxes and tape",
      "Pack the rooms you use least first",
      "Update your address with banks and services",
      "Set up internet and utilities at the new place",
    ],
  },
  {
    match: /\b(?:trip|travel|holiday|vacation|journey|visit|wedding abroad)\b/,
    tasks: [
      "Set the dates and the budget",
      "Book travel and accommodation",
      "Check passports and any visas",
      "Plan a rough day-by-day outline",
      "Arrange pet, plant or home care",
      "Write a packing list",
      "Download tickets and bookings offline",
    ],
  },
  {
    match: /\b(?:website|site|app|software|portfolio|blog|landing page|online shop|store)\b/,
    tasks: [
      "Write five bullets on what {title} must do",
      "Sketch the main pages or screens",
      "Pick the tools or platform",
      "Build the first page or screen",
      "Write the content for each page",
      "Test it on phone and desktop",
      "Publish it and share the link",
    ],
  },
  {
    match: /\b(?:party|birthday|wedding|event|celebration|dinner party|reunion|baby shower)\b/,
    tasks: [
      "Set the date and the budget",
      "Write the guest list",
      "Book or confirm the venue",
      "Send the invitations",
      "Plan food and drinks",
      "Buy decorations and supplies",
      "Make a timeline for the day itself",
    ],
  },
  {
    match: /\b(?:learn|course|study|exam|class|certificat\w*|language|degree|skill)\b/,
    tasks: [
      "Define what you want to be able to do",
      "Choose one course, book or resource",
      "Block three study slots a week in your calendar",
      "Finish the first lesson",
      "Make flashcards or notes for each session",
      "Practise with a small real exercise",
      "Review progress every Sunday",
    ],
  },
  {
    match: /\b(?:fitness|gym|run|running|marathon|5k|10k|weight|health|workout|yoga|sleep|diet)\b/,
    tasks: [
      "Write down the goal and a date",
      "Pick three fixed workout slots a week",
      "Get the gear you need",
      "Do the first easy session",
      "Track each session in one place",
      "Increase the effort a little each week",
      "Plan a rest day after hard sessions",
    ],
  },
  {
    match: /\b(?:budget|finance|finances|money|savings|debt|tax(?:es)?|invest\w*|bills|pension)\b/,
    tasks: [
      "Gather the last three months of statements",
      "List fixed monthly costs",
      "Set a monthly savings target",
      "Cancel subscriptions you do not use",
      "Set up automatic transfers",
      "Create one folder for all paperwork",
      "Review the numbers at the end of the month",
    ],
  },
  {
    match: /\b(?:book|novel|thesis|article|essay|paper|report|newsletter|podcast|writing)\b/,
    tasks: [
      "Write the core idea in one paragraph",
      "Outline the sections or chapters",
      "Set a daily writing time of 25 minutes",
      "Write the first rough draft",
      "Ask one person for feedback",
      "Revise based on the feedback",
      "Publish or submit the final version",
    ],
  },
  {
    match: /\b(?:job|career|cv|resume|interview|application|hiring)\b/,
    tasks: [
      "Update your CV",
      "List ten places you would like to work",
      "Write a cover letter template",
      "Apply to two roles this week",
      "Ask a friend for a practice interview",
      "Track each application in one list",
      "Follow up on applications after a week",
    ],
  },
  {
    match: /\b(?:renovat\w*|kitchen|bathroom|garden|garage|room|paint|redecorat\w*|diy|house|home|declutter)\b/,
    tasks: [
      "Measure the space and take photos",
      "Decide the budget",
      "Collect ideas and pick one style",
      "Get two or three quotes or a materials list",
      "Order the materials",
      "Schedule the work days",
      "Clear the space before work starts",
    ],
  },
];

const genericTasks = [
  "Write what done looks like for {title}",
  "List every task you can think of",
  "Pick the first small task and do it",
  "Set a deadline for each milestone",
  "Block time in your calendar each week",
  "Gather the tools, files or people you need",
  "Review progress at the end of each week",
];

/** Clauses of a description that are already actions ("buy paint, hire a painter"). */
function actionsIn(description: string): string[] {
  return description
    .split(/[\n.;,]|\band then\b|\band\b|\bthen\b/i)
    .map((part) => part.trim().replace(/^[-*•\d.)\s]+/, ""))
    .map((part) => splitTitle(part).action)
    .filter((part) => part.length >= 4 && ACTION_VERBS.has(part.split(" ")[0]?.toLowerCase() ?? ""));
}

export function projectTasksOffline(input: { title: string; description?: string | null }, prefs: Prefs): string[] {
  const title = input.title.trim();
  const description = input.description?.trim() ?? "";
  const haystack = `${title} ${description}`.toLowerCase();
  const kind =
    projectKinds.find((k) => k.match.test(title.toLowerCase())) ?? projectKinds.find((k) => k.match.test(haystack));
  const subject = splitTitle(title).object || title;
  const shortTitle = subject.length > 40 ? `${subject.slice(0, 40).replace(/\s+\S*$/, "")}…` : subject;
  const templates = (kind?.tasks ?? genericTasks).map((t) => t.replaceAll("{title}", shortTitle));
  const own = actionsIn(description);
  const terse = prefs.tone === "silent";
  const items = [...own, ...templates].map((t) => (terse ? t.replace(/\s+(?:in|at|for|with) your .*$/i, "") : t));
  return finishSteps(items, STEP_COUNT[prefs.helpLevel]);
}
