/**
 * New accounts from one address are limited per hour (SIGN_UPS_PER_HOUR): each costs a password
 * hash, and nothing else stops one address from making thousands. Past the limit the answer is a
 * 429 in words with Retry-After, and no account is made; the next hour, or another address, may.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// Ten minutes into an hour: its window has 50 minutes left.
let now = Date.parse("2030-04-01T10:10:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_UPS_PER_HOUR: "2" }, { now: () => now });
});
afterAll(async () => {
  await t?.close();
});

const register = (username: string, from = "192.0.2.7") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { username, password: "a calm long passphrase" },
    remoteAddress: from,
  });
const exists = async (username: string) =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: "a calm long passphrase" },
      remoteAddress: "198.51.100.9",
    })
  ).statusCode === 200;

describe("new accounts from one address", () => {
  it("are made up to the hour's limit, then refused in words with Retry-After, making nothing", async () => {
    expect((await register("first_one")).statusCode).toBe(201);
    expect((await register("second_one")).statusCode).toBe(201);
    const refused = await register("third_one");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many new accounts from this address. Please try again in 50 minutes.");
    expect(refused.headers["retry-after"]).toBe(String(50 * 60));
    expect(await exists("third_one")).toBe(false);
    // Another address is not held back.
    expect((await register("third_one", "203.0.113.4")).statusCode).toBe(201);
  });

  it("are made again once the hour has passed", async () => {
    now += 50 * 60_000;
    expect((await register("fourth_one")).statusCode).toBe(201);
  });
});
