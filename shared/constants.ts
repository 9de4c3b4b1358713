/** Business constants of the product (spec section 9). One source for server and web. */

export const FOCUS_SESSION_SECONDS = 25 * 60;
export const FOCUS_BREAK_SECONDS = 5 * 60;

export const VOICE_AUTO_STOP_MS = 10_000;
export const VOICE_CHUNK_MS = 100;
export const VOICE_PREFERRED_MIME = "audio/webm";

export const TIME_ESTIMATE_MIN = 5;
export const TIME_ESTIMATE_MAX = 120;
export const TIME_ESTIMATE_DEFAULT = 15;

export const ALL_DAY_MINUTES = 1440;
export const APPROACHING_MINUTES = 60;
/** Tomorrow's timed events shown on the dashboard schedule. */
export const SCHEDULE_TOMORROW_LIMIT = 2;

export const SUGGESTIONS_COOLDOWN_MS = 5 * 60 * 1000;
export const RECENT_THOUGHTS_FOR_AI = 3;
export const CALENDAR_RELOAD_DELAY_MS = 1000;
export const DELETE_ALL_REDIRECT_MS = 1500;
export const QUICK_WIN_TOAST_CHARS = 30;
export const QUICK_WIN_BADGE = "5-15 mins";
export const PROJECT_TASK_LIST_HEIGHT_PX = 400;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_MAX_WIDTH_PX = 420;

export const THOUGHT_TYPES = ["Task", "Idea", "Reminder", "Note", "Journal"] as const;
export const DEFAULT_THOUGHT_TYPE = "Note";
export const TASK_CATEGORIES = ["Work", "Personal", "Health", "Finance", "Education"] as const;
export const DEFAULT_TASK_CATEGORY = "Work";
export const EVENT_CATEGORIES = ["Work", "Personal", "Health", "Finance", "Social", "Google Calendar"] as const;
export const PROJECT_BUCKETS = ["work", "personal", "health", "finance"] as const;
export const MOODS = ["Happy", "Neutral", "Sad", "Frustrated", "Tired"] as const;
export const ASSISTANT_TONES = ["silent", "friendly", "coachy"] as const;
export const DEFAULT_TONE = "friendly";
export const HELP_LEVELS = ["minimal", "moderate", "proactive"] as const;
export const DEFAULT_HELP_LEVEL = "moderate";
export const THEMES = ["light", "dark"] as const;
export const DEFAULT_THEME = "dark";
export const THOUGHT_STATUSES = ["inbox", "archived", "converted"] as const;

/** List pages (GET /api/tasks?limit=…): the largest page, and the page size when only filters are given. */
export const LIST_LIMIT_MAX = 200;
export const LIST_LIMIT_DEFAULT = 50;
/** Longest `q` a list search takes (docs/decisions/052-find-a-task.md). */
export const LIST_SEARCH_MAX = 200;
/** Response headers of a list page: rows matching the filters, and the cursor of the next page. */
export const TOTAL_COUNT_HEADER = "X-Total-Count";
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
/** Open items the dashboard's Top Focus Tasks and Quick Wins show before 'Show all (N)'. */
export const DASHBOARD_SHORT_LIST = 5;

export const DATE_DISPLAY_FORMAT = "MMM d, yyyy";
export const AI_KEY_PREFIX = "sk-";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;

/** Browser storage keys (spec section 3). */
export const STORAGE_KEYS = {
  user: "user",
  mood: "user-mood",
  theme: "theme",
  lastSuggestionRefresh: "lastSuggestionRefresh",
  taskSteps: "taskSteps",
  focusSession: "focus-session",
  /** Followed by `:<user id>:<what>`: work not saved yet (web/lib/draft.ts). */
  draft: "draft",
  /** Followed by `:<user id>:<record path>`: a delete waiting on its Undo toast (web/lib/undoable.ts). */
  unsentDelete: "unsent-delete",
} as const;

/** Rounded percent of completed tasks, 0 when there are none (spec section 9). */
export function projectProgress(tasks: ReadonlyArray<{ completed: boolean }>): number {
  if (tasks.length === 0) return 0;
  const done = tasks.filter((t) => t.completed).length;
  return Math.round((done / tasks.length) * 100);
}

/** Personal display settings (Settings → General). */
export const TEXT_SIZES = ["normal", "large", "larger"] as const;
export const READING_FONTS = ["default", "hyperlegible"] as const;
export const MOTION_PREFERENCES = ["system", "reduce", "allow"] as const;
export const CONTRASTS = ["normal", "high"] as const;

/** The key that opens quick capture from any signed-in screen (shown in Help). */
export const CAPTURE_SHORTCUT = "Alt+N";

/** The most characters one thought holds. */
export const THOUGHT_CONTENT_MAX = 10_000;
/** Content of a thought saved before its recording could be transcribed. */
export const PENDING_VOICE_NOTE = "Voice note (transcription pending)";
/** The most steps one task keeps. */
export const TASK_STEPS_MAX = 30;
/** The longest focus session a person could plausibly record in one go: a whole working day. */
export const FOCUS_SESSION_MAX_MINUTES = 600;

// Welcome back (docs/decisions/033-welcome-back.md).
/** The most older tasks a welcome back offers, one at a time. */
export const WELCOME_BACK_MAX_TASKS = 5;
/** Days between two days of use that count as having been away. */
export const WELCOME_BACK_AWAY_DAYS = 3;
/** "Later" from the welcome puts a task off this many days. */
export const WELCOME_BACK_LATER_DAYS = 7;

/**
 * The title of the focus task or quick win a thought becomes: its first 200 characters. Here, not
 * with the schemas, so the page's first load can name a conversion without the validation library.
 */
export const convertedTitle = (content: string) => content.trim().slice(0, 200).trim();

/**
 * The most one person keeps of each kind (docs/decisions/070-what-one-account-can-keep.md): more
 * than someone who adds five of a kind every day for ten years, so no one meets them in use, yet
 * a script cannot fill the server's disk. Done, let go, archived and past ones count too; past a
 * bound a create answers 400 in words and changes nothing. The server's configuration
 * (`ACCOUNT_LIMITS`) can lower or raise each one.
 */
export const KEEP_AT_MOST = {
  /** Focus tasks, open, done and let go. */
  tasks: 20_000,
  quickWins: 20_000,
  /** Thoughts in the inbox, archived and converted. */
  thoughts: 20_000,
  projects: 1_000,
  /** Tasks of all of a person's projects together (each project holds at most 500). */
  projectTasks: 20_000,
  /** Events, past ones, repeating events' occurrences and those a calendar sync brought included. */
  events: 50_000,
  /** Finished focus sessions, which teach the estimates. */
  focusSessions: 50_000,
  /** Days with a mood: past it, a new day's mood takes the place of the oldest day's. */
  moods: 10_000,
  /** Bytes of voice recordings kept with thoughts: 500 MB. */
  recordingBytes: 500 * 1024 * 1024,
  /** Signed-in devices (sessions): a sign-in past it ends the one used least recently. */
  sessions: 100,
  /**
   * Stored answers of creates sent with an Idempotency-Key (decision 028): past it the oldest are
   * forgotten, so a create sent again after a hundred newer ones creates again.
   */
  idempotencyKeys: 100,
} as const;
export type KeptKind = keyof typeof KEEP_AT_MOST;
