import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { ALL_DAY_MINUTES } from "../../shared/constants.ts";
import { addDays, formatTime12, minutesOf, wallClock, zonedInstant } from "../../shared/dates.ts";
import type { PushPayload } from "../../shared/reminders.ts";
import { findWhen } from "../../shared/when.ts";
import type { SecretBox } from "../crypto/secrets.ts";
import { type Db, nowIso } from "../db/database.ts";
import { mapLimited } from "../map-limited.ts";
import type { PublicFetch } from "../net/public-fetch.ts";
import { DEFAULT_TIME_ZONE } from "../settings/service.ts";
import type { VapidKeys } from "./keys.ts";
import { type SendOutcome, type Subscription, sendPush } from "./sender.ts";
import { DEFAULT_REMINDER_SETTINGS, readReminderSettingsOf } from "./settings.ts";

/** A notification that is due: the key makes it once-only per user. */
export type DueNotification = {
  userId: number;
  key: string;
  dueAt: number;
  payload: PushPayload;
  /** Announced even in quiet hours: the end of a focus session the person started. */
  ignoresQuietHours?: boolean;
  /** Falls in the user's quiet hours: recorded as skipped, never sent. */
  quiet?: boolean;
};

/** How far back a restarted server still sends what fell due while it was down. */
export const CATCH_UP_MS = 60 * 60 * 1000;
/**
 * How long a finished claim (sent, skipped, given up) is kept after its catch-up hour: no pass reads
 * it again by then, and a day is left to look at what was sent. Older ones are deleted.
 */
const DELIVERIES_KEPT_MS = 24 * 60 * 60 * 1000;
/** How often an instance deletes the finished claims no pass needs any more. */
const FORGET_EVERY_MS = 60 * 60 * 1000;
/** How long an instance holds a claimed notification before another may take it over. */
const LEASE_MS = 60 * 1000;
const MAX_ATTEMPTS = 5;
/** People whose reminders are sent at the same time in one pass. */
const PEOPLE_AT_ONCE = 8;

type Clock = () => Date;

/** Whether a wall-clock time falls in quiet hours (which may run past midnight). */
export function inQuietHours(time: string, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  const t = minutesOf(time);
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s < e ? t >= s && t < e : t >= s || t < e;
}

/** Users read together: one query per kind of reminder for each this many subscribed users. */
const USERS_PER_READ = 500;
/** Reminder thoughts' times read from their words, kept so each is read once, not every tick. */
const WHEN_KEPT = 20_000;
const whenRead = new Map<string, ReturnType<typeof findWhen>>();

/** What a Reminder thought's words say about when, as of when it was captured (in its user's zone). */
function whenOfWords(content: string, createdAt: string, timeZone: string): ReturnType<typeof findWhen> {
  const said = wallClock(new Date(createdAt), timeZone);
  const key = `${said.date}T${said.time}\u0000${content}`;
  if (whenRead.has(key)) return whenRead.get(key) ?? null;
  const when = findWhen(content, said);
  if (whenRead.size >= WHEN_KEPT) whenRead.delete(whenRead.keys().next().value as string);
  whenRead.set(key, when);
  return when;
}

type Subscriber = { userId: number; timeZone: string };

/**
 * Everything that falls due in (from, to] for the users who have a device subscribed: events
 * (their start less the lead time), open tasks' due times, Reminder thoughts that name a time,
 * the end of a running focus session, and the daily planning nudge. `settle` runs for each of
 * them first: it rolls their routines forward to their today (docs/decisions/032-routines.md),
 * so a routine reminds on its days even when nobody opened the app since its last one. Users are
 * read in groups (USERS_PER_READ), a handful of queries per group rather than per user.
 */
export async function dueNotifications(
  db: Db,
  from: Date,
  to: Date,
  settle?: (userId: number) => Promise<unknown>,
): Promise<DueNotification[]> {
  const subscribed = await db
    .selectFrom("push_subscriptions")
    .leftJoin("user_settings", "user_settings.user_id", "push_subscriptions.user_id")
    .select(["push_subscriptions.user_id as userId", "user_settings.time_zone as timeZone"])
    .distinct()
    .orderBy("push_subscriptions.user_id")
    .execute();
  // A person who never saved Settings has the default zone.
  const users = subscribed.map((u) => ({ userId: u.userId, timeZone: u.timeZone ?? DEFAULT_TIME_ZONE }));
  const due: DueNotification[] = [];
  for (let i = 0; i < users.length; i += USERS_PER_READ) {
    const group = users.slice(i, i + USERS_PER_READ);
    if (settle) for (const { userId } of group) await settle(userId);
    due.push(...(await dueForGroup(db, group, from, to)));
  }
  return due;
}

/** The rows `read` finds for these users (none asked when there are none), grouped by user. */
async function byUser<T extends { user_id: number }>(
  userIds: number[],
  read: (userIds: number[]) => Promise<T[]>,
): Promise<Map<number, T[]>> {
  const rows = userIds.length === 0 ? [] : await read(userIds);
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.user_id);
    if (list) list.push(row);
    else out.set(row.user_id, [row]);
  }
  return out;
}

async function dueForGroup(db: Db, group: Subscriber[], from: Date, to: Date): Promise<DueNotification[]> {
  const inWindow = (at: number) => at > from.getTime() && at <= to.getTime();
  const settingsOf = await readReminderSettingsOf(
    db,
    group.map((u) => u.userId),
  );
  const wanting = (kind: "events" | "tasks" | "thoughts" | "focusEnd") =>
    group.filter((u) => (settingsOf.get(u.userId) ?? DEFAULT_REMINDER_SETTINGS)[kind]).map((u) => u.userId);
  // Yesterday, today and tomorrow of every zone in the group.
  const daysOf = new Map(
    group.map((u) => {
      const today = wallClock(to, u.timeZone).date;
      return [u.userId, [addDays(today, -1), today, addDays(today, 1)]];
    }),
  );
  const anyDay = [...new Set([...daysOf.values()].flat())];

  const events = await byUser(wanting("events"), (ids) =>
    db
      .selectFrom("events")
      .select(["id", "user_id", "title", "date", "start_time", "duration", "location"])
      .where("user_id", "in", ids)
      .where("date", "in", anyDay)
      .where("duration", "!=", ALL_DAY_MINUTES)
      .execute(),
  );
  const tasks = await byUser(wanting("tasks"), (ids) =>
    db
      .selectFrom("tasks")
      .select(["id", "user_id", "title", "due_time", "due_date", "not_before"])
      .where("user_id", "in", ids)
      .where("completed", "=", 0)
      .where("archived_at", "is", null)
      .where("due_time", "is not", null)
      .execute(),
  );
  const thoughts = await byUser(wanting("thoughts"), (ids) =>
    db
      .selectFrom("thoughts")
      .select(["id", "user_id", "content", "created_at", "when_date", "when_time"])
      .where("user_id", "in", ids)
      .where("type", "=", "Reminder")
      .where("status", "=", "inbox")
      .execute(),
  );
  const timers = await byUser(wanting("focusEnd"), (ids) =>
    db.selectFrom("focus_timers").select(["user_id", "ends_at"]).where("user_id", "in", ids).execute(),
  );

  const due: DueNotification[] = [];
  for (const { userId, timeZone } of group) {
    const settings = settingsOf.get(userId) ?? DEFAULT_REMINDER_SETTINGS;
    const days = daysOf.get(userId) ?? [];
    const mine: DueNotification[] = [];

    for (const e of events.get(userId) ?? []) {
      if (!days.includes(e.date)) continue;
      const start = zonedInstant(e.date, e.start_time, timeZone);
      const at = start - settings.eventLeadMinutes * 60_000;
      if (!inWindow(at)) continue;
      const lead = settings.eventLeadMinutes;
      mine.push({
        userId,
        key: `event:${e.id}:${e.date}T${e.start_time}`,
        dueAt: at,
        payload: {
          title: e.title || "Untitled event",
          body: `${lead === 0 ? "Starting now" : `Starts in ${lead} min`} · ${formatTime12(e.start_time)}${e.location ? ` · ${e.location}` : ""}`,
          url: "/calendar",
          tag: `event-${e.id}`,
        },
      });
    }

    for (const t of tasks.get(userId) ?? []) {
      if (!t.due_time) continue;
      for (const day of t.due_date ? [t.due_date] : days) {
        if (t.not_before && t.not_before > day) continue;
        const at = zonedInstant(day, t.due_time, timeZone);
        if (!inWindow(at)) continue;
        mine.push({
          userId,
          key: `task:${t.id}:${day}T${t.due_time}`,
          dueAt: at,
          payload: {
            title: t.title,
            body: `Planned for ${formatTime12(t.due_time)}`,
            url: "/tasks",
            tag: `task-${t.id}`,
          },
        });
      }
    }

    for (const r of thoughts.get(userId) ?? []) {
      // The time the person accepted from the chip when capturing; else what the words say.
      const when = r.when_date
        ? { date: r.when_date, time: r.when_time }
        : whenOfWords(r.content, r.created_at, timeZone);
      if (!when?.time) continue;
      const at = zonedInstant(when.date, when.time, timeZone);
      if (!inWindow(at)) continue;
      mine.push({
        userId,
        key: `thought:${r.id}:${when.date}T${when.time}`,
        dueAt: at,
        payload: { title: "Reminder", body: r.content.slice(0, 200), url: "/inbox", tag: `thought-${r.id}` },
      });
    }

    const endsAt = timers.get(userId)?.[0]?.ends_at;
    const at = endsAt ? Date.parse(endsAt) : Number.NaN;
    if (endsAt && inWindow(at)) {
      mine.push({
        userId,
        key: `focus:${endsAt}`,
        dueAt: at,
        ignoresQuietHours: true,
        payload: {
          title: "Focus session completed!",
          body: "Time for a 5-minute break.",
          url: "/focus",
          tag: "focus-session",
        },
      });
    }

    if (settings.dailyPlanTime) {
      for (const day of days) {
        const at = zonedInstant(day, settings.dailyPlanTime, timeZone);
        if (!inWindow(at)) continue;
        mine.push({
          userId,
          key: `plan:${day}`,
          dueAt: at,
          payload: {
            title: "Plan your day",
            body: "A minute to pick today's few focus tasks.",
            url: "/dashboard",
            tag: "plan-your-day",
          },
        });
      }
    }

    for (const n of mine) {
      if (n.ignoresQuietHours) continue;
      const wall = wallClock(new Date(n.dueAt), timeZone).time;
      if (inQuietHours(wall, settings.quietStart, settings.quietEnd)) n.quiet = true;
    }
    due.push(...mine);
  }
  return due;
}

export type SchedulerDeps = {
  db: Db;
  box: SecretBox;
  fetcher: PublicFetch;
  vapid: () => Promise<VapidKeys>;
  log: FastifyBaseLogger;
  now?: Clock;
  /** Brings a user's rows up to their today before their reminders are read (routines). */
  settle?: (userId: number) => Promise<unknown>;
};

/**
 * Sends each reminder once. Every tick looks at what fell due since the catch-up horizon, claims
 * each new one by inserting its (user, key) row — the unique constraint lets exactly one instance
 * win — and sends it to the user's devices while holding a lease. A claim whose lease ran out (its
 * instance stopped mid-send) is taken over; one sent, skipped or given up is never looked at again.
 */
export class ReminderScheduler {
  readonly #owner = randomUUID();
  readonly #deps: SchedulerDeps;
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<void> | undefined;
  #forgotAt: number | undefined;

  constructor(deps: SchedulerDeps) {
    this.#deps = deps;
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => void this.tick().catch(() => undefined), intervalMs);
    this.#timer.unref();
    void this.tick().catch(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** One pass; overlapping calls share the pass in progress. */
  tick(): Promise<void> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #pass(): Promise<void> {
    const { db, log } = this.#deps;
    const now = (this.#deps.now ?? (() => new Date()))();
    const from = new Date(now.getTime() - CATCH_UP_MS);
    const due = await dueNotifications(db, from, now, this.#deps.settle);
    // Claimed already (by any instance): one read instead of a refused insert, a write, every tick.
    const claimed = new Set(
      due.length === 0
        ? []
        : (
            await db
              .selectFrom("push_deliveries")
              .select(["user_id", "key"])
              .where("due_at", ">", from.toISOString())
              .execute()
          ).map((r) => `${r.user_id} ${r.key}`),
    );
    // Claimed here, then sent person by person: several people at once, each one's reminders in
    // turn, so push services that are slow to answer hold back only the person they serve.
    const sends = new Map<number, Array<() => Promise<void>>>();
    const later = (userId: number, send: () => Promise<void>) => {
      const own = sends.get(userId);
      if (own) own.push(send);
      else sends.set(userId, [send]);
    };
    for (const n of due) {
      if (claimed.has(`${n.userId} ${n.key}`)) continue;
      const quiet = n.quiet === true;
      const inserted = await db
        .insertInto("push_deliveries")
        .values({
          user_id: n.userId,
          key: n.key,
          due_at: new Date(n.dueAt).toISOString(),
          status: quiet ? "skipped" : "sending",
          lease_owner: quiet ? null : this.#owner,
          lease_until: quiet ? null : new Date(now.getTime() + LEASE_MS).toISOString(),
          created_at: nowIso(),
          sent_at: null,
        })
        .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
        .executeTakeFirst();
      if (quiet || Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      later(n.userId, () => this.#deliver(n.userId, n.key, n.payload, now));
    }
    // Claims another instance left behind when it stopped mid-send, and ones to try again.
    const stale = await db
      .selectFrom("push_deliveries")
      .select(["id", "user_id", "key"])
      .where("status", "=", "sending")
      .where("lease_until", "<", now.toISOString())
      .limit(100)
      .execute();
    for (const row of stale) {
      const taken = await db
        .updateTable("push_deliveries")
        .set({ lease_owner: this.#owner, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
        .where("id", "=", row.id)
        .where("status", "=", "sending")
        .where("lease_until", "<", now.toISOString())
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      const again = due.find((n) => n.userId === row.user_id && n.key === row.key);
      if (again) later(row.user_id, () => this.#deliver(row.user_id, row.key, again.payload, now));
      else await this.#finish(row.user_id, row.key, "failed", now);
    }
    await mapLimited([...sends.values()], PEOPLE_AT_ONCE, async (own) => {
      for (const send of own) await send();
    });
    await this.#forgetFinished(now);
    log.debug({ due: due.length }, "reminders checked");
  }

  /** Deletes, once an hour, the finished claims of reminders that fell due before the catch-up hour and a day. */
  async #forgetFinished(now: Date): Promise<void> {
    // A clock set back (in tests) counts as time passed too.
    if (this.#forgotAt !== undefined && Math.abs(now.getTime() - this.#forgotAt) < FORGET_EVERY_MS) return;
    this.#forgotAt = now.getTime();
    await this.#deps.db
      .deleteFrom("push_deliveries")
      .where("due_at", "<", new Date(now.getTime() - CATCH_UP_MS - DELIVERIES_KEPT_MS).toISOString())
      .where("status", "!=", "sending")
      .execute();
  }

  async #deliver(userId: number, key: string, payload: PushPayload, now: Date): Promise<void> {
    const outcomes = await sendToUser(this.#deps, userId, payload);
    const retry = outcomes.includes("retry") && !outcomes.includes("sent");
    if (!retry) {
      await this.#finish(userId, key, outcomes.includes("sent") ? "sent" : "failed", now);
      return;
    }
    const row = await this.#deps.db
      .updateTable("push_deliveries")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        // Try again after the lease runs out, a little later each time.
        lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
      }))
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .returning("attempts")
      .executeTakeFirst();
    if ((row?.attempts ?? MAX_ATTEMPTS) >= MAX_ATTEMPTS) await this.#finish(userId, key, "failed", now);
  }

  async #finish(userId: number, key: string, status: "sent" | "failed", now: Date): Promise<void> {
    await this.#deps.db
      .updateTable("push_deliveries")
      .set({ status, lease_owner: null, lease_until: null, sent_at: status === "sent" ? now.toISOString() : null })
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .execute();
  }
}

/** Sends to every device of a user; a device the push service says is gone is forgotten. */
export async function sendToUser(
  deps: Pick<SchedulerDeps, "db" | "box" | "fetcher" | "vapid" | "log">,
  userId: number,
  payload: PushPayload,
): Promise<SendOutcome[]> {
  const { db, box, fetcher, log } = deps;
  const vapid = await deps.vapid();
  const subs = await db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "keys"])
    .where("user_id", "=", userId)
    .execute();
  // Every device at once: the slowest one's answer, not their sum, is how long it takes.
  return Promise.all(
    subs.map(async (s): Promise<SendOutcome> => {
      let subscription: Subscription;
      try {
        subscription = { endpoint: s.endpoint, keys: JSON.parse(box.decrypt(s.keys)) };
      } catch {
        return "refused";
      }
      const outcome = await sendPush(fetcher, vapid, subscription, payload);
      if (outcome === "gone") {
        await db.deleteFrom("push_subscriptions").where("id", "=", s.id).execute();
        log.info({ userId }, "a device's reminder subscription expired and was removed");
      }
      return outcome;
    }),
  );
}
