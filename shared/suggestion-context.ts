/**
 * How much of the dashboard's lists the assistant is given for its suggestions (spec section 7's
 * context): the web app sends the top of each list, the server accepts longer ones and cuts them.
 * No schemas here, so the web app can bound what it sends without loading the validation library.
 */
import { RECENT_THOUGHTS_FOR_AI } from "./constants.ts";
import { compareKeys, focusKey, isLowEnergyMood } from "./ranking.ts";

/** The parts of a context's items the bounding reads; the items keep every other field they have. */
type ContextLists = {
  incompleteTasks: Array<{ dueDate?: unknown; dueTime?: string | null; timeEstimate?: number | null }>;
  todayEvents: Array<{ startTime?: string | null; hasPassed?: boolean | null; isHappeningNow?: boolean | null }>;
  incompleteQuickWins: unknown[];
  recentThoughts: unknown[];
  activeProjects: Array<{ deadline?: string | null; progress?: number | null }>;
};
export type SuggestionContextLimits = { [K in keyof ContextLists]: number };

/** What the server considers of a context: larger lists are accepted and cut to their most relevant items. */
export const SUGGESTION_CONTEXT_LIMITS: SuggestionContextLimits = {
  incompleteTasks: 200,
  todayEvents: 200,
  incompleteQuickWins: 200,
  recentThoughts: 20,
  activeProjects: 100,
};
/** What the web app sends: the top of each list is all the assistant needs for a few next steps. */
export const SUGGESTION_CONTEXT_SENT: SuggestionContextLimits = {
  incompleteTasks: 20,
  todayEvents: 20,
  incompleteQuickWins: 10,
  recentThoughts: RECENT_THOUGHTS_FOR_AI,
  activeProjects: 10,
};

/** Keeps the `limit` items with the smallest keys, in key order; a list within its limit stays as it is. */
function topOf<T>(list: T[], limit: number, keyOf: (item: T, index: number) => Array<string | number>): T[] {
  if (list.length <= limit) return list;
  return list
    .map((item, index) => ({ item, key: keyOf(item, index) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .slice(0, limit)
    .map((x) => x.item);
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/**
 * Cuts each list of a suggestions context to its limit, keeping the most relevant items: tasks in
 * the dashboard's focus order (shared/ranking.ts; the order given stands for age), today's events
 * happening now, then coming, then past; the first quick wins and thoughts as given (oldest wins,
 * newest thoughts); projects with the nearest deadline, then the least progress.
 */
export function boundSuggestionContext<C extends ContextLists & { mood?: string | null; currentDate?: string | null }>(
  context: C,
  limits: SuggestionContextLimits,
): C {
  const ctx = { today: context.currentDate ?? "", lowEnergy: isLowEnergyMood(context.mood) };
  return {
    ...context,
    incompleteTasks: topOf(context.incompleteTasks, limits.incompleteTasks, (t, index) =>
      focusKey(
        {
          id: index,
          dueDate: str(t.dueDate),
          dueTime: t.dueTime ?? null,
          timeEstimate: t.timeEstimate ?? Number.MAX_SAFE_INTEGER,
          createdAt: "",
        },
        ctx,
      ),
    ),
    todayEvents: topOf(context.todayEvents, limits.todayEvents, (e, index) => [
      e.isHappeningNow ? 0 : e.hasPassed ? 2 : 1,
      e.startTime ?? "",
      index,
    ]),
    incompleteQuickWins: context.incompleteQuickWins.slice(0, limits.incompleteQuickWins),
    recentThoughts: context.recentThoughts.slice(0, limits.recentThoughts),
    activeProjects: topOf(context.activeProjects, limits.activeProjects, (p, index) => [
      p.deadline ? 0 : 1,
      p.deadline ?? "",
      p.progress ?? 0,
      index,
    ]),
  };
}
