/** The evaluation run against both engines: the offline one and a provider (a local stand-in). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../fixtures/fake-openai.ts";
import { offlineEngine } from "../offline-engine.ts";
import { createProviderEngine } from "../provider-engine.ts";
import { evaluateEngine, formatReports } from "./evaluate.ts";

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

describe("evaluate", () => {
  it("scores the offline and a provider engine on the same held-out items and tabulates both", async () => {
    const offline = await evaluateEngine("offline", offlineEngine, { limit: 12 });
    const provider = await evaluateEngine(
      "provider",
      createProviderEngine({ baseUrl: fake.url, apiKey: "sk-test", model: "m", transcribeModel: "t", timeoutMs: 3000 }),
      { limit: 12, concurrency: 3 },
    );
    expect(offline.thoughts).toBe(12);
    expect(provider.tasks).toBe(12);
    // The stand-in sends one thought per call and the same three steps for every task.
    expect(fake.requests.filter((r) => r.path.endsWith("/chat/completions")).length).toBe(24);
    expect(provider.categorizeFailures + provider.breakdownFailures).toBe(0);
    expect(provider.distinctSteps).toBeCloseTo(3 / 36);
    expect(offline.distinctSteps).toBeGreaterThan(provider.distinctSteps);
    // The held-out set opens with tasks; the stand-in calls everything without "idea" a Task.
    expect(provider.accuracy).toBe(1);
    const table = formatReports([offline, provider]);
    expect(table).toMatch(/Thoughts categorised right\s+\d+\.\d % of 12\s+100\.0 % of 12/);
    expect(table).toContain("Steps passing the rubric");
  });

  it("counts a failing provider's calls as failures, not as answers", async () => {
    fake.mode = "500";
    try {
      const report = await evaluateEngine(
        "provider",
        createProviderEngine({
          baseUrl: fake.url,
          apiKey: "sk-test",
          model: "m",
          transcribeModel: "t",
          timeoutMs: 3000,
        }),
        { limit: 3 },
      );
      expect(report.categorizeFailures).toBe(3);
      expect(report.breakdownFailures).toBe(3);
      expect(report.accuracy).toBe(0);
      expect(report.wrongTypes[0]).toMatch(/no answer/);
    } finally {
      fake.reset();
    }
  });
});

describe("blind sets", () => {
  it("report their totals but never the items they got wrong", async () => {
    const blind = await evaluateEngine("offline, blind set 2", offlineEngine, { set: "blind2" });
    expect(blind.thoughts).toBe(300);
    expect(blind.accuracy).toBeGreaterThan(0);
    // Something is always wrong somewhere; the report still names none of it.
    expect(blind.accuracy).toBeLessThan(1);
    expect(blind.wrongTypes).toEqual([]);
    expect(blind.rubricProblems).toEqual([]);
    const test = await evaluateEngine("offline", offlineEngine, { limit: 40 });
    expect(test.wrongTypes.length).toBeGreaterThan(0);
  });
});
