/** The per-address request limit with several server instances on one database. */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecondInstance, createTestApp, type TestApp } from "./testing/test-app.ts";

const LIMIT = 40;
// Early in a minute, so one test's requests never straddle two windows.
let now = Date.parse("2030-03-01T10:00:05Z");

let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) }, { now: () => now });
  second = await createSecondInstance(t, { now: () => now });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const hit = (app: FastifyInstance, from: string) =>
  app.inject({ method: "GET", url: "/api/health", remoteAddress: from });
const flushBoth = async () => {
  await t.app.sharedRateCounts.flush();
  await second.app.sharedRateCounts.flush();
};
const storedRows = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom("rate_limit_counts")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("per-address rate limit shared by every instance", () => {
  it("lets about the configured number through per minute across two instances, not double", async () => {
    let passed = 0;
    let refused = 0;
    // Requests alternate between the instances in small bursts, counts shared between bursts.
    for (let round = 0; round < 20; round++) {
      for (const app of [t.app, second.app]) {
        for (let i = 0; i < 4; i++) {
          const res = await hit(app, "198.51.100.1");
          if (res.statusCode === 200) passed++;
          else {
            expect(res.statusCode).toBe(429);
            expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
            refused++;
          }
        }
      }
      await flushBoth();
    }
    expect(passed).toBeGreaterThanOrEqual(LIMIT);
    expect(passed).toBeLessThanOrEqual(LIMIT + 8); // at most one burst per instance past the limit
    expect(refused).toBe(160 - passed);
    // Another address has its own count.
    expect((await hit(second.app, "198.51.100.2")).statusCode).toBe(200);
    // The next minute starts afresh on both.
    now += 60_000;
    expect((await hit(t.app, "198.51.100.1")).statusCode).toBe(200);
    expect((await hit(second.app, "198.51.100.1")).statusCode).toBe(200);
  });

  it("counts each request in memory and writes the counts in one batch, not one query per request", async () => {
    now += 60_000;
    await flushBoth();
    const before = await storedRows();
    for (let i = 0; i < 10; i++) await hit(t.app, `198.51.100.${10 + i}`);
    expect(await storedRows()).toBe(before);
    await t.app.sharedRateCounts.flush();
    expect(await storedRows()).toBe(before + 10);
  });

  it("sweeps the counts of past minutes", async () => {
    await hit(t.app, "198.51.100.30");
    await flushBoth();
    expect(await storedRows()).toBeGreaterThan(0);
    now += 2 * 60_000;
    await hit(t.app, "198.51.100.31");
    await flushBoth();
    expect(await storedRows()).toBe(1);
  });
});
