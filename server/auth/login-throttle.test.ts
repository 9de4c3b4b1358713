import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, uniqueName } from "../testing/test-app.ts";
import { ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS, accountDelayMs, LoginThrottle } from "./login-throttle.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60 * 1000;

/** A wrong password: the check goes ahead and nothing takes the count back. */
async function fail(throttle: LoginThrottle, ip: string, username: string, device?: string): Promise<number> {
  return (await throttle.begin({ ip, username, device })).retryAfter;
}
/** The wait a new attempt would meet (a right password, so it is not counted). */
async function waitFor(throttle: LoginThrottle, ip: string, username: string, device?: string): Promise<number> {
  const pass = await throttle.begin({ ip, username, device });
  await throttle.passed(pass);
  return pass.retryAfter;
}

describe("LoginThrottle", () => {
  it("blocks one address guessing one account after 5 failures, for at most 15 minutes", async () => {
    let now = Date.parse("2030-01-01T00:00:00Z");
    const throttle = new LoginThrottle({ db: t.handle.db, now: () => now });
    const ann = uniqueName("Ann");
    for (let i = 0; i < 5; i++) expect(await fail(throttle, "1.1.1.1", ann)).toBe(0);
    const wait = await waitFor(throttle, "1.1.1.1", ann.toLowerCase());
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // The real user on another address is not affected by a stranger's few guesses.
    expect(await waitFor(throttle, "2.2.2.2", ann)).toBe(0);
    now += 15 * MINUTE;
    expect(await waitFor(throttle, "1.1.1.1", ann)).toBe(0);
  });

  it("limits an address spraying many accounts", async () => {
    const throttle = new LoginThrottle({ db: t.handle.db, now: () => Date.parse("2030-01-02T00:00:00Z") });
    for (let i = 0; i < 30; i++) await fail(throttle, "9.9.9.9", uniqueName());
    expect(await waitFor(throttle, "9.9.9.9", "someone-else")).toBeGreaterThan(0);
    expect(await waitFor(throttle, "8.8.8.8", "someone-else")).toBe(0);
  });

  it("a correct password clears that address's count for the account", async () => {
    const throttle = new LoginThrottle({ db: t.handle.db, now: () => Date.parse("2030-01-03T00:00:00Z") });
    const bo = uniqueName("bo");
    for (let i = 0; i < 4; i++) await fail(throttle, "1.1.1.2", bo);
    expect(await waitFor(throttle, "1.1.1.2", bo)).toBe(0);
    for (let i = 0; i < 4; i++) await fail(throttle, "1.1.1.2", bo);
    expect(await waitFor(throttle, "1.1.1.2", bo)).toBe(0);
  });

  it("lets exactly 5 of 20 parallel guesses through, even spread over two instances", async () => {
    const at = () => Date.parse("2030-01-04T00:00:00Z");
    const a = new LoginThrottle({ db: t.handle.db, now: at });
    const b = new LoginThrottle({ db: t.handle.db, now: at });
    const cy = uniqueName("cy");
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).begin({ ip: "1.1.1.3", username: cy })),
    );
    expect(waits.filter((p) => p.retryAfter === 0)).toHaveLength(5);
    expect(await waitFor(b, "1.1.1.3", cy)).toBeGreaterThan(0);
  });

  it("slows new devices down per account, growing per failure up to a few minutes", async () => {
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES)).toBe(0);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES + 1)).toBe(1000);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES + 2)).toBe(2000);
    expect(accountDelayMs(ACCOUNT_FREE_FAILURES + 100)).toBe(ACCOUNT_MAX_DELAY_MS);

    let now = Date.parse("2030-01-05T00:00:00Z");
    const throttle = new LoginThrottle({ db: t.handle.db, now: () => now });
    const dee = uniqueName("dee");
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect(await fail(throttle, `10.0.0.${i}`, dee)).toBe(0);
    expect(await waitFor(throttle, "10.0.1.1", dee)).toBe(0);
    expect(await fail(throttle, "10.0.1.2", dee)).toBe(0);
    // One wrong password past the free ones: new devices wait a second.
    const pass = await throttle.begin({ ip: "10.0.1.3", username: dee });
    expect(pass).toMatchObject({ retryAfter: 1, accountWide: true });
    // A known device of the account does not wait.
    expect(await waitFor(throttle, "10.0.1.3", dee, "device-id")).toBe(0);
    now += 1000;
    expect(await waitFor(throttle, "10.0.1.3", dee)).toBe(0);
  });

  it("gives a known device its own limit of 5 wrong passwords, from any address", async () => {
    const throttle = new LoginThrottle({ db: t.handle.db, now: () => Date.parse("2030-01-06T00:00:00Z") });
    const eve = uniqueName("eve");
    for (let i = 0; i < 5; i++) expect(await fail(throttle, `10.1.0.${i}`, eve, "dev-1")).toBe(0);
    expect(await waitFor(throttle, "10.1.0.99", eve, "dev-1")).toBeGreaterThan(0);
    expect(await waitFor(throttle, "10.1.0.99", eve, "dev-2")).toBe(0);
    expect(await waitFor(throttle, "10.1.0.99", eve)).toBe(0);
  });

  it("sweeps counts whose window has passed, and only those", async () => {
    let now = Date.parse("2030-02-01T00:00:00Z");
    const throttle = new LoginThrottle({ db: t.handle.db, now: () => now });
    await throttle.sweep();
    const count = async () =>
      Number(
        (
          await t.handle.db
            .selectFrom("login_throttle")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);
    await fail(throttle, "1.1.1.4", uniqueName("old"));
    now += 10 * MINUTE;
    const late = uniqueName("late");
    for (let i = 0; i < 5; i++) await fail(throttle, "1.1.1.5", late);
    const before = await count();
    now += 6 * MINUTE; // the first attempt's address counts are past their window, the later ones are not
    expect(await throttle.sweep()).toBeGreaterThan(0);
    expect(await count()).toBeLessThan(before);
    expect(await waitFor(throttle, "1.1.1.5", late)).toBeGreaterThan(0);
    now += 60 * MINUTE;
    await throttle.sweep();
    expect(await count()).toBe(0);
  });
});
