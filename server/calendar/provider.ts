/** What the sync engine needs from a calendar provider (Google Calendar, CalDAV). */
import type { WallClock } from "./event-times.ts";

export type EventFields = WallClock & {
  title: string;
  description: string | null;
  location: string | null;
};

export type RemoteEvent =
  | { remoteId: string; deleted: true }
  | {
      remoteId: string;
      deleted: false;
      etag: string;
      /** The provider's last-modified time (ISO), used when both sides changed. */
      updated: string | null;
      fields: EventFields;
    };

export type PullResult = {
  changes: RemoteEvent[];
  /** True when `changes` is everything the calendar holds, so anything missing was deleted there. */
  full: boolean;
  syncToken: string | null;
  /**
   * Ids that exist at the provider but could not be read; a full pull must not treat them as
   * deleted. An id ending in "@@" covers every id that starts with it (a recurring series).
   */
  unreadable?: string[];
};

export type CalendarProvider = {
  /** Changes since the token, or everything when the token is null or no longer valid. */
  pull: (syncToken: string | null) => Promise<PullResult>;
  /** The event as the provider holds it now; deleted or undefined when it is gone. */
  get: (remoteId: string) => Promise<RemoteEvent | undefined>;
  /** Creates the event under our id; throws RemoteExists when that id is already taken. */
  insert: (remoteId: string, fields: EventFields) => Promise<{ etag: string; updated: string | null }>;
  /** Throws RemoteChanged when the etag is stale and RemoteMissing when the event is gone. */
  update: (remoteId: string, etag: string, fields: EventFields) => Promise<{ etag: string; updated: string | null }>;
  /** Deleting something already gone is not an error. */
  remove: (remoteId: string, etag: string | null) => Promise<void>;
};

export class RemoteExists extends Error {}
export class RemoteChanged extends Error {}
export class RemoteMissing extends Error {}
/** The provider refused the stored credentials; the user has to connect again. */
export class RemoteAuthError extends Error {}
