import { describe, expect, it } from "vitest";
import { LoginThrottle } from "./login-throttle.ts";

describe("LoginThrottle", () => {
  it("blocks one address guessing one account after 5 failures, for at most 15 minutes", () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 5; i++) throttle.recordFailure("1.1.1.1", "Ann");
    expect(throttle.retryAfterSeconds("1.1.1.1", "ann")).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds("1.1.1.1", "ann")).toBeLessThanOrEqual(15 * 60);
    // The real user on another address is not affected by a stranger's few guesses.
    expect(throttle.retryAfterSeconds("2.2.2.2", "ann")).toBe(0);
    now += 15 * 60 * 1000;
    expect(throttle.retryAfterSeconds("1.1.1.1", "ann")).toBe(0);
  });

  it("limits an address spraying many accounts", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 30; i++) throttle.recordFailure("9.9.9.9", `user${i}`);
    expect(throttle.retryAfterSeconds("9.9.9.9", "someone-else")).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds("8.8.8.8", "someone-else")).toBe(0);
  });

  it("a correct password clears that address's count for the account", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 4; i++) throttle.recordFailure("1.1.1.1", "bo");
    throttle.recordSuccess("1.1.1.1", "bo");
    for (let i = 0; i < 4; i++) throttle.recordFailure("1.1.1.1", "bo");
    expect(throttle.retryAfterSeconds("1.1.1.1", "bo")).toBe(0);
  });
});
