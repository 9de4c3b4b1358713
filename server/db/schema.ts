/**
 * Table types for Kysely. Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC
 * strings on both SQLite and PostgreSQL, so rows read the same from either database
 * (docs/decisions/002-database.md).
 */
import type { Generated, Insertable, Selectable } from "kysely";

export type UsersTable = {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string;
  password_hash: string | null;
  display_name: string | null;
  email: string | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  created_at: string;
  /** Raised by the database on every write to the user's tasks or quick wins (migration 0013). */
  lists_version: Generated<number>;
};

export type SessionsTable = {
  /** SHA-256 of the token; the token itself is never stored. */
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The browser's User-Agent header, to name the device in Settings; null until first seen. */
  user_agent: Generated<string | null>;
};

export type TasksTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  category: string;
  time_estimate: number;
  due_time: string | null;
  due_date: string | null;
  completed: number;
  created_at: string;
  /** "Not today": the first day (YYYY-MM-DD, user's zone) the task is back in the focus order. */
  not_before: Generated<string | null>;
  /** When the task was last marked done (ISO-8601 UTC); null while open. */
  completed_at: Generated<string | null>;
  /** When the task was let go (ISO-8601 UTC); null while kept. Archived tasks leave every list. */
  archived_at: Generated<string | null>;
  /** A repeating task's RRULE (migration 0015); `due_date` is then its current occurrence. */
  repeat: Generated<string | null>;
  /** The title folded for finding (shared/search-words.ts, migration 0017); every write of the title sets it. */
  search_text: string;
};

/** The last day of use per user, and the day before an absence whose welcome is still due (migration 0014). */
export type DaysOfUseTable = {
  user_id: number;
  /** YYYY-MM-DD in the user's zone. */
  last_day: string;
  /** The last day of use before an absence of three days or more; null once its welcome is done. */
  away_since: string | null;
};

export type QuickWinsTable = {
  id: Generated<number>;
  user_id: number;
  text: string;
  completed: number;
  created_at: string;
  /** A repeating quick win's RRULE and current occurrence, YYYY-MM-DD (migration 0015). */
  repeat: Generated<string | null>;
  occurs_on: Generated<string | null>;
  /** The text folded for finding (shared/search-words.ts, migration 0017); every write of the text sets it. */
  search_text: string;
};

export type ThoughtsTable = {
  id: Generated<number>;
  user_id: number;
  content: string;
  type: string;
  status: string;
  converted_to: string | null;
  created_at: string;
  when_date: string | null;
  when_time: string | null;
};

export type ProjectsTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string | null;
  notes: string | null;
  bucket: string;
  deadline: string | null;
  progress: number;
  created_at: string;
  updated_at: string;
};

export type ProjectTasksTable = {
  id: Generated<number>;
  project_id: number;
  /** The id the client sees: 1..n from the create dialog, a timestamp from the detail screen. */
  task_key: number;
  position: number;
  title: string;
  completed: number;
};

/** A focus task's breakdown steps, in `position` order (migration 0009). */
export type TaskStepsTable = {
  id: Generated<number>;
  task_id: number;
  position: number;
  text: string;
  done: number;
};

export type EventsTable = {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string | null;
  location: string | null;
  date: string;
  start_time: string;
  duration: number;
  category: string | null;
  google_id: string | null;
  google_calendar_id: string | null;
  created_at: string;
  updated_at: string;
  /** The provider's version of the copy we last saw or wrote (HTTP etag). */
  remote_etag: Generated<string | null>;
  /** The provider's last-modified time of that copy, to decide which edit is newer. */
  remote_updated: Generated<string | null>;
  /** 1 while a local change waits to be pushed to the connected calendar. */
  sync_pending: Generated<number>;
  /** The repeating event this row is an occurrence of (migration 0016), and the rule's day it stands for. */
  series_id: Generated<number | null>;
  series_day: Generated<string | null>;
};

/** A repeating event made in the app (docs/decisions/034-repeating-events.md). */
export type EventSeriesTable = {
  id: Generated<number>;
  user_id: number;
  /** The RFC 5545 RRULE, one of shared/repeat.ts's kinds in canonical form. */
  repeat: string;
  title: string;
  description: string | null;
  location: string | null;
  start_time: string;
  duration: number;
  category: string | null;
  /** The first occurrence's day. */
  starts_on: string;
  /** Occurrences have been made up to this day (YYYY-MM-DD, the user's wall clock). */
  filled_until: string;
  /** The series was stopped: no occurrence after this day. */
  ends_on: string | null;
  created_at: string;
};

/** A short-lived sign-in or calendar-consent attempt, bound to one browser by a cookie. */
export type AuthFlowsTable = {
  /** SHA-256 of the browser cookie's value. */
  id: string;
  kind: string;
  /** The signed-in user who started it, if any. */
  user_id: number | null;
  state: string;
  nonce: string | null;
  code_verifier: string;
  redirect_uri: string;
  created_at: string;
  expires_at: string;
};

/** The one calendar account a user syncs with. */
export type CalendarConnectionsTable = {
  user_id: number;
  provider: string;
  /** "primary" for Google; the calendar collection URL for CalDAV. */
  calendar_id: string;
  server_url: string | null;
  username: string | null;
  sync_token: string | null;
  last_synced_at: string | null;
  last_error: string | null;
  next_sync_at: string | null;
  /** Which process runs this user's sync, and until when its claim holds. */
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
};

export type EventTombstonesTable = {
  id: Generated<number>;
  user_id: number;
  remote_id: string;
  etag: string | null;
  created_at: string;
};

export type UserSettingsTable = {
  user_id: number;
  theme: string;
  tone: string;
  help_level: string;
  time_zone: string;
  text_size: Generated<string>;
  reading_font: Generated<string>;
  reduced_motion: Generated<string>;
  contrast: Generated<string>;
  low_stimulation: Generated<number>;
  follow_device_zone: Generated<number>;
  updated_at: string;
};

export type MoodEntriesTable = {
  id: Generated<number>;
  user_id: number;
  mood: string;
  date: string;
  created_at: string;
};

/** Encrypted per-user secrets: the assistant key, calendar refresh tokens (AES-256-GCM). */
export type UserSecretsTable = {
  user_id: number;
  /** What the secret is for, e.g. "ai_key". */
  kind: string;
  ciphertext: string;
  /** Last four characters, shown so the user can tell which key is set. */
  hint: string | null;
  updated_at: string;
};

/** A voice recording kept with its thought until it is transcribed. */
export type ThoughtAudioTable = {
  thought_id: number;
  user_id: number;
  mime: string;
  data: Uint8Array;
  transcribed: number;
  created_at: string;
};

/** Failed sign-ins counted under one key (an address, an account, or both), for every instance. */
export type LoginThrottleTable = {
  /** SHA-256 of what is counted, e.g. of "pair:<address>:<account>". */
  key: string;
  failures: number;
  window_start: string;
  last_failure_at: string;
  expires_at: string;
};

/** A browser an account signed in on; it is spared the account-wide sign-in slowdown. */
export type KnownDevicesTable = {
  /** SHA-256 of the browser cookie's value. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
};

/** A user's authenticator (TOTP, RFC 6238); pending until a first code confirms it. */
export type TwoFactorTable = {
  user_id: number;
  /** The base32 secret, sealed with AES-256-GCM (server/crypto/secrets.ts). */
  secret: string;
  /** Null while the set-up waits for its first code. */
  enabled_at: string | null;
  /** The last time step whose code was accepted: a code is never accepted twice. */
  last_step: number | null;
  created_at: string;
};

/** One-time codes for when the authenticator is not at hand; argon2id hashes only. */
export type RecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
};

/** A correct password waiting for its second factor, bound to one browser by a cookie. */
export type TwoFactorChallengesTable = {
  /** SHA-256 of the browser cookie's value. */
  id: string;
  user_id: number;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
};

/** Requests from one address (hashed) in one window, summed over every instance. */
/** A create request's Idempotency-Key and, once handled, its answer (docs/decisions/028-idempotency-keys.md). */
export type IdempotencyKeysTable = {
  id: Generated<number>;
  user_id: number;
  idem_key: string;
  method: string;
  path: string;
  /** SHA-256 of the request's query and JSON body, keys sorted. */
  request_hash: string;
  /** Null while the first request with the key is in flight. */
  status: number | null;
  response_body: string | null;
  created_at: string;
};

export type RateLimitCountsTable = {
  key: string;
  window_start: string;
  hits: number;
  expires_at: string;
};

export type ServerKeysTable = { name: string; value: string; created_at: string };

export type PushSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** The subscription's p256dh and auth keys as JSON, sealed (server/crypto/secrets.ts). */
  keys: string;
  /** The browser's User-Agent when it subscribed, to name the device. */
  device: string | null;
  created_at: string;
};

export type ReminderSettingsTable = {
  user_id: number;
  event_lead_minutes: number;
  events: number;
  tasks: number;
  thoughts: number;
  focus_end: number;
  /** HH:MM in the user's zone for the daily "plan your day" nudge; null when off. */
  daily_plan_time: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  updated_at: string;
};

export type FocusTimersTable = { user_id: number; ends_at: string };

export type PushDeliveriesTable = {
  id: Generated<number>;
  user_id: number;
  /** What is announced and for when, e.g. "event:12:2026-11-23T15:00". */
  key: string;
  due_at: string;
  /** sending (claimed, lease held), sent, skipped (quiet hours) or failed. */
  status: string;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  created_at: string;
  sent_at: string | null;
};

/** A finished focus session on a task: what was estimated and what it really took. */
export type FocusSessionsTable = {
  id: Generated<number>;
  user_id: number;
  task_id: number | null;
  category: string;
  estimated_minutes: number;
  actual_minutes: number;
  ended_at: string;
};

/** How much each user keeps of each kind, kept by triggers (migration 0018, decision 070). */
export type KeptCountsTable = {
  user_id: number;
  tasks: number;
  quick_wins: number;
  thoughts: number;
  projects: number;
  events: number;
  focus_sessions: number;
  /** A bigint on PostgreSQL, which `pg` reads as a string: read it through Number(). */
  recording_bytes: number | string;
};

export type Database = {
  focus_sessions: FocusSessionsTable;
  kept_counts: KeptCountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  tasks: TasksTable;
  quick_wins: QuickWinsTable;
  thoughts: ThoughtsTable;
  projects: ProjectsTable;
  project_tasks: ProjectTasksTable;
  task_steps: TaskStepsTable;
  events: EventsTable;
  user_settings: UserSettingsTable;
  days_of_use: DaysOfUseTable;
  mood_entries: MoodEntriesTable;
  user_secrets: UserSecretsTable;
  thought_audio: ThoughtAudioTable;
  auth_flows: AuthFlowsTable;
  calendar_connections: CalendarConnectionsTable;
  event_tombstones: EventTombstonesTable;
  event_series: EventSeriesTable;
  login_throttle: LoginThrottleTable;
  known_devices: KnownDevicesTable;
  rate_limit_counts: RateLimitCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_settings: ReminderSettingsTable;
  focus_timers: FocusTimersTable;
  push_deliveries: PushDeliveriesTable;
};

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
