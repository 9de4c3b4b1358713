/**
 * Two-way sync between a user's events and one provider calendar
 * (docs/decisions/004-calendar-sync.md):
 *  1. pull — changes since the stored sync token (everything when there is none or it expired);
 *  2. push — local deletions (tombstones), then local creates and edits.
 * Provider ids are chosen here before the first insert, so a retried insert finds its own event
 * (409) instead of making a second one. When both sides changed an event, the newer edit wins;
 * a deletion on either side always wins, and a local deletion stays as a tombstone until the
 * provider has it, so no pull can bring it back.
 */
import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { ALL_DAY_MINUTES } from "../../shared/constants.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";
import type { EventsTable } from "../db/schema.ts";
import { keptCounts, limitReached } from "../keep-limits.ts";
import {
  type CalendarProvider,
  type EventFields,
  RemoteChanged,
  type RemoteEvent,
  RemoteExists,
  RemoteMissing,
} from "./provider.ts";

export type SyncSummary = {
  full: boolean;
  pulled: { created: number; updated: number; deleted: number };
  pushed: { created: number; updated: number; deleted: number };
};

const BASE32HEX = "0123456789abcdefghijklmnopqrstuv";

/** 130 random bits in Google's id alphabet (base32hex, lower case), also fine as a CalDAV UID. */
export function newRemoteId(): string {
  const bytes = randomBytes(26);
  let id = "";
  for (const b of bytes) id += BASE32HEX[b & 31];
  return id;
}

const localColumns = [
  "id",
  "title",
  "description",
  "location",
  "date",
  "start_time",
  "duration",
  "google_id",
  "remote_etag",
  "sync_pending",
  "updated_at",
] as const;

/** An event row as the engine reads it: the stored table's own columns, no copy of them. */
type LocalRow = Pick<
  Selectable<EventsTable>,
  | "id"
  | "title"
  | "description"
  | "location"
  | "date"
  | "start_time"
  | "duration"
  | "google_id"
  | "remote_etag"
  | "sync_pending"
  | "updated_at"
>;

const fieldsOf = (row: LocalRow): EventFields => ({
  title: row.title,
  description: row.description,
  location: row.location,
  date: row.date,
  startTime: row.start_time,
  duration: row.duration,
});

const columnsOf = (fields: EventFields) => ({
  title: fields.title,
  description: fields.description,
  location: fields.location,
  date: fields.date,
  start_time: fields.startTime,
  duration: fields.duration,
});

/** Same event content; an all-day event's start time is not part of it. */
const sameFields = (row: LocalRow, f: EventFields) =>
  row.title === f.title &&
  row.description === f.description &&
  row.location === f.location &&
  row.date === f.date &&
  row.duration === f.duration &&
  (row.duration === ALL_DAY_MINUTES || row.start_time === f.startTime);

const newer = (a: string | null, b: string) => a !== null && Date.parse(a) > Date.parse(b);

export type SyncOptions = {
  userId: number;
  provider: CalendarProvider;
  calendarId: string;
  syncToken: string | null;
  /** Category given to events first seen at the provider. */
  newCategory: string | null;
  /**
   * The most events the user keeps (docs/decisions/070-what-one-account-can-keep.md): a pull that
   * would bring more stops with LIMIT_REACHED, keeping what came before it.
   */
  keepEvents: number;
};

export async function syncCalendar(db: Db, opts: SyncOptions): Promise<SyncSummary & { syncToken: string | null }> {
  const { userId, provider } = opts;
  const summary: SyncSummary = {
    full: false,
    pulled: { created: 0, updated: 0, deleted: 0 },
    pushed: { created: 0, updated: 0, deleted: 0 },
  };

  const deleteLocal = (id: number) =>
    db.deleteFrom("events").where("id", "=", id).where("user_id", "=", userId).execute();

  /** Takes the provider's copy, unless a local edit landed since `seenUpdatedAt`. */
  const applyRemote = async (
    on: Db,
    id: number,
    change: Extract<RemoteEvent, { deleted: false }>,
    seenUpdatedAt: string,
  ) => {
    await on
      .updateTable("events")
      .set({
        ...columnsOf(change.fields),
        remote_etag: change.etag,
        remote_updated: change.updated,
        sync_pending: 0,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("updated_at", "=", seenUpdatedAt)
      .execute();
  };

  // ---- pull ----
  const pulled = await provider.pull(opts.syncToken);
  summary.full = pulled.full;
  const seen = new Set<string>(pulled.unreadable ?? []);
  // An unreadable entry ending in "@@" stands for a whole recurring series: its occurrences stay.
  const unreadableSeries = (pulled.unreadable ?? []).filter((id) => id.endsWith("@@"));
  const coveredByUnreadable = (remoteId: string) => unreadableSeries.some((prefix) => remoteId.startsWith(prefix));
  const tombstones = new Set(
    (await db.selectFrom("event_tombstones").select("remote_id").where("user_id", "=", userId).execute()).map(
      (t) => t.remote_id,
    ),
  );
  // Events kept now, counted along as the pull adds and takes away.
  let kept = (await keptCounts(db, userId)).events;
  const locals = new Map<string, LocalRow>();
  for (const row of await db
    .selectFrom("events")
    .select(localColumns)
    .where("user_id", "=", userId)
    .where("google_id", "is not", null)
    .execute()) {
    locals.set(row.google_id as string, row);
  }
  // Applied in batches, each one transaction: large first syncs stay fast without holding the
  // write lock for the whole pull.
  const BATCH = 500;
  for (let i = 0; i < pulled.changes.length; i += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (const change of pulled.changes.slice(i, i + BATCH)) {
        seen.add(change.remoteId);
        await applyChange(trx, change);
      }
    });
  }

  async function applyChange(trx: Db, change: RemoteEvent) {
    const local = locals.get(change.remoteId);
    if (change.deleted) {
      if (local) {
        await trx.deleteFrom("events").where("id", "=", local.id).where("user_id", "=", userId).execute();
        locals.delete(change.remoteId);
        summary.pulled.deleted++;
        kept--;
      }
      if (tombstones.delete(change.remoteId)) {
        await trx
          .deleteFrom("event_tombstones")
          .where("user_id", "=", userId)
          .where("remote_id", "=", change.remoteId)
          .execute();
      }
      return;
    }
    if (tombstones.has(change.remoteId)) return;
    if (!local) {
      if (kept >= opts.keepEvents) throw limitReached("events", opts.keepEvents);
      const now = nowIso();
      const made = await trx
        .insertInto("events")
        .values({
          user_id: userId,
          ...columnsOf(change.fields),
          category: opts.newCategory,
          google_id: change.remoteId,
          google_calendar_id: opts.calendarId,
          remote_etag: change.etag,
          remote_updated: change.updated,
          sync_pending: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(["user_id", "google_id"]).doNothing())
        .executeTakeFirst();
      kept += Number(made.numInsertedOrUpdatedRows ?? 0n);
      summary.pulled.created++;
      return;
    }
    if (local.remote_etag === change.etag) return; // our own write coming back
    if (local.sync_pending && sameFields(local, change.fields)) {
      // Already identical (e.g. the same calendar connected again): nothing to push.
      await trx
        .updateTable("events")
        .set({ remote_etag: change.etag, remote_updated: change.updated, sync_pending: 0 })
        .where("id", "=", local.id)
        .where("updated_at", "=", local.updated_at)
        .execute();
      return;
    }
    if (local.sync_pending && !newer(change.updated, local.updated_at)) {
      // The local edit is newer: keep it, and let the push overwrite this version.
      await trx
        .updateTable("events")
        .set({ remote_etag: change.etag, remote_updated: change.updated })
        .where("id", "=", local.id)
        .execute();
      return;
    }
    await applyRemote(trx, local.id, change, local.updated_at);
    summary.pulled.updated++;
  }

  if (pulled.full) {
    // Whatever the provider no longer lists was deleted there (missed while the token was stale).
    const known = await db
      .selectFrom("events")
      .select(["id", "google_id"])
      .where("user_id", "=", userId)
      .where("google_id", "is not", null)
      .where("remote_etag", "is not", null)
      .execute();
    for (const row of known) {
      if (row.google_id !== null && !seen.has(row.google_id) && !coveredByUnreadable(row.google_id)) {
        await deleteLocal(row.id);
        summary.pulled.deleted++;
      }
    }
    for (const remoteId of tombstones) {
      if (!seen.has(remoteId)) {
        await db
          .deleteFrom("event_tombstones")
          .where("user_id", "=", userId)
          .where("remote_id", "=", remoteId)
          .execute();
        tombstones.delete(remoteId);
      }
    }
  }

  // ---- push deletions ----
  const pendingDeletes = await db
    .selectFrom("event_tombstones")
    .select(["remote_id", "etag"])
    .where("user_id", "=", userId)
    .execute();
  for (const t of pendingDeletes) {
    await provider.remove(t.remote_id, t.etag);
    await db
      .deleteFrom("event_tombstones")
      .where("user_id", "=", userId)
      .where("remote_id", "=", t.remote_id)
      .execute();
    summary.pushed.deleted++;
  }

  // ---- push creates and edits ----
  const pending = await db
    .selectFrom("events")
    .select(localColumns)
    .where("user_id", "=", userId)
    .where("sync_pending", "=", 1)
    .orderBy("id")
    .execute();
  for (let row of pending) {
    if (row.google_id === null) {
      // The id is stored before the insert, so a retry after a lost response reuses it.
      const remoteId = newRemoteId();
      const res = await db
        .updateTable("events")
        .set({ google_id: remoteId, google_calendar_id: opts.calendarId })
        .where("id", "=", row.id)
        .where("google_id", "is", null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) continue;
      row = { ...row, google_id: remoteId };
    }
    const remoteId = row.google_id as string;
    const done = async (written: { etag: string; updated: string | null }) => {
      // Only clear the flag if nobody edited the event while it was on its way.
      await db
        .updateTable("events")
        .set({ remote_etag: written.etag, remote_updated: written.updated, sync_pending: 0 })
        .where("id", "=", row.id)
        .where("updated_at", "=", row.updated_at)
        .execute();
      await db
        .updateTable("events")
        .set({ remote_etag: written.etag, remote_updated: written.updated })
        .where("id", "=", row.id)
        .where("updated_at", "!=", row.updated_at)
        .execute();
    };
    let etag = row.remote_etag;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        if (etag === null) {
          await done(await provider.insert(remoteId, fieldsOf(row)));
          summary.pushed.created++;
        } else {
          await done(await provider.update(remoteId, etag, fieldsOf(row)));
          summary.pushed.updated++;
        }
        break;
      } catch (err) {
        if (err instanceof RemoteMissing) {
          await deleteLocal(row.id);
          summary.pulled.deleted++;
          break;
        }
        if (!(err instanceof RemoteExists) && !(err instanceof RemoteChanged)) throw err;
        // Someone (maybe our own earlier attempt) wrote the event: look at it and decide.
        const current = await provider.get(remoteId);
        if (!current || current.deleted) {
          await deleteLocal(row.id);
          summary.pulled.deleted++;
          break;
        }
        if (sameFields(row, current.fields)) {
          await done(current);
          break;
        }
        if (newer(current.updated, row.updated_at)) {
          await applyRemote(db, row.id, current, row.updated_at);
          summary.pulled.updated++;
          break;
        }
        etag = current.etag;
      }
    }
  }
  return { ...summary, syncToken: pulled.syncToken };
}
