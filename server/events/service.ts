import { type ExpressionBuilder, type Selectable, sql, type Updateable } from "kysely";
import { z } from "zod";
import { addDays } from "../../shared/dates.ts";
import {
  formatRepeat,
  isWeekdays,
  parseRepeat,
  WEEKDAY_CODES,
  type WeekdayCode,
  weekdayOf,
} from "../../shared/repeat.ts";
import type { CalendarEvent, createEventInput, eventListQuery, updateEventInput } from "../../shared/schemas.ts";
import { type Db, inTransaction, nowIso } from "../db/database.ts";
import { precompiled } from "../db/precompiled.ts";
import type { Database, EventsTable } from "../db/schema.ts";
import { invalidField, notFound } from "../errors.ts";
import { assertRoom, type Keeper } from "../keep-limits.ts";
import { afterKey, cursorValue, decodeCursor, encodeCursor, type Page, pageLimit, takePage } from "../lists/paging.ts";
import { occurrenceOnOrAfter } from "../routines/occurrences.ts";
import { assertRoomForSeries, fillSeries, occurrenceRow, type Series } from "./series.ts";

const columns = [
  "id",
  "user_id",
  "title",
  "description",
  "location",
  "date",
  "start_time",
  "duration",
  "category",
  "google_id",
  "google_calendar_id",
  "created_at",
  "series_id",
] as const;

/** The rule of the series an event row belongs to, beside its own columns. */
const repeatOf = (eb: ExpressionBuilder<Database, "events">) =>
  eb
    .selectFrom("event_series")
    .select("event_series.repeat")
    .whereRef("event_series.id", "=", "events.series_id")
    .as("repeat");

type EventRow = Pick<Selectable<EventsTable>, (typeof columns)[number]> & { repeat: string | null };

type EventFields = Omit<z.output<typeof createEventInput>, "repeat" | "userId">;
const fieldColumns = ["title", "description", "location", "date", "start_time", "duration", "category"] as const;

/** What an event row says, in the wire's names. */
function fieldsOfRow(row: Pick<EventRow, (typeof fieldColumns)[number]>): EventFields {
  return {
    title: row.title,
    description: row.description,
    location: row.location,
    date: row.date,
    startTime: row.start_time,
    duration: row.duration,
    category: row.category as EventFields["category"],
  };
}

function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    userId: row.user_id,
    ...fieldsOfRow(row),
    googleId: row.google_id,
    googleCalendarId: row.google_calendar_id,
    createdAt: row.created_at,
    repeat: row.repeat,
    seriesId: row.repeat === null ? null : row.series_id,
  };
}

/** The whole list, the spec's plain answer: compiled once (server/db/precompiled.ts). */
const allEvents = precompiled((db: Db, userId: number) =>
  db
    .selectFrom("events")
    .select(columns)
    .select(repeatOf)
    .where("user_id", "=", userId)
    .orderBy("date")
    .orderBy("start_time")
    .orderBy("id"),
);

export async function listEvents(db: Db, opts: { userId: number }): Promise<CalendarEvent[]> {
  return (await allEvents(db, opts.userId)).map(toEvent);
}

const startCursor = z.tuple([z.literal("start"), z.tuple([cursorValue.date, cursorValue.time, cursorValue.int])]);

/** One page of the user's events by date, start time and id; `from`/`to` bound the date, inclusive. */
export async function listEventPage(
  db: Db,
  opts: { userId: number; query: z.output<typeof eventListQuery> },
): Promise<Page<CalendarEvent>> {
  const { query } = opts;
  const limit = pageLimit(query);
  let base = db.selectFrom("events").where("user_id", "=", opts.userId);
  if (query.from !== undefined) base = base.where("date", ">=", query.from);
  if (query.to !== undefined) base = base.where("date", "<=", query.to);
  const total = async () => Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const cursor = query.cursor ? decodeCursor(query.cursor, startCursor) : undefined;
  let q = base.select(columns).select(repeatOf);
  if (cursor) q = q.where(afterKey([sql.ref("date"), sql.ref("start_time"), sql.ref("id")], cursor[1], "asc"));
  q = q.orderBy("date").orderBy("start_time").orderBy("id");
  const [rows, n] = await Promise.all([q.limit(limit + 1).execute(), total()]);
  const page = takePage(rows.map(toEvent), limit, (e) => encodeCursor(["start", [e.date, e.startTime, e.id]]));
  return { items: page.rows, total: n, nextCursor: page.next };
}

export async function getEvent(db: Db, opts: { userId: number; id: number }): Promise<CalendarEvent> {
  const row = await db
    .selectFrom("events")
    .select(columns)
    .select(repeatOf)
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) throw notFound("Event");
  return toEvent(row);
}

/** Starts a series whose first occurrence is the first day of `rule` on or after `from`; answers its id and that day. */
async function startSeries(
  trx: Db,
  userId: number,
  rule: string,
  from: string,
  fields: EventFields,
): Promise<{ seriesId: number; first: string }> {
  await assertRoomForSeries(trx, userId, 1, "repeat");
  const first = occurrenceOnOrAfter(rule, from);
  const series = await trx
    .insertInto("event_series")
    .values({
      user_id: userId,
      repeat: rule,
      title: fields.title,
      description: fields.description,
      location: fields.location,
      start_time: fields.startTime,
      duration: fields.duration,
      category: fields.category,
      starts_on: first,
      filled_until: first,
      ends_on: null,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { seriesId: series.id, first };
}

async function readSeries(trx: Db, id: number): Promise<Series> {
  return trx.selectFrom("event_series").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * Adds an event. With a `repeat` rule it is a series: the answer is its first occurrence (the rule's
 * first day on or after `date`), and the ones up to eight weeks after `today` are made with it.
 */
export async function createEvent(
  db: Db,
  opts: Keeper & {
    input: Omit<z.output<typeof createEventInput>, "repeat"> & { repeat?: string | null };
    today?: string;
  },
): Promise<CalendarEvent> {
  const { input, userId } = opts;
  const { repeat, userId: _ignored, ...fields } = input;
  const now = nowIso();
  const id = await inTransaction(db, async (trx) => {
    // A series' later occurrences are not counted here: they come a day at a time, at most
    // SERIES_AT_ONCE a day, as it is carried forward.
    await assertRoom(trx, opts, "events");
    if (repeat) {
      const { seriesId, first } = await startSeries(trx, userId, repeat, fields.date, fields);
      const row = await trx
        .insertInto("events")
        .values(occurrenceRow(userId, seriesId, templateOf(fields), first, now))
        .returning("id")
        .executeTakeFirstOrThrow();
      await fillSeries(trx, await readSeries(trx, seriesId), opts.today ?? first);
      return row.id;
    }
    const row = await trx
      .insertInto("events")
      .values({
        user_id: userId,
        ...templateOf(fields),
        date: fields.date,
        google_id: null,
        google_calendar_id: null,
        created_at: now,
        updated_at: now,
        // Pushed at the next sync when a calendar is connected; harmless otherwise.
        sync_pending: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return getEvent(db, { userId, id });
}

/** What every occurrence of a series is made with: the fields less the day. */
const templateOf = (f: EventFields) => ({
  title: f.title,
  description: f.description,
  location: f.location,
  start_time: f.startTime,
  duration: f.duration,
  category: f.category,
});

/**
 * An occurrence of a series another calendar app made: CalDAV's "<object>@@<recurrence-id>"
 * (server/calendar/caldav.ts) or a Google instance id "<series id>_<start>". Its series stays theirs.
 */
const REMOTE_OCCURRENCE = /@@|_\d{8}(?:T\d{6}Z?)?$/;
export const REPEATS_ELSEWHERE = "This event repeats in another calendar app; change how it repeats there";

/** Which occurrences of a repeating event an edit or delete means (docs/decisions/034-repeating-events.md). */
export type Scope = "this" | "all";

async function ownRow(db: Db, userId: number, id: number) {
  const row = await db
    .selectFrom("events")
    .select(["id", "date", "series_id", "series_day", "google_id"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("Event");
  return row;
}

/**
 * Edits an event. An occurrence of a repeating event: `scope=this` edits that one only; `all` (the
 * default) edits it and the ones after it, and the series' next occurrences. With `all`, a new
 * rule or day ends the series before this one and starts a new one from it; `repeat: null` leaves
 * this one as a one-off. A one-off given a rule becomes the first occurrence of a new series.
 */
export async function updateEvent(
  db: Db,
  opts: {
    userId: number;
    id: number;
    input: z.output<typeof updateEventInput>;
    scope?: Scope;
    today?: string;
  },
): Promise<CalendarEvent> {
  const { userId, input } = opts;
  await inTransaction(db, async (trx) => {
    const row = await ownRow(trx, userId, opts.id);
    const now = nowIso();
    const patch: Updateable<EventsTable> = { updated_at: now, sync_pending: 1 };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.location !== undefined) patch.location = input.location;
    if (input.date !== undefined) patch.date = input.date;
    if (input.startTime !== undefined) patch.start_time = input.startTime;
    if (input.duration !== undefined) patch.duration = input.duration;
    if (input.category !== undefined) patch.category = input.category;
    const update = (p: Updateable<EventsTable>) =>
      trx.updateTable("events").set(p).where("id", "=", row.id).where("user_id", "=", userId).execute();

    const series = row.series_id === null ? null : await readSeries(trx, row.series_id);
    let rule = input.repeat === undefined ? (series?.repeat ?? null) : input.repeat;
    if (series === null && input.repeat && row.google_id !== null && REMOTE_OCCURRENCE.test(row.google_id)) {
      throw invalidField("repeat", REPEATS_ELSEWHERE);
    }
    if (series === null || opts.scope === "this") {
      await update(patch);
      if (series === null && rule !== null) await restartFrom(trx, userId, row.id, rule, opts.today);
      return;
    }
    const day = row.series_day ?? row.date;
    const moved = input.date !== undefined && input.date !== row.date;
    // All of them moved to another day with their rule kept: the rule moves with them.
    if (moved && rule === series.repeat) rule = movedRule(series.repeat, row.date, input.date as string);
    if (rule === series.repeat && !moved) {
      // The same rule on the same days: this one, the ones after it, and the ones still to come.
      const { date: _date, ...shared } = patch;
      await update(patch);
      await trx
        .updateTable("events")
        .set(shared)
        .where("user_id", "=", userId)
        .where("series_id", "=", series.id)
        .where("series_day", ">", day)
        .execute();
      await trx
        .updateTable("event_series")
        .set({
          title: shared.title ?? series.title,
          description: shared.description === undefined ? series.description : shared.description,
          location: shared.location === undefined ? series.location : shared.location,
          start_time: shared.start_time ?? series.start_time,
          duration: shared.duration ?? series.duration,
          category: shared.category === undefined ? series.category : shared.category,
        })
        .where("id", "=", series.id)
        .execute();
      return;
    }
    // A new rule or day: the series ends before this one; this one starts the new series, if any.
    await removeOccurrences(trx, userId, series.id, day, false);
    await update({ ...patch, series_id: null, series_day: null });
    await endSeries(trx, series, day);
    if (rule !== null) await restartFrom(trx, userId, row.id, rule, opts.today);
  });
  return getEvent(db, opts);
}

/**
 * A rule moved with its occurrence from `from` to `to`: weekly days shift by as many weekdays
 * (Monday and Thursday, moved a day later, become Tuesday and Friday), a monthly rule takes the new
 * day of the month. Every day and weekdays stay as they are.
 */
function movedRule(rule: string, from: string, to: string): string {
  const repeat = parseRepeat(rule);
  if (!repeat || repeat.kind === "daily" || isWeekdays(repeat)) return rule;
  if (repeat.kind === "monthly") return formatRepeat({ kind: "monthly", day: Number(to.slice(8, 10)) });
  const shift = (WEEKDAY_CODES.indexOf(weekdayOf(to)) - WEEKDAY_CODES.indexOf(weekdayOf(from)) + 7) % 7;
  const days = repeat.days.map((d) => WEEKDAY_CODES[(WEEKDAY_CODES.indexOf(d) + shift) % 7] as WeekdayCode);
  return formatRepeat({ kind: "weekly", days });
}

/** Makes the one-off row the first occurrence of a new series with `rule`, from its own day on. */
async function restartFrom(trx: Db, userId: number, id: number, rule: string, today: string | undefined) {
  const row = await trx.selectFrom("events").select(fieldColumns).where("id", "=", id).executeTakeFirstOrThrow();
  const fields = fieldsOfRow(row);
  const { seriesId, first } = await startSeries(trx, userId, rule, row.date, fields);
  await trx
    .updateTable("events")
    .set({ date: first, series_id: seriesId, series_day: first, sync_pending: 1, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
  await fillSeries(trx, await readSeries(trx, seriesId), today ?? first);
}

/** No occurrence of the series on or after `day` is made any more; a series left with none goes. */
async function endSeries(trx: Db, series: Series, day: string) {
  const left = await trx
    .selectFrom("events")
    .select("id")
    .where("series_id", "=", series.id)
    .limit(1)
    .executeTakeFirst();
  if (!left) {
    await trx.deleteFrom("event_series").where("id", "=", series.id).execute();
    return;
  }
  await trx
    .updateTable("event_series")
    .set({ ends_on: addDays(day, -1) })
    .where("id", "=", series.id)
    .execute();
}

/** Deletes the series' occurrences after `day` (and on it, when `including`), leaving tombstones. */
async function removeOccurrences(trx: Db, userId: number, seriesId: number, day: string, including: boolean) {
  const rows = await trx
    .deleteFrom("events")
    .where("user_id", "=", userId)
    .where("series_id", "=", seriesId)
    .where("series_day", including ? ">=" : ">", day)
    .returning(["google_id", "remote_etag"])
    .execute();
  await leaveTombstones(trx, userId, rows);
}

/** Deleted rows the provider knows wait as tombstones until the deletion is pushed. */
async function leaveTombstones(
  trx: Db,
  userId: number,
  rows: Array<{ google_id: string | null; remote_etag: string | null }>,
) {
  const known = rows.filter((r) => r.google_id !== null);
  if (known.length === 0) return;
  const connected = await trx
    .selectFrom("calendar_connections")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!connected) return;
  const now = nowIso();
  await trx
    .insertInto("event_tombstones")
    .values(
      known.map((r) => ({ user_id: userId, remote_id: r.google_id as string, etag: r.remote_etag, created_at: now })),
    )
    .onConflict((oc) => oc.columns(["user_id", "remote_id"]).doNothing())
    .execute();
}

/**
 * Deletes the event; one the provider knows waits as a tombstone until the deletion is pushed. An
 * occurrence of a repeating event: `scope=this` deletes that one (it is not made again); `all` (the
 * default) deletes it and the ones after it, and the series makes no more.
 */
export async function deleteEvent(db: Db, opts: { userId: number; id: number; scope?: Scope }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await ownRow(trx, opts.userId, opts.id);
    if (row.series_id !== null && opts.scope !== "this") {
      const day = row.series_day ?? row.date;
      await removeOccurrences(trx, opts.userId, row.series_id, day, true);
      const deleted = await trx
        .deleteFrom("events")
        .where("id", "=", row.id)
        .returning(["google_id", "remote_etag"])
        .execute();
      await leaveTombstones(trx, opts.userId, deleted);
      await endSeries(trx, await readSeries(trx, row.series_id), day);
      return;
    }
    const deleted = await trx
      .deleteFrom("events")
      .where("id", "=", opts.id)
      .where("user_id", "=", opts.userId)
      .returning(["google_id", "remote_etag"])
      .execute();
    await leaveTombstones(trx, opts.userId, deleted);
  });
}

/** Every event with what an iCalendar export needs. */
export async function listEventsForExport(db: Db, opts: { userId: number }) {
  return db
    .selectFrom("events")
    .select(["id", "title", "description", "location", "date", "start_time", "duration", "google_id", "updated_at"])
    .where("user_id", "=", opts.userId)
    .orderBy("date")
    .orderBy("start_time")
    .orderBy("id")
    .execute();
}
