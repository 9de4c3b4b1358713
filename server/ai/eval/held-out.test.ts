/**
 * The offline assistant measured on the held-out test sets (test-thoughts.ts, test-tasks.ts),
 * which its rules were never fitted to: what a person gets from it on tasks and thoughts it has
 * not seen.
 */
import { describe, expect, it } from "vitest";
import { ASSISTANT_TONES, HELP_LEVELS, THOUGHT_TYPES } from "../../../shared/constants.ts";
import { breakdownOffline } from "../offline-breakdown.ts";
import { categorizeOffline } from "../offline-categorize.ts";
import { distinctShare, stepProblems } from "./rubric.ts";
import { testTasks } from "./test-tasks.ts";
import { testThoughts } from "./test-thoughts.ts";

describe("categorise, on thoughts it was not tuned on", () => {
  it("labels at least 97% of 300+ thoughts as a person would", () => {
    expect(testThoughts.length).toBeGreaterThanOrEqual(300);
    const wrong = testThoughts.filter(([text, expected]) => categorizeOffline(text) !== expected);
    const accuracy = 1 - wrong.length / testThoughts.length;
    const list = wrong.map(([text, expected]) => `${expected} → ${categorizeOffline(text)}: ${text}`).join("\n");
    expect(accuracy, list).toBeGreaterThanOrEqual(0.97);
    // The first call loads the tagger.
  }, 60_000);

  it("gets every type right at least 95% of the time", () => {
    for (const type of THOUGHT_TYPES) {
      const ofType = testThoughts.filter(([, expected]) => expected === type);
      expect(ofType.length, type).toBeGreaterThanOrEqual(50);
      const right = ofType.filter(([text]) => categorizeOffline(text) === type).length;
      expect(right / ofType.length, type).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe("break down, tasks it was not tuned on", () => {
  it("writes mostly distinct steps: at least 70% across 100+ tasks", () => {
    expect(testTasks.length).toBeGreaterThanOrEqual(100);
    const steps = testTasks.flatMap((title) =>
      breakdownOffline({ title }, { tone: "friendly", helpLevel: "moderate" }),
    );
    expect(distinctShare(steps)).toBeGreaterThanOrEqual(0.7);
  });

  it("writes every step as an instruction about this task, at every tone and help level", () => {
    const problems: string[] = [];
    for (const title of testTasks) {
      // Levels and tones share many steps; each distinct step is judged once.
      const distinct = new Set<string>();
      for (const helpLevel of HELP_LEVELS) {
        for (const tone of ASSISTANT_TONES) {
          const steps = breakdownOffline({ title }, { tone, helpLevel });
          if (steps.length < 3 || steps.length > 7)
            problems.push(`${title} (${tone}, ${helpLevel}): ${steps.length} steps`);
          for (const step of steps) distinct.add(step);
        }
      }
      for (const step of distinct) {
        const found = stepProblems(step, title);
        if (found.length > 0) problems.push(`${title} "${step}": ${found.join("; ")}`);
      }
    }
    expect(problems, problems.slice(0, 40).join("\n")).toEqual([]);
    // About 1,700 distinct steps, each read by the tagger a few times.
  }, 90_000);

  it("names the person, place and date a task mentions", () => {
    const moderate = { tone: "friendly", helpLevel: "moderate" } as const;
    const joined = (title: string) => breakdownOffline({ title }, moderate).join(" | ");
    // Sampled from the held-out set by kind of part, not by how the engine answers them.
    expect(joined("Post the birthday card to Jenny")).toContain("Jenny");
    expect(joined("drop the donations at the charity shop")).toContain("the charity shop");
    expect(joined("Book a table for Saturday night")).toMatch(/Saturday night/);
    expect(joined("sort out mum's phone")).toContain("mum's phone");
    expect(joined("Tidy the kids' playroom")).toContain("the kids' playroom");
  });
});

describe("the rubric itself", () => {
  it("rejects the faults it is there to catch", () => {
    const task = "Write a birthday card for mum";
    expect(stepProblems("Open a blank document for a birthday card for mum", task)).toEqual([]);
    expect(stepProblems("Write a birthday card for mum", task)).toContain("repeats the task");
    expect(stepProblems("Birthday card for mum", task).join()).toMatch(/imperative/);
    expect(stepProblems("Pick a the card", task)).toContain("stacks determiners");
    expect(stepProblems("Pick the the card", task)).toContain("doubles a word");
    expect(stepProblems("Pick a card for mum…", task)).toContain("ends in punctuation or a cut");
    expect(stepProblems("Keep going until it is done", task).join()).toMatch(/names neither/);
    expect(distinctShare(["Do it", "do it", "Rest"])).toBeCloseTo(2 / 3);
  });
});
