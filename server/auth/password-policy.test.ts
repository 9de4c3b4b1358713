/** Passwords that are easy to guess are refused, with a kind reason, wherever a password is chosen. */
import { dictionary } from "@zxcvbn-ts/language-common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_MIN } from "../../shared/constants.ts";
import { nowIso } from "../db/database.ts";
import { createTestApp, type TestApp, uniqueName } from "../testing/test-app.ts";
import commonPasswords from "./common-passwords.json" with { type: "json" };
import { createSession } from "./sessions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMMON =
  "That password is one of the most common ones, so it is easy to guess. Try a longer phrase only you would think of.";
const HAS_USERNAME =
  "That password contains your username, so it is easy to guess. Try a phrase that has nothing to do with your account.";
const IS_NAME =
  "That password is your display name, so it is easy to guess. Try a phrase that has nothing to do with your account.";
const IS_EMAIL =
  "That password is the first part of your e-mail address, so it is easy to guess. Try a phrase that has nothing to do with your account.";

const register = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/register", payload });
const userCount = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("choosing a password at registration", () => {
  it.each([
    ["password", COMMON],
    ["12345678", COMMON],
    ["Password1", COMMON],
    ["iloveyou", COMMON],
    ["i love you", COMMON],
    ["qwertyuiop", COMMON],
  ])("refuses %j as too common, storing nothing", async (password, message) => {
    const before = await userCount();
    const res = await register({ username: uniqueName(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `password: ${message}`, code: "BAD_REQUEST", field: "password" });
    expect(await userCount()).toBe(before);
  });

  it("refuses a password containing the username, whatever the case", async () => {
    const username = uniqueName("River");
    for (const password of [username, `${username.toUpperCase()} rocks`, `my ${username.toLowerCase()}!`]) {
      const res = await register({ username, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`password: ${HAS_USERNAME}`);
    }
  });

  it("refuses a password that is the display name or the e-mail's first part", async () => {
    const byName = await register({ username: uniqueName(), password: "robin  BANKS", displayName: "Robin Banks" });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().message).toBe(`password: ${IS_NAME}`);
    const byEmail = await register({
      username: uniqueName(),
      password: "Sunny.Day42",
      email: "sunny.day42@example.org",
    });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json().message).toBe(`password: ${IS_EMAIL}`);
  });

  it.each(["correct horse battery", "a fine passphrase", "password one", "open sesame!", "a".repeat(256)])(
    "accepts %j",
    async (password) => {
      expect((await register({ username: uniqueName(), password })).statusCode).toBe(201);
    },
  );
});

describe("changing the password", () => {
  const change = (cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/auth/password", headers: { cookie }, payload });

  it("refuses a common password or one with the username, and keeps the old one", async () => {
    const { cookie, username } = await t.signUp(uniqueName("Changer"), "my first passphrase");
    const common = await change(cookie, { currentPassword: "my first passphrase", newPassword: "football" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(`newPassword: ${COMMON}`);
    const named = await change(cookie, { currentPassword: "my first passphrase", newPassword: `${username}2024` });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe(`newPassword: ${HAS_USERNAME}`);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: "my first passphrase" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses the display name as the new password", async () => {
    const { cookie } = await t.signUp(uniqueName(), "my first passphrase");
    await t.app.inject({
      method: "PATCH",
      url: "/api/auth/me",
      headers: { cookie },
      payload: { displayName: "Kit Marlowe" },
    });
    const res = await change(cookie, { currentPassword: "my first passphrase", newPassword: "KitMarlowe" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`newPassword: ${IS_NAME}`);
  });

  it("applies to a provider account setting its first password", async () => {
    const username = uniqueName("provider");
    const row = await t.handle.db
      .insertInto("users")
      .values({
        username,
        username_key: username.toLowerCase(),
        password_hash: null,
        display_name: null,
        email: "pat.provider@example.org",
        oidc_issuer: "https://issuer.example",
        oidc_subject: uniqueName("sub"),
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { token } = await createSession(t.handle.db, row.id);
    const cookie = `dc_session=${token}`;
    const common = await change(cookie, { newPassword: "trustno1" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(`newPassword: ${COMMON}`);
    const email = await change(cookie, { newPassword: "pat.provider" });
    expect(email.json().message).toBe(`newPassword: ${IS_EMAIL}`);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json().user.hasPassword,
    ).toBe(false);
    expect((await change(cookie, { newPassword: "a long new password" })).statusCode).toBe(204);
  });

  it("names every problem it can know at once: a wrong current password and an easy new one", async () => {
    const { cookie, username } = await t.signUp(uniqueName("Both"), "my first passphrase");
    const res = await change(cookie, { currentPassword: "not my passphrase", newPassword: "football" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `currentPassword: The current password is not correct; newPassword: ${COMMON}`,
      code: "BAD_REQUEST",
      field: "currentPassword",
      problems: [
        { field: "currentPassword", message: "The current password is not correct" },
        { field: "newPassword", message: COMMON },
      ],
    });
    // A wrong current password with a fine new one says just that, as before.
    const wrong = await change(cookie, { currentPassword: "not my passphrase", newPassword: "a long new password" });
    expect(wrong.json()).toEqual({
      message: "currentPassword: The current password is not correct",
      code: "BAD_REQUEST",
      field: "currentPassword",
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: "my first passphrase" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("names every field the request's shape refuses, not only the first", async () => {
    const { cookie } = await t.signUp(uniqueName(), "my first passphrase");
    const res = await change(cookie, { currentPassword: "x".repeat(300), newPassword: "short" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `currentPassword: At most 256 characters; newPassword: At least ${PASSWORD_MIN} characters`,
      code: "BAD_REQUEST",
      field: "currentPassword",
      problems: [
        { field: "currentPassword", message: "At most 256 characters" },
        { field: "newPassword", message: `At least ${PASSWORD_MIN} characters` },
      ],
    });
  });
});

describe("the list of common passwords", () => {
  it("is zxcvbn-ts's list of common passwords, each long enough to pass the length rule (node scripts/common-passwords.mjs)", () => {
    const expected = dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN);
    expect(expected.length).toBeGreaterThan(10_000);
    expect(commonPasswords).toEqual(expected);
  });
});
