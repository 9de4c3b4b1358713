import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionCookie, type TestApp, uniqueName } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload: payload as object });
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object, headers });
const me = (cookie?: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: cookie ? { cookie } : {} });

describe("register", () => {
  it("creates the account, signs in and answers { user }", async () => {
    const username = uniqueName("Reg");
    const res = await register({ username, password: "a fine passphrase", displayName: "Robin" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: { id: expect.any(Number), username, displayName: "Robin", email: null, googleId: null, hasPassword: true },
    });
    const cookie = res.cookies.find((c) => c.name === "dc_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect((await me(sessionCookie(res))).json().user.username).toBe(username);
  });

  it("stores only an argon2id hash with the required cost, and only a hash of the session token", async () => {
    const username = uniqueName("hash");
    const res = await register({ username, password: "another passphrase" });
    const token = res.cookies.find((c) => c.name === "dc_session")?.value ?? "";
    const row = await t.handle.db
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const sessions = await t.handle.db.selectFrom("sessions").select("id").execute();
    expect(sessions.some((s) => s.id === token)).toBe(false);
  });

  it("refuses a taken username, whatever its case (409)", async () => {
    const username = uniqueName("Dup");
    expect((await register({ username, password: "password one" })).statusCode).toBe(201);
    const again = await register({ username: username.toUpperCase(), password: "password two" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("That username is already taken");
  });

  it.each([
    [{ username: "ab", password: "long enough" }, "username"],
    [{ username: uniqueName(), password: "short" }, "password"],
    [{ username: uniqueName(), password: "x".repeat(257) }, "password"],
    [{ username: "has space", password: "long enough" }, "username"],
    [{ password: "long enough" }, "username"],
  ])("refuses %j naming the field, storing nothing", async (payload, field) => {
    const before = await t.handle.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    const after = await t.handle.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("accepts a 256-character password and no composition rules", async () => {
    const res = await register({ username: uniqueName(), password: "a".repeat(256) });
    expect(res.statusCode).toBe(201);
  });
});

describe("login, me, logout", () => {
  it("signs in with the right password (any username case) and gets a new token each time", async () => {
    const username = uniqueName("Login");
    const first = sessionCookie(await register({ username, password: "open sesame!" }));
    const res = await login({ username: username.toLowerCase(), password: "open sesame!" }, { cookie: first });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(username);
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    // The cookie presented at sign-in is retired: no session fixation.
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it("answers 401 with a message for a wrong password or an unknown user", async () => {
    const username = uniqueName();
    await register({ username, password: "right password" });
    const wrong = await login({ username, password: "wrong password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Wrong username or password");
    const unknown = await login({ username: uniqueName("nobody"), password: "whatever1" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe("Wrong username or password");
  });

  it("me answers 401 when signed out or with a made-up cookie", async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me("dc_session=forged-token-value")).statusCode).toBe(401);
  });

  it("logout deletes the session on the server, not just the cookie", async () => {
    const { cookie } = await t.signUp();
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "dc_session")?.value).toBe("");
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("account", () => {
  it("updates display name and e-mail", async () => {
    const { cookie } = await t.signUp();
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/auth/me",
      headers: { cookie },
      payload: { displayName: "Sam", email: "sam@example.org" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ displayName: "Sam", email: "sam@example.org" });
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/api/auth/me",
      headers: { cookie },
      payload: { email: "nope" },
    });
    expect(bad.statusCode).toBe(400);
    expect((await me(cookie)).json().user.email).toBe("sam@example.org");
    // Sending only one field leaves the other as it was.
    await t.app.inject({
      method: "PATCH",
      url: "/api/auth/me",
      headers: { cookie },
      payload: { displayName: "Sammy" },
    });
    expect((await me(cookie)).json().user).toMatchObject({ displayName: "Sammy", email: "sam@example.org" });
  });

  it("changes the password only with the current one, and signs out other devices", async () => {
    const { cookie, username } = await t.signUp(undefined, "first password");
    const other = sessionCookie(await login({ username, password: "first password" }));
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie },
      payload: { currentPassword: "not it at all", newPassword: "second password" },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { cookie },
      payload: { currentPassword: "first password", newPassword: "second password" },
    });
    expect(ok.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login({ username, password: "first password" })).statusCode).toBe(401);
    expect((await login({ username, password: "second password" })).statusCode).toBe(200);
  });
});

describe("failed sign-in throttling", () => {
  it("answers 429 with a message after repeated failures for one account from one address", async () => {
    const username = uniqueName("victim");
    await register({ username, password: "the real password" });
    const from = { "x-forwarded-for": "203.0.113.9" }; // ignored (no trusted proxy): all come from 127.0.0.1
    for (let i = 0; i < 5; i++) {
      expect((await login({ username, password: `guess ${i}` }, from)).statusCode).toBe(401);
    }
    const blocked = await login({ username, password: "the real password" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});
