import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionCookie, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
const list = (cookie: string, userAgent = FIREFOX) =>
  t.app.inject({ method: "GET", url: "/api/auth/sessions", headers: { cookie, "user-agent": userAgent } });

/** A second sign-in of the same account from another browser. */
async function signInFrom(username: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { username, password: "correct horse battery" },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe("GET /api/auth/sessions", () => {
  it("lists each signed-in device with its browser, system and times, this one first and marked", async () => {
    const { cookie, username } = await t.signUp();
    const phone = await signInFrom(username, SAFARI_IPHONE);
    const res = await list(cookie);
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, browser: "Firefox", os: "Linux" });
    expect(sessions[1]).toMatchObject({ current: false, browser: "Safari", os: "iOS" });
    for (const s of sessions) {
      expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // The id stands for the session; neither the token nor its stored hash is shown.
    const token = cookie.split("=")[1];
    const stored = await t.handle.db.selectFrom("sessions").select("id").execute();
    for (const s of sessions) {
      expect(s.id).not.toBe(token);
      expect(stored.some((row) => row.id === s.id)).toBe(false);
    }
    // Seen from the phone, the phone is the current one.
    const fromPhone = (await list(phone, SAFARI_IPHONE)).json();
    expect(fromPhone[0]).toMatchObject({ current: true, browser: "Safari" });
    expect(fromPhone.map((s: { id: string }) => s.id).sort()).toEqual(sessions.map((s: { id: string }) => s.id).sort());
  });

  it("shows only the user's own sessions", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await signInFrom(b.username, SAFARI_IPHONE);
    expect((await list(a.cookie)).json()).toHaveLength(1);
    expect((await list(b.cookie)).json()).toHaveLength(2);
  });
});

describe("DELETE /api/auth/sessions/:id", () => {
  it("ends another device's session: its cookie stops working at once", async () => {
    const { cookie, username } = await t.signUp();
    const phone = await signInFrom(username, SAFARI_IPHONE);
    const other = (await list(cookie)).json().find((s: { current: boolean }) => !s.current);
    const res = await t.app.inject({ method: "DELETE", url: `/api/auth/sessions/${other.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await list(cookie)).json()).toHaveLength(1);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const [ownerSession] = (await list(owner.cookie)).json();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${ownerSession.id}`,
      headers: { cookie: intruder.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Session not found", code: "NOT_FOUND" });
    expect((await me(owner.cookie)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown id and 400 for one that cannot be an id", async () => {
    const { cookie } = await t.signUp();
    const unknown = await t.app.inject({
      method: "DELETE",
      url: "/api/auth/sessions/AAAAAAAAAAAAAAAAAAAAAA",
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "DELETE", url: "/api/auth/sessions/not%20an%20id", headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("ending this device's own session signs it out, like Log out", async () => {
    const { cookie } = await t.signUp();
    const [current] = (await list(cookie)).json();
    const res = await t.app.inject({ method: "DELETE", url: `/api/auth/sessions/${current.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === "dc_session")?.value).toBe("");
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("POST /api/auth/sessions/revoke-others", () => {
  it("signs out every other device and keeps this one, saying how many", async () => {
    const { cookie, username } = await t.signUp();
    const phone = await signInFrom(username, SAFARI_IPHONE);
    const laptop = await signInFrom(username, FIREFOX);
    const stranger = await t.signUp();
    const res = await t.app.inject({ method: "POST", url: "/api/auth/sessions/revoke-others", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(stranger.cookie)).statusCode).toBe(200);
    const again = await t.app.inject({ method: "POST", url: "/api/auth/sessions/revoke-others", headers: { cookie } });
    expect(again.json()).toEqual({ revoked: 0 });
  });
});

describe("session bookkeeping", () => {
  it("a session started without a User-Agent learns it from its first request", async () => {
    const { cookie } = await t.signUp(); // registration does not record the browser
    const [session] = (await list(cookie, SAFARI_IPHONE)).json();
    expect(session).toMatchObject({ browser: "Safari", os: "iOS" });
    // Learned once: a later request from another browser does not rename it.
    const [again] = (await list(cookie, FIREFOX)).json();
    expect(again).toMatchObject({ browser: "Safari", os: "iOS" });
  });

  it("all routes need a signed-in user", async () => {
    for (const [method, url] of [
      ["GET", "/api/auth/sessions"],
      ["DELETE", "/api/auth/sessions/AAAAAAAAAAAAAAAAAAAAAA"],
      ["POST", "/api/auth/sessions/revoke-others"],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
