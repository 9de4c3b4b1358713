/**
 * What a client sees of the per-address request limit: the same headers on every answer of a
 * route, the refusal's status, headers and body, and which addresses count as one. Held so that
 * the way the limit is applied can change without the wire changing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

const LIMIT = 3;
// 5 s into a minute: a window has 55 s left.
let now = Date.parse("2030-04-01T10:00:05Z");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) }, { now: () => now });
});
afterAll(async () => {
  await t?.close();
});

const hit = (from: string, url = "/api/health") => t.app.inject({ method: "GET", url, remoteAddress: from });
const limitHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.startsWith("x-ratelimit") || name === "retry-after"),
  );

describe("per-address request limit, as a client sees it", () => {
  it("tells the limit, what is left and when the window resets, then refuses with 429 and Retry-After", async () => {
    const first = await hit("192.0.2.1");
    expect(first.statusCode).toBe(200);
    expect(limitHeaders(first.headers)).toEqual({
      "x-ratelimit-limit": "3",
      "x-ratelimit-remaining": "2",
      "x-ratelimit-reset": "55",
    });
    now += 1500;
    expect(limitHeaders((await hit("192.0.2.1")).headers)).toEqual({
      "x-ratelimit-limit": "3",
      "x-ratelimit-remaining": "1",
      "x-ratelimit-reset": "54",
    });
    expect((await hit("192.0.2.1")).headers["x-ratelimit-remaining"]).toBe("0");
    const refused = await hit("192.0.2.1");
    expect(refused.statusCode).toBe(429);
    expect(limitHeaders(refused.headers)).toEqual({
      "x-ratelimit-limit": "3",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "54",
      "retry-after": "54",
    });
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
    expect(refused.json()).toEqual({
      message: "Too many requests. Please wait 54 seconds and try again.",
      code: "RATE_LIMITED",
    });
    // Any route counts, and refused requests are counted too: still refused, still told when.
    const again = await hit("192.0.2.1", "/api/config");
    expect(again.statusCode).toBe(429);
    expect(again.headers["retry-after"]).toBe("54");
    // A signed-in route refuses a signed-out request first (401), before the limit is looked at.
    const signedOut = await hit("192.0.2.1", "/api/auth/me");
    expect(signedOut.statusCode).toBe(401);
    expect(limitHeaders(signedOut.headers)).toEqual({});
  });

  it("counts an IPv6 address by its /64 and an IPv4-mapped address as the IPv4 one", async () => {
    now += 60_000;
    for (const from of ["2001:db8:1:2::1", "2001:db8:1:2::ffff", "2001:DB8:1:2:aaaa::1"]) {
      expect((await hit(from)).statusCode).toBe(200);
    }
    expect((await hit("2001:db8:1:2::2")).statusCode).toBe(429);
    expect((await hit("2001:db8:1:3::1")).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await hit("192.0.2.7")).statusCode).toBe(200);
    expect((await hit("::ffff:192.0.2.7")).statusCode).toBe(429);
  });

  it("leaves paths no route matches out of the count and without the headers", async () => {
    now += 60_000;
    const missing = await hit("192.0.2.9", "/api/no-such-thing");
    expect(missing.statusCode).toBe(404);
    expect(limitHeaders(missing.headers)).toEqual({});
    for (let i = 0; i < LIMIT; i++) expect((await hit("192.0.2.9")).statusCode).toBe(200);
  });

  it("counts a HEAD request once", async () => {
    now += 60_000;
    const head = await t.app.inject({ method: "HEAD", url: "/api/health", remoteAddress: "192.0.2.11" });
    expect(head.headers["x-ratelimit-remaining"]).toBe("2");
    expect((await hit("192.0.2.11")).headers["x-ratelimit-remaining"]).toBe("1");
  });
});
