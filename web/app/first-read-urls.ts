/**
 * What the first screen reads, as plain parameters and addresses: the app's queries build their
 * calls from these, and so does the early-reads script in the app shell's <head>
 * (web/early-reads.ts), which must ask for byte-identical addresses for its answers to be used.
 * Kept free of React, TanStack Query and zod so that script stays a few KB.
 * docs/decisions/038-early-first-reads.md
 */
import { DASHBOARD_SHORT_LIST, LIST_LIMIT_MAX } from "../../shared/constants.ts";
import { addDays } from "../../shared/dates.ts";
import { listUrl } from "../../shared/list-url.ts";
import type { EventListParams, QuickWinListParams, TaskListParams, ThoughtListParams } from "../../shared/schemas.ts";
import { matchPage } from "../../shared/web-routes.ts";
import { queryKeys } from "../lib/query-keys.ts";

/** Top Focus Tasks: the first five open tasks of today's focus order for a mood (decision 015). */
export const topFocusTasksParams = (mood: TaskListParams["mood"] | null): TaskListParams => ({
  completed: false,
  order: "focus",
  mood: mood ?? undefined,
  limit: DASHBOARD_SHORT_LIST,
});

/** The dashboard's Quick Wins: the five oldest open ones. */
export const topQuickWinsParams = (): QuickWinListParams => ({
  completed: false,
  order: "focus",
  limit: DASHBOARD_SHORT_LIST,
});

/** The inbox badge: one row, the count from the answer's header. */
export const inboxCountParams = (): ThoughtListParams => ({ status: "inbox", limit: 1 });

/** The schedule: the events of `today` (YYYY-MM-DD, the user's) and of the day after. */
export function scheduleParams(today: string): EventListParams {
  return { from: today, to: addDays(today, 1), limit: LIST_LIMIT_MAX };
}

/** Whether a path opens the dashboard: `/` for a signed-in visitor, and `/dashboard`. */
export function opensDashboard(pathname: string): boolean {
  const match = matchPage(pathname);
  return match.kind === "public" ? match.page === "landing" : match.kind === "app" && match.page === "dashboard";
}

/**
 * The addresses read as the app starts on `pathname`: the session on every page, and on the
 * dashboard the welcome-back check, its bounded lists and the settings, in the order they are
 * asked for (a browser opens six connections at a time to one server).
 */
export function firstReadUrls(
  pathname: string,
  context: { mood: TaskListParams["mood"] | null; today: string },
): string[] {
  const me = queryKeys.me[0];
  if (!opensDashboard(pathname)) return [me];
  return [
    me,
    queryKeys.welcomeBack[0],
    listUrl(queryKeys.tasks[0], topFocusTasksParams(context.mood)),
    listUrl(queryKeys.quickWins[0], topQuickWinsParams()),
    listUrl(queryKeys.events[0], scheduleParams(context.today)),
    listUrl(queryKeys.thoughts[0], inboxCountParams()),
    queryKeys.settings[0],
  ];
}
