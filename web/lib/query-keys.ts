/**
 * Every query key of the app, in one place. A server list's key is its API path: the default
 * query GETs `queryKey[0]` (spec section 7), and the features' fetchers read the path from here
 * rather than typing it again. Features invalidate each other's data through these keys, never by
 * importing each other. Bounded reads of a list (`page`, `pages`) live under the list's key.
 */
export const queryKeys = {
  me: ["/api/auth/me"],
  config: ["/api/config"],
  settings: ["/api/settings"],
  tasks: ["/api/tasks"],
  quickWins: ["/api/quick-wins"],
  thoughts: ["/api/thoughts"],
  projects: ["/api/projects"],
  project: (id: number | null) => [`/api/projects/${id}`] as const,
  /** One task's breakdown steps (docs/decisions/025-task-steps.md). */
  taskSteps: (taskId: number) => [`/api/tasks/${taskId}/steps`] as const,
  /** The learnt estimate factor per category (docs/decisions/027-estimates-that-learn.md). */
  estimates: ["/api/estimates"],
  events: ["/api/events"],
  /** Whether to welcome the person back today (docs/decisions/033-welcome-back.md). */
  welcomeBack: ["/api/welcome-back"],
  googleStatus: ["/api/google/status"],
  caldavStatus: ["/api/caldav/status"],
  aiStatus: ["/api/ai/status"],
  recordings: ["/api/ai/recordings"],
  twoFactor: ["/api/auth/2fa"],
  sessions: ["/api/auth/sessions"],
  /**
   * One bounded read of a list (limit, filters): `[path, "page", params]`. It sits under the
   * list's own key, so invalidating `queryKeys.tasks` refreshes the pages of tasks too.
   */
  page: (list: readonly [string], params: object) => [list[0], "page", params] as const,
  /** A list read page after page ('Show more'): `[path, "pages", params]`, under the list's key. */
  pages: (list: readonly [string], params: object) => [list[0], "pages", params] as const,
  /** Client-side only: the assistant's type for one thought's text. */
  suggestedType: (id: number | undefined, content: string | undefined) => ["thought-suggestion", id, content] as const,
} as const;
