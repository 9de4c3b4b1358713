/**
 * The reads the dashboard's first screen needs, started as early as the app can: at its entry,
 * beside the session check, instead of one after another (the session, then these, then the
 * welcome once the dashboard has drawn). docs/decisions/036-dashboard-first-paint.md
 */
import type { QueryClient } from "@tanstack/react-query";
import { meQuery } from "../features/auth/api.ts";
import { scheduleQuery } from "../features/calendar/api.ts";
import { storedMood } from "../features/mood/api.ts";
import { topQuickWinsQuery } from "../features/quick-wins/api.ts";
import { settingsQuery } from "../features/settings/api.ts";
import { topFocusTasksQuery } from "../features/tasks/api.ts";
import { inboxCountQuery } from "../features/thoughts/api.ts";
import { welcomeBackQuery } from "../features/welcome/api.ts";
import { localToday } from "../lib/dates.ts";
import { opensDashboard } from "./first-read-urls.ts";

/**
 * The dashboard's bounded reads (the five focus tasks and quick wins, two days of events, the
 * inbox count) and the settings, loaded together. Answers whether every one of them loaded: a
 * read already on its way (from the entry, or from a card) is waited for, not sent again.
 */
export async function prefetchDashboard(queryClient: QueryClient): Promise<boolean> {
  const reads = await Promise.allSettled([
    queryClient.fetchQuery(topFocusTasksQuery(storedMood())),
    queryClient.fetchQuery(topQuickWinsQuery()),
    queryClient.fetchQuery(scheduleQuery(localToday())),
    queryClient.fetchQuery(inboxCountQuery()),
    queryClient.fetchQuery(settingsQuery()),
  ]);
  return reads.every((read) => read.status === "fulfilled");
}

/**
 * At the app's start: the session, and when the page opened is the dashboard, its reads and the
 * welcome-back check too, all at once: the addresses of `firstReadUrls`, which the <head> may
 * have started already (docs/decisions/038-early-first-reads.md). With a stale cookie those
 * reads are refused and nothing shows them: the session's answer decides what is drawn.
 * Settles (never fails) once every one of them has answered or failed.
 */
export function startFirstReads(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const me = queryClient.prefetchQuery(meQuery());
  if (!opensDashboard(pathname)) return me;
  // The welcome check first: the cards stay hidden until it answers (decision 033), and a
  // browser opens only six connections at a time to one server over HTTP/1.1.
  return Promise.all([me, queryClient.prefetchQuery(welcomeBackQuery()), prefetchDashboard(queryClient)]);
}
