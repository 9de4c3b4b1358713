import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AUDIO_MIME_TYPES,
  aiKeyInput,
  aiKeyStatus,
  aiStatus,
  breakdownInput,
  breakdownResponse,
  categorizeInput,
  categorizeResponse,
  projectTasksInput,
  projectTasksResponse,
  recordingsResponse,
  suggestionsInput,
  suggestionsResponse,
  TRANSCRIBE_MAX_BYTES,
  transcribePendingResponse,
  transcribeResponse,
} from "../../shared/ai-schemas.ts";
import { idParams, MAX_RECORD_ID } from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError, invalidField } from "../errors.ts";
import { createAssistant } from "./assistant.ts";
import { deleteKey, getKeyStatus, saveKey } from "./key-store.ts";
import { getRecording, listRecordings } from "./voice-notes.ts";

export type AssistantHandle = {
  /** Drops everything remembered about a user (cached answers); called by Delete All Data. */
  forgetUser: (userId: number) => void;
};

const acceptedAudio = new Set<string>(AUDIO_MIME_TYPES);
const transcribeQuery = z.object({
  thoughtId: z.coerce.number().int().positive().max(MAX_RECORD_ID).optional(),
  keep: z.enum(["true", "false", "1", "0"]).optional(),
});

type Upload = { audio: Buffer; mime: string; thoughtId?: number; keep: boolean };

/**
 * A body that is not readable multipart (no or wrong boundary, a part left open, a cut-off
 * stream) is the client's mistake: busboy reports it as a plain Error, which would be a 500.
 */
function unreadableUpload(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  if (code === "FST_FILES_LIMIT") {
    return invalidField("audio", "Only one recording, in the field audio, is accepted");
  }
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") {
    return invalidField("audio", "Too many form fields; send audio, thoughtId and keep only", "PAYLOAD_TOO_LARGE");
  }
  if (typeof statusCode === "number" && statusCode < 500) return error;
  const reason = (message ?? "").replace(/^Multipart:\s*/i, "").toLowerCase() || "unreadable body";
  return invalidField("audio", `The upload is not valid multipart/form-data (${reason})`);
}

/**
 * Reads the multipart upload: one file in field `audio` plus optional fields `thoughtId` and
 * `keep` (also accepted in the query string). The file is read into memory: at most 25 MB.
 */
async function readUpload(request: FastifyRequest, query: z.infer<typeof transcribeQuery>): Promise<Upload> {
  if (!request.isMultipart()) {
    throw invalidField("audio", "Send the recording as multipart/form-data in the field audio");
  }
  let audio: Buffer | undefined;
  let mime = "";
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "audio" || audio !== undefined) {
          await part.toBuffer();
          throw invalidField(part.fieldname, "Only one recording, in the field audio, is accepted");
        }
        mime = part.mimetype.split(";")[0]?.trim().toLowerCase() ?? "";
        if (!acceptedAudio.has(mime)) {
          await part.toBuffer();
          throw invalidField(
            "audio",
            `Unsupported recording format ${mime || "(none)"}; use webm, ogg, wav, mp4 or mpeg`,
          );
        }
        try {
          audio = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
            throw invalidField(
              "audio",
              `The recording is larger than ${TRANSCRIBE_MAX_BYTES / 1024 / 1024} MB`,
              "PAYLOAD_TOO_LARGE",
            );
          }
          throw error;
        }
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw unreadableUpload(error);
  }
  if (!audio) throw invalidField("audio", "A recording is required");
  if (audio.length === 0) throw invalidField("audio", "The recording is empty");
  const parsed = transcribeQuery.safeParse({ ...query, ...fields });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(issue?.path.join(".") || "thoughtId", issue?.message ?? "Invalid");
  }
  const keep = parsed.data.keep === "true" || parsed.data.keep === "1";
  return { audio, mime, thoughtId: parsed.data.thoughtId, keep };
}

/** Registers the /api/ai/* routes and the recording download. */
export function registerAiRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db }): AssistantHandle {
  const assistant = createAssistant({ config, db });
  const background = new Set<Promise<void>>();

  // Encapsulated: multipart parsing applies to these routes only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: TRANSCRIBE_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 },
    });
    // Background work must finish before the database is closed.
    scope.addHook("onClose", async () => {
      await Promise.allSettled([...background]);
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ["assistant"];
    const callOf = (req: FastifyRequest) => ({ userId: userIdOf(req), log: req.log });

    r.get("/api/ai/status", { schema: { tags, response: { 200: aiStatus } } }, (req) => assistant.status(callOf(req)));

    r.post(
      "/api/ai/categorize",
      { schema: { tags, body: categorizeInput, response: { 200: categorizeResponse } } },
      async (req) => {
        const answer = await assistant.categorize(callOf(req), req.body.content);
        return { type: answer.value, source: answer.source, fallback: answer.fallback };
      },
    );

    r.post(
      "/api/ai/breakdown",
      { schema: { tags, body: breakdownInput, response: { 200: breakdownResponse } } },
      async (req) => {
        const { task } = req.body;
        const input =
          typeof task === "string"
            ? { title: task }
            : { title: task.title, category: task.category ?? null, timeEstimate: task.timeEstimate ?? null };
        const answer = await assistant.breakdown(callOf(req), input);
        return { steps: answer.value, source: answer.source, fallback: answer.fallback };
      },
    );

    r.post(
      "/api/ai/suggestions",
      { schema: { tags, body: suggestionsInput, response: { 200: suggestionsResponse } } },
      async (req) => {
        const answer = await assistant.suggestions(callOf(req), req.body.context);
        return { suggestions: answer.value, source: answer.source, fallback: answer.fallback };
      },
    );

    r.post(
      "/api/ai/project-tasks",
      { schema: { tags, body: projectTasksInput, response: { 200: projectTasksResponse } } },
      async (req) => {
        const { title, description } = req.body;
        const answer = await assistant.projectTasks(callOf(req), { title, description: description ?? null });
        return { tasks: answer.value, source: answer.source, fallback: answer.fallback };
      },
    );

    r.post(
      "/api/ai/transcribe",
      {
        schema: {
          tags,
          querystring: transcribeQuery,
          consumes: ["multipart/form-data"],
          response: { 200: transcribeResponse, 202: transcribeResponse },
        },
      },
      async (req, reply) => {
        const call = callOf(req);
        const upload = await readUpload(req, req.query);
        const answer = await assistant.transcribe(call, upload);
        return reply.status(answer.pending ? 202 : 200).send(answer);
      },
    );

    r.post("/api/ai/transcribe-pending", { schema: { tags, response: { 200: transcribePendingResponse } } }, (req) =>
      assistant.transcribePending(callOf(req)),
    );

    r.get("/api/ai/recordings", { schema: { tags, response: { 200: recordingsResponse } } }, async (req) => ({
      recordings: await listRecordings(db, { userId: userIdOf(req) }),
    }));

    r.get("/api/thoughts/:id/audio", { schema: { tags, params: idParams } }, async (req, reply) => {
      const recording = await getRecording(db, { userId: userIdOf(req), thoughtId: req.params.id });
      return reply
        .type(recording.mime)
        .header("cache-control", "private, no-store")
        .header("content-disposition", `inline; filename="voice-note-${recording.thoughtId}"`)
        .send(recording.data);
    });

    r.get("/api/ai/key", { schema: { tags, response: { 200: aiKeyStatus } } }, (req) =>
      getKeyStatus(db, { userId: userIdOf(req) }),
    );

    r.put("/api/ai/key", { schema: { tags, body: aiKeyInput, response: { 200: aiKeyStatus } } }, async (req) => {
      const userId = userIdOf(req);
      const status = await saveKey(db, { userId, key: req.body.key, box: assistant.box });
      // Answers from the previous engine no longer apply.
      assistant.forgetUser(userId);
      // Recordings kept while nothing could transcribe them are transcribed now, in the background.
      const work = assistant.transcribePending({ userId, log: req.log }).then(
        () => undefined,
        (error: unknown) => req.log.error({ err: error }, "transcribing kept recordings failed"),
      );
      background.add(work);
      void work.finally(() => background.delete(work));
      return status;
    });

    r.delete("/api/ai/key", { schema: { tags } }, async (req, reply) => {
      const userId = userIdOf(req);
      await deleteKey(db, { userId });
      assistant.forgetUser(userId);
      return reply.status(204).send();
    });
  });

  return { forgetUser: (userId) => assistant.forgetUser(userId) };
}
