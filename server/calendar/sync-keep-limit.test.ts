/**
 * A calendar with more events than one person keeps (docs/decisions/070-what-one-account-can-keep.md):
 * the sync stops with words saying so instead of filling the database, and goes on once there is room.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "../testing/fake-google-calendar.ts";
import { consentToGoogle, googleSettings } from "../testing/google-consent.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let g: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  g = await startFakeGoogle();
  t = await createTestApp({ PUBLIC_URL: "http://127.0.0.1:4998", ...googleSettings(g), ACCOUNT_LIMITS: "events=3" });
  t.app.calendarSync.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 };
});
afterAll(async () => {
  await t?.close();
  await g?.close();
});

type User = { cookie: string; userId: number };
const api = (user: User, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function connect(): Promise<User> {
  const user = await t.signUp();
  await consentToGoogle(t, g, user.cookie);
  return user;
}

const at = (day: number) => ({
  start: { dateTime: `2026-05-0${day}T09:00:00Z`, timeZone: "UTC" },
  end: { dateTime: `2026-05-0${day}T10:00:00Z`, timeZone: "UTC" },
});
const titles = async (user: User) =>
  ((await api(user, "GET", "/api/events")).json() as { title: string }[]).map((e) => e.title).sort();

it("stops at the bound with words the person can act on, keeps no more, and goes on once there is room", async () => {
  const user = await connect();
  const local = await api(user, "POST", "/api/events", {
    title: "Made here",
    date: "2026-05-01",
    startTime: "08:00",
    duration: 30,
  });
  expect(local.statusCode).toBe(201);
  for (const day of [1, 2, 3]) g.remoteCreate({ summary: `Remote ${day}`, ...at(day) });

  const words =
    "The calendar holds more events than can be kept here (at most 3, past ones included). Sync is paused until it holds fewer.";
  await t.app.calendarSync.idle();
  const res = await api(user, "POST", "/api/google/sync");
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: words, code: "LIMIT_REACHED", field: "events" });
  expect((await api(user, "GET", "/api/google/status")).json().lastError).toBe(words);
  expect((await titles(user)).length).toBeLessThanOrEqual(3);

  // One fewer at the calendar: the next sync brings what is there.
  const remote = g.live().find((e) => e.summary === "Remote 3");
  g.remoteDelete(remote?.id as string);
  await t.app.calendarSync.idle();
  expect((await api(user, "POST", "/api/google/sync")).statusCode).toBe(200);
  expect(await titles(user)).toEqual(["Made here", "Remote 1", "Remote 2"]);
  expect((await api(user, "GET", "/api/google/status")).json().lastError).toBeNull();
});
