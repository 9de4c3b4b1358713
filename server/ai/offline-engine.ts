import { breakdownOffline } from "./offline-breakdown.ts";
import { categorizeOffline } from "./offline-categorize.ts";
import { projectTasksOffline } from "./offline-project-tasks.ts";
import { suggestionsOffline } from "./offline-suggestions.ts";
import type { AssistantEngine } from "./types.ts";

/** The built-in assistant: rules over the user's own words and data, no network, never fails. */
export const offlineEngine: AssistantEngine = {
  categorize: async (content) => categorizeOffline(content),
  breakdown: async (task, prefs) => breakdownOffline(task, prefs),
  suggestions: async (context, prefs) => suggestionsOffline(context, prefs),
  projectTasks: async (input, prefs) => projectTasksOffline(input, prefs),
};
