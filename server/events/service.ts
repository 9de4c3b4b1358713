import { type Selectable, sql, type Updateable } from "kysely";
import { z } from "zod";
import type { CalendarEvent, createEventInput, eventListQuery, updateEventInput } from "../../shared/schemas.ts";
import { type Db, nowIso } from "../db/database.ts";
import { precompiled } from "../db/precompiled.ts";
import type { EventsTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { afterKey, cursorValue, decodeCursor, encodeCursor, type Page, pageLimit, takePage } from "../lists/paging.ts";

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
] as const;

function toEvent(row: Pick<Selectable<EventsTable>, (typeof columns)[number]>): CalendarEvent {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    location: row.location,
    date: row.date,
    startTime: row.start_time,
    duration: row.duration,
    category: row.category as CalendarEvent["category"],
    googleId: row.google_id,
    googleCalendarId: row.google_calendar_id,
    createdAt: row.created_at,
  };
}

/** The whole list, the spec's plain answer: compiled once (server/db/precompiled.ts). */
const allEvents = precompiled((db: Db, userId: number) =>
  db
    .selectFrom("events")
    .select(columns)
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
  let q = base.select(columns);
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
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) throw notFound("Event");
  return toEvent(row);
}

export async function createEvent(
  db: Db,
  opts: { userId: number; input: z.output<typeof createEventInput> },
): Promise<CalendarEvent> {
  const { input } = opts;
  const now = nowIso();
  const row = await db
    .insertInto("events")
    .values({
      user_id: opts.userId,
      title: input.title,
      description: input.description,
      location: input.location,
      date: input.date,
      start_time: input.startTime,
      duration: input.duration,
      category: input.category,
      google_id: null,
      google_calendar_id: null,
      created_at: now,
      updated_at: now,
      // Pushed at the next sync when a calendar is connected; harmless otherwise.
      sync_pending: 1,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toEvent(row);
}

export async function updateEvent(
  db: Db,
  opts: { userId: number; id: number; input: z.output<typeof updateEventInput> },
): Promise<CalendarEvent> {
  await getEvent(db, opts);
  const { input } = opts;
  const patch: Updateable<EventsTable> = { updated_at: nowIso(), sync_pending: 1 };
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.location !== undefined) patch.location = input.location;
  if (input.date !== undefined) patch.date = input.date;
  if (input.startTime !== undefined) patch.start_time = input.startTime;
  if (input.duration !== undefined) patch.duration = input.duration;
  if (input.category !== undefined) patch.category = input.category;
  await db.updateTable("events").set(patch).where("id", "=", opts.id).where("user_id", "=", opts.userId).execute();
  return getEvent(db, opts);
}

/** Deletes the event; one the provider knows waits as a tombstone until the deletion is pushed. */
export async function deleteEvent(db: Db, opts: { userId: number; id: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("events")
      .where("id", "=", opts.id)
      .where("user_id", "=", opts.userId)
      .returning(["google_id", "remote_etag"])
      .executeTakeFirst();
    if (!row) throw notFound("Event");
    if (row.google_id === null) return;
    const connected = await trx
      .selectFrom("calendar_connections")
      .select("user_id")
      .where("user_id", "=", opts.userId)
      .executeTakeFirst();
    if (!connected) return;
    await trx
      .insertInto("event_tombstones")
      .values({ user_id: opts.userId, remote_id: row.google_id, etag: row.remote_etag, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["user_id", "remote_id"]).doNothing())
      .execute();
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
