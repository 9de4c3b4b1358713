import { Secret, TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionCookie, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";
const STEP_MS = 30_000;

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const post = (url: string, payload: object | undefined, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const status = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/2fa", headers: { cookie } });
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });

/** The code an authenticator app would show `offsetSteps` time steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * STEP_MS });

const challengeCookie = (res: Res) => {
  const c = res.cookies.find((x) => x.name.endsWith("dc_2fa"));
  return c ? `${c.name}=${c.value}` : undefined;
};

/** A new account with two-factor sign-in on; answers what the user kept from the set-up. */
async function userWithTwoFactor() {
  const account = await t.signUp();
  const setup = await post("/api/auth/2fa/setup", undefined, account.cookie);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await post("/api/auth/2fa/enable", { code: codeFor(secret) }, account.cookie);
  expect(enable.statusCode).toBe(200);
  return { ...account, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

/** Password step of a sign-in; answers the challenge cookie. */
async function passwordStep(username: string, headers: Record<string, string> = {}) {
  const res = await post("/api/auth/login", { username, password: PASSWORD }, undefined, headers);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  const cookie = challengeCookie(res);
  expect(cookie).toBeDefined();
  return cookie as string;
}

const codeStep = (challenge: string | undefined, code: string, headers: Record<string, string> = {}) =>
  post("/api/auth/login/2fa", { code }, challenge, headers);

describe("setting up two-factor sign-in", () => {
  it("is off for a new account", async () => {
    const { cookie } = await t.signUp();
    const res = await status(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
  });

  it("setup answers a secret, its otpauth URI and a QR code, and stays pending until a code confirms it", async () => {
    const { cookie, username } = await t.signUp();
    const res = await post("/api/auth/2fa/setup", undefined, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits, base32
    const totp = URI.parse(body.otpauthUri) as TOTP;
    expect(totp).toBeInstanceOf(TOTP);
    expect(totp.issuer).toBe("Daily Compass");
    expect(totp.label).toBe(username);
    expect(totp.secret.base32).toBe(body.secret);
    expect(totp.digits).toBe(6);
    expect(totp.period).toBe(30);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.qrCode.split(",")[1], "base64").toString("utf8");
    expect(svg).toContain("<svg");
    // Pending: signing in still needs only the password.
    expect((await status(cookie)).json().enabled).toBe(false);
    const login = await post("/api/auth/login", { username, password: PASSWORD });
    expect(login.json().user.username).toBe(username);
  });

  it("stores the secret encrypted, never as the base32 text", async () => {
    const { cookie, userId } = await t.signUp();
    const { secret } = (await post("/api/auth/2fa/setup", undefined, cookie)).json();
    const row = await t.handle.db
      .selectFrom("two_factor")
      .select("secret")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(secret);
  });

  it("enable refuses a wrong code and changes nothing", async () => {
    const { cookie } = await t.signUp();
    const { secret } = (await post("/api/auth/2fa/setup", undefined, cookie)).json();
    const wrong = String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, "0");
    const res = await post("/api/auth/2fa/enable", { code: wrong }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^code: /);
    const malformed = await post("/api/auth/2fa/enable", { code: "12ab56" }, cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("code: Enter the 6 digits your authenticator app shows");
    expect((await status(cookie)).json().enabled).toBe(false);
  });

  it("enable without a set-up first answers 400", async () => {
    const { cookie } = await t.signUp();
    const res = await post("/api/auth/2fa/enable", { code: "123456" }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/set-up/i);
  });

  it("enable turns it on and answers ten recovery codes once, stored only as argon2id hashes", async () => {
    const { cookie, userId } = await t.signUp();
    const { secret } = (await post("/api/auth/2fa/setup", undefined, cookie)).json();
    const res = await post(
      "/api/auth/2fa/enable",
      { code: ` ${codeFor(secret).slice(0, 3)} ${codeFor(secret).slice(3)} ` },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await status(cookie)).json()).toEqual({ available: true, enabled: true, recoveryCodesLeft: 10 });
    const stored = await t.handle.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", userId)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      for (const code of recoveryCodes) expect(row.code_hash).not.toContain(code.replace("-", ""));
    }
  });

  it("setup while it is on answers 409 and keeps the working secret", async () => {
    const account = await userWithTwoFactor();
    const res = await post("/api/auth/2fa/setup", undefined, account.cookie);
    expect(res.statusCode).toBe(409);
    const challenge = await passwordStep(account.username);
    expect((await codeStep(challenge, codeFor(account.secret, 1))).statusCode).toBe(200);
  });

  it("is not offered to provider accounts without a password: their provider's second factor applies", async () => {
    const now = new Date().toISOString();
    const row = await t.handle.db
      .insertInto("users")
      .values({
        username: `provider${Date.now()}`,
        username_key: `provider${Date.now()}`,
        password_hash: null,
        display_name: null,
        email: "someone@example.org",
        oidc_issuer: "https://issuer.example.org",
        oidc_subject: `sub-${Date.now()}`,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { createSession } = await import("./sessions.ts");
    const { token } = await createSession(t.handle.db, row.id);
    const cookie = `dc_session=${token}`;
    expect((await status(cookie)).json()).toEqual({ available: false, enabled: false, recoveryCodesLeft: 0 });
    const res = await post("/api/auth/2fa/setup", undefined, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/provider/);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("a correct password answers no session, only a short-lived HttpOnly challenge", async () => {
    const { username } = await userWithTwoFactor();
    const res = await post("/api/auth/login", { username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(res.cookies.find((c) => c.name.endsWith("dc_session"))).toBeUndefined();
    const challenge = res.cookies.find((c) => c.name.endsWith("dc_2fa"));
    expect(challenge?.httpOnly).toBe(true);
    expect(challenge?.sameSite).toBe("Strict");
    expect(challenge?.maxAge).toBe(300);
    // Only its hash is stored.
    const stored = await t.handle.db.selectFrom("two_factor_challenges").select("id").execute();
    expect(stored.some((row) => row.id === challenge?.value)).toBe(false);
  });

  it("a wrong password still answers 401 and no challenge", async () => {
    const { username } = await userWithTwoFactor();
    const res = await post("/api/auth/login", { username, password: "not the password" });
    expect(res.statusCode).toBe(401);
    expect(challengeCookie(res)).toBeUndefined();
  });

  it("an authenticator code completes the sign-in with { user } and a new session", async () => {
    const { username, secret } = await userWithTwoFactor();
    const challenge = await passwordStep(username);
    const res = await codeStep(challenge, codeFor(secret, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: expect.objectContaining({ username, hasPassword: true }) });
    const cookie = sessionCookie(res);
    expect((await me(cookie)).statusCode).toBe(200);
    // The challenge is spent: the same cookie cannot sign in a second browser.
    const again = await codeStep(challenge, codeFor(secret, 1));
    expect(again.statusCode).toBe(401);
  });

  it("an authenticator code is not accepted twice in the same time step", async () => {
    const account = await userWithTwoFactor();
    const code = codeFor(account.secret, 1);
    const first = await codeStep(await passwordStep(account.username), code);
    expect(first.statusCode).toBe(200);
    const replay = await codeStep(await passwordStep(account.username), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/^code: /);
    // The code the enable step used is spent too.
    const enableCode = await codeStep(await passwordStep(account.username), codeFor(account.secret));
    expect(enableCode.statusCode).toBe(400);
  });

  it("a recovery code works once, in any case and with or without its dash", async () => {
    const account = await userWithTwoFactor();
    const [first, second] = account.recoveryCodes;
    const ok = await codeStep(await passwordStep(account.username), first.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const reused = await codeStep(await passwordStep(account.username), first);
    expect(reused.statusCode).toBe(400);
    const noDash = await codeStep(await passwordStep(account.username), second.replace("-", ""));
    expect(noDash.statusCode).toBe(200);
    expect((await status(sessionCookie(noDash))).json().recoveryCodesLeft).toBe(8);
  });

  it("five wrong codes end the challenge: the password is needed again", async () => {
    const account = await userWithTwoFactor();
    const challenge = await passwordStep(account.username, { "x-forwarded-for": "198.51.100.1" });
    for (let i = 0; i < 4; i++) {
      const res = await codeStep(challenge, "000000");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("code: That code did not work. Please check it and try again.");
    }
    const fifth = await codeStep(challenge, "000000");
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe("That was one wrong code too many. Please enter your password again.");
    // Even the right code cannot revive it.
    expect((await codeStep(challenge, codeFor(account.secret, 1))).statusCode).toBe(401);
  });

  it("wrong codes count towards the sign-in throttle for the account", async () => {
    const account = await userWithTwoFactor();
    // Each challenge allows 5 wrong codes; new challenges do not reset the account's count.
    let throttled: Res | undefined;
    for (let round = 0; round < 12 && !throttled; round++) {
      const login = await post("/api/auth/login", { username: account.username, password: PASSWORD });
      if (login.statusCode === 429) {
        throttled = login;
        break;
      }
      const challenge = challengeCookie(login);
      for (let i = 0; i < 5; i++) {
        const res = await codeStep(challenge, "000000");
        if (res.statusCode === 429) {
          throttled = res;
          break;
        }
      }
    }
    expect(throttled?.statusCode).toBe(429);
    expect(throttled?.json().message).toMatch(/Too many sign-in attempts/);
    expect(Number(throttled?.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("without a challenge, or with an expired one, the code step answers 401", async () => {
    const account = await userWithTwoFactor();
    expect((await codeStep(undefined, codeFor(account.secret, 1))).statusCode).toBe(401);
    expect((await codeStep("dc_2fa=made-up", codeFor(account.secret, 1))).statusCode).toBe(401);
    const challenge = await passwordStep(account.username);
    await t.handle.db
      .updateTable("two_factor_challenges")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", account.userId)
      .execute();
    const res = await codeStep(challenge, codeFor(account.secret, 1));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Your sign-in timed out. Please enter your password again.");
  });

  it("bad input answers 400 naming the field", async () => {
    const account = await userWithTwoFactor();
    const challenge = await passwordStep(account.username);
    const res = await post("/api/auth/login/2fa", { code: "" }, challenge);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^code: /);
    expect((await codeStep(challenge, codeFor(account.secret, 1))).statusCode).toBe(200);
  });

  it("users without two-factor sign-in still get exactly { user } from the password", async () => {
    const { username } = await t.signUp();
    const res = await post("/api/auth/login", { username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(["user"]);
    expect(challengeCookie(res)).toBeUndefined();
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the current password or a code; a wrong one changes nothing", async () => {
    const account = await userWithTwoFactor();
    const none = await post("/api/auth/2fa/disable", {}, account.cookie);
    expect(none.statusCode).toBe(400);
    const wrongPassword = await post("/api/auth/2fa/disable", { password: "not it" }, account.cookie);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toMatch(/^password: /);
    const wrongCode = await post("/api/auth/2fa/disable", { code: "000000" }, account.cookie);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toMatch(/^code: /);
    expect((await status(account.cookie)).json().enabled).toBe(true);
  });

  it("with the password: signing in needs only the password again, and the old secret and codes are gone", async () => {
    const account = await userWithTwoFactor();
    const res = await post("/api/auth/2fa/disable", { password: PASSWORD }, account.cookie);
    expect(res.statusCode).toBe(204);
    expect((await status(account.cookie)).json()).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
    const login = await post("/api/auth/login", { username: account.username, password: PASSWORD });
    expect(Object.keys(login.json())).toEqual(["user"]);
    const left = await t.handle.db
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", account.userId)
      .execute();
    expect(left).toHaveLength(0);
  });

  it("with an authenticator code or a recovery code", async () => {
    const a = await userWithTwoFactor();
    expect((await post("/api/auth/2fa/disable", { code: codeFor(a.secret, 1) }, a.cookie)).statusCode).toBe(204);
    const b = await userWithTwoFactor();
    expect((await post("/api/auth/2fa/disable", { code: b.recoveryCodes[3] }, b.cookie)).statusCode).toBe(204);
    expect((await status(b.cookie)).json().enabled).toBe(false);
  });

  it("answers 409 when it is not on", async () => {
    const { cookie } = await t.signUp();
    const res = await post("/api/auth/2fa/disable", { password: PASSWORD }, cookie);
    expect(res.statusCode).toBe(409);
  });

  it("ends a sign-in waiting for its code", async () => {
    const account = await userWithTwoFactor();
    const challenge = await passwordStep(account.username);
    await post("/api/auth/2fa/disable", { password: PASSWORD }, account.cookie);
    expect((await codeStep(challenge, codeFor(account.secret, 1))).statusCode).toBe(401);
  });
});

describe("data", () => {
  it("Delete All Data leaves two-factor sign-in on, and the export holds no secret", async () => {
    const account = await userWithTwoFactor();
    expect((await post("/api/data/delete-all", undefined, account.cookie)).statusCode).toBe(200);
    expect((await status(account.cookie)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/data/export",
      headers: { cookie: account.cookie },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(account.secret);
    expect(exported.body).not.toMatch(/argon2|recovery|totp/i);
  });

  it("every route needs a signed-in user except the code step", async () => {
    for (const url of ["/api/auth/2fa/setup", "/api/auth/2fa/enable", "/api/auth/2fa/disable"]) {
      expect((await post(url, {})).statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/auth/2fa" })).statusCode).toBe(401);
  });
});
