/** The assistant API with nothing configured: the offline engine, the user's key, kept recordings. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PENDING_VOICE_NOTE } from "../../shared/ai-schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { fakeRecording, multipartBody } from "./fixtures/multipart.ts";

let t: TestApp;
let cookie: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
  ({ cookie: other } = await t.signUp());
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, c: string | null = cookie) =>
  t.app.inject({
    method,
    url,
    headers: c ? { cookie: c } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const upload = (
  fields: Record<string, string>,
  file?: Parameters<typeof multipartBody>[1],
  c = cookie,
  url = "/api/ai/transcribe",
) => {
  const body = multipartBody(fields, file);
  return t.app.inject({ method: "POST", url, headers: { cookie: c, ...body.headers }, payload: body.payload });
};

describe("signed out", () => {
  it("answers 401 on every assistant route", async () => {
    const routes: ["GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
      ["GET", "/api/ai/status"],
      ["POST", "/api/ai/categorize", { content: "Buy milk" }],
      ["POST", "/api/ai/breakdown", { task: "Clean" }],
      ["POST", "/api/ai/suggestions", { context: {} }],
      ["POST", "/api/ai/project-tasks", { title: "Move house" }],
      ["POST", "/api/ai/transcribe-pending"],
      ["GET", "/api/ai/recordings"],
      ["GET", "/api/ai/key"],
      ["PUT", "/api/ai/key", { key: "sk-abcdef" }],
      ["DELETE", "/api/ai/key"],
      ["GET", "/api/thoughts/1/audio"],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, payload, null);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const res = await upload({}, { type: "audio/webm", data: fakeRecording() }, "");
    expect(res.statusCode).toBe(401);
  });
});

describe("offline engine through the API", () => {
  it("says it is offline with no transcription", async () => {
    expect((await call("GET", "/api/ai/status")).json()).toEqual({ engine: "offline", transcription: false });
  });

  it("categorises, breaks down, suggests and proposes project tasks", async () => {
    const cat = await call("POST", "/api/ai/categorize", { content: "What if the kitchen had a herb wall?" });
    expect(cat.statusCode).toBe(200);
    expect(cat.json()).toEqual({ type: "Idea", source: "offline", fallback: false });

    const byTitle = await call("POST", "/api/ai/breakdown", { task: "Call the dentist" });
    expect(byTitle.json().steps.length).toBeGreaterThanOrEqual(3);
    expect(byTitle.json().steps.join(" ")).toContain("the dentist");
    // The Task Breaker sends the whole focus task.
    const byTask = await call("POST", "/api/ai/breakdown", {
      task: { id: 4, userId: 1, title: "Go for a run", category: "Health", timeEstimate: 25, completed: false },
    });
    expect(byTask.statusCode).toBe(200);
    expect(byTask.json().steps.join(" ")).toContain("25 minutes");

    const sug = await call("POST", "/api/ai/suggestions", {
      context: {
        currentTime: "14:00",
        currentDate: "2026-03-02",
        mood: "Happy",
        incompleteTasks: [],
        todayEvents: [{ title: "Client call with Jonas", startTime: "14:30", duration: 30, isApproaching: true }],
        incompleteQuickWins: [],
        recentThoughts: [],
        activeProjects: [],
      },
    });
    expect(sug.statusCode).toBe(200);
    expect(sug.json().suggestions[0]).toContain("Client call with Jonas");

    const proj = await call("POST", "/api/ai/project-tasks", { title: "Plan the garden", description: "" });
    expect(proj.json().tasks.length).toBeGreaterThanOrEqual(3);
    expect(proj.json()).toMatchObject({ source: "offline", fallback: false });
  });

  it("follows the user's help level from Settings", async () => {
    const before = (await call("POST", "/api/ai/breakdown", { task: "Write the essay" })).json().steps.length;
    expect((await call("PUT", "/api/settings", { helpLevel: "proactive" })).statusCode).toBe(200);
    const after = (await call("POST", "/api/ai/breakdown", { task: "Write the essay" })).json().steps.length;
    expect(after).toBeGreaterThan(before);
  });

  it("answers 400 naming the field for bad input", async () => {
    const cases: [string, unknown, string][] = [
      ["/api/ai/categorize", {}, "content"],
      ["/api/ai/categorize", { content: "   " }, "content"],
      ["/api/ai/categorize", { content: "x".repeat(10_001) }, "content"],
      ["/api/ai/breakdown", {}, "task"],
      ["/api/ai/breakdown", { task: { category: "Work" } }, "task"],
      ["/api/ai/breakdown", { task: "" }, "task"],
      ["/api/ai/suggestions", {}, "context"],
      ["/api/ai/suggestions", { context: { incompleteTasks: "lots" } }, "incompleteTasks"],
      ["/api/ai/project-tasks", { title: "" }, "title"],
      ["/api/ai/project-tasks", { title: "x".repeat(201) }, "title"],
    ];
    for (const [url, payload, field] of cases) {
      const res = await call("POST", url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it("accepts a lenient context: nulls, unknown fields, mood in any form", async () => {
    const res = await call("POST", "/api/ai/suggestions", {
      context: { mood: null, currentTime: null, incompleteTasks: [{ title: "Tidy up", timeEstimate: null, extra: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a large account's context", () => {
  const manyTasks = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      title: `Backlog item ${i}`,
      category: "Work",
      timeEstimate: 60,
      dueTime: null,
      isApproaching: false,
    }));

  it("gets suggestions for 500 tasks, 300 events and 300 quick wins, from the most relevant of them", async () => {
    const tasks = manyTasks(500);
    tasks[450] = { ...tasks[450], title: "File the tax return", dueTime: "08:00", isApproaching: true } as never;
    const res = await call("POST", "/api/ai/suggestions", {
      context: {
        currentTime: "09:00",
        currentDate: "2025-03-12",
        mood: "Neutral",
        incompleteTasks: tasks,
        todayEvents: Array.from({ length: 300 }, (_, i) => ({
          title: i === 299 ? "Dentist" : `Past meeting ${i}`,
          startTime: i === 299 ? "09:30" : "07:00",
          duration: 30,
          hasPassed: i !== 299,
          isHappeningNow: false,
          isApproaching: i === 299,
        })),
        incompleteQuickWins: Array.from({ length: 300 }, (_, i) => `Quick win ${i}`),
        recentThoughts: Array.from({ length: 50 }, (_, i) => ({ content: `Thought ${i}`, type: "Note" })),
        activeProjects: Array.from({ length: 150 }, (_, i) => ({
          title: `Project ${i}`,
          progress: 50,
          deadline: null,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = (res.json().suggestions as string[]).join("\n");
    // Both sit past the first 200 items: the server kept them because they are due and coming up.
    expect(text).toContain("File the tax return");
    expect(text).toContain("Dentist");
  });

  it("keeps the smallest task of a long list when the mood is Tired", async () => {
    const tasks = manyTasks(400);
    tasks[390] = { ...tasks[390], title: "Water the plants", timeEstimate: 5 } as never;
    const res = await call("POST", "/api/ai/suggestions", {
      context: { currentTime: "09:00", currentDate: "2025-03-12", mood: "😴 Tired", incompleteTasks: tasks },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().suggestions as string[]).join("\n")).toContain("Water the plants");
  });
});

describe("the user's key", () => {
  const KEY = "sk-proj-userSecretValue9876";

  it("stores it encrypted, shows only that it is set and its last four characters, and removes it", async () => {
    expect((await call("GET", "/api/ai/key")).json()).toEqual({ configured: false, hint: null });
    const put = await call("PUT", "/api/ai/key", { key: `  ${KEY}  ` });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ configured: true, hint: "9876" });
    expect(put.body).not.toContain("userSecretValue");
    expect((await call("GET", "/api/ai/key")).json()).toEqual({ configured: true, hint: "9876" });
    expect((await call("GET", "/api/ai/key", undefined, other)).json()).toEqual({ configured: false, hint: null });

    const row = await t.handle.db.selectFrom("user_secrets").select(["kind", "ciphertext"]).executeTakeFirstOrThrow();
    expect(row.kind).toBe("ai_key");
    expect(row.ciphertext).not.toContain("userSecretValue");
    expect(row.ciphertext.startsWith("v1.")).toBe(true);

    expect((await call("DELETE", "/api/ai/key")).statusCode).toBe(204);
    expect((await call("GET", "/api/ai/key")).json()).toEqual({ configured: false, hint: null });
  });

  it("turns speech-to-text on in the status for its owner only, until removed", async () => {
    expect((await call("PUT", "/api/ai/key", { key: KEY })).statusCode).toBe(200);
    expect((await call("GET", "/api/ai/status")).json()).toEqual({ engine: "provider", transcription: true });
    expect((await call("GET", "/api/ai/status", undefined, other)).json()).toEqual({
      engine: "offline",
      transcription: false,
    });
    expect((await call("DELETE", "/api/ai/key")).statusCode).toBe(204);
    expect((await call("GET", "/api/ai/status")).json()).toEqual({ engine: "offline", transcription: false });
  });

  it("refuses a bad key with 400 naming the field, storing nothing", async () => {
    for (const key of ["", "abc-123", "pk-live", `sk-${"a".repeat(200)}`, "sk-has space"]) {
      const res = await call("PUT", "/api/ai/key", { key });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toContain("key");
      expect(res.body).not.toContain(key || "\u0000");
    }
    expect((await call("PUT", "/api/ai/key", {})).statusCode).toBe(400);
    expect((await call("GET", "/api/ai/key")).json().configured).toBe(false);
  });

  it("is deleted with Delete All Data", async () => {
    await call("PUT", "/api/ai/key", { key: KEY });
    const del = await t.app.inject({
      method: "POST",
      url: "/api/data/delete-all",
      headers: { cookie, "content-type": "application/json" },
    });
    expect(del.statusCode).toBe(200);
    expect((await call("GET", "/api/ai/key")).json().configured).toBe(false);
  });
});

describe("recordings without a provider", () => {
  it("answers pending and keeps nothing unless asked", async () => {
    const res = await upload({}, { type: "audio/webm;codecs=opus", data: fakeRecording() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      text: "",
      type: "Note",
      pending: true,
      thoughtId: null,
      source: "offline",
      fallback: false,
    });
    expect((await call("GET", "/api/ai/recordings")).json().recordings).toEqual([]);
  });

  it("with keep=true saves a 'transcription pending' thought with its recording, playable by its owner only", async () => {
    const data = fakeRecording(4096, 3);
    const res = await upload({ keep: "true" }, { type: "audio/ogg", data });
    expect(res.statusCode).toBe(202);
    const { thoughtId } = res.json();
    expect(thoughtId).toBeGreaterThan(0);
    const thoughts = (await call("GET", "/api/thoughts")).json();
    expect(thoughts.find((x: { id: number }) => x.id === thoughtId)).toMatchObject({
      content: PENDING_VOICE_NOTE,
      type: "Note",
    });

    const audio = await call("GET", `/api/thoughts/${thoughtId}/audio`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/ogg");
    expect(Buffer.compare(audio.rawPayload, data)).toBe(0);
    expect((await call("GET", `/api/thoughts/${thoughtId}/audio`, undefined, other)).statusCode).toBe(404);
    expect((await call("GET", "/api/thoughts/999999/audio")).statusCode).toBe(404);
    expect((await call("GET", "/api/ai/recordings")).json().recordings).toEqual([
      expect.objectContaining({ thoughtId, mime: "audio/ogg", pending: true }),
    ]);
    // Nothing can transcribe it yet: it stays pending.
    expect((await call("POST", "/api/ai/transcribe-pending")).json()).toEqual({ transcribed: 0, pending: 1 });
  });

  it("stops waiting for a transcript once the browser's own transcript is saved to the thought", async () => {
    const res = await upload({ keep: "true" }, { type: "audio/webm", data: fakeRecording(2048, 5) });
    const { thoughtId } = res.json();
    const patch = { content: "Buy oat milk", type: "Task", contentIsTranscript: true };
    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/thoughts/${thoughtId}`,
      headers: { cookie },
      payload: patch,
    });
    expect(saved.json()).toMatchObject({ content: "Buy oat milk", type: "Task" });
    const recordings = (await call("GET", "/api/ai/recordings")).json().recordings;
    expect(recordings.find((r: { thoughtId: number }) => r.thoughtId === thoughtId)).toMatchObject({ pending: false });
    // The recording itself is kept and still playable.
    expect((await call("GET", `/api/thoughts/${thoughtId}/audio`)).statusCode).toBe(200);
  });

  it("keeps waiting for a transcript when the user only edits a pending voice note", async () => {
    const { thoughtId } = (await upload({ keep: "true" }, { type: "audio/webm", data: fakeRecording(2048, 6) })).json();
    await t.app.inject({
      method: "PATCH",
      url: `/api/thoughts/${thoughtId}`,
      headers: { cookie },
      payload: { content: "About the trip" },
    });
    const recordings = (await call("GET", "/api/ai/recordings")).json().recordings;
    expect(recordings.find((r: { thoughtId: number }) => r.thoughtId === thoughtId)).toMatchObject({ pending: true });
  });

  it("attaches a recording to the user's own thought, and refuses someone else's", async () => {
    const mine = (await call("POST", "/api/thoughts", { content: "Shopping list", type: "Note" })).json();
    const res = await upload({ thoughtId: String(mine.id) }, { type: "audio/wav", data: fakeRecording(100) });
    expect(res.statusCode).toBe(202);
    expect(res.json().thoughtId).toBe(mine.id);
    expect((await call("GET", `/api/thoughts/${mine.id}/audio`)).statusCode).toBe(200);

    const before = (await call("GET", "/api/ai/recordings", undefined, other)).json();
    const theirs = await upload({ thoughtId: String(mine.id) }, { type: "audio/wav", data: fakeRecording(100) }, other);
    expect(theirs.statusCode).toBe(404);
    expect((await call("GET", "/api/ai/recordings", undefined, other)).json()).toEqual(before);
  });

  it("refuses bad uploads with 400 naming the field, storing nothing", async () => {
    const count = async () => (await call("GET", "/api/ai/recordings")).json().recordings.length;
    const before = await count();
    const cases: [Record<string, string>, Parameters<typeof multipartBody>[1], string][] = [
      [{ keep: "true" }, undefined, "audio"],
      [{ keep: "true" }, { type: "text/plain", data: Buffer.from("hello") }, "audio"],
      [{ keep: "true" }, { type: "audio/webm", data: Buffer.alloc(0) }, "audio"],
      [{ keep: "true" }, { field: "voice", type: "audio/webm", data: fakeRecording() }, "voice"],
      [{ thoughtId: "abc" }, { type: "audio/webm", data: fakeRecording() }, "thoughtId"],
      [{ keep: "maybe" }, { type: "audio/webm", data: fakeRecording() }, "keep"],
    ];
    for (const [fields, file, field] of cases) {
      const res = await upload(fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const json = await call("POST", "/api/ai/transcribe", { audio: "data" });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain("audio");
    expect(await count()).toBe(before);
  });

  it("accepts a recording larger than the JSON body limit, refuses one over 25 MB", async () => {
    const big = await upload({}, { type: "audio/mpeg", data: fakeRecording(3 * 1024 * 1024) });
    expect(big.statusCode).toBe(202);
    const tooBig = await upload({ keep: "true" }, { type: "audio/mpeg", data: Buffer.alloc(25 * 1024 * 1024 + 1) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/^audio: .*25 MB/);
  });
});

describe("delete-all", () => {
  it("takes kept recordings with the thoughts", async () => {
    const { cookie: c } = await t.signUp();
    const kept = await upload({ keep: "true" }, { type: "audio/webm", data: fakeRecording() }, c);
    expect(kept.statusCode).toBe(202);
    const del = await t.app.inject({
      method: "POST",
      url: "/api/data/delete-all",
      headers: { cookie: c, "content-type": "application/json" },
    });
    expect(del.statusCode).toBe(200);
    expect((await call("GET", `/api/thoughts/${kept.json().thoughtId}/audio`, undefined, c)).statusCode).toBe(404);
    expect((await call("GET", "/api/ai/recordings", undefined, c)).json().recordings).toEqual([]);
  });
});
