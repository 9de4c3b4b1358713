import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  createSession,
  deleteExpiredSessions,
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
    const { token } = await createSession(t.handle.db, userId, start);
    expect(await validateSession(t.handle.db, token, new Date(start.getTime() + SESSION_IDLE_MS - 1000))).toBe(userId);
    const later = new Date(start.getTime() + 2 * SESSION_IDLE_MS);
    expect(await validateSession(t.handle.db, token, later)).toBeNull();
  });

  it("use keeps them alive, but never past 30 days from sign-in", async () => {
    const start = new Date("2026-02-01T00:00:00Z");
    const { token } = await createSession(t.handle.db, userId, start);
    let now = start.getTime();
    while (now + 10 * 86_400_000 < start.getTime() + SESSION_ABSOLUTE_MS) {
      now += 10 * 86_400_000;
      expect(await validateSession(t.handle.db, token, new Date(now))).toBe(userId);
    }
    expect(await validateSession(t.handle.db, token, new Date(start.getTime() + SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it("the sweep removes expired rows", async () => {
    const old = new Date("2020-01-01T00:00:00Z");
    const { token } = await createSession(t.handle.db, userId, old);
    await deleteExpiredSessions(t.handle.db);
    expect(await validateSession(t.handle.db, token, old)).toBeNull();
  });
});
