import type { z } from "zod";
import {
  DEFAULT_EVENT_LEAD_MINUTES,
  type ReminderSettings,
  type updateReminderSettingsInput,
} from "../../shared/reminders.ts";
import { type Db, nowIso } from "../db/database.ts";

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  eventLeadMinutes: DEFAULT_EVENT_LEAD_MINUTES,
  events: true,
  tasks: true,
  thoughts: true,
  focusEnd: true,
  dailyPlanTime: null,
  quietStart: null,
  quietEnd: null,
};

export async function readReminderSettings(db: Db, userId: number): Promise<ReminderSettings> {
  const row = await db.selectFrom("reminder_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return DEFAULT_REMINDER_SETTINGS;
  return {
    eventLeadMinutes: row.event_lead_minutes,
    events: row.events === 1,
    tasks: row.tasks === 1,
    thoughts: row.thoughts === 1,
    focusEnd: row.focus_end === 1,
    dailyPlanTime: row.daily_plan_time,
    quietStart: row.quiet_start,
    quietEnd: row.quiet_end,
  };
}

export async function updateReminderSettings(
  db: Db,
  userId: number,
  input: z.infer<typeof updateReminderSettingsInput>,
): Promise<ReminderSettings> {
  const next = { ...(await readReminderSettings(db, userId)), ...input };
  const values = {
    event_lead_minutes: next.eventLeadMinutes,
    events: next.events ? 1 : 0,
    tasks: next.tasks ? 1 : 0,
    thoughts: next.thoughts ? 1 : 0,
    focus_end: next.focusEnd ? 1 : 0,
    daily_plan_time: next.dailyPlanTime,
    quiet_start: next.quietStart,
    quiet_end: next.quietEnd,
    updated_at: nowIso(),
  };
  await db
    .insertInto("reminder_settings")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return next;
}
