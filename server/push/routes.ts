import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  focusTimerInput,
  pushDevice,
  pushKey,
  pushSubscriptionInput,
  pushTestResult,
  pushUnsubscribeInput,
  reminderSettings,
  updateReminderSettingsInput,
} from "../../shared/reminders.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Config } from "../config.ts";
import { createSecretBox } from "../crypto/secrets.ts";
import { type Db, nowIso } from "../db/database.ts";
import { invalidField } from "../errors.ts";
import { createPublicFetch, type PublicFetchOptions } from "../net/public-fetch.ts";
import type { Routines } from "../routines/roll-forward.ts";
import { loadVapidKeys, type VapidKeys } from "./keys.ts";
import { ReminderScheduler, sendToUser } from "./scheduler.ts";
import { readReminderSettings, updateReminderSettings } from "./settings.ts";

const FOCUS_AHEAD_MS = 4 * 60 * 60 * 1000;
/** Devices kept per person for reminders; a newer one takes the oldest one's place. */
const PUSH_DEVICES_MAX = 10;

/** Reminders by Web Push: the device subscriptions, the person's reminder choices, and the sender. */
export function registerReminderRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    routines: Routines;
    now?: () => number;
    networkForTests?: PublicFetchOptions["testing"];
  },
): ReminderScheduler {
  const { config, db } = deps;
  const box = createSecretBox({ appSecret: config.appSecret, dataDir: config.dataDir });
  const fetcher = createPublicFetch({
    allowPrivate: config.push.allowPrivateNetwork,
    timeoutMs: 15_000,
    testing: deps.networkForTests,
  });
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= loadVapidKeys(db, box, config.push).catch((err) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };
  const clock = () => new Date(deps.now?.() ?? Date.now());
  const scheduler = new ReminderScheduler({
    db,
    box,
    fetcher,
    vapid,
    log: app.log,
    now: clock,
    settle: (userId) => deps.routines.today(userId),
  });
  app.addHook("onReady", async () => scheduler.start(config.push.checkIntervalMs));
  app.addHook("onClose", async () => {
    await scheduler.stop();
    await fetcher.close();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["reminders"];

  r.get("/api/push/key", { schema: { tags, response: { 200: pushKey } } }, async () => ({
    publicKey: (await vapid()).publicKey,
  }));

  r.get("/api/push/subscriptions", { schema: { tags, response: { 200: z.array(pushDevice) } } }, async (req) => {
    const rows = await db
      .selectFrom("push_subscriptions")
      .select(["id", "device", "created_at"])
      .where("user_id", "=", userIdOf(req))
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ id: row.id, device: row.device, createdAt: row.created_at }));
  });

  r.post(
    "/api/push/subscriptions",
    { config: { idempotent: true }, schema: { tags, body: pushSubscriptionInput, response: { 201: pushDevice } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      const { endpoint, keys: subKeys } = req.body;
      const url = new URL(endpoint);
      if (url.protocol !== "https:" && !(config.push.allowPrivateNetwork && url.protocol === "http:")) {
        throw invalidField("endpoint", "Must be the push service's https:// address");
      }
      const values = {
        user_id: userId,
        keys: box.encrypt(JSON.stringify(subKeys)),
        device: req.headers["user-agent"]?.slice(0, 300) ?? null,
        created_at: nowIso(),
      };
      // A browser has one subscription per site: the same endpoint again (or after another
      // person signed in on this device) now belongs to whoever is signed in.
      const row = await db
        .insertInto("push_subscriptions")
        .values({ endpoint, ...values })
        .onConflict((oc) => oc.column("endpoint").doUpdateSet(values))
        .returning(["id", "device", "created_at"])
        .executeTakeFirstOrThrow();
      // A person's devices are kept to the newest few: each reminder goes to all of them, and
      // browsers reinstalled or cleared leave subscriptions behind that nothing will remove.
      await db
        .deleteFrom("push_subscriptions")
        .where("user_id", "=", userId)
        .where(
          "id",
          "not in",
          db
            .selectFrom("push_subscriptions")
            .select("id")
            .where("user_id", "=", userId)
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(PUSH_DEVICES_MAX),
        )
        .execute();
      reply.code(201);
      return { id: row.id, device: row.device, createdAt: row.created_at };
    },
  );

  r.post(
    "/api/push/subscriptions/remove",
    { schema: { tags, body: pushUnsubscribeInput, response: { 204: z.null() } } },
    async (req, reply) => {
      await db
        .deleteFrom("push_subscriptions")
        .where("user_id", "=", userIdOf(req))
        .where("endpoint", "=", req.body.endpoint)
        .execute();
      return reply.code(204).send(null);
    },
  );

  r.post("/api/push/test", { schema: { tags, response: { 200: pushTestResult } } }, async (req) => {
    const outcomes = await sendToUser({ db, box, fetcher, vapid, log: app.log }, userIdOf(req), {
      title: "Reminders are on",
      body: "This device will get your reminders.",
      url: "/settings",
      tag: "test",
    });
    return { sent: outcomes.filter((o) => o === "sent").length };
  });

  r.get("/api/reminders/settings", { schema: { tags, response: { 200: reminderSettings } } }, (req) =>
    readReminderSettings(db, userIdOf(req)),
  );

  r.put(
    "/api/reminders/settings",
    { schema: { tags, body: updateReminderSettingsInput, response: { 200: reminderSettings } } },
    async (req) => {
      const userId = userIdOf(req);
      const current = await readReminderSettings(db, userId);
      const start = req.body.quietStart === undefined ? current.quietStart : req.body.quietStart;
      const end = req.body.quietEnd === undefined ? current.quietEnd : req.body.quietEnd;
      if ((start === null) !== (end === null)) {
        throw invalidField(start === null ? "quietStart" : "quietEnd", "Quiet hours need both a start and an end");
      }
      return updateReminderSettings(db, userId, req.body);
    },
  );

  r.put(
    "/api/reminders/focus",
    { schema: { tags, body: focusTimerInput, response: { 204: z.null() } } },
    async (req, reply) => {
      const endsAt = Date.parse(req.body.endsAt);
      const now = clock().getTime();
      if (endsAt <= now || endsAt > now + FOCUS_AHEAD_MS) {
        throw invalidField("endsAt", "Must be within the next 4 hours");
      }
      const ends_at = new Date(endsAt).toISOString();
      await db
        .insertInto("focus_timers")
        .values({ user_id: userIdOf(req), ends_at })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ ends_at }))
        .execute();
      return reply.code(204).send(null);
    },
  );

  r.delete("/api/reminders/focus", { schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
    await db.deleteFrom("focus_timers").where("user_id", "=", userIdOf(req)).execute();
    return reply.code(204).send(null);
  });

  return scheduler;
}
