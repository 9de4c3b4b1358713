import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "../testing/oidc-provider.ts";
import { createTestApp, sessionCookie, type TestApp } from "../testing/test-app.ts";

const PUBLIC_URL = "http://127.0.0.1:4999";
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

let op: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  op = await startOidcProvider({ redirectUri: CALLBACK });
  t = await createTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const cookieOf = (res: LightMyRequestResponse, suffix: string) => {
  const c = res.cookies.find((x) => x.name.endsWith(suffix) && x.value !== "");
  return c ? `${c.name}=${c.value}` : undefined;
};

/** Starts sign-in in our app and returns the provider URL plus the browser's flow cookie. */
async function start(sessionCookieHeader?: string) {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/auth/google",
    headers: sessionCookieHeader ? { cookie: sessionCookieHeader } : {},
  });
  expect(res.statusCode).toBe(302);
  const flowCookie = cookieOf(res, "dc_flow_oidc");
  expect(flowCookie).toBeDefined();
  return { authUrl: new URL(res.headers.location as string), flowCookie: flowCookie as string };
}

async function callback(url: URL, cookies: (string | undefined)[]) {
  return t.app.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: { cookie: cookies.filter(Boolean).join("; ") },
  });
}

async function me(cookie: string) {
  const res = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().user;
}

const errorOf = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, PUBLIC_URL);
  expect(location.pathname).toBe("/login");
  expect(res.cookies.find((c) => c.name.endsWith("dc_session") && c.value !== "")).toBeUndefined();
  return location.searchParams.get("error");
};

describe("OpenID Connect sign-in", () => {
  it("reports itself enabled and sends the browser to the provider with PKCE, state and nonce", async () => {
    const config = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(config.json().oidcEnabled).toBe(true);
    const { authUrl } = await start();
    expect(authUrl.origin).toBe(op.issuer);
    expect(authUrl.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authUrl.searchParams.get("state")).toBeTruthy();
    expect(authUrl.searchParams.get("nonce")).toBeTruthy();
    expect(authUrl.searchParams.get("scope")).toContain("openid");
  });

  it("creates an account on first sign-in and signs the same person in again later", async () => {
    op.signInAs({ sub: "alice-1", email: "alice@example.org", name: "Alice A", preferred_username: "alice" });
    const first = await start();
    const back = await op.authorize(first.authUrl.href);
    expect(back.href.startsWith(CALLBACK)).toBe(true);
    const res = await callback(back, [first.flowCookie]);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    const user = await me(sessionCookie(res));
    expect(user).toMatchObject({ username: "alice", email: "alice@example.org", displayName: "Alice A" });
    expect(user.googleId).toBe("alice-1");
    expect(user.hasPassword).toBe(false);

    const again = await start();
    const res2 = await callback(await op.authorize(again.authUrl.href), [again.flowCookie]);
    expect((await me(sessionCookie(res2))).id).toBe(user.id);
  });

  it("makes a derived username unique", async () => {
    await t.signUp("bobby");
    op.signInAs({ sub: "bob-1", email: "bobby@example.org" });
    const flow = await start();
    const res = await callback(await op.authorize(flow.authUrl.href), [flow.flowCookie]);
    const user = await me(sessionCookie(res));
    expect(user.username).toBe("bobby2");
  });

  it("refuses a callback whose state was changed", async () => {
    op.signInAs({ sub: "carol-1", email: "carol@example.org" });
    const flow = await start();
    const back = await op.authorize(flow.authUrl.href);
    back.searchParams.set("state", "forged-state");
    expect(errorOf(await callback(back, [flow.flowCookie]))).toMatch(/could not be completed/);
  });

  it("refuses a callback from a browser that did not start the sign-in", async () => {
    op.signInAs({ sub: "carol-2", email: "carol2@example.org" });
    const flow = await start();
    const back = await op.authorize(flow.authUrl.href);
    expect(errorOf(await callback(back, []))).toMatch(/expired/);
  });

  it("refuses a replayed code", async () => {
    op.signInAs({ sub: "dave-1", email: "dave@example.org" });
    const flow = await start();
    const back = await op.authorize(flow.authUrl.href);
    const ok = await callback(back, [flow.flowCookie]);
    expect(ok.headers.location).toBe("/");
    // The same response again: the attempt was used up.
    expect(errorOf(await callback(back, [flow.flowCookie]))).toMatch(/expired/);
    // The same code inside a fresh attempt: the provider refuses the second redemption.
    const fresh = await start();
    const replay = new URL(back);
    replay.searchParams.set("state", fresh.authUrl.searchParams.get("state") as string);
    expect(errorOf(await callback(replay, [fresh.flowCookie]))).toMatch(/could not be completed/);
  });

  it("refuses an ID token carrying another nonce", async () => {
    op.signInAs({ sub: "erin-1", email: "erin@example.org" });
    const flow = await start();
    const tampered = new URL(flow.authUrl);
    tampered.searchParams.set("nonce", "a-nonce-the-app-never-issued");
    const back = await op.authorize(tampered.href);
    expect(errorOf(await callback(back, [flow.flowCookie]))).toMatch(/could not be completed/);
  });

  it("links a password account only when that account is signed in", async () => {
    const local = await t.signUp("frank");
    op.signInAs({ sub: "frank-1", email: "frank@example.org", preferred_username: "frank" });

    // Signed out: a separate account, even though the name matches.
    const anon = await start();
    const anonRes = await callback(await op.authorize(anon.authUrl.href), [anon.flowCookie]);
    const separate = await me(sessionCookie(anonRes));
    expect(separate.id).not.toBe(local.userId);
    expect(separate.username).toBe("frank2");

    // Signed in as another user while the identity is taken: refused, the session is kept.
    const linked = await start(local.cookie);
    const refused = await callback(await op.authorize(linked.authUrl.href), [linked.flowCookie, local.cookie]);
    expect(errorOf(refused)).toMatch(/already linked to another/);
    expect((await me(local.cookie)).googleId).toBeNull();

    // A fresh identity while signed in: linked to that account.
    op.signInAs({ sub: "frank-2", email: "frank.two@example.org" });
    const link = await start(local.cookie);
    const res = await callback(await op.authorize(link.authUrl.href), [link.flowCookie, local.cookie]);
    expect(res.headers.location).toBe("/");
    const after = await me(sessionCookie(res));
    expect(after).toMatchObject({ id: local.userId, googleId: "frank-2", hasPassword: true });
    // The browser is remembered as one the account signs in on, as after a password sign-in.
    expect(cookieOf(res, "dc_device")).toBeDefined();
    // The password keeps working.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "frank", password: "correct horse battery" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("turns a provider error into a readable message", async () => {
    const flow = await start();
    const url = new URL(`${CALLBACK}?error=access_denied&state=${flow.authUrl.searchParams.get("state")}`);
    expect(errorOf(await callback(url, [flow.flowCookie]))).toBe("Sign-in was cancelled.");
  });
});

describe("without a configured client", () => {
  it("sends the browser to the local sign-in page", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login");
      // "Get Started" asks for the register form.
      const started = await plain.app.inject({ method: "GET", url: "/api/auth/google?intent=register" });
      expect(started.headers.location).toBe("/login?mode=register");
      const odd = await plain.app.inject({ method: "GET", url: "/api/auth/google?intent=delete" });
      expect(odd.statusCode).toBe(400);
      expect((await plain.app.inject({ method: "GET", url: "/api/config" })).json().oidcEnabled).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
