// @vitest-environment jsdom
/**
 * Recordings kept on this device while the server was out of reach, sent later against the real
 * API: one the server refuses for good (past what one person keeps, decision 070) leaves the
 * device with the server's words, instead of being sent, and refused, at every start.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../shared/schemas.ts";
import { fillUp, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { ApiError } from "./api.ts";
import { keepUnsent, sendUnsent, takeBackRecording } from "./voice-outbox.ts";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/**
 * Sends a kept recording as the app does (`?keep=true`), its refusal read as the app reads one.
 * The bytes are made here: the IndexedDB stand-in of these tests keeps a Blob as an empty object.
 */
let sent = 0;
async function send(_blob: Blob): Promise<void> {
  sent += 1;
  const boundary = "----kept-recording";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="note.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
  const res = await fetch("/api/ai/transcribe?keep=true", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: `${head}${"webm".padEnd(512, ".")}\r\n--${boundary}--\r\n`,
  });
  if (!res.ok) {
    const body = (await res.json()) as { message: string; code?: "LIMIT_REACHED"; field?: string };
    throw new ApiError(res.status, body.message, { code: body.code, field: body.field });
  }
}
const recording = () => new Blob(["webm".padEnd(512, ".")], { type: "audio/webm" });
const thoughts = () => server<unknown[]>("GET", "/api/thoughts?limit=1");

describe("a kept recording the server refuses for good", () => {
  it("leaves this device with the server's words, once; the next chance sends nothing", async () => {
    await fillUp("thoughts");
    sent = 0;
    await keepUnsent(user.id, recording());
    await keepUnsent(user.id, recording());
    const words = "At most 20,000 thoughts, archived ones included: delete some archived ones to add more";
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 0, refused: [words, words], left: 0 });
    expect(sent).toBe(2);
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 0, refused: [], left: 0 });
    expect(sent).toBe(2);
  }, 60_000);

  it("while the server cannot be reached, it stays, and goes once the server takes it", async () => {
    sent = 0;
    await keepUnsent(user.id, recording());
    const unreachable = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await sendUnsent(user.id, unreachable)).toEqual({ sent: 0, refused: [], left: 1 });
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 1, refused: [], left: 0 });
    expect(await thoughts()).toHaveLength(1);
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 0, refused: [], left: 0 });
  });
});

describe("a recording kept while others are being sent (docs/decisions/088-a-voice-note-that-waits.md)", () => {
  it("is said to still wait, so the app sends it next", async () => {
    sent = 0;
    await keepUnsent(user.id, recording());
    const sendAndRecordAgain = async (blob: Blob) => {
      if (sent === 0) await keepUnsent(user.id, recording());
      await send(blob);
    };
    expect(await sendUnsent(user.id, sendAndRecordAgain)).toEqual({ sent: 1, refused: [], left: 1 });
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 1, refused: [], left: 0 });
    expect(sent).toBe(2);
  });
});

describe("a recording taken back (docs/decisions/088-a-voice-note-that-waits.md)", () => {
  it("just as the sending read it, it is either sent and said to be, or taken back and not sent", async () => {
    sent = 0;
    await keepUnsent(user.id, recording());
    const { openDB } = await import("idb");
    const kept = (await (await openDB("daily-compass", 1)).getAll("unsent-recordings")) as Array<{
      id: number;
      userId: number;
    }>;
    const mine = kept.filter((r) => r.userId === user.id);
    expect(mine).toHaveLength(1);
    const sending = sendUnsent(user.id, send);
    const taken = await takeBackRecording(mine[0].id);
    const outcome = await sending;
    expect(outcome.sent).toBe(taken === undefined ? 1 : 0);
    expect(sent).toBe(outcome.sent);
  });
});
