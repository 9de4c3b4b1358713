/**
 * The assistant's API contract (spec section 7 and the API tab): requests are validated leniently,
 * since the spec's client sends whole objects, but every size is bounded.
 */
import { z } from "zod";
import { AI_KEY_PREFIX, MOODS, RECENT_THOUGHTS_FOR_AI, THOUGHT_TYPES } from "./constants.ts";
import { compareKeys, focusKey, isLowEnergyMood } from "./ranking.ts";
import { text as plainText } from "./schemas.ts";

const text = (max: number) => plainText().max(max, `At most ${max} characters`);
const nonBlank = (max: number) => plainText().trim().min(1, "Must not be blank").max(max, `At most ${max} characters`);
/** Optional in the context: absent, null and wrong-but-harmless values all read as "not given". */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

export const aiSource = z.enum(["offline", "provider"]);
export type AiSource = z.infer<typeof aiSource>;
/** Every answer says which engine produced it; fallback is true when the provider failed. */
const answerMeta = { source: aiSource, fallback: z.boolean() };

// ---------- categorise ----------
export const categorizeInput = z.object({ content: nonBlank(10_000) });
export const categorizeResponse = z.object({ type: z.enum(THOUGHT_TYPES), ...answerMeta });
export type CategorizeResponse = z.infer<typeof categorizeResponse>;

// ---------- break down ----------
/** The Task Breaker sends a whole focus task, a title is enough. */
export const breakdownTask = z.union([
  nonBlank(300),
  z.looseObject({
    title: nonBlank(300),
    category: opt(text(40)),
    timeEstimate: opt(z.number().finite()),
  }),
]);
export const breakdownInput = z.object({ task: breakdownTask });
export type BreakdownInput = z.infer<typeof breakdownInput>;
export const breakdownResponse = z.object({ steps: z.array(z.string()), ...answerMeta });
export type BreakdownResponse = z.infer<typeof breakdownResponse>;

// ---------- suggestions (the context of spec section 7) ----------
const hhmm = text(10);
const contextTask = z.looseObject({
  title: text(300).catch(""),
  category: opt(text(40)),
  timeEstimate: opt(z.number().finite()),
  dueTime: opt(hhmm),
  isApproaching: opt(z.boolean()),
});
const contextEvent = z.looseObject({
  title: text(300).catch(""),
  location: opt(text(500)),
  startTime: opt(hhmm),
  duration: opt(z.number().finite()),
  category: opt(text(40)),
  isApproaching: opt(z.boolean()),
  hasPassed: opt(z.boolean()),
  isHappeningNow: opt(z.boolean()),
  currentTime: opt(hhmm),
});
const contextQuickWin = z.union([text(300), z.looseObject({ text: text(300) })]);
const contextThought = z.looseObject({ content: text(2000).catch(""), type: opt(text(20)) });
const contextProject = z.looseObject({
  title: text(300).catch(""),
  progress: opt(z.number().finite()),
  deadline: opt(text(40)),
});
const suggestionContextFields = z.looseObject({
  currentTime: opt(hhmm),
  currentDate: opt(text(20)),
  /** The spec does not show the mood's format: a name such as "Tired", any case, maybe with an emoji. */
  mood: opt(text(40)),
  incompleteTasks: z.array(contextTask).default([]),
  todayEvents: z.array(contextEvent).default([]),
  incompleteQuickWins: z.array(contextQuickWin).default([]),
  recentThoughts: z.array(contextThought).default([]),
  activeProjects: z.array(contextProject).default([]),
});
type ContextLists = Pick<
  z.output<typeof suggestionContextFields>,
  "incompleteTasks" | "todayEvents" | "incompleteQuickWins" | "recentThoughts" | "activeProjects"
>;
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

/** Lists of any length are accepted; the server considers at most SUGGESTION_CONTEXT_LIMITS of each. */
export const suggestionContext = suggestionContextFields.transform((c) =>
  boundSuggestionContext(c, SUGGESTION_CONTEXT_LIMITS),
);
export type SuggestionContext = z.output<typeof suggestionContext>;
export const suggestionsInput = z.object({ context: suggestionContext });
export const suggestionsResponse = z.object({ suggestions: z.array(z.string()), ...answerMeta });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;

// ---------- project task suggestions ----------
export const projectTasksInput = z.object({
  title: nonBlank(200),
  description: text(5000).nullish(),
  category: opt(text(40)),
});
export type ProjectTasksInput = z.infer<typeof projectTasksInput>;
export const projectTasksResponse = z.object({ tasks: z.array(z.string()), ...answerMeta });
export type ProjectTasksResponse = z.infer<typeof projectTasksResponse>;

// ---------- transcription ----------
export const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;
/** Recording formats accepted (the parameters after ";" such as codecs are ignored). */
export const AUDIO_MIME_TYPES = [
  "audio/webm",
  "video/webm",
  "audio/ogg",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/mp4",
  "audio/x-m4a",
  "audio/m4a",
  "audio/mpeg",
  "audio/mp3",
] as const;
/** Content of a thought saved before its recording could be transcribed. */
export const PENDING_VOICE_NOTE = "Voice note (transcription pending)";
export const transcribeResponse = z.object({
  text: z.string(),
  type: z.enum(THOUGHT_TYPES),
  /** True when nothing could transcribe it now; the recording is kept if thoughtId or keep was given. */
  pending: z.boolean(),
  /** The thought the recording is kept with, when it was stored. */
  thoughtId: z.number().int().nullable(),
  ...answerMeta,
});
export type TranscribeResponse = z.infer<typeof transcribeResponse>;
export const transcribePendingResponse = z.object({
  transcribed: z.number().int(),
  /** Recordings still waiting (provider missing or failing). */
  pending: z.number().int(),
});
export type TranscribePendingResponse = z.infer<typeof transcribePendingResponse>;
export const recordingsResponse = z.object({
  recordings: z.array(
    z.object({ thoughtId: z.number().int(), mime: z.string(), pending: z.boolean(), createdAt: z.string() }),
  ),
});
export type RecordingsResponse = z.infer<typeof recordingsResponse>;

// ---------- the user's own key, engine status ----------
export const aiKeyInput = z.object({
  key: plainText()
    .trim()
    .min(1, "Must not be blank")
    .max(200, "At most 200 characters")
    .refine((k) => k.startsWith(AI_KEY_PREFIX), `Must start with ${AI_KEY_PREFIX}`)
    .refine((k) => !/\s/.test(k), "Must not contain spaces"),
});
export const aiKeyStatus = z.object({ configured: z.boolean(), hint: z.string().nullable() });
export type AiKeyStatus = z.infer<typeof aiKeyStatus>;
export const aiStatus = z.object({ engine: aiSource, transcription: z.boolean() });
export type AiStatus = z.infer<typeof aiStatus>;

export const moodName = (value: string | null | undefined): (typeof MOODS)[number] | undefined => {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  return MOODS.find((m) => lower.includes(m.toLowerCase()));
};
