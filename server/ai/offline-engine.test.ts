/** The built-in assistant: what a user without any provider gets. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { suggestionContext } from "../../shared/ai-schemas.ts";
import { ASSISTANT_TONES, HELP_LEVELS, THOUGHT_TYPES } from "../../shared/constants.ts";
import { labelledThoughts } from "./fixtures/labelled-thoughts.ts";
import { breakdownOffline } from "./offline-breakdown.ts";
import { categorizeOffline } from "./offline-categorize.ts";
import { projectTasksOffline } from "./offline-project-tasks.ts";
import { suggestionsOffline } from "./offline-suggestions.ts";
import type { Prefs } from "./types.ts";

const moderate: Prefs = { tone: "friendly", helpLevel: "moderate" };

describe("categorise", () => {
  // These thoughts are part of the model's training data: this checks it learnt them, not how it
  // does on new ones (eval/held-out.test.ts and the cross-validation in categorizer.test.ts).
  it("labels at least 97% of 150+ realistic thoughts right, and every type at least 95%", () => {
    expect(labelledThoughts.length).toBeGreaterThanOrEqual(150);
    const wrong: string[] = [];
    const perType = new Map<string, { right: number; total: number }>();
    for (const [text, expected] of labelledThoughts) {
      const got = categorizeOffline(text);
      const tally = perType.get(expected) ?? { right: 0, total: 0 };
      tally.total++;
      if (got === expected) tally.right++;
      else wrong.push(`${expected} → ${got}: ${text}`);
      perType.set(expected, tally);
    }
    const accuracy = 1 - wrong.length / labelledThoughts.length;
    expect(accuracy, wrong.join("\n")).toBeGreaterThanOrEqual(0.97);
    for (const type of THOUGHT_TYPES) {
      const tally = perType.get(type);
      expect(tally?.total ?? 0, type).toBeGreaterThanOrEqual(25);
      expect((tally?.right ?? 0) / (tally?.total ?? 1), type).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("answers Note for blank or shapeless text, and reads a what-if as an idea", () => {
    expect(categorizeOffline("   ")).toBe("Note");
    expect(categorizeOffline("blue")).toBe("Note");
    expect(categorizeOffline("What if we moved the standup?")).toBe("Idea");
  });
});

// Task titles of every kind, typed the way people type them.
const titles = [
  "Clean the kitchen",
  "Tidy my bedroom",
  "Vacuum the living room",
  "Declutter the garage",
  "Do the laundry",
  "Change the bedsheets",
  "Write the quarterly report",
  "Draft blog post about habits",
  "Update my CV",
  "Write thank-you cards",
  "Email Sarah the slides",
  "Reply to Tom about the weekend",
  "Unsubscribe from newsletters",
  "Call the dentist",
  "Phone mum",
  "Ring the landlord about the heating",
  "Book a haircut",
  "Schedule vet appointment for Luna",
  "Reschedule doctor's appointment",
  "Pay the electricity bill",
  "Send invoice to the client",
  "Do my taxes",
  "Set up a monthly budget",
  "Buy milk and eggs",
  "Order new printer ink",
  "Buy a birthday present for dad",
  "Return the library books",
  "Pick up dry cleaning",
  "Renew my passport",
  "Drop off the parcel at the post office",
  "Study for the biology exam",
  "Revise chapter 4",
  "Finish the statistics homework",
  "Practise Spanish for 20 minutes",
  "Fill in the school permission slip",
  "Submit expense report",
  "Sign the lease renewal",
  "Apply for the parking permit",
  "Go for a run",
  "Do a 20 minute yoga session",
  "Go to the gym",
  "Cook dinner",
  "Meal prep for the week",
  "Bake bread",
  "Fix the leaking tap",
  "Assemble the new bookshelf",
  "Replace the hallway bulb",
  "Prepare slides for Monday's meeting",
  "Prep the team demo",
  "Review Ana's pull request",
  "Fix the login bug",
  "Pack for the trip",
  "Water the plants",
  "Mow the lawn",
  "todo: sort the photos from the holiday",
  "I need to organise the desk drawer",
  "Think about the future of the team offsite and everything related to it in great detail please",
  "Frobnicate the widgets",
  "Misc",
];

// An independent list of verbs a step may start with: the test does not trust the engine's own.
const STEP_VERBS = new Set(
  (
    "add admire agree apply archive arrange ask attach bake bin block book box bring build buy cancel " +
    "celebrate change check choose clean clear close collect cook cool create decide declutter define do " +
    "double-check download drink drop dry empty enjoy file fill find finish fit fix fold follow gather get give go " +
    "grab hang have head increase keep label lay let list log look make mark measure move note open order " +
    "outline pack pay pick plan practise prep publish push put read recycle rehearse remove reproduce " +
    "record reread rest review revise rinse run save schedule search send serve set share sit skim sketch sort spend " +
    "start step study submit swap sweep switch take test think throw tick tidy track update vacuum warm wash " +
    "wipe work wrap write"
  ).split(" "),
);

describe("break down", () => {
  it("gives 3–7 unique, verb-first steps of at most 80 characters for 50+ titles at every level and tone", () => {
    expect(titles.length).toBeGreaterThanOrEqual(50);
    for (const title of titles) {
      for (const helpLevel of HELP_LEVELS) {
        for (const tone of ASSISTANT_TONES) {
          const steps = breakdownOffline({ title, timeEstimate: 30 }, { tone, helpLevel });
          const where = `${title} (${tone}, ${helpLevel}): ${JSON.stringify(steps)}`;
          expect(steps.length, where).toBeGreaterThanOrEqual(3);
          expect(steps.length, where).toBeLessThanOrEqual(7);
          expect(new Set(steps.map((s) => s.toLowerCase())).size, where).toBe(steps.length);
          for (const step of steps) {
            expect(step.length, where).toBeLessThanOrEqual(80);
            expect(step.trim(), where).toBe(step);
            const verb = step.split(/\s/)[0]?.toLowerCase().replace(/[,:]$/, "") ?? "";
            expect(STEP_VERBS.has(verb), `"${verb}" in ${where}`).toBe(true);
          }
        }
      }
    }
  });

  it("keeps the rules for any title at all, however odd or long", () => {
    const word = fc.oneof(
      fc.constantFrom("clean", "call", "the", "my", "report", "for", "a", "I", "need", "to", "🧹", "x"),
      fc.string({ minLength: 1, maxLength: 30 }),
    );
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 40 }).map((ws) => ws.join(" ")),
        fc.constantFrom(...HELP_LEVELS),
        fc.constantFrom(...ASSISTANT_TONES),
        fc.option(fc.integer({ min: -10, max: 1000 })),
        (title, helpLevel, tone, timeEstimate) => {
          const steps = breakdownOffline({ title, timeEstimate }, { tone, helpLevel });
          expect(steps.length).toBeGreaterThanOrEqual(3);
          expect(steps.length).toBeLessThanOrEqual(7);
          expect(new Set(steps.map((x) => x.toLowerCase())).size).toBe(steps.length);
          for (const step of steps) {
            expect(step.length).toBeLessThanOrEqual(80);
            expect(step.trim()).not.toBe("");
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("fits the kind of task and names what it acts on", () => {
    const kitchen = breakdownOffline({ title: "Clean the kitchen" }, moderate).join(" | ");
    expect(kitchen).toContain("the kitchen");
    expect(kitchen).toMatch(/wipe|surfaces/i);
    const call = breakdownOffline({ title: "Call the dentist" }, moderate).join(" | ");
    expect(call).toMatch(/number for the dentist/i);
    expect(call).toMatch(/make the call/i);
    const bill = breakdownOffline({ title: "Pay the electricity bill" }, moderate).join(" | ");
    expect(bill).toMatch(/find the bill/i);
    expect(bill).toMatch(/pay the electricity bill and save the confirmation/i);
    const study = breakdownOffline({ title: "Study for the biology exam" }, moderate).join(" | ");
    expect(study).toContain("the biology exam");
    const email = breakdownOffline({ title: "Email Sarah the slides" }, moderate).join(" | ");
    expect(email).toMatch(/send the slides to Sarah/i);
    const run = breakdownOffline({ title: "Go for a run", timeEstimate: 25 }, moderate).join(" | ");
    expect(run).toMatch(/25 minutes/);
    expect(kitchen).not.toEqual(call);
  });

  it("gives more and more detailed steps as help grows; silent is terse", () => {
    const task = { title: "Write the quarterly report" };
    const minimal = breakdownOffline(task, { tone: "friendly", helpLevel: "minimal" });
    const moderateSteps = breakdownOffline(task, { tone: "friendly", helpLevel: "moderate" });
    const proactive = breakdownOffline(task, { tone: "friendly", helpLevel: "proactive" });
    expect(minimal.length).toBeLessThan(moderateSteps.length);
    expect(moderateSteps.length).toBeLessThan(proactive.length);
    const avg = (xs: string[]) => xs.reduce((n, s) => n + s.length, 0) / xs.length;
    const silent = breakdownOffline(task, { tone: "silent", helpLevel: "proactive" });
    expect(avg(silent)).toBeLessThan(avg(proactive));
    const coachy = breakdownOffline(task, { tone: "coachy", helpLevel: "moderate" });
    expect(coachy.at(-1)).not.toEqual(moderateSteps.at(-1));
  });
});

const base = {
  currentTime: "09:30",
  currentDate: "2026-03-02",
  mood: "Neutral",
  incompleteTasks: [
    { title: "Write the quarterly report", category: "Work", timeEstimate: 90, dueTime: null, isApproaching: false },
    { title: "Call the dentist", category: "Health", timeEstimate: 10, dueTime: null, isApproaching: false },
  ],
  todayEvents: [
    {
      title: "Design review with Priya",
      location: "Room 4",
      startTime: "10:00",
      duration: 45,
      category: "Work",
      isApproaching: true,
      hasPassed: false,
      isHappeningNow: false,
      currentTime: "09:30",
    },
    {
      title: "Evening swim",
      location: null,
      startTime: "19:00",
      duration: 60,
      category: "Health",
      isApproaching: false,
      hasPassed: false,
      isHappeningNow: false,
      currentTime: "09:30",
    },
  ],
  incompleteQuickWins: ["Reply to Ana", "Refill the water bottle"],
  recentThoughts: [{ content: "Buy oat milk", type: "Task" }],
  activeProjects: [{ title: "Kitchen renovation", progress: 40, deadline: "2026-04-01" }],
};
const suggest = (ctx: unknown, prefs: Prefs = moderate) => suggestionsOffline(suggestionContext.parse(ctx), prefs);

describe("suggestions", () => {
  it("mentions the event starting in 30 minutes by its title, first, and not the evening one", () => {
    const list = suggest(base);
    expect(list[0]).toContain("Design review with Priya");
    expect(list[0]).toContain("30 min");
    expect(list.join(" ")).not.toContain("Evening swim");
  });

  it("names a task whose due time has passed, and the quick task", () => {
    const list = suggest({
      ...base,
      incompleteTasks: [{ ...base.incompleteTasks[0], dueTime: "09:00" }, base.incompleteTasks[1]],
    });
    const text = list.join(" | ");
    expect(text).toMatch(/"Write the quarterly report".*9:00 AM/);
    expect(text).toContain("Call the dentist");
  });

  it("never calls a task overdue, late or missed, in any tone or mood", () => {
    for (const tone of ["silent", "friendly", "coachy"] as const) {
      for (const mood of ["Neutral", "Tired"]) {
        const text = suggest(
          { ...base, mood, incompleteTasks: [{ ...base.incompleteTasks[0], dueTime: "08:00" }] },
          { tone, helpLevel: "proactive" },
        ).join(" | ");
        expect(text, `${tone}, ${mood}`).toContain("Write the quarterly report");
        expect(text, `${tone}, ${mood}`).not.toMatch(/overdue|\blate\b|missed|behind/i);
      }
    }
  });

  it("writes times and dates the way the app shows them", () => {
    const text = suggest(
      { ...base, incompleteTasks: [{ ...base.incompleteTasks[0], dueTime: "09:00" }] },
      { tone: "friendly", helpLevel: "proactive" },
    ).join(" | ");
    expect(text).toContain("due 9:00 AM");
    expect(text).toContain("Apr 1, 2026");
    expect(text).not.toMatch(/\b\d{4}-\d\d-\d\d\b|\b09:00\b/);
  });

  it("after a Tired mood gives short items that lean on quick wins and small steps", () => {
    const tired = suggest({ ...base, mood: "Tired" }, { tone: "friendly", helpLevel: "proactive" });
    const neutral = suggest(base, { tone: "friendly", helpLevel: "proactive" });
    for (const item of tired) expect(item.length, item).toBeLessThanOrEqual(60);
    const avg = (xs: string[]) => xs.reduce((n, s) => n + s.length, 0) / xs.length;
    expect(avg(tired)).toBeLessThan(avg(neutral));
    expect(tired.join(" ")).toMatch(/quick win/i);
    expect(tired.join(" ")).toMatch(/rest|break/i);
    // The mood arrives in whatever form the client keeps it.
    expect(suggest({ ...base, mood: "😴 tired" }, { tone: "friendly", helpLevel: "proactive" })).toEqual(tired);
  });

  it("gives 3–5 items; proactive more than minimal; silent terser than coachy", () => {
    const minimal = suggest(base, { tone: "friendly", helpLevel: "minimal" });
    const proactive = suggest(base, { tone: "friendly", helpLevel: "proactive" });
    expect(minimal.length).toBeGreaterThanOrEqual(3);
    expect(proactive.length).toBeLessThanOrEqual(5);
    expect(proactive.length).toBeGreaterThan(minimal.length);
    const avg = (xs: string[]) => xs.reduce((n, s) => n + s.length, 0) / xs.length;
    const silent = suggest(base, { tone: "silent", helpLevel: "proactive" });
    const coachy = suggest(base, { tone: "coachy", helpLevel: "proactive" });
    expect(avg(silent)).toBeLessThan(avg(coachy) * 0.7);
    for (const item of silent) expect(item.length, item).toBeLessThanOrEqual(45);
  });

  it("gives 3–5 unique items for any context", () => {
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const title = fc.string({ maxLength: 120 });
    fc.assert(
      fc.property(
        fc.record({
          currentTime: fc.option(hhmm),
          mood: fc.option(fc.constantFrom("Happy", "Neutral", "Sad", "Frustrated", "Tired", "tired 😴", "???")),
          incompleteTasks: fc.array(
            fc.record({ title, timeEstimate: fc.option(fc.integer({ min: 1, max: 200 })), dueTime: fc.option(hhmm) }),
            { maxLength: 6 },
          ),
          todayEvents: fc.array(
            fc.record({ title, startTime: hhmm, duration: fc.integer({ min: 1, max: 1440 }), hasPassed: fc.boolean() }),
            { maxLength: 6 },
          ),
          incompleteQuickWins: fc.array(title, { maxLength: 4 }),
          activeProjects: fc.array(fc.record({ title, progress: fc.integer({ min: 0, max: 100 }) }), { maxLength: 3 }),
        }),
        fc.constantFrom(...HELP_LEVELS),
        fc.constantFrom(...ASSISTANT_TONES),
        (ctx, helpLevel, tone) => {
          const list = suggest(ctx, { tone, helpLevel });
          expect(list.length).toBeGreaterThanOrEqual(3);
          expect(list.length).toBeLessThanOrEqual(5);
          expect(new Set(list).size).toBe(list.length);
          for (const item of list) expect(item.trim()).not.toBe("");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("still gives useful items for an empty day", () => {
    const list = suggest({});
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(new Set(list).size).toBe(list.length);
  });
});

describe("project tasks", () => {
  it("puts the actions named in the description first, then tasks fitting the project", () => {
    const tasks = projectTasksOffline(
      { title: "Repaint the hallway", description: "Pick colours, buy paint and hire a painter" },
      moderate,
    );
    expect(tasks.slice(0, 2)).toEqual(["Pick colours", "Buy paint"]);
    expect(tasks.length).toBe(5);
    const trip = projectTasksOffline({ title: "Summer trip to Portugal" }, moderate).join(" | ");
    expect(trip).toMatch(/accommodation|passport/i);
    const site = projectTasksOffline({ title: "Launch my portfolio website" }, moderate).join(" | ");
    expect(site).toMatch(/pages|publish/i);
    expect(site).not.toEqual(trip);
  });

  it("follows the help level and keeps every task short and unique", () => {
    for (const helpLevel of HELP_LEVELS) {
      const tasks = projectTasksOffline(
        { title: "Plan Zoe's birthday party", description: null },
        { tone: "friendly", helpLevel },
      );
      expect(tasks.length).toBe({ minimal: 3, moderate: 5, proactive: 7 }[helpLevel]);
      expect(new Set(tasks).size).toBe(tasks.length);
      for (const t of tasks) {
        expect(t.length).toBeLessThanOrEqual(80);
        expect(STEP_VERBS.has(t.split(" ")[0]?.toLowerCase() ?? ""), t).toBe(true);
      }
    }
  });
});
