import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type TestPushService } from "../testing/push-service.ts";
import { createSecondInstance, createTestApp, type TestApp } from "../testing/test-app.ts";

type Signed = { cookie: string; userId: number };

let push: TestPushService;
let t: TestApp;
let clock = Date.parse("2026-11-23T12:00:00Z");
const now = () => clock;
const at = (iso: string) => {
  clock = Date.parse(iso);
};

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_NETWORK: "true" }, { now });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

async function call(user: Signed, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url,
    headers: { cookie: user.cookie, "user-agent": "Test Browser" },
    payload: payload as object,
  });
}

/** A new person with one subscribed device on the test push service. */
async function subscribedUser(): Promise<Signed & { hash: string }> {
  const user = await t.signUp();
  const key = await call(user, "GET", "/api/push/key");
  expect(key.statusCode).toBe(200);
  const sub = await push.subscribe(key.json().publicKey);
  const res = await call(user, "POST", "/api/push/subscriptions", { endpoint: sub.endpoint, keys: sub.keys });
  expect(res.statusCode, res.body).toBe(201);
  return { ...user, hash: sub.clientHash };
}

const titles = async (hash: string) => (await push.messages(hash)).map((m) => JSON.parse(m).title as string);

describe("reminders by Web Push", () => {
  afterEach(() => at("2026-11-23T12:00:00Z"));

  it("a subscribed device receives an encrypted, signed message the push service can read", async () => {
    const user = await subscribedUser();
    const res = await call(user, "POST", "/api/push/test");
    expect(res.json()).toEqual({ sent: 1 });
    const [message] = await push.messages(user.hash);
    expect(JSON.parse(message)).toEqual({
      title: "Reminders are on",
      body: "This device will get your reminders.",
      url: "/settings",
      tag: "test",
    });
    const devices = await call(user, "GET", "/api/push/subscriptions");
    expect(devices.json()).toEqual([expect.objectContaining({ device: "Test Browser" })]);
  });

  it("an event is announced its lead time before it starts, once, by one of two instances", async () => {
    const user = await subscribedUser();
    const created = await call(user, "POST", "/api/events", {
      title: "Dentist",
      date: "2026-11-23",
      startTime: "15:00",
      duration: 30,
      location: "High Street",
    });
    expect(created.statusCode).toBe(201);
    const second = await createSecondInstance(t, { now });
    try {
      at("2026-11-23T14:49:00Z");
      await Promise.all([t.app.reminders.tick(), second.app.reminders.tick()]);
      expect(await push.messages(user.hash)).toEqual([]);

      at("2026-11-23T14:50:20Z");
      await Promise.all([t.app.reminders.tick(), second.app.reminders.tick()]);
      await Promise.all([t.app.reminders.tick(), second.app.reminders.tick()]);
      const messages = (await push.messages(user.hash)).map((m) => JSON.parse(m));
      expect(messages).toEqual([
        {
          title: "Dentist",
          body: "Starts in 10 min · 3:00 PM · High Street",
          url: "/calendar",
          tag: expect.any(String),
        },
      ]);
    } finally {
      await second.close();
    }
  });

  it("the lead time is the person's choice", async () => {
    const user = await subscribedUser();
    const saved = await call(user, "PUT", "/api/reminders/settings", { eventLeadMinutes: 30 });
    expect(saved.json().eventLeadMinutes).toBe(30);
    await call(user, "POST", "/api/events", {
      title: "Team call",
      date: "2026-11-23",
      startTime: "16:00",
      duration: 30,
    });
    at("2026-11-23T15:30:10Z");
    await t.app.reminders.tick();
    expect((await push.messages(user.hash)).map((m) => JSON.parse(m).body)).toEqual(["Starts in 30 min · 4:00 PM"]);
  });

  it("people read together keep their own zones and choices", async () => {
    at("2026-11-24T00:00:00Z");
    const tokyo = await subscribedUser();
    const london = await subscribedUser();
    await call(tokyo, "PUT", "/api/settings", { timeZone: "Asia/Tokyo" });
    await call(tokyo, "PUT", "/api/reminders/settings", { tasks: false, eventLeadMinutes: 15 });
    await call(london, "PUT", "/api/reminders/settings", { eventLeadMinutes: 0 });
    for (const user of [tokyo, london]) {
      await call(user, "POST", "/api/events", {
        title: "Stand-up",
        date: "2026-11-24",
        startTime: "18:00",
        duration: 15,
      });
      await call(user, "POST", "/api/tasks", { title: "Water the plants", dueTime: "18:00" });
    }
    // 17:45 in Tokyo is 08:45 UTC; 18:00 in London is 18:00 UTC.
    at("2026-11-24T08:45:20Z");
    await t.app.reminders.tick();
    at("2026-11-24T18:00:20Z");
    await t.app.reminders.tick();
    const bodies = async (hash: string) =>
      (await push.messages(hash)).map((m) => `${JSON.parse(m).title}: ${JSON.parse(m).body}`);
    expect(await bodies(tokyo.hash)).toEqual(["Stand-up: Starts in 15 min · 6:00 PM"]);
    expect((await bodies(london.hash)).sort()).toEqual([
      "Stand-up: Starting now · 6:00 PM",
      "Water the plants: Planned for 6:00 PM",
    ]);
  });

  it("after a restart what fell due while it was down is sent, stale ones are not, nothing twice", async () => {
    const user = await subscribedUser();
    await call(user, "POST", "/api/events", {
      title: "Long ago",
      date: "2026-11-24",
      startTime: "08:00",
      duration: 30,
    });
    await call(user, "POST", "/api/events", {
      title: "While down",
      date: "2026-11-24",
      startTime: "10:00",
      duration: 30,
    });
    at("2026-11-24T07:00:00Z");
    await t.app.reminders.tick();
    // Down from 07:00 to 10:20: "Long ago" (due 07:50) is too old to help, "While down" (09:50) is not.
    at("2026-11-24T10:20:00Z");
    const restarted = await createSecondInstance(t, { now });
    try {
      await restarted.app.reminders.tick();
      await restarted.app.reminders.tick();
      expect(await titles(user.hash)).toEqual(["While down"]);
    } finally {
      await restarted.close();
    }
  });

  it("what was sent, skipped or given up is forgotten a day after it fell due, and is not sent again", async () => {
    const user = await subscribedUser();
    await call(user, "POST", "/api/events", { title: "Dentist", date: "2026-12-02", startTime: "09:00", duration: 30 });
    const rows = () =>
      t.handle.db.selectFrom("push_deliveries").select(["key", "status"]).where("user_id", "=", user.userId).execute();
    at("2026-12-02T08:50:00Z");
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual(["Dentist"]);
    // Within the catch-up hour and the day after it, the claim stays: a second pass sends nothing.
    at("2026-12-03T09:00:00Z");
    await t.app.reminders.tick();
    expect(await rows()).toEqual([expect.objectContaining({ status: "sent" })]);
    at("2026-12-03T10:00:00Z");
    await t.app.reminders.tick();
    expect(await rows()).toEqual([]);
    expect(await titles(user.hash)).toEqual(["Dentist"]);
  });

  it("a claim left by an instance that stopped mid-send is taken over when its lease runs out", async () => {
    const user = await subscribedUser();
    const event = await call(user, "POST", "/api/events", {
      title: "Pick up Sam",
      date: "2026-11-25",
      startTime: "17:00",
      duration: 15,
    });
    await t.handle.db
      .insertInto("push_deliveries")
      .values({
        user_id: user.userId,
        key: `event:${event.json().id}:2026-11-25T17:00`,
        due_at: "2026-11-25T16:50:00.000Z",
        status: "sending",
        lease_owner: "a stopped instance",
        lease_until: "2026-11-25T16:51:00.000Z",
        created_at: "2026-11-25T16:50:00.000Z",
        sent_at: null,
      })
      .execute();
    at("2026-11-25T16:50:30Z");
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual([]);
    at("2026-11-25T16:51:30Z");
    await t.app.reminders.tick();
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual(["Pick up Sam"]);
  });

  it("announces tasks' due times, Reminder thoughts that name a time and the daily planning nudge", async () => {
    const user = await subscribedUser();
    at("2026-11-26T09:00:00Z");
    await call(user, "POST", "/api/tasks", { title: "Send the invoice", dueTime: "15:00" });
    const thought = await call(user, "POST", "/api/thoughts", { content: "Bins out Thursday 3pm", type: "Reminder" });
    expect(thought.statusCode).toBe(201);
    // Captured on the Monday: "Thursday" is read from when it was said.
    await t.handle.db
      .updateTable("thoughts")
      .set({ created_at: "2026-11-23T18:00:00.000Z" })
      .where("id", "=", thought.json().id)
      .execute();
    // One captured with the date chip accepted: its day and time, whatever the words say.
    const chipped = await call(user, "POST", "/api/thoughts", {
      content: "Call the garage",
      type: "Reminder",
      whenDate: "2026-11-26",
      whenTime: "15:00",
    });
    expect(chipped.statusCode, chipped.body).toBe(201);
    await call(user, "PUT", "/api/reminders/settings", { dailyPlanTime: "15:00" });
    at("2026-11-26T15:00:30Z");
    await t.app.reminders.tick();
    const messages = (await push.messages(user.hash)).map((m) => JSON.parse(m));
    expect(messages.map((m) => [m.title, m.url]).sort()).toEqual([
      ["Plan your day", "/dashboard"],
      ["Reminder", "/inbox"],
      ["Reminder", "/inbox"],
      ["Send the invoice", "/tasks"],
    ]);
    expect(
      messages
        .filter((m) => m.title === "Reminder")
        .map((m) => m.body)
        .sort(),
    ).toEqual(["Bins out Thursday 3pm", "Call the garage"]);
  });

  it("a routine reminds on each of its days, also on days nobody opens the app", async () => {
    const user = await subscribedUser();
    at("2026-11-23T07:00:00Z");
    // Monday: every day at 08:00, and on Mondays at 09:00.
    const pills = await call(user, "POST", "/api/tasks", {
      title: "Take the pills",
      dueTime: "08:00",
      repeat: "FREQ=DAILY",
    });
    expect(pills.statusCode, pills.body).toBe(201);
    const bins = await call(user, "POST", "/api/tasks", {
      title: "Bins out",
      dueTime: "09:00",
      repeat: "FREQ=WEEKLY;BYDAY=MO",
    });
    expect(bins.statusCode, bins.body).toBe(201);
    // Ticked early on Monday: the series goes on.
    const ticked = await call(user, "PATCH", `/api/tasks/${pills.json().id}`, { completed: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    at("2026-11-23T09:00:30Z");
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual(["Bins out"]);

    // Wednesday, with no request from the person since Monday.
    at("2026-11-25T08:00:30Z");
    await t.app.reminders.tick();
    at("2026-11-25T09:00:30Z");
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual(["Bins out", "Take the pills"]);

    // The next Monday: both, once each.
    at("2026-11-30T08:00:30Z");
    await t.app.reminders.tick();
    at("2026-11-30T09:00:30Z");
    await t.app.reminders.tick();
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual(["Bins out", "Take the pills", "Take the pills", "Bins out"]);
  });

  it("quiet hours hold reminders back, but not the end of a focus session the person started", async () => {
    const user = await subscribedUser();
    await call(user, "PUT", "/api/reminders/settings", { quietStart: "22:00", quietEnd: "07:00" });
    await call(user, "POST", "/api/events", {
      title: "Early train",
      date: "2026-11-27",
      startTime: "06:30",
      duration: 30,
    });
    at("2026-11-27T06:10:00Z");
    const focus = await call(user, "PUT", "/api/reminders/focus", { endsAt: "2026-11-27T06:25:00Z" });
    expect(focus.statusCode).toBe(204);
    at("2026-11-27T06:25:10Z");
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual(["Focus session completed!"]);
  });

  it("a focus session paused or reset is not announced", async () => {
    const user = await subscribedUser();
    at("2026-11-28T10:00:00Z");
    await call(user, "PUT", "/api/reminders/focus", { endsAt: "2026-11-28T10:25:00Z" });
    expect((await call(user, "DELETE", "/api/reminders/focus")).statusCode).toBe(204);
    at("2026-11-28T10:25:10Z");
    await t.app.reminders.tick();
    expect(await titles(user.hash)).toEqual([]);
  });

  it("a subscription the push service says is gone is removed", async () => {
    const user = await subscribedUser();
    await push.expire(user.hash);
    expect((await call(user, "POST", "/api/push/test")).json()).toEqual({ sent: 0 });
    expect((await call(user, "GET", "/api/push/subscriptions")).json()).toEqual([]);
  });

  it("keys are sealed at rest", async () => {
    const user = await subscribedUser();
    const row = await t.handle.db
      .selectFrom("push_subscriptions")
      .select("keys")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row.keys.startsWith("v1.")).toBe(true);
    const publicKey = (await call(user, "GET", "/api/push/key")).json().publicKey;
    const stored = await t.handle.db.selectFrom("server_keys").select("value").executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(publicKey);
  });

  it("bad input is refused with a message and changes nothing; one person cannot touch another's device", async () => {
    const a = await subscribedUser();
    const b = await t.signUp();
    const endpoint = `${push.url}/notify/${a.hash}`;
    for (const [url, method, body, field] of [
      ["/api/push/subscriptions", "POST", { endpoint: "not a url", keys: { p256dh: "x", auth: "y" } }, "endpoint"],
      ["/api/reminders/settings", "PUT", { eventLeadMinutes: 7 }, "eventLeadMinutes"],
      ["/api/reminders/settings", "PUT", { quietStart: "22:00" }, "quietEnd"],
      ["/api/reminders/settings", "PUT", { dailyPlanTime: "25:00" }, "dailyPlanTime"],
      ["/api/reminders/focus", "PUT", { endsAt: "2020-01-01T00:00:00Z" }, "endsAt"],
    ] as const) {
      const res = await call(b, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect((await call(b, "GET", "/api/reminders/settings")).json().eventLeadMinutes).toBe(10);
    await call(b, "POST", "/api/push/subscriptions/remove", { endpoint });
    expect((await call(a, "GET", "/api/push/subscriptions")).json()).toHaveLength(1);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/push/key" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("one person's devices and everyone else's reminders", () => {
  afterEach(() => at("2026-11-23T12:00:00Z"));

  /** A push service that takes requests and holds them unanswered until released. */
  async function holdingService() {
    const held: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      held.push(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      endpoint: (n: number) => `http://127.0.0.1:${port}/hold/${n}`,
      held: () => held.length,
      close: async () => {
        for (const res of held.splice(0)) res.writeHead(201).end();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it("are kept to the 10 newest: an eleventh device takes the oldest one's place", async () => {
    const user = await t.signUp();
    const key = (await call(user, "GET", "/api/push/key")).json().publicKey;
    const { keys } = await push.subscribe(key);
    for (let n = 1; n <= 12; n++) {
      const res = await call(user, "POST", "/api/push/subscriptions", {
        endpoint: `https://push.example/d/${n}`,
        keys,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const devices = (await call(user, "GET", "/api/push/subscriptions")).json();
    expect(devices).toHaveLength(10);
    const endpoints = await t.handle.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", user.userId)
      .orderBy("id")
      .execute();
    expect(endpoints.map((e) => e.endpoint.split("/").pop())).toEqual([
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
    ]);
  });

  it("a person whose push services do not answer holds back no one else's reminder", async () => {
    const holding = await holdingService();
    try {
      at("2026-11-26T09:00:00Z");
      const slow = await t.signUp();
      const key = (await call(slow, "GET", "/api/push/key")).json().publicKey;
      const { keys } = await push.subscribe(key);
      for (let n = 1; n <= 3; n++) {
        expect(
          (await call(slow, "POST", "/api/push/subscriptions", { endpoint: holding.endpoint(n), keys })).statusCode,
        ).toBe(201);
      }
      await call(slow, "POST", "/api/tasks", { title: "Slow one's task", dueTime: "15:00" });
      const other = await subscribedUser();
      await call(other, "POST", "/api/tasks", { title: "Water the plants", dueTime: "15:00" });

      at("2026-11-26T15:00:30Z");
      const pass = t.app.reminders.tick();
      // Delivered while the slow person's services still hold every message sent to them.
      await expect.poll(() => titles(other.hash), { timeout: 5000 }).toEqual(["Water the plants"]);
      // All three were sent at once, and all are still held (the last may connect a moment later).
      await expect.poll(() => holding.held(), { timeout: 5000 }).toBe(3);
      await holding.close();
      await pass;
    } finally {
      await holding.close();
    }
  });
});

describe("push services on private addresses", () => {
  it("are refused unless the operator allows them", async () => {
    const strict = await createTestApp();
    try {
      const user = await strict.signUp();
      const res = await strict.app.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: { cookie: user.cookie },
        payload: {
          endpoint: "http://127.0.0.1:9/notify/abc",
          keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/https/);
    } finally {
      await strict.close();
    }
  });
});
