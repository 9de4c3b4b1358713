/**
 * Recordings kept with their thoughts until they are transcribed, so no voice note is lost when
 * no speech-to-text provider is available.
 */
import { PENDING_VOICE_NOTE, type RecordingsResponse } from "../../shared/ai-schemas.ts";
import { DEFAULT_THOUGHT_TYPE } from "../../shared/constants.ts";
import { type Db, nowIso } from "../db/database.ts";
import { notFound } from "../errors.ts";
import { assertRoom, type Keeper, keptCounts, limitReached } from "../keep-limits.ts";
import type { ThoughtType } from "./types.ts";

export type Recording = { thoughtId: number; mime: string; data: Buffer };

/** Fails with 404 unless the thought exists and belongs to the user. */
export async function assertOwnThought(db: Db, opts: { userId: number; thoughtId: number }): Promise<void> {
  const row = await db
    .selectFrom("thoughts")
    .select(["id"])
    .where("id", "=", opts.thoughtId)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) throw notFound("Thought");
}

/**
 * Stores a recording with the given thought, or with a new "transcription pending" thought when
 * none is given. A second recording for the same thought replaces the first. Past the user's
 * bound on recordings (or on thoughts) nothing is kept.
 */
export async function keepRecording(
  db: Db,
  opts: Keeper & { thoughtId?: number; mime: string; data: Buffer; transcribed: boolean },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let thoughtId = opts.thoughtId;
    const createdAt = nowIso();
    const before = (await keptCounts(trx, opts.userId)).recordingBytes;
    if (thoughtId === undefined) {
      await assertRoom(trx, opts, "thoughts");
      const row = await trx
        .insertInto("thoughts")
        .values({
          user_id: opts.userId,
          content: PENDING_VOICE_NOTE,
          type: DEFAULT_THOUGHT_TYPE,
          status: "inbox",
          converted_to: null,
          created_at: createdAt,
        })
        .returning(["id"])
        .executeTakeFirstOrThrow();
      thoughtId = row.id;
    } else {
      await assertOwnThought(trx, { userId: opts.userId, thoughtId });
    }
    const values = { mime: opts.mime, data: opts.data, transcribed: opts.transcribed ? 1 : 0, created_at: createdAt };
    await trx
      .insertInto("thought_audio")
      .values({ thought_id: thoughtId, user_id: opts.userId, ...values })
      .onConflict((oc) => oc.column("thought_id").doUpdateSet(values))
      .execute();
    // Counted by the database as it is written, the recording it replaces taken off: what is kept
    // may stay over the bound (one lowered since) but never grow past it.
    const after = (await keptCounts(trx, opts.userId)).recordingBytes;
    if (after > opts.keep.recordingBytes && after > before) {
      throw limitReached("recordingBytes", opts.keep.recordingBytes);
    }
    return thoughtId;
  });
}

export async function getRecording(db: Db, opts: { userId: number; thoughtId: number }): Promise<Recording> {
  const row = await db
    .selectFrom("thought_audio")
    .select(["thought_id", "mime", "data"])
    .where("thought_id", "=", opts.thoughtId)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) throw notFound("Recording");
  return { thoughtId: row.thought_id, mime: row.mime, data: Buffer.from(row.data) };
}

export async function listRecordings(db: Db, opts: { userId: number }): Promise<RecordingsResponse["recordings"]> {
  const rows = await db
    .selectFrom("thought_audio")
    .select(["thought_id", "mime", "transcribed", "created_at"])
    .where("user_id", "=", opts.userId)
    .orderBy("created_at", "desc")
    .orderBy("thought_id", "desc")
    .execute();
  return rows.map((r) => ({
    thoughtId: r.thought_id,
    mime: r.mime,
    pending: r.transcribed === 0,
    createdAt: r.created_at,
  }));
}

export async function countPending(db: Db, opts: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom("thought_audio")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", opts.userId)
    .where("transcribed", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pendingRecordings(db: Db, opts: { userId: number; limit: number }): Promise<Recording[]> {
  const rows = await db
    .selectFrom("thought_audio")
    .select(["thought_id", "mime", "data"])
    .where("user_id", "=", opts.userId)
    .where("transcribed", "=", 0)
    .orderBy("created_at", "asc")
    .orderBy("thought_id", "asc")
    .limit(opts.limit)
    .execute();
  return rows.map((r) => ({ thoughtId: r.thought_id, mime: r.mime, data: Buffer.from(r.data) }));
}

/**
 * Puts a transcript into its thought: it replaces the placeholder text, or follows text the user
 * wrote themselves, so nothing the user typed is overwritten.
 */
export async function applyTranscript(
  db: Db,
  opts: { userId: number; thoughtId: number; text: string; type: ThoughtType },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const thought = await trx
      .selectFrom("thoughts")
      .select(["content", "type"])
      .where("id", "=", opts.thoughtId)
      .where("user_id", "=", opts.userId)
      .executeTakeFirst();
    if (!thought) return;
    const text = opts.text.trim();
    const isPlaceholder = thought.content === PENDING_VOICE_NOTE;
    if (text !== "") {
      const content = isPlaceholder
        ? text
        : thought.content.includes(text)
          ? thought.content
          : `${thought.content}\n\n${text}`;
      const type = isPlaceholder && thought.type === DEFAULT_THOUGHT_TYPE ? opts.type : thought.type;
      await trx
        .updateTable("thoughts")
        .set({ content: content.slice(0, 10_000), type })
        .where("id", "=", opts.thoughtId)
        .where("user_id", "=", opts.userId)
        .execute();
    } else if (isPlaceholder) {
      await trx
        .updateTable("thoughts")
        .set({ content: "Voice note (no speech detected)" })
        .where("id", "=", opts.thoughtId)
        .where("user_id", "=", opts.userId)
        .execute();
    }
    await trx
      .updateTable("thought_audio")
      .set({ transcribed: 1 })
      .where("thought_id", "=", opts.thoughtId)
      .where("user_id", "=", opts.userId)
      .execute();
  });
}
