/**
 * The session is read with its user in one query per request (decision 018) and kept only until
 * anything is committed to the database (decision 039): signing out, revoking a device or changing
 * the account shows on the very next request, on this instance, on any other instance sharing the
 * database, and when another program changes the database itself.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteFromOutside } from "../testing/outside-process.ts";
import { createSecondInstance, createTestApp, sessionCookie, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await createSecondInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const PASSWORD = "correct horse battery";
const get = (app: TestApp["app"], url: string, cookie: string) =>
  app.inject({ method: "GET", url, headers: { cookie } });

async function signInAgain(username: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { username, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe("session lookup", () => {
  it("a signed-out session stops working on the next request, here and on another instance", async () => {
    const { cookie } = await t.signUp(undefined, PASSWORD);
    // Both instances have just answered for this session: anything they kept would be warm.
    for (const app of [t.app, other.app]) {
      expect((await get(app, "/api/auth/me", cookie)).statusCode).toBe(200);
      expect((await get(app, "/api/tasks", cookie)).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } })).statusCode).toBe(204);
    for (const app of [t.app, other.app]) {
      expect((await get(app, "/api/auth/me", cookie)).statusCode).toBe(401);
      expect((await get(app, "/api/tasks", cookie)).statusCode).toBe(401);
    }
  });

  it("a device revoked on one instance is signed out on the other at once", async () => {
    const { cookie, username } = await t.signUp(undefined, PASSWORD);
    const phone = await signInAgain(username, "Phone browser");
    expect((await get(other.app, "/api/tasks", phone)).statusCode).toBe(200);
    const sessions = (await get(t.app, "/api/auth/sessions", cookie)).json() as Array<{ id: string; current: boolean }>;
    const phoneSession = sessions.find((s) => !s.current);
    const revoke = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${phoneSession?.id}`,
      headers: { cookie },
    });
    expect(revoke.statusCode).toBe(204);
    expect((await get(other.app, "/api/tasks", phone)).statusCode).toBe(401);
    expect((await get(other.app, "/api/tasks", cookie)).statusCode).toBe(200);
  });

  it("signing out every other device ends them on every instance", async () => {
    const { cookie, username } = await t.signUp(undefined, PASSWORD);
    const laptop = await signInAgain(username, "Laptop browser");
    for (const app of [t.app, other.app]) expect((await get(app, "/api/auth/me", laptop)).statusCode).toBe(200);
    const res = await other.app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, "/api/auth/me", laptop)).statusCode).toBe(401);
    expect((await get(t.app, "/api/auth/me", cookie)).statusCode).toBe(200);
  });

  it("the current user reflects an account change made through another instance", async () => {
    const { cookie } = await t.signUp(undefined, PASSWORD);
    expect((await get(t.app, "/api/auth/me", cookie)).json().user.displayName).toBeNull();
    const patch = await other.app.inject({
      method: "PATCH",
      url: "/api/auth/me",
      headers: { cookie },
      payload: { displayName: "Robin" },
    });
    expect(patch.statusCode).toBe(200);
    expect((await get(t.app, "/api/auth/me", cookie)).json().user).toMatchObject({ displayName: "Robin" });
  });

  it("a session deleted by another program, straight in the database, stops working at once", async () => {
    const { cookie, userId } = await t.signUp(undefined, PASSWORD);
    for (const app of [t.app, other.app]) expect((await get(app, "/api/auth/me", cookie)).statusCode).toBe(200);
    deleteSessionsFromOutside(userId);
    for (const app of [t.app, other.app]) {
      expect((await get(app, "/api/auth/me", cookie)).statusCode).toBe(401);
      expect((await get(app, "/api/tasks", cookie)).statusCode).toBe(401);
    }
  });
});

/** Deletes a user's sessions from a process of its own, as an operator's script or tool would. */
function deleteSessionsFromOutside(userId: number): void {
  if (t.config.databaseUrl) {
    const script = `const { Client } = require("pg"); const c = new Client({ connectionString: process.argv[1] });
      c.connect().then(() => c.query("delete from sessions where user_id = $1", [Number(process.argv[2])]))
        .then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });`;
    execFileSync(process.execPath, ["-e", script, t.config.databaseUrl, String(userId)]);
  } else {
    const file = path.join(t.config.dataDir, "daily-compass.sqlite");
    expect(sqliteFromOutside(file, "delete from sessions where user_id = ?", [userId])).toBe("written");
  }
}
