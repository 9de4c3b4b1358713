/**
 * Every query key of the app, in one place. A server list's key is its API path: the default
 * query GETs `queryKey[0]` (spec section 7), and the features' fetchers read the path from here
 * rather than typing it again. Features invalidate each other's data through these keys, never by
 * importing each other.
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
  events: ["/api/events"],
  googleStatus: ["/api/google/status"],
  caldavStatus: ["/api/caldav/status"],
  aiStatus: ["/api/ai/status"],
  recordings: ["/api/ai/recordings"],
  twoFactor: ["/api/auth/2fa"],
  sessions: ["/api/auth/sessions"],
  /** Client-side only: the assistant's type for one thought's text. */
  suggestedType: (id: number | undefined, content: string | undefined) => ["thought-suggestion", id, content] as const,
} as const;
