/**
 * The API contract: one zod schema per request and response body. The server validates with
 * them and the web forms reuse them, so a rule is written once.
 */
import { z } from "zod";
import {
  ALL_DAY_MINUTES,
  ASSISTANT_TONES,
  CONTRASTS,
  DEFAULT_TASK_CATEGORY,
  DEFAULT_THOUGHT_TYPE,
  EVENT_CATEGORIES,
  FOCUS_SESSION_MAX_MINUTES,
  HELP_LEVELS,
  LIST_LIMIT_MAX,
  LIST_SEARCH_MAX,
  MOODS,
  MOTION_PREFERENCES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PROJECT_BUCKETS,
  READING_FONTS,
  TASK_CATEGORIES,
  TASK_STEPS_MAX,
  TEXT_SIZES,
  THEMES,
  THOUGHT_CONTENT_MAX,
  THOUGHT_STATUSES,
  THOUGHT_TYPES,
  TIME_ESTIMATE_DEFAULT,
  TIME_ESTIMATE_MAX,
  TIME_ESTIMATE_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./constants.ts";
import { PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./password-rules.ts";
import { normalizeRepeat, REPEAT_RULE_MESSAGE } from "./repeat.ts";

const id = z.number().int().positive();
/**
 * The largest record id the databases hold (PostgreSQL `serial` is a 32-bit integer): a larger
 * one cannot name a record, and PostgreSQL would refuse to compare it, so it is a 400 up front.
 */
export const MAX_RECORD_ID = 2_147_483_647;
/** A record id sent in a body. */
const recordId = z.number().int().positive().max(MAX_RECORD_ID);

export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";
/**
 * False for text holding a C0 control character or DEL, tab and line breaks excepted. PostgreSQL
 * cannot store NUL at all (SQLite would), and the others are invisible noise in a title or a note
 * that break calendar files; refusing them in the schema answers the same 400 on both databases.
 */
export function hasNoControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return false;
  }
  return true;
}
/** Every text field of a request starts here, so none can let a control character through. */
export const text = () => z.string().refine(hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE);
/** The same rule for fields with their own format (e-mail, URL). */
const noControls = [hasNoControlCharacters, CONTROL_CHARACTERS_MESSAGE] as const;
/** Path parameter ids: numeric strings only, so `/api/tasks/abc` is a 400, not a lookup. */
export const idParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_RECORD_ID),
});

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The last day a date may be: the day after it, or a repeating task's next occurrence, must still
 * be a date (year 9999 has no next year to roll into).
 */
export const LAST_DATE = "9998-12-31";

export const dateString = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected a date as YYYY-MM-DD")
  .refine(isRealDate, "Not a real calendar date")
  .refine((v) => v <= LAST_DATE, `Expected a date up to ${LAST_DATE}`);
/** A moment: an ISO-8601 date and time with its offset ("2026-11-27T18:30:00.000Z"). */
export const isoMoment = z.iso.datetime({ offset: true, error: "Expected an ISO-8601 date and time" });
export const timeString = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Expected a time as HH:MM (24-hour)");

const nonBlank = (max: number) => text().trim().min(1, "Must not be blank").max(max, `At most ${max} characters`);
/** Optional free text: blank becomes null (spec section 5: empty description, notes → null). */
const optionalText = (max: number) =>
  text()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? null : v));

export const taskCategory = z.enum(TASK_CATEGORIES);
export const thoughtType = z.enum(THOUGHT_TYPES);
export const thoughtStatus = z.enum(THOUGHT_STATUSES);
export const eventCategory = z.enum(EVENT_CATEGORIES);
export const projectBucket = z.enum(PROJECT_BUCKETS);
export const mood = z.enum(MOODS);
export const assistantTone = z.enum(ASSISTANT_TONES);
export const helpLevel = z.enum(HELP_LEVELS);
export const theme = z.enum(THEMES);

// ---------- users and auth ----------
export const user = z.object({
  id,
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  googleId: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type User = z.infer<typeof user>;
export const userEnvelope = z.object({ user });

export const username = text()
  .trim()
  .min(USERNAME_MIN, `At least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `At most ${USERNAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}._@-]+$/u, "Use letters, digits, dots, dashes, underscores or @");
export const password = z.string().min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, PASSWORD_TOO_LONG);

export const registerInput = z.object({
  username,
  password,
  displayName: optionalText(100).optional(),
  email: z
    .email("Not a valid e-mail address")
    .refine(...noControls)
    .nullish(),
});
export const loginInput = z.object({
  username: text().trim().min(1, "Required").max(USERNAME_MAX),
  password: z.string().min(1, "Required").max(PASSWORD_MAX),
});
export const updateAccountInput = z.object({
  displayName: optionalText(100).optional(),
  email: z
    .union([z.email("Not a valid e-mail address").refine(...noControls), z.literal("")])
    .nullish()
    .transform((v) => (v ? v : null))
    .optional(),
});
export const changePasswordInput = z.object({
  currentPassword: z.string().max(PASSWORD_MAX, PASSWORD_TOO_LONG).optional(),
  newPassword: password,
});
/**
 * DELETE /api/auth/account: the proof the server asks for. An account with a password sends it;
 * one that signs in only through a provider sends its username, exactly as shown.
 */
export const deleteAccountInput = z.object({
  password: z.string().max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`).optional(),
  username: z.string().max(USERNAME_MAX, `At most ${USERNAME_MAX} characters`).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

// ---------- two-factor sign-in and signed-in devices ----------
/** What a correct password answers when the account has two-factor sign-in on: no session yet. */
export const loginChallenge = z.object({ twoFactorRequired: z.literal(true) });
export const loginResponse = z.union([userEnvelope, loginChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;
/** A 6-digit authenticator code or a recovery code; spaces and dashes are ignored. */
const secondFactorCode = z.string().trim().min(1, "Required").max(64, "At most 64 characters");
export const loginCodeInput = z.object({ code: secondFactorCode });
export const twoFactorStatus = z.object({
  /** False for accounts without a password: their provider's own second factor applies. */
  available: z.boolean(),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
export const twoFactorSetup = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;
export const enableTwoFactorInput = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6 digits your authenticator app shows")),
});
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;
export const disableTwoFactorInput = z
  .object({
    password: z.string().max(PASSWORD_MAX).optional(),
    code: secondFactorCode.optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), "Enter your password or a code");
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorInput>;
export const deviceSession = z.object({
  /** Stands for the session without revealing its token. */
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessionParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a session id") });
export const revokedSessions = z.object({ revoked: z.number().int().nonnegative() });
export type RevokedSessions = z.infer<typeof revokedSessions>;

// ---------- repeat rules (docs/decisions/032-routines.md) ----------
/** An RFC 5545 RRULE of one of the four kinds (shared/repeat.ts), answered in its canonical form. */
export const repeatRule = text()
  .max(200, "At most 200 characters")
  .refine((v) => normalizeRepeat(v) !== null, REPEAT_RULE_MESSAGE)
  .transform((v) => normalizeRepeat(v) as string);
/** Which occurrence of a repeating task an edit or delete means: `this` one, or `all` (the default). */
export const occurrenceScope = z.strictObject({
  scope: z
    .enum(["this", "all"], { error: "Expected this or all" })
    .optional()
    .describe(
      "For a repeating task: this = only the current occurrence, all = the whole series (default). For an occurrence of a repeating event: this = only that one, all = that one and the ones after it (default).",
    ),
});
/**
 * Deleting a repeating task or quick win: `scope`, and with `this` the day of the occurrence being
 * skipped, so that the same skip sent again (its answer lost) skips one day only.
 */
export const skipScope = occurrenceScope.extend({
  occurrence: dateString
    .optional()
    .describe(
      "With scope=this: the day of the occurrence being skipped, as read (a task's dueDate, a quick win's occursOn). When the series has moved on from that day since (skipped already, done, or rolled to a later day), nothing changes.",
    ),
});
/**
 * Editing just this one of a repeating task or quick win: `scope`, and with `this` the day of the
 * occurrence being changed, so that the same edit sent again (a second tap after a slow answer, or
 * from another tab) makes one one-off, not a second one of the next day.
 */
export const occurrenceEditScope = occurrenceScope.extend({
  occurrence: dateString
    .optional()
    .describe(
      "With scope=this: the day of the occurrence being changed, as read (a task's dueDate, a quick win's occursOn). When the series has moved on from that day since (changed just this once already, skipped, or rolled to a later day), nothing changes and the answer is 409.",
    ),
});
/** The 409 of an edit of just this one whose day the series has moved on from. */
export const OCCURRENCE_MOVED_ON =
  "This day of the routine was already changed, or has passed. Your list now shows it as it is.";

// ---------- focus tasks ----------
export const task = z.object({
  id,
  userId: id,
  title: z.string(),
  category: taskCategory,
  timeEstimate: z.number().int(),
  dueTime: z.string().nullable(),
  dueDate: z.string().nullable(),
  completed: z.boolean(),
  createdAt: z.string(),
  /**
   * Put off with "Not today": the first day (YYYY-MM-DD, the user's zone) the task is back in the
   * focus order; null when it is not put off. Beyond spec section 3, additive.
   */
  notBefore: z.string().nullable(),
  /** When the task was last marked done (ISO-8601 UTC); null while open. Beyond spec section 3, additive. */
  completedAt: z.string().nullable(),
  /**
   * When the task was let go (ISO-8601 UTC): it has left every list, count and reminder and can be
   * brought back; null while it is kept. Beyond spec section 3, additive.
   */
  archivedAt: z.string().nullable(),
  /**
   * The RRULE of a repeating task (null: it does not repeat); `dueDate` is then its current
   * occurrence. Beyond spec section 3, additive.
   */
  repeat: z.string().nullable(),
});
export type Task = z.infer<typeof task>;
export const timeEstimate = z
  .number()
  .int("Must be a whole number of minutes")
  .min(TIME_ESTIMATE_MIN, `At least ${TIME_ESTIMATE_MIN} minutes`)
  .max(TIME_ESTIMATE_MAX, `At most ${TIME_ESTIMATE_MAX} minutes`);
export const createTaskInput = z.object({
  title: nonBlank(200),
  category: taskCategory.default(DEFAULT_TASK_CATEGORY),
  timeEstimate: timeEstimate.default(TIME_ESTIMATE_DEFAULT),
  dueTime: timeString.nullish().transform((v) => v ?? null),
  dueDate: dateString.nullish().transform((v) => v ?? null),
  /** Makes the task repeat; `dueDate` is then the first day it may fall on. */
  repeat: repeatRule.nullish().transform((v) => v ?? null),
  userId: z.unknown().optional(),
});
export type CreateTaskInput = z.input<typeof createTaskInput>;
export const updateTaskInput = z
  .object({
    title: nonBlank(200),
    category: taskCategory,
    timeEstimate,
    dueTime: timeString.nullable(),
    dueDate: dateString.nullable(),
    completed: z.boolean(),
    /** "Not today": the day the task is back (tomorrow or later); null brings it back now. */
    notBefore: dateString.nullable(),
    repeat: repeatRule.nullable(),
    /**
     * With `completed: true`: when it was done, if not now (an Undo putting a task back on its day,
     * a tick made offline); null when that is not known. With `completed: false` only null, as an
     * open task has. Beyond spec section 3, additive.
     */
    completedAt: isoMoment.nullable(),
  })
  .partial()
  .refine(
    (v) => v.completedAt === undefined || v.completed === true || (v.completed === false && v.completedAt === null),
    { message: "Only with completed: true, or null with completed: false", path: ["completedAt"] },
  );

// ---------- a task's breakdown steps (docs/decisions/025-task-steps.md) ----------
/** The most steps one task keeps (shared/constants.ts): a short checklist, never a second backlog. */
export { TASK_STEPS_MAX };
export const taskStep = z.object({
  id,
  taskId: id,
  text: z.string(),
  done: z.boolean(),
});
export type TaskStep = z.infer<typeof taskStep>;
/** Replaces the whole checklist, in order: steps given as text start open. */
export const replaceTaskStepsInput = z.object({
  steps: z
    .array(z.union([nonBlank(300), z.object({ text: nonBlank(300), done: z.boolean().default(false) })]))
    .max(TASK_STEPS_MAX, `At most ${TASK_STEPS_MAX} steps`),
});
export type ReplaceTaskStepsInput = z.input<typeof replaceTaskStepsInput>;
export const updateTaskStepInput = z.object({ done: z.boolean() });
export const taskStepParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_RECORD_ID),
  stepId: z.coerce.number().int().positive().max(MAX_RECORD_ID),
});

// ---------- quick wins ----------
export const quickWin = z.object({
  id,
  userId: id,
  text: z.string(),
  completed: z.boolean(),
  createdAt: z.string(),
  /** The RRULE of a repeating quick win (null: once). Additive. */
  repeat: z.string().nullable(),
  /** A repeating quick win's current occurrence (YYYY-MM-DD, the user's zone); null when once. */
  occursOn: z.string().nullable(),
});
export type QuickWin = z.infer<typeof quickWin>;
export const createQuickWinInput = z.object({
  text: nonBlank(200),
  repeat: repeatRule.nullish().transform((v) => v ?? null),
  userId: z.unknown().optional(),
});
export const updateQuickWinInput = z
  .object({ text: nonBlank(200), completed: z.boolean(), repeat: repeatRule.nullable() })
  .partial();

// ---------- thoughts ----------
export const thought = z.object({
  id,
  userId: id,
  content: z.string(),
  type: thoughtType,
  status: thoughtStatus,
  convertedTo: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The day the words captured said (YYYY-MM-DD, the user's wall clock), when the person kept it;
   * null otherwise. Beyond spec section 3, additive.
   */
  whenDate: z.string().nullable(),
  /** That day's time (HH:MM), or null when only a day was said. */
  whenTime: z.string().nullable(),
});
export type Thought = z.infer<typeof thought>;
/** `whenTime` without `whenDate` is dropped: a time needs its day. */
export const createThoughtInput = z.object({
  content: nonBlank(THOUGHT_CONTENT_MAX),
  type: thoughtType.default(DEFAULT_THOUGHT_TYPE),
  whenDate: dateString.nullish(),
  whenTime: timeString.nullish(),
  userId: z.unknown().optional(),
});
export const updateThoughtInput = z
  .object({
    content: nonBlank(THOUGHT_CONTENT_MAX),
    type: thoughtType,
    status: thoughtStatus,
    convertedTo: text().max(200).nullable(),
    /**
     * The new content is the transcript of the thought's kept recording (the browser's own speech
     * recognition made it): the recording no longer waits for a transcription.
     */
    contentIsTranscript: z.boolean(),
    /**
     * The day the thought is for (null: none, and no time either); `whenTime` is read only with
     * it, as on create: a time without its day is not kept.
     */
    whenDate: dateString.nullable(),
    whenTime: timeString.nullable(),
  })
  .partial();

// ---------- projects ----------
export const projectTask = z.object({
  /** Client-chosen: 1..n from the create dialog, a timestamp from the detail screen. */
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  title: nonBlank(300),
  completed: z.boolean().default(false),
});
export type ProjectTask = z.infer<typeof projectTask>;
const projectTasks = z
  .array(projectTask)
  .max(500, "At most 500 tasks")
  .refine((tasks) => new Set(tasks.map((t) => t.id)).size === tasks.length, "Task ids must be unique");
export const project = z.object({
  id,
  userId: id,
  title: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  bucket: projectBucket,
  deadline: z.string().nullable(),
  progress: z.number(),
  tasks: z.array(z.object({ id: z.number(), title: z.string(), completed: z.boolean() })),
  createdAt: z.string(),
});
export type Project = z.infer<typeof project>;
export const createProjectInput = z.object({
  title: nonBlank(200),
  description: optionalText(5000),
  notes: optionalText(100_000),
  bucket: projectBucket.default("work"),
  deadline: z
    .union([dateString, z.literal("")])
    .nullish()
    .transform((v) => (v ? v : null)),
  tasks: projectTasks.default([]),
  /** Accepted for compatibility with the spec's client; the server derives progress from tasks. */
  progress: z.number().optional(),
  userId: z.unknown().optional(),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;
export const updateProjectInput = z.object({
  title: nonBlank(200).optional(),
  description: optionalText(5000).optional(),
  notes: text().max(100_000).nullable().optional(),
  bucket: projectBucket.optional(),
  deadline: z
    .union([dateString, z.literal("")])
    .nullable()
    .transform((v) => (v ? v : null))
    .optional(),
  tasks: projectTasks.optional(),
  progress: z.number().optional(),
});

// ---------- calendar events ----------
export const event = z.object({
  id,
  userId: id,
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  duration: z.number().int(),
  category: eventCategory.nullable(),
  googleId: z.string().nullable(),
  googleCalendarId: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The RRULE of the repeating event this is an occurrence of (docs/decisions/034-repeating-events.md);
   * null for a one-off, and for an occurrence of a series made in another calendar app. Additive.
   */
  repeat: z.string().nullable(),
  /** The series a repeating event's occurrence belongs to (null with `repeat`). Additive. */
  seriesId: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof event>;
const eventFields = {
  title: nonBlank(300),
  description: optionalText(10_000),
  location: optionalText(500),
  date: dateString,
  startTime: timeString,
  duration: z
    .number()
    .int("Must be a whole number of minutes")
    .min(1, "At least 1 minute")
    .max(ALL_DAY_MINUTES * 14, "At most 14 days"),
  category: eventCategory.nullish().transform((v) => v ?? null),
};
export const createEventInput = z.object({
  ...eventFields,
  startTime: timeString.default("00:00"),
  userId: z.unknown().optional(),
  /** Makes the event repeat; `date` is then the first day it may fall on. */
  repeat: repeatRule.nullish().transform((v) => v ?? null),
});
export type CreateEventInput = z.input<typeof createEventInput>;
export const updateEventInput = z.object(eventFields).partial().extend({
  // The spec's client PUTs the whole event back; server-owned fields are ignored.
  id: z.unknown().optional(),
  userId: z.unknown().optional(),
  googleId: z.unknown().optional(),
  googleCalendarId: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  /** A new rule for the series (with scope=all), or null to stop it repeating from this one on. */
  repeat: repeatRule.nullable().optional(),
});

// ---------- settings, theme, mood ----------
export const textSize = z.enum(TEXT_SIZES);
export const readingFont = z.enum(READING_FONTS);
export const reducedMotion = z.enum(MOTION_PREFERENCES);
export const contrast = z.enum(CONTRASTS);
export const settings = z.object({
  theme,
  tone: assistantTone,
  helpLevel,
  timeZone: z.string(),
  textSize,
  readingFont,
  reducedMotion,
  contrast,
  lowStimulation: z.boolean(),
  /** True until the person picks a zone in Settings: then "today" stops following the device. */
  followDeviceTimeZone: z.boolean(),
});
export type Settings = z.infer<typeof settings>;
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const updateSettingsInput = z
  .object({
    theme,
    tone: assistantTone,
    helpLevel,
    timeZone: text().max(64).refine(isTimeZone, "Unknown time zone"),
    textSize,
    readingFont,
    reducedMotion,
    contrast,
    lowStimulation: z.boolean(),
    followDeviceTimeZone: z.boolean(),
  })
  .partial();
export const themeInput = z.object({ appearance: theme });
export const moodEntry = z.object({ mood, date: z.string(), createdAt: z.string() });
export type MoodEntry = z.infer<typeof moodEntry>;
export const moodInput = z.object({ mood, date: dateString.optional() });

// ---------- data ----------
export const deleteAllResponse = z.object({ deletedCounts: z.record(z.string(), z.number()) });
export type DeleteAllResponse = z.infer<typeof deleteAllResponse>;

// ---------- calendar connections and sync ----------
/** GET /api/google/status, and the answer of POST /api/google/disconnect. */
export const calendarStatus = z.object({
  connected: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type CalendarStatus = z.infer<typeof calendarStatus>;
export const caldavStatus = calendarStatus.extend({
  serverUrl: z.string().nullable(),
  username: z.string().nullable(),
  calendarUrl: z.string().nullable(),
});
export type CaldavStatus = z.infer<typeof caldavStatus>;
export const googleAuthUrl = z.object({ authUrl: z.string() });
const syncCounts = z.object({ created: z.number(), updated: z.number(), deleted: z.number() });
/** POST /api/google/sync: what the run changed on each side. */
export const calendarSyncSummary = z.object({
  ok: z.literal(true),
  full: z.boolean(),
  pulled: syncCounts,
  pushed: syncCounts,
});
export type CalendarSyncSummary = z.infer<typeof calendarSyncSummary>;
export const caldavConnectInput = z.object({
  serverUrl: z
    .url({ protocol: /^https?$/, message: "Must be an http(s) URL" })
    .max(2000)
    .refine(...noControls),
  username: text().trim().min(1, "Required").max(320),
  password: z.string().min(1, "Required").max(1000),
  /** Which calendar to sync; the account's first event calendar when absent. */
  calendarUrl: z
    .url({ protocol: /^https?$/, message: "Must be an http(s) URL" })
    .max(2000)
    .refine(...noControls)
    .optional(),
});
export type CaldavConnectInput = z.input<typeof caldavConnectInput>;
export const caldavConnected = z.object({
  connected: z.literal(true),
  calendarUrl: z.string(),
  calendarName: z.string(),
});

// ---------- export and import ----------
/** How many records of each kind an import may carry; a real export is far smaller. */
export const IMPORT_MAX_ITEMS = 5000;
const importList = <T extends z.ZodType>(item: T) =>
  z.array(item).max(IMPORT_MAX_ITEMS, `At most ${IMPORT_MAX_ITEMS} items`).default([]);
const completedFlag = { completed: z.boolean().default(false) };
/** A focus session as the export carries it, with its task (docs/decisions/027-estimates-that-learn.md). */
const exportedFocusSession = z.object({
  category: text().max(40),
  estimatedMinutes: z.number().int().min(TIME_ESTIMATE_MIN).max(TIME_ESTIMATE_MAX),
  actualMinutes: z.number().int().min(1).max(FOCUS_SESSION_MAX_MINUTES),
  endedAt: isoMoment,
});
/**
 * POST /api/data/import: the file GET /api/data/export produced (or a hand-written subset).
 * Ids, owners and dates in it are ignored; records are created anew for the signed-in user.
 */
export const importInput = z.object({
  tasks: importList(
    createTaskInput.extend({
      ...completedFlag,
      steps: replaceTaskStepsInput.shape.steps.optional(),
      /** A task let go stays let go (and restorable) in the account it is imported into. */
      archivedAt: isoMoment.nullish(),
      /** When it was done, so it keeps its day (null or absent: done on no known day). */
      completedAt: isoMoment.nullish(),
      /** What its focus sessions measured: the estimates learnt from them come along. */
      focusSessions: z
        .array(exportedFocusSession)
        .max(IMPORT_MAX_ITEMS, `At most ${IMPORT_MAX_ITEMS} items`)
        .optional(),
    }),
  ),
  quickWins: importList(createQuickWinInput.extend(completedFlag)),
  thoughts: importList(
    createThoughtInput.extend({ status: thoughtStatus.default("inbox"), convertedTo: text().max(200).nullish() }),
  ),
  projects: importList(createProjectInput),
  /**
   * Occurrences of one repeating event share a `seriesId` (as exported): imported as one series
   * that goes on after them (docs/decisions/034-repeating-events.md).
   */
  events: importList(createEventInput.extend({ seriesId: z.number().int().nullish() })),
  settings: updateSettingsInput.optional(),
  moods: importList(moodInput.extend({ date: dateString })),
});
export type ImportInput = z.input<typeof importInput>;
const importCounts = z.object({
  tasks: z.number(),
  quickWins: z.number(),
  thoughts: z.number(),
  projects: z.number(),
  events: z.number(),
  moods: z.number(),
});
export const importResponse = z.object({
  /** Records added, per kind. */
  importedCounts: importCounts,
  /** Records already present (same content), per kind: importing a file twice adds nothing. */
  skippedCounts: importCounts,
});
export type ImportResponse = z.infer<typeof importResponse>;
/** What an export file says it is. */
export const EXPORT_FORMAT = "daily-compass-export";
export const exportFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  /** Each task with its breakdown steps, in order, and what its focus sessions measured. */
  tasks: z.array(
    task.extend({
      steps: z.array(z.object({ text: z.string(), done: z.boolean() })),
      focusSessions: z.array(exportedFocusSession),
    }),
  ),
  quickWins: z.array(quickWin),
  thoughts: z.array(thought),
  projects: z.array(project),
  /** Occurrences of one repeating event share a seriesId (null for a one-off). */
  events: z.array(event.extend({ seriesId: z.number().int().nullable() })),
  settings,
  moods: z.array(moodEntry),
});
export type ExportFile = z.infer<typeof exportFile>;

// ---------- converting a thought ----------
const convertRetype = { type: thoughtType.optional() };
/** POST /api/thoughts/:id/convert: what the thought becomes (it is then marked converted). */
export const convertThoughtInput = z.discriminatedUnion("to", [
  z.object({ to: z.literal("task"), ...convertRetype }),
  z.object({ to: z.literal("quick-win"), ...convertRetype }),
  z.object({ to: z.literal("project"), projectId: recordId, ...convertRetype }),
  z.object({
    to: z.literal("event"),
    title: nonBlank(300),
    date: dateString,
    startTime: timeString.default("09:00"),
    allDay: z.boolean().default(false),
    ...convertRetype,
  }),
]);
export type ConvertThoughtInput = z.input<typeof convertThoughtInput>;
export const convertThoughtResponse = z.object({
  thought,
  /** The new record: its kind and id (for a project task, the project's id). */
  target: z.object({ kind: z.enum(["task", "quick-win", "project", "event"]), id }),
});
export type ConvertThoughtResponse = z.infer<typeof convertThoughtResponse>;

// ---------- list pages ----------
/**
 * Query strings of the list routes (GET /api/tasks, /api/quick-wins, /api/thoughts, /api/events,
 * /api/projects). Without any parameter a list answers every row as before. With any of them the
 * answer is one page: a plain JSON array of at most `limit` rows (LIST_LIMIT_DEFAULT when only
 * filters are given), with headers X-Total-Count (rows matching the filters) and, when more
 * rows follow, X-Next-Cursor plus `Link: <…&cursor=…>; rel="next"`. Pass the cursor back with the
 * same filters to read the next page. Unknown parameters answer 400.
 */
const queryBool = z.enum(["true", "false"], { error: "Expected true or false" }).transform((v) => v === "true");
export const listLimit = z.coerce
  .number({ error: "Expected a whole number" })
  .int("Expected a whole number")
  .min(1, "At least 1")
  .max(LIST_LIMIT_MAX, `At most ${LIST_LIMIT_MAX}`);
/** Opaque: the position after the last row of a page. Only ever pass back what a page answered. */
export const listCursor = z
  .string()
  .min(1, "Must not be empty")
  .max(1000, "Not a cursor of this list")
  .regex(/^[A-Za-z0-9_-]+$/, "Not a cursor of this list");
const pageFields = {
  limit: listLimit.optional().describe(`Page size, 1..${LIST_LIMIT_MAX}; 50 when only filters are given.`),
  cursor: listCursor.optional().describe("X-Next-Cursor of the previous page, with the same filters."),
};
/** The dashboard's ranked order (docs/decisions/015-ranked-short-lists.md). */
export const listOrder = z.enum(["focus"], { error: "Expected focus" });
/** A task list's orders: the ranking, or most recently done first (docs/decisions/053-done-earlier.md). */
const taskListOrder = z.enum(["focus", "done"], { error: "Expected focus or done" });
const completedFilter = queryBool.optional().describe("Only done (true) or open (false) items.");
/** Finding by words (docs/decisions/052-find-a-task.md, shared/search-words.ts). */
const searchFilter = text()
  .max(LIST_SEARCH_MAX, `At most ${LIST_SEARCH_MAX} characters`)
  .optional()
  .describe(
    "Only items with every word of q in their words, in any order, ignoring case and accents. Blank: no filter.",
  );

/**
 * GET /api/tasks. `order=focus`: due soonest, then (Tired or Sad) smallest estimate, then oldest,
 * leaving out tasks put off to a later day; `mood` overrides today's stored mood for that order.
 * `putOff` picks today's or the put-off tasks, `completedOn` the tasks done on one day. Default
 * order: id.
 */
export const taskListQuery = z
  .strictObject({
    ...pageFields,
    completed: completedFilter,
    q: searchFilter,
    order: taskListOrder
      .optional()
      .describe(
        "focus: due soonest, then the smallest estimate when Tired or Sad, then oldest. done: most recently " +
          "done first (completedAt, then id, descending; tasks with no completedAt last). Default: id.",
      ),
    mood: mood.optional().describe("With order=focus: today's mood, instead of the one stored for today."),
    putOff: queryBool
      .optional()
      .describe(
        'true: only tasks put off with "Not today" (notBefore after today, in the user\'s zone); false: only ' +
          "tasks for today. With order=focus the default is false: put-off tasks wait outside the order.",
      ),
    completedOn: dateString
      .optional()
      .describe("Only tasks marked done on this day (YYYY-MM-DD, the user's zone): 'Done today'."),
    completedBefore: dateString
      .optional()
      .describe(
        "Only tasks marked done before this day began (YYYY-MM-DD, the user's zone), and done tasks with no " +
          "completedAt: 'Done earlier'.",
      ),
    archived: queryBool
      .optional()
      .describe("true: only the tasks let go (archived), to bring back. Every other read leaves them out."),
  })
  .refine((q) => q.mood === undefined || q.order === "focus", { message: "Only with order=focus", path: ["mood"] })
  .refine((q) => q.completedOn === undefined || q.completed !== false, {
    message: "Only for done tasks, not with completed=false",
    path: ["completedOn"],
  })
  .refine((q) => q.completedBefore === undefined || q.completed !== false, {
    message: "Only for done tasks, not with completed=false",
    path: ["completedBefore"],
  });
export type TaskListParams = z.output<typeof taskListQuery>;
/** GET /api/quick-wins. `order=focus`: oldest first (createdAt, id). Default order: id. */
export const quickWinListQuery = z.strictObject({
  ...pageFields,
  completed: completedFilter,
  q: searchFilter,
  order: listOrder.optional().describe("focus: oldest first. Default: id."),
});
export type QuickWinListParams = z.output<typeof quickWinListQuery>;
/** GET /api/thoughts, newest first. `status=inbox` is the unprocessed inbox. */
export const thoughtListQuery = z.strictObject({
  ...pageFields,
  status: thoughtStatus.optional().describe("inbox (not yet archived or converted), archived or converted."),
});
export type ThoughtListParams = z.output<typeof thoughtListQuery>;
/** GET /api/events by date, start time, id. `from`/`to`: the event's date, both inclusive. */
export const eventListQuery = z
  .strictObject({
    ...pageFields,
    from: dateString.optional().describe("First date (YYYY-MM-DD), included."),
    to: dateString.optional().describe("Last date (YYYY-MM-DD), included."),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: "Must not be after to",
    path: ["from"],
  });
export type EventListParams = z.output<typeof eventListQuery>;
/** GET /api/projects by id. */
export const projectListQuery = z.strictObject(pageFields);
export type ProjectListParams = z.output<typeof projectListQuery>;

// `listUrl` and `pageInfo` live in a module without zod, so the web can use them without loading
// the schemas; they are re-exported here for the server and the tests.
export { listUrl, pageInfo } from "./list-url.ts";

// ---------- public configuration ----------
/** GET /api/config: what the signed-out pages need to know about this server. */
export const publicConfig = z.object({
  legal: z.object({ companyName: z.string(), contactEmail: z.string(), noticeDays: z.number() }),
  oidcEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

// ---------- welcome back (docs/decisions/033-welcome-back.md) ----------
// Its numbers are in constants.ts, so the dashboard can read them without loading zod.
export { WELCOME_BACK_AWAY_DAYS, WELCOME_BACK_LATER_DAYS, WELCOME_BACK_MAX_TASKS } from "./constants.ts";
/** GET /api/welcome-back: whether to welcome the person back, and the older open tasks to offer. */
export const welcomeBack = z.object({
  show: z.boolean(),
  /** Oldest first, at most WELCOME_BACK_MAX_TASKS, all older than the absence; empty when show is false. */
  tasks: z.array(task),
});
export type WelcomeBack = z.infer<typeof welcomeBack>;
