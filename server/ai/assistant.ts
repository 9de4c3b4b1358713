/**
 * The one assistant behind every /api/ai call. It picks the engine per user (their own key, the
 * server-wide provider, or the built-in offline engine), caches answers about five minutes, and
 * turns every provider failure into the offline answer marked `fallback: true`: the user always
 * gets something useful and nothing they sent is lost.
 */
import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { AiSource, AiStatus, SuggestionContext, TranscribeResponse } from "../../shared/ai-schemas.ts";
import { DEFAULT_THOUGHT_TYPE } from "../../shared/constants.ts";
import type { Config } from "../config.ts";
import { createSecretBox, type SecretBox } from "../crypto/secrets.ts";
import type { Db } from "../db/database.ts";
import { getSettings } from "../settings/service.ts";
import { AnswerCache } from "./answer-cache.ts";
import { readKey } from "./key-store.ts";
import { offlineEngine } from "./offline-engine.ts";
import {
  createProviderEngine,
  DEFAULT_PROVIDER_URL,
  type ProviderEngine,
  type ProviderSettings,
  toProviderFailure,
} from "./provider-engine.ts";
import type { AssistantEngine, Prefs, TaskToBreak, ThoughtType } from "./types.ts";
import { applyTranscript, assertOwnThought, countPending, keepRecording, pendingRecordings } from "./voice-notes.ts";

export type Answer<T> = { value: T; source: AiSource; fallback: boolean };
type Operation = "categorize" | "breakdown" | "suggestions" | "projectTasks";
type Call = { userId: number; log: FastifyBaseLogger };

/** Recordings transcribed per transcribe-pending call, so one request stays short. */
const PENDING_BATCH = 10;

export type Assistant = ReturnType<typeof createAssistant>;

export function createAssistant(deps: { config: Config; db: Db; cache?: AnswerCache; box?: SecretBox }) {
  const { config, db } = deps;
  const cache = deps.cache ?? new AnswerCache();
  const box = deps.box ?? createSecretBox({ appSecret: config.appSecret, dataDir: config.dataDir });
  const inFlightPending = new Map<number, Promise<{ transcribed: number; pending: number }>>();

  /** The provider for this user, or undefined when only the offline engine is available. */
  async function providerFor({ userId, log }: Call): Promise<ProviderSettings | undefined> {
    const userKey = await readKey(db, {
      userId,
      box,
      onUnreadable: () => log.warn({ userId }, "stored assistant key cannot be decrypted; ignoring it"),
    });
    const apiKey = userKey ?? config.ai.apiKey;
    if (!config.ai.baseUrl && !apiKey) return undefined;
    return {
      baseUrl: config.ai.baseUrl ?? DEFAULT_PROVIDER_URL,
      // Local servers (Ollama, LM Studio) need no key, but the SDK insists on one.
      apiKey: apiKey ?? "no-key",
      model: config.ai.model,
      transcribeModel: config.ai.transcribeModel,
      timeoutMs: config.ai.timeoutMs,
    };
  }

  async function prefsOf(userId: number): Promise<Prefs> {
    const s = await getSettings(db, { userId });
    return { tone: s.tone, helpLevel: s.helpLevel };
  }

  async function run<T>(
    call: Call,
    op: Operation,
    input: unknown,
    ask: (engine: AssistantEngine, prefs: Prefs) => Promise<T>,
  ): Promise<Answer<T>> {
    const [provider, prefs] = await Promise.all([providerFor(call), prefsOf(call.userId)]);
    const source: AiSource = provider ? "provider" : "offline";
    const key = crypto
      .createHash("sha256")
      .update(JSON.stringify([op, source, prefs, input]))
      .digest("base64url");
    const cached = cache.get<T>(call.userId, key);
    if (cached !== undefined) return { value: cached, source, fallback: false };
    if (provider) {
      try {
        const value = await ask(createProviderEngine(provider), prefs);
        cache.set(call.userId, key, value);
        return { value, source: "provider", fallback: false };
      } catch (error) {
        const failure = toProviderFailure(error);
        // Reason and status only: provider messages can quote the key or the user's text.
        call.log.warn(
          // An "unknown" failure is a fault on our side: its name says which, its message may not be safe.
          {
            op,
            reason: failure.reason,
            status: failure.status,
            error: failure.reason === "unknown" ? nameOf(error) : undefined,
          },
          "assistant provider failed; answered offline",
        );
        // Not cached: the provider gets another chance on the next call.
        return { value: await ask(offlineEngine, prefs), source: "offline", fallback: true };
      }
    }
    const value = await ask(offlineEngine, prefs);
    cache.set(call.userId, key, value);
    return { value, source: "offline", fallback: false };
  }

  async function transcribeWith(
    call: Call,
    engine: ProviderEngine,
    audio: Buffer,
    mime: string,
  ): Promise<{ text: string; type: ThoughtType }> {
    const text = await engine.transcribe(audio, mime);
    const type = text === "" ? DEFAULT_THOUGHT_TYPE : (await categorize(call, text)).value;
    return { text, type };
  }

  const categorize = (call: Call, content: string) =>
    run(call, "categorize", content, (engine) => engine.categorize(content));

  return {
    status: async (call: Call): Promise<AiStatus> => {
      const provider = await providerFor(call);
      return { engine: provider ? "provider" : "offline", transcription: provider !== undefined };
    },

    categorize,

    breakdown: (call: Call, task: TaskToBreak) =>
      run(call, "breakdown", task, (engine, prefs) => engine.breakdown(task, prefs)),

    suggestions: (call: Call, context: SuggestionContext) =>
      run(call, "suggestions", context, (engine, prefs) => engine.suggestions(context, prefs)),

    projectTasks: (call: Call, input: { title: string; description?: string | null }) =>
      run(call, "projectTasks", input, (engine, prefs) => engine.projectTasks(input, prefs)),

    /**
     * Transcribes a recording. When no provider can do it now, the recording is kept with the
     * given thought (or a new "transcription pending" one) if the caller asked to keep it.
     */
    async transcribe(
      call: Call,
      input: { audio: Buffer; mime: string; thoughtId?: number; keep: boolean },
    ): Promise<TranscribeResponse> {
      const { userId } = call;
      if (input.thoughtId !== undefined) await assertOwnThought(db, { userId, thoughtId: input.thoughtId });
      const provider = await providerFor(call);
      let fallback = false;
      let heard: { text: string; type: ThoughtType } | undefined;
      if (provider) {
        try {
          heard = await transcribeWith(call, createProviderEngine(provider), input.audio, input.mime);
        } catch (error) {
          const failure = toProviderFailure(error);
          call.log.warn({ op: "transcribe", reason: failure.reason, status: failure.status }, "transcription failed");
          fallback = true;
        }
      }
      if (heard) {
        let thoughtId: number | null = null;
        if (input.thoughtId !== undefined) {
          thoughtId = await keepRecording(db, {
            userId,
            keep: config.keep,
            thoughtId: input.thoughtId,
            mime: input.mime,
            data: input.audio,
            transcribed: true,
          });
          await applyTranscript(db, { userId, thoughtId, text: heard.text, type: heard.type });
        }
        return { ...heard, pending: false, thoughtId, source: "provider", fallback: false };
      }
      const keep = input.keep || input.thoughtId !== undefined;
      const thoughtId = keep
        ? await keepRecording(db, {
            userId,
            keep: config.keep,
            thoughtId: input.thoughtId,
            mime: input.mime,
            data: input.audio,
            transcribed: false,
          })
        : null;
      return { text: "", type: DEFAULT_THOUGHT_TYPE, pending: true, thoughtId, source: "offline", fallback };
    },

    /**
     * Transcribes the user's kept recordings once a provider is available, oldest first, and puts
     * each transcript into its thought. Stops at the first provider failure and tries again next
     * time. Concurrent calls for one user share the same run.
     */
    transcribePending(call: Call): Promise<{ transcribed: number; pending: number }> {
      const running = inFlightPending.get(call.userId);
      if (running) return running;
      const work = (async () => {
        const { userId } = call;
        const provider = await providerFor(call);
        let transcribed = 0;
        if (provider) {
          const engine = createProviderEngine(provider);
          for (const recording of await pendingRecordings(db, { userId, limit: PENDING_BATCH })) {
            let heard: { text: string; type: ThoughtType };
            try {
              heard = await transcribeWith(call, engine, recording.data, recording.mime);
            } catch (error) {
              const failure = toProviderFailure(error);
              call.log.warn(
                { op: "transcribe-pending", reason: failure.reason, status: failure.status },
                "transcription failed",
              );
              break;
            }
            await applyTranscript(db, { userId, thoughtId: recording.thoughtId, ...heard });
            transcribed++;
          }
        }
        return { transcribed, pending: await countPending(db, { userId }) };
      })().finally(() => inFlightPending.delete(call.userId));
      inFlightPending.set(call.userId, work);
      return work;
    },

    forgetUser: (userId: number) => cache.forgetUser(userId),
    box,
  };
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
