/** The trained offline categoriser: its weights, what it is trained on, and how it generalises. */
import { beforeAll, describe, expect, it } from "vitest";
import { THOUGHT_TYPES } from "../../shared/constants.ts";
import { crossValidate, type Example, examples, trainFromTuningSets, trainingThoughts } from "./categorizer-train.ts";
import committed from "./categorizer-weights.json" with { type: "json" };
import { testThoughts } from "./eval/test-thoughts.ts";
import { categorizeOffline } from "./offline-categorize.ts";

const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

describe("the categoriser's model", () => {
  let tuning: Example[] = [];
  beforeAll(() => {
    tuning = examples(trainingThoughts());
  }, 60_000);

  it("is exactly what `npm run train:categorizer` makes from the committed tuning sets", () => {
    // Weights edited by hand, or tuning data changed without retraining, fail here.
    expect(trainFromTuningSets(tuning)).toEqual(committed);
  });

  it("is trained on 2,500+ thoughts, 310+ of each type, none of them from the held-out test set", () => {
    const data = trainingThoughts();
    expect(data.length).toBeGreaterThanOrEqual(2500);
    for (const type of THOUGHT_TYPES) {
      expect(data.filter(([, t]) => t === type).length, type).toBeGreaterThanOrEqual(310);
    }
    const held = new Set(testThoughts.map(([text]) => plain(text)));
    expect(data.filter(([text]) => held.has(plain(text)))).toEqual([]);
  });

  it("labels at least 95% of tuning thoughts right when each is left out of its own training", () => {
    // 10-fold, as `npm run train:categorizer` reports it.
    const { accuracy, byType, wrong } = crossValidate(tuning);
    expect(accuracy, wrong.join("\n")).toBeGreaterThanOrEqual(0.95);
    for (const type of THOUGHT_TYPES) expect(byType[type], type).toBeGreaterThanOrEqual(0.9);
    // Ten trainings: seconds on a quiet machine, past the default 20 s on a loaded one.
  }, 120_000);
});

describe("categorise", () => {
  it("lets an explicit marker decide, whatever else the thought says", () => {
    expect(categorizeOffline("remind me i felt awful after the last one")).toBe("Reminder");
    expect(categorizeOffline("don't forget how proud you were today")).toBe("Reminder");
    expect(categorizeOffline("idea: buy a label maker")).toBe("Idea");
    expect(categorizeOffline("Dear diary, need to call the bank")).toBe("Journal");
    expect(categorizeOffline("https://example.org/how-to-fix-a-tap")).toBe("Note");
  });

  it("reads verbless to-dos, moments, pitches, facts and feelings the way a person means them", () => {
    expect(categorizeOffline("car tax")).toBe("Task");
    expect(categorizeOffline("dentist thurs 4pm")).toBe("Reminder");
    expect(categorizeOffline("could we turn the loft into a studio?")).toBe("Idea");
    expect(categorizeOffline("the alarm code is 2291")).toBe("Note");
    expect(categorizeOffline("absolutely shattered after today")).toBe("Journal");
  });

  it("tells an idea written as a bare plan or wish from the to-do and the fact beside it", () => {
    expect(categorizeOffline("someday i'd love to build a cabin in the woods")).toBe("Idea");
    expect(categorizeOffline("fancy learning the ukulele")).toBe("Idea");
    expect(categorizeOffline("bucket list: swim with turtles")).toBe("Idea");
    expect(categorizeOffline("cycle to the coast one summer with the girls")).toBe("Idea");
    expect(categorizeOffline("buy nails for the cabin")).toBe("Task");
    expect(categorizeOffline("the cabin quote was £9k")).toBe("Note");
  });

  it("answers the same type for the same words every time, in a few milliseconds once loaded", () => {
    const sample = trainingThoughts()
      .slice(0, 200)
      .map(([text]) => text);
    const first = sample.map(categorizeOffline);
    const started = performance.now();
    const again = sample.map(categorizeOffline);
    const perThought = (performance.now() - started) / sample.length;
    expect(again).toEqual(first);
    // About 2 ms on a loaded two-core machine; the bound leaves room for a slow run.
    expect(perThought).toBeLessThan(25);
  }, 60_000);
});
