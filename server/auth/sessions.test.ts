import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  createSession,
  deleteExpiredSessions,
  listSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  validateSession,
} from "./sessions.ts";

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.signUp()).userId;
});
afterAll(() => t.close());

describe("sessions", () => {
  it("expire after 14 idle days", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const { token } = await createSession(t.handle.db, userId, { now: start });
    expect(await validateSession(t.handle.db, token, { now: new Date(start.getTime() + SESSION_IDLE_MS - 1000) })).toBe(
      userId,
    );
    const later = new Date(start.getTime() + 2 * SESSION_IDLE_MS);
    expect(await validateSession(t.handle.db, token, { now: later })).toBeNull();
  });

  it("use keeps them alive, but never past 30 days from sign-in", async () => {
    const start = new Date("2026-02-01T00:00:00Z");
    const { token } = await createSession(t.handle.db, userId, { now: start });
    let now = start.getTime();
    while (now + 10 * 86_400_000 < start.getTime() + SESSION_ABSOLUTE_MS) {
      now += 10 * 86_400_000;
      expect(await validateSession(t.handle.db, token, { now: new Date(now) })).toBe(userId);
    }
    expect(
      await validateSession(t.handle.db, token, { now: new Date(start.getTime() + SESSION_ABSOLUTE_MS) }),
    ).toBeNull();
  });

  it("the sweep removes expired rows", async () => {
    const old = new Date("2020-01-01T00:00:00Z");
    const { token } = await createSession(t.handle.db, userId, { now: old });
    await deleteExpiredSessions(t.handle.db);
    expect(await validateSession(t.handle.db, token, { now: old })).toBeNull();
  });

  it("note when they were last used, to within five minutes, without writing on every request", async () => {
    const { userId: owner } = await t.signUp();
    const start = new Date("2026-03-01T09:00:00Z");
    const { token } = await createSession(t.handle.db, owner, { now: start });
    const lastSeen = async () =>
      (await listSessions(t.handle.db, { userId: owner, currentToken: token, now: start }))[0].lastSeenAt;
    await validateSession(t.handle.db, token, { now: new Date(start.getTime() + 4 * 60_000) });
    expect(await lastSeen()).toBe(start.toISOString());
    const sixMinutes = new Date(start.getTime() + 6 * 60_000);
    await validateSession(t.handle.db, token, { now: sixMinutes });
    expect(await lastSeen()).toBe(sixMinutes.toISOString());
  });
});
