/**
 * The assistant's API contract (spec section 7 and the API tab): requests are validated leniently,
 * since the spec's client sends whole objects, but every size is bounded.
 */
import { z } from "zod";
import { AI_KEY_PREFIX, MOODS, THOUGHT_TYPES } from "./constants.ts";
import { text as plainText } from "./schemas.ts";
import { boundSuggestionContext, SUGGESTION_CONTEXT_LIMITS } from "./suggestion-context.ts";

export {
  boundSuggestionContext,
  SUGGESTION_CONTEXT_LIMITS,
  SUGGESTION_CONTEXT_SENT,
  type SuggestionContextLimits,
} from "./suggestion-context.ts";

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
export { PENDING_VOICE_NOTE } from "./constants.ts";
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
