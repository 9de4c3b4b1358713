/**
 * The proof that deleting an account asks for (docs/decisions/069-delete-account.md): the
 * password, held back like a password at sign-in, or for an account that signs in only through a
 * provider, its username typed exactly.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "../testing/oidc-provider.ts";
import { createTestApp, sessionCookie, type TestApp } from "../testing/test-app.ts";

const PUBLIC_URL = "http://127.0.0.1:4996";
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const PASSWORD = "correct horse battery";

let now = Date.now();
let op: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  op = await startOidcProvider({ redirectUri: CALLBACK });
  t = await createTestApp(
    { PUBLIC_URL, OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: op.clientId, OIDC_CLIENT_SECRET: op.clientSecret },
    { now: () => now },
  );
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const deleteAccount = (cookie: string, payload: object) =>
  t.app.inject({ method: "DELETE", url: "/api/auth/account", headers: { cookie }, payload });
const login = (username: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });

/** Signs in through the OpenID Connect provider as `sub`; answers the session cookie. */
async function providerSignIn(claims: { sub: string; preferred_username: string }): Promise<string> {
  op.signInAs({ ...claims, email: `${claims.sub}@example.org` });
  const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
  expect(start.statusCode).toBe(302);
  const flow = start.cookies.find((c) => c.name.endsWith("dc_flow_oidc") && c.value !== "");
  const back = await op.authorize(String(start.headers.location));
  const res: LightMyRequestResponse = await t.app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${flow?.name}=${flow?.value}` },
  });
  expect(res.statusCode).toBe(302);
  return sessionCookie(res);
}

describe("deleting an account with a password", () => {
  it("a wrong password changes nothing, and is counted like a wrong password at sign-in", async () => {
    const person = await t.signUp(undefined, PASSWORD);
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: person.cookie },
      payload: { title: "Still here" },
    });
    for (let i = 0; i < 5; i++) {
      const res = await deleteAccount(person.cookie, { password: "not my password at all" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "password: That password is not correct",
        code: "BAD_REQUEST",
        field: "password",
      });
    }
    // The sixth try waits, the right password too: a stolen session is no way to guess it.
    const held = await deleteAccount(person.cookie, { password: PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe("Too many wrong passwords. Please wait 15 minutes and try again.");
    expect(held.headers["retry-after"]).toBe("900");
    // The same counts hold back signing in from here.
    const signIn = await login(person.username, PASSWORD);
    expect(signIn.statusCode).toBe(429);
    expect((await get(person.cookie, "/api/auth/me")).json().user.id).toBe(person.userId);
    expect((await get(person.cookie, "/api/tasks")).json()).toHaveLength(1);

    now += 16 * 60_000;
    expect((await deleteAccount(person.cookie, { password: PASSWORD })).statusCode).toBe(204);
    expect((await get(person.cookie, "/api/auth/me")).statusCode).toBe(401);
  });

  it("the right password after a wrong one deletes, and is not counted", async () => {
    const person = await t.signUp(undefined, PASSWORD);
    expect((await deleteAccount(person.cookie, { password: "wrong wrong wrong" })).statusCode).toBe(400);
    expect((await deleteAccount(person.cookie, { password: PASSWORD })).statusCode).toBe(204);
  });
});

describe("deleting an account that signs in only through a provider", () => {
  it("is confirmed with the username typed exactly; signing in again makes a new, empty account", async () => {
    const cookie = await providerSignIn({ sub: "dana-1", preferred_username: "dana" });
    const before = (await get(cookie, "/api/auth/me")).json().user;
    expect(before).toMatchObject({ username: "dana", hasPassword: false });
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title: "Dana's" } });

    const asked = await deleteAccount(cookie, { password: "anything at all" });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      message: "username: Type your username to confirm",
      code: "BAD_REQUEST",
      field: "username",
    });
    for (const typed of ["Dana", "dana ", "dan"]) {
      const res = await deleteAccount(cookie, { username: typed });
      expect(res.statusCode, typed).toBe(400);
      expect(res.json()).toMatchObject({
        message: "username: That is not your username. Type it exactly as it is shown.",
        field: "username",
      });
    }
    expect((await get(cookie, "/api/tasks")).json()).toHaveLength(1);

    expect((await deleteAccount(cookie, { username: "dana" })).statusCode).toBe(204);
    expect((await get(cookie, "/api/auth/me")).statusCode).toBe(401);

    const again = await providerSignIn({ sub: "dana-1", preferred_username: "dana" });
    const fresh = (await get(again, "/api/auth/me")).json().user;
    expect(fresh.id).not.toBe(before.id);
    expect(fresh.username).toBe("dana");
    expect((await get(again, "/api/tasks")).json()).toEqual([]);
  });
});
