import type { Selectable } from "kysely";
import type { z } from "zod";
import {
  DEFAULT_EVENT_LEAD_MINUTES,
  type ReminderSettings,
  type updateReminderSettingsInput,
} from "../../shared/reminders.ts";
import { type Db, nowIso } from "../db/database.ts";
import type { ReminderSettingsTable } from "../db/schema.ts";

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

type SettingsRow = Selectable<ReminderSettingsTable>;

function fromRow(row: SettingsRow | undefined): ReminderSettings {
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

export async function readReminderSettings(db: Db, userId: number): Promise<ReminderSettings> {
  return fromRow(await db.selectFrom("reminder_settings").selectAll().where("user_id", "=", userId).executeTakeFirst());
}

/** Several users' choices in one read; a user who never saved any has the defaults. */
export async function readReminderSettingsOf(db: Db, userIds: number[]): Promise<Map<number, ReminderSettings>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom("reminder_settings").selectAll().where("user_id", "in", userIds).execute();
  const found = new Map(rows.map((row) => [row.user_id, fromRow(row)]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULT_REMINDER_SETTINGS]));
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
