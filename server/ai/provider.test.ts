/**
 * The provider engine against a local OpenAI-compatible server: structured answers, transcription,
 * and every failure answered offline (marked as such), never a 500 and never lost input.
 */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PENDING_VOICE_NOTE } from "../../shared/ai-schemas.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { type FakeOpenAi, startFakeOpenAi } from "./fixtures/fake-openai.ts";
import { fakeRecording, multipartBody } from "./fixtures/multipart.ts";

const SERVER_KEY = "sk-server-wide-key-SRV1";
const USER_KEY = "sk-user-own-secret-key-USR9";

let fake: FakeOpenAi;
let t: TestApp;
let cookie: string;
const logs: string[] = [];
const bodies: string[] = [];

/** Long enough for an answer on a busy machine, short enough that waiting for a timeout is quick. */
const TIMEOUT_MS = 800;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const logStream = new PassThrough();
  logStream.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
  t = await createTestApp(
    { AI_BASE_URL: fake.url, AI_API_KEY: SERVER_KEY, AI_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: "debug" },
    { logStream },
  );
  ({ cookie } = await t.signUp());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function post(url: string, payload: unknown, c = cookie) {
  const res = await t.app.inject({ method: "POST", url, headers: { cookie: c }, payload: payload as object });
  bodies.push(res.body);
  return res;
}
async function upload(fields: Record<string, string>, data = fakeRecording(), c = cookie, url = "/api/ai/transcribe") {
  const body = multipartBody(fields, { type: "audio/webm", data });
  const res = await t.app.inject({
    method: "POST",
    url,
    headers: { cookie: c, ...body.headers },
    payload: body.payload,
  });
  bodies.push(res.body);
  return res;
}
const chatCalls = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions"));

describe("with a working provider", () => {
  it("reports the provider engine with transcription", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ai/status", headers: { cookie } });
    expect(res.json()).toEqual({ engine: "provider", transcription: true });
  });

  it("answers every call from the provider's structured output, asked with a JSON schema", async () => {
    const cat = await post("/api/ai/categorize", { content: "idea: a tiny greenhouse" });
    expect(cat.json()).toEqual({ type: "Idea", source: "provider", fallback: false });
    const steps = await post("/api/ai/breakdown", { task: { title: "Plan the offsite", timeEstimate: 30 } });
    expect(steps.json()).toEqual({
      steps: ["Open the provider plan", "Do the provider step", "Finish the provider plan"],
      source: "provider",
      fallback: false,
    });
    const sug = await post("/api/ai/suggestions", { context: { currentTime: "10:00", mood: "Happy" } });
    expect(sug.json().suggestions).toEqual([
      "Provider suggestion one",
      "Provider suggestion two",
      "Provider suggestion three",
    ]);
    const proj = await post("/api/ai/project-tasks", { title: "Summer party" });
    expect(proj.json().tasks[0]).toBe("Draft the provider outline");

    const sent = chatCalls().map((r) => JSON.parse(r.body));
    expect(sent).toHaveLength(4);
    for (const body of sent) {
      expect(body.model).toBe("gpt-4o-mini");
      expect(body.response_format.type).toBe("json_schema");
      expect(body.response_format.json_schema.strict).toBe(true);
    }
    // The context and the task reach the provider as given.
    expect(sent[1].messages.at(-1).content).toContain("Plan the offsite");
    expect(sent[2].messages.at(-1).content).toContain('"mood":"Happy"');
    for (const r of chatCalls()) expect(r.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it("tells the provider the user's tone and help level", async () => {
    const { cookie: c } = await t.signUp();
    await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: c },
      payload: { tone: "silent", helpLevel: "proactive" },
    });
    await post("/api/ai/breakdown", { task: "Tone check" }, c);
    const system = JSON.parse(chatCalls()[0]?.body ?? "{}").messages[0].content as string;
    expect(system).toMatch(/terse/i);
    expect(system).toMatch(/7 concrete/);
  });

  it("asks the provider for suggestions that never call a task overdue, late or missed", async () => {
    await post("/api/ai/suggestions", { context: { currentTime: "10:00", mood: "Neutral" } });
    const system = JSON.parse(chatCalls()[0]?.body ?? "{}").messages[0].content as string;
    // The words appear only in the instruction not to use them.
    expect(system).toMatch(/never call a task "overdue", "late" or "missed"/i);
    expect(system.replace(/never call a task "overdue", "late" or "missed"/i, "")).not.toMatch(
      /overdue|\blate\b|missed/i,
    );
  });

  it("caches an answer per user and input, and forgets it on Delete All Data", async () => {
    const { cookie: c } = await t.signUp();
    const ask = () => post("/api/ai/breakdown", { task: "Cache me if you can" }, c);
    await ask();
    await ask();
    expect(chatCalls()).toHaveLength(1);
    // Another user asking the same gets their own answer.
    await post("/api/ai/breakdown", { task: "Cache me if you can" });
    expect(chatCalls()).toHaveLength(2);
    const del = await t.app.inject({
      method: "POST",
      url: "/api/data/delete-all",
      headers: { cookie: c, "content-type": "application/json" },
    });
    expect(del.statusCode).toBe(200);
    await ask();
    expect(chatCalls()).toHaveLength(3);
  });

  it("transcribes a recording with the transcription model and categorises the text", async () => {
    const res = await upload({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      text: "Buy oat milk tomorrow at 9am",
      type: "Task",
      pending: false,
      thoughtId: null,
      source: "provider",
      fallback: false,
    });
    const sent = fake.requests.find((r) => r.path.endsWith("/audio/transcriptions"));
    expect(sent?.body).toContain("whisper-1");
    expect(sent?.body).toContain('filename="recording.webm"');
    expect(sent?.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });
});

describe("when the provider fails, the offline answer is given and marked", () => {
  const failures = [
    ["invalid JSON twice", "invalid", 2],
    ["a refusal", "refusal", 1],
    ["a timeout", "timeout", 1],
    ["429", "429", 1],
    ["500", "500", 1],
  ] as const;
  for (const [label, mode, calls] of failures) {
    it(`on ${label}`, async () => {
      fake.mode = mode;
      const started = Date.now();
      const steps = await post("/api/ai/breakdown", { task: `Clean the bathroom (${mode})` });
      expect(steps.statusCode).toBe(200);
      expect(steps.json().source).toBe("offline");
      expect(steps.json().fallback).toBe(true);
      expect(steps.json().steps.length).toBeGreaterThanOrEqual(3);
      expect(steps.json().steps.join(" ")).toMatch(/bathroom/);
      expect(chatCalls()).toHaveLength(calls);
      const cat = await post("/api/ai/categorize", { content: `Remember to call Ana at 5pm (${mode})` });
      expect(cat.json()).toEqual({ type: "Reminder", source: "offline", fallback: true });
      const sug = await post("/api/ai/suggestions", {
        context: { currentTime: "10:00", todayEvents: [{ title: "Dentist visit", startTime: "10:30", duration: 30 }] },
      });
      expect(sug.json()).toMatchObject({ source: "offline", fallback: true });
      expect(sug.json().suggestions[0]).toContain("Dentist visit");
      // The timeout is the configured one for each of the three calls, not the SDK's default of minutes.
      if (mode === "timeout") expect(Date.now() - started).toBeLessThan(3 * TIMEOUT_MS + 4000);
      // A failed answer is not cached: the provider is asked again next time.
      fake.mode = "ok";
      const again = await post("/api/ai/breakdown", { task: `Clean the bathroom (${mode})` });
      expect(again.json().source).toBe("provider");
    });
  }

  it("retries once on invalid output and uses the second answer", async () => {
    fake.mode = "invalid-once";
    const res = await post("/api/ai/breakdown", { task: "Sort the photos" });
    expect(res.json()).toMatchObject({ source: "provider", fallback: false });
    expect(chatCalls()).toHaveLength(2);
  });

  it("keeps the recording of a failed transcription as a pending thought, then transcribes it later", async () => {
    fake.mode = "500";
    const data = fakeRecording(3000, 9);
    const res = await upload({ keep: "true" }, data);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ text: "", type: "Note", pending: true, source: "offline", fallback: true });
    const { thoughtId } = res.json();
    const thoughts = () => t.app.inject({ method: "GET", url: "/api/thoughts", headers: { cookie } });
    const find = async () => (await thoughts()).json().find((x: { id: number }) => x.id === thoughtId);
    expect(await find()).toMatchObject({ content: PENDING_VOICE_NOTE });

    // Still failing: nothing changes, nothing is lost.
    expect((await post("/api/ai/transcribe-pending", undefined)).json()).toEqual({ transcribed: 0, pending: 1 });

    fake.mode = "ok";
    fake.transcript = "What if we met in the park instead";
    expect((await post("/api/ai/transcribe-pending", undefined)).json()).toEqual({ transcribed: 1, pending: 0 });
    expect(await find()).toMatchObject({ content: "What if we met in the park instead", type: "Idea" });
    // The recording stays playable.
    const audio = await t.app.inject({ method: "GET", url: `/api/thoughts/${thoughtId}/audio`, headers: { cookie } });
    expect(Buffer.compare(audio.rawPayload, data)).toBe(0);
    expect((await post("/api/ai/transcribe-pending", undefined)).json()).toEqual({ transcribed: 0, pending: 0 });
  });

  it("keeps a timed-out recording with the thought it was sent for", async () => {
    fake.mode = "timeout";
    const thought = (await post("/api/thoughts", { content: "My own words", type: "Journal" })).json();
    const res = await upload({ thoughtId: String(thought.id) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ pending: true, thoughtId: thought.id, fallback: true });
    fake.mode = "ok";
    fake.transcript = "and a calm walk after";
    expect((await post("/api/ai/transcribe-pending", undefined)).json().transcribed).toBe(1);
    const after = (await t.app.inject({ method: "GET", url: "/api/thoughts", headers: { cookie } }))
      .json()
      .find((x: { id: number }) => x.id === thought.id);
    // The user's own text is kept; the transcript follows it.
    expect(after).toMatchObject({ content: "My own words\n\nand a calm walk after", type: "Journal" });
  });
});

describe("a user's own key", () => {
  it("is the key the provider receives, instead of the server-wide one, until removed", async () => {
    const { cookie: c } = await t.signUp();
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/ai/key",
      headers: { cookie: c },
      payload: { key: USER_KEY },
    });
    bodies.push(put.body);
    expect(put.json()).toEqual({ configured: true, hint: "USR9" });
    await post("/api/ai/categorize", { content: "a thought for the user's key" }, c);
    const up = await upload({}, fakeRecording(), c);
    expect(up.statusCode).toBe(200);
    const seen = fake.requests.map((r) => r.authorization);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const auth of seen) expect(auth).toBe(`Bearer ${USER_KEY}`);

    fake.reset();
    await t.app.inject({ method: "DELETE", url: "/api/ai/key", headers: { cookie: c } });
    await post("/api/ai/categorize", { content: "a thought for the server key" }, c);
    expect(fake.requests[0]?.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it("once saved, starts transcribing the recordings kept while nothing could transcribe them", async () => {
    const { cookie: c } = await t.signUp();
    fake.mode = "429";
    const kept = await upload({ keep: "true" }, fakeRecording(), c);
    expect(kept.statusCode).toBe(202);
    fake.mode = "ok";
    fake.transcript = "Call the plumber";
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/ai/key",
      headers: { cookie: c },
      payload: { key: USER_KEY },
    });
    expect(put.statusCode).toBe(200);
    const recordings = async () =>
      (await t.app.inject({ method: "GET", url: "/api/ai/recordings", headers: { cookie: c } })).json().recordings;
    for (let i = 0; i < 50 && (await recordings())[0]?.pending; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await recordings()).toEqual([expect.objectContaining({ thoughtId: kept.json().thoughtId, pending: false })]);
    const transcriptions = fake.requests.filter((r) => r.path.endsWith("/audio/transcriptions"));
    expect(transcriptions).toHaveLength(2);
    expect(transcriptions[1]?.authorization).toBe(`Bearer ${USER_KEY}`);
  });

  it("never appears in a response body or a log line", async () => {
    const { cookie: c } = await t.signUp();
    await t.app.inject({ method: "PUT", url: "/api/ai/key", headers: { cookie: c }, payload: { key: USER_KEY } });
    fake.mode = "500";
    await post("/api/ai/breakdown", { task: "Leak check" }, c);
    for (const path of ["/api/ai/key", "/api/ai/status", "/api/ai/recordings"]) {
      const res = await t.app.inject({ method: "GET", url: path, headers: { cookie: c } });
      bodies.push(res.body);
    }
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/ai/key",
      headers: { cookie: c },
      payload: { key: `${USER_KEY} x` },
    });
    bodies.push(bad.body);
    expect(bad.statusCode).toBe(400);

    const everything = `${bodies.join("\n")}\n${logs.join("")}`;
    expect(logs.join("")).toContain("assistant provider failed");
    for (const secret of [USER_KEY, SERVER_KEY, "user-own-secret", "server-wide-key"]) {
      expect(everything).not.toContain(secret);
    }
  });
});
