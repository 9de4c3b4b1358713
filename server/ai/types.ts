import type { ProjectTasksInput, SuggestionContext } from "../../shared/ai-schemas.ts";
import type { ASSISTANT_TONES, HELP_LEVELS, THOUGHT_TYPES } from "../../shared/constants.ts";

export type ThoughtType = (typeof THOUGHT_TYPES)[number];
export type Tone = (typeof ASSISTANT_TONES)[number];
export type HelpLevel = (typeof HELP_LEVELS)[number];

/** How the user wants the assistant to speak (Settings → General). */
export type Prefs = { tone: Tone; helpLevel: HelpLevel };

export type TaskToBreak = { title: string; category?: string | null; timeEstimate?: number | null };

/** What both engines answer; the provider engine may throw, the offline engine never does. */
export type AssistantEngine = {
  categorize: (content: string) => Promise<ThoughtType>;
  breakdown: (task: TaskToBreak, prefs: Prefs) => Promise<string[]>;
  suggestions: (context: SuggestionContext, prefs: Prefs) => Promise<string[]>;
  projectTasks: (input: ProjectTasksInput, prefs: Prefs) => Promise<string[]>;
};

/** Steps and suggestions per help level: how much the assistant offers. */
export const STEP_COUNT: Record<HelpLevel, number> = { minimal: 3, moderate: 5, proactive: 7 };
export const SUGGESTION_COUNT: Record<HelpLevel, number> = { minimal: 3, moderate: 4, proactive: 5 };
export const MAX_STEP_CHARS = 80;
