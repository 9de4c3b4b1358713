/**
 * Random interleavings of local and remote creates, edits and deletes, with sync points,
 * injected faults (before and after the provider applied a write) and expired sync tokens.
 * After the faults stop and a final sync runs, both sides must hold the same events, none
 * twice, and nothing deleted on either side may have come back.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, deleteEvent, updateEvent } from "../events/service.ts";
import { type FakeEvent, type FakeGoogle, startFakeGoogle } from "../testing/fake-google-calendar.ts";
import { consentToGoogle, googleSettings } from "../testing/google-consent.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { fromGoogleEvent, type GoogleEvent } from "./google-calendar.ts";

const ZONE = "Europe/Berlin";

let g: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  g = await startFakeGoogle();
  t = await createTestApp({ PUBLIC_URL: "http://127.0.0.1:4997", ...googleSettings(g) });
  t.app.calendarSync.retry = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 };
});
afterAll(async () => {
  await t?.close();
  await g?.close();
});

async function connect(): Promise<number> {
  const user = await t.signUp();
  const headers = { cookie: user.cookie };
  await t.app.inject({ method: "PUT", url: "/api/settings", headers, payload: { timeZone: ZONE } });
  await consentToGoogle(t, g, user.cookie);
  return user.userId;
}

const slot = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.integer({ min: 0, max: 23 }),
  duration: fc.constantFrom(15, 60, 1440),
});
type Slot = { day: number; hour: number; duration: number };

const op = fc.oneof(
  fc.record({ t: fc.constant("localCreate" as const), slot }),
  fc.record({ t: fc.constant("localEdit" as const), i: fc.nat(), slot }),
  fc.record({ t: fc.constant("localDelete" as const), i: fc.nat() }),
  fc.record({ t: fc.constant("remoteCreate" as const), slot }),
  fc.record({ t: fc.constant("remoteEdit" as const), i: fc.nat(), slot }),
  fc.record({ t: fc.constant("remoteDelete" as const), i: fc.nat() }),
  fc.record({ t: fc.constant("sync" as const) }),
  fc.record({
    t: fc.constant("fault" as const),
    status: fc.constantFrom(429, 500, 503),
    count: fc.integer({ min: 1, max: 3 }),
    afterWrite: fc.boolean(),
  }),
  fc.record({ t: fc.constant("expire" as const) }),
);

// An all-day event has no start time; the one a user typed before switching to all-day stays local.
const clock = (startTime: string, duration: number) => (duration === 1440 ? "all day" : startTime);
const pad = (n: number) => String(n).padStart(2, "0");
const localSlot = (s: Slot) => ({
  date: `2026-10-${pad(s.day)}`,
  startTime: `${pad(s.hour)}:00`,
  duration: s.duration,
});
const remoteSlot = (s: Slot): Pick<FakeEvent, "start" | "end"> =>
  s.duration === 1440
    ? { start: { date: `2026-10-${pad(s.day)}` }, end: { date: `2026-10-${pad(Math.min(s.day + 1, 28))}` } }
    : {
        start: { dateTime: `2026-10-${pad(s.day)}T${pad(s.hour)}:00:00Z`, timeZone: "UTC" },
        end: {
          dateTime: new Date(
            Date.parse(`2026-10-${pad(s.day)}T${pad(s.hour)}:00:00Z`) + s.duration * 60_000,
          ).toISOString(),
          timeZone: "UTC",
        },
      };

describe("sync convergence", () => {
  it("leaves both sides equal, without duplicates or resurrected deletions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        g.events.clear();
        g.clearFaults();
        const userId = await connect();
        const db = t.handle.db;
        const deleted = new Set<string>();
        let next = 0;
        const localKeys = async () =>
          db.selectFrom("events").select(["id", "description"]).where("user_id", "=", userId).orderBy("id").execute();
        for (const o of ops) {
          switch (o.t) {
            case "localCreate":
              await createEvent(db, {
                userId,
                keep: t.config.keep,
                input: {
                  title: `local ${next}`,
                  description: `k${next++}`,
                  location: null,
                  category: null,
                  ...localSlot(o.slot),
                },
              });
              break;
            case "localEdit": {
              const rows = await localKeys();
              if (rows.length === 0) break;
              const row = rows[o.i % rows.length];
              await updateEvent(db, {
                userId,
                id: row.id,
                input: { title: `edited here ${o.i}`, ...localSlot(o.slot) },
              });
              break;
            }
            case "localDelete": {
              const rows = await localKeys();
              if (rows.length === 0) break;
              const row = rows[o.i % rows.length];
              deleted.add(row.description ?? "");
              await deleteEvent(db, { userId, id: row.id });
              break;
            }
            case "remoteCreate":
              g.remoteCreate({ summary: `remote ${next}`, description: `k${next++}`, ...remoteSlot(o.slot) });
              break;
            case "remoteEdit": {
              const live = g.live();
              if (live.length === 0) break;
              const target = live[o.i % live.length];
              g.remoteUpdate(target.id, { summary: `edited there ${o.i}`, ...remoteSlot(o.slot) });
              break;
            }
            case "remoteDelete": {
              const live = g.live();
              if (live.length === 0) break;
              const target = live[o.i % live.length];
              deleted.add(target.description ?? "");
              g.remoteDelete(target.id);
              break;
            }
            case "sync":
              await t.app.calendarSync.sync(userId).catch(() => undefined);
              break;
            case "fault":
              g.fail(o.count, o.status, { afterWrite: o.afterWrite });
              break;
            case "expire":
              g.expireSyncTokens();
              break;
          }
        }
        g.clearFaults();
        await t.app.calendarSync.sync(userId);
        await t.app.calendarSync.sync(userId);

        const local = await db
          .selectFrom("events")
          .select(["title", "description", "date", "start_time", "duration", "google_id"])
          .where("user_id", "=", userId)
          .execute();
        const remote = g.live();
        const localView = local
          .map(
            (e) =>
              `${e.google_id}|${e.description}|${e.title}|${e.date}|${clock(e.start_time, e.duration)}|${e.duration}`,
          )
          .sort();
        const remoteView = remote
          .map((e) => {
            const parsed = fromGoogleEvent(e as GoogleEvent, ZONE);
            if (!parsed || parsed.deleted) throw new Error("unreadable remote event");
            const f = parsed.fields;
            return `${e.id}|${f.description}|${f.title}|${f.date}|${clock(f.startTime, f.duration)}|${f.duration}`;
          })
          .sort();
        expect(localView).toEqual(remoteView);
        const keys = local.map((e) => e.description);
        expect(new Set(keys).size).toBe(keys.length);
        for (const key of keys) expect(deleted.has(key ?? ""), `deleted ${key} came back`).toBe(false);
        const tombstones = await db
          .selectFrom("event_tombstones")
          .select("remote_id")
          .where("user_id", "=", userId)
          .execute();
        expect(tombstones).toHaveLength(0);
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
