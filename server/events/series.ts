/**
 * Repeating events made in the app (docs/decisions/034-repeating-events.md). A series keeps its
 * rule and what each occurrence is made with; its occurrences are ordinary event rows, made from
 * today to eight weeks ahead and carried forward day by day, so the schedule, the calendar page,
 * reminders and calendar sync all see plain events. An event's date is a wall-clock day and its
 * start a wall-clock time, so a DST change never moves an occurrence.
 */
import type { Insertable, Selectable } from "kysely";
import { addDays } from "../../shared/dates.ts";
import { type Db, nowIso } from "../db/database.ts";
import type { EventSeriesTable, EventsTable } from "../db/schema.ts";
import { invalidField } from "../errors.ts";
import { holdKeptCounts } from "../keep-limits.ts";
import { occurrencesBetween } from "../routines/occurrences.ts";

/** How far ahead occurrences exist: today and the 55 days after it, eight weeks. */
export const SERIES_DAYS_AHEAD = 55;

/**
 * Repeating events one person may have going on at once (not ended). Each one is dozens of rows
 * kept eight weeks ahead, read by every calendar list, export and calendar file: without a bound,
 * one account could make millions and slow the server for everyone.
 */
export const SERIES_AT_ONCE = 100;

/** Refuses, in words blaming `field`, `adding` more series than a person may have going on. */
export async function assertRoomForSeries(db: Db, userId: number, adding: number, field: string): Promise<void> {
  if (adding <= 0) return;
  // Another series made at the same moment waits for this one, and counts it.
  await holdKeptCounts(db, userId);
  const { n } = await db
    .selectFrom("event_series")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("ends_on", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(n) + adding > SERIES_AT_ONCE) {
    throw invalidField(
      field,
      `At most ${SERIES_AT_ONCE} repeating events at once: end or delete one to add another`,
      "LIMIT_REACHED",
    );
  }
}

export type Series = Selectable<EventSeriesTable>;
type Template = Pick<Series, "title" | "description" | "location" | "start_time" | "duration" | "category">;

/** The event row of one occurrence. */
export function occurrenceRow(
  userId: number,
  seriesId: number,
  template: Template,
  day: string,
  now: string,
): Insertable<EventsTable> {
  return {
    user_id: userId,
    title: template.title,
    description: template.description,
    location: template.location,
    date: day,
    start_time: template.start_time,
    duration: template.duration,
    category: template.category,
    google_id: null,
    google_calendar_id: null,
    created_at: now,
    updated_at: now,
    // Pushed at the next sync when a calendar is connected, as an event of its own.
    sync_pending: 1,
    series_id: seriesId,
    series_day: day,
  };
}

/**
 * Makes the series' missing occurrences from today (never before the day after `filled_until`:
 * a day passed while nobody looked is not made afterwards) to eight weeks ahead, and records how
 * far it got. Answers how many rows were made. A day made before is never made again, even when
 * its occurrence was deleted since: the unique (series_id, series_day) index and `filled_until`.
 */
export async function fillSeries(db: Db, series: Series, today: string): Promise<number> {
  const until = addDays(today, SERIES_DAYS_AHEAD);
  const last = series.ends_on !== null && series.ends_on < until ? series.ends_on : until;
  if (series.filled_until >= last) return 0;
  const dayAfter = addDays(series.filled_until, 1);
  const from = dayAfter > today ? dayAfter : today;
  const days = occurrencesBetween(series.repeat, from, last);
  const now = nowIso();
  let made = 0;
  if (days.length > 0) {
    const rows = await db
      .insertInto("events")
      .values(days.map((day) => occurrenceRow(series.user_id, series.id, series, day, now)))
      .onConflict((oc) => oc.columns(["series_id", "series_day"]).doNothing())
      .returning("id")
      .execute();
    made = rows.length;
  }
  await db
    .updateTable("event_series")
    .set({ filled_until: last })
    .where("id", "=", series.id)
    .where("filled_until", "<", last)
    .execute();
  return made;
}

/** Carries every running series of the user forward to eight weeks after `today`. */
export async function fillUserSeries(db: Db, userId: number, today: string): Promise<number> {
  const until = addDays(today, SERIES_DAYS_AHEAD);
  const open = await db
    .selectFrom("event_series")
    .selectAll()
    .where("user_id", "=", userId)
    .where("filled_until", "<", until)
    .where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">", eb.ref("filled_until"))]))
    .execute();
  let made = 0;
  for (const series of open) made += await fillSeries(db, series, today);
  return made;
}
