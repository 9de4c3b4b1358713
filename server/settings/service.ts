import type { z } from "zod";
import { DEFAULT_HELP_LEVEL, DEFAULT_THEME, DEFAULT_TONE } from "../../shared/constants.ts";
import type { MoodEntry, Settings, updateSettingsInput } from "../../shared/schemas.ts";
import { type Db, nowIso } from "../db/database.ts";

/** Until the web app sends the browser's zone (decision 007). */
export const DEFAULT_TIME_ZONE = "UTC";
const defaults: Settings = {
  theme: DEFAULT_THEME,
  tone: DEFAULT_TONE,
  helpLevel: DEFAULT_HELP_LEVEL,
  timeZone: DEFAULT_TIME_ZONE,
  textSize: "normal",
  readingFont: "default",
  reducedMotion: "system",
  contrast: "normal",
  lowStimulation: false,
  followDeviceTimeZone: true,
};

export async function getSettings(db: Db, opts: { userId: number }): Promise<Settings> {
  const row = await db
    .selectFrom("user_settings")
    .select([
      "theme",
      "tone",
      "help_level",
      "time_zone",
      "text_size",
      "reading_font",
      "reduced_motion",
      "contrast",
      "low_stimulation",
      "follow_device_zone",
    ])
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) return defaults;
  return {
    theme: row.theme as Settings["theme"],
    tone: row.tone as Settings["tone"],
    helpLevel: row.help_level as Settings["helpLevel"],
    timeZone: row.time_zone,
    textSize: row.text_size as Settings["textSize"],
    readingFont: row.reading_font as Settings["readingFont"],
    reducedMotion: row.reduced_motion as Settings["reducedMotion"],
    contrast: row.contrast as Settings["contrast"],
    lowStimulation: Boolean(row.low_stimulation),
    followDeviceTimeZone: Boolean(row.follow_device_zone),
  };
}

export async function updateSettings(
  db: Db,
  opts: { userId: number; input: z.output<typeof updateSettingsInput> },
): Promise<Settings> {
  const next = { ...(await getSettings(db, opts)), ...stripUndefined(opts.input) };
  const values = {
    theme: next.theme,
    tone: next.tone,
    help_level: next.helpLevel,
    time_zone: next.timeZone,
    text_size: next.textSize,
    reading_font: next.readingFont,
    reduced_motion: next.reducedMotion,
    contrast: next.contrast,
    low_stimulation: next.lowStimulation ? 1 : 0,
    follow_device_zone: next.followDeviceTimeZone ? 1 : 0,
    updated_at: nowIso(),
  };
  await db
    .insertInto("user_settings")
    .values({ user_id: opts.userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return next;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** One mood per user and day; a second check-in the same day replaces the first. */
export async function recordMood(db: Db, opts: { userId: number; mood: string; date: string }): Promise<MoodEntry> {
  const createdAt = nowIso();
  await db
    .insertInto("mood_entries")
    .values({ user_id: opts.userId, mood: opts.mood, date: opts.date, created_at: createdAt })
    .onConflict((oc) => oc.columns(["user_id", "date"]).doUpdateSet({ mood: opts.mood, created_at: createdAt }))
    .execute();
  return { mood: opts.mood as MoodEntry["mood"], date: opts.date, createdAt };
}

/**
 * Past the user's bound on days with a mood, the oldest days go (docs/decisions/070-what-one-account-can-keep.md):
 * a check-in never fails. Read from the newest day along the (user, date) index.
 */
export async function keepNewestMoods(db: Db, opts: { userId: number; keep: { moods: number } }): Promise<void> {
  const oldestKept = db
    .selectFrom("mood_entries")
    .select("date")
    .where("user_id", "=", opts.userId)
    .orderBy("date", "desc")
    .limit(1)
    .offset(Math.max(0, opts.keep.moods - 1));
  await db.deleteFrom("mood_entries").where("user_id", "=", opts.userId).where("date", "<", oldestKept).execute();
}

export async function listMoods(db: Db, opts: { userId: number; limit?: number }): Promise<MoodEntry[]> {
  const rows = await db
    .selectFrom("mood_entries")
    .select(["mood", "date", "created_at"])
    .where("user_id", "=", opts.userId)
    .orderBy("date", "desc")
    .limit(opts.limit ?? 30)
    .execute();
  return rows.map((r) => ({ mood: r.mood as MoodEntry["mood"], date: r.date, createdAt: r.created_at }));
}
