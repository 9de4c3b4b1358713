/**
 * Walks the OpenAPI document and sends every operation malformed bodies, paths and queries
 * (server/testing/openapi-fuzz.ts), signed in through a real session over seeded rows. No
 * request may answer 5xx, and every refusal is `{ message, code }` JSON.
 */
import http from "node:http";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { fakeRecording, multipartBody } from "./ai/fixtures/multipart.ts";
import {
  type FuzzContext,
  type FuzzRequest,
  multipartArbitrary,
  type Operation,
  operationsOf,
  requestArbitrary,
  targetedRequests,
} from "./testing/openapi-fuzz.ts";
import { createTestApp, sessionCookie } from "./testing/test-app.ts";

/** Runs per operation: bounded so that both databases finish in well under a minute each. */
const RUNS_WITH_BODY = 30;
const RUNS_WITHOUT_BODY = 15;
/** A request not answered in this long has hung: it fails naming itself, not the whole test. */
const ANSWER_WITHIN_MS = 10_000;
/** Random runs (shrinking included) stop after this long and report what they found. */
const FUZZ_WITHIN_MS = 30_000;
const MULTIPART = new Set(["POST /api/ai/transcribe"]);
/** Served by the app but not part of the documented API (health checks are for process managers). */
const UNDOCUMENTED = new Set(["GET /api/health", "GET /api/health/ready", "GET /api/docs/json"]);

// A local stand-in for an assistant provider that is always down: a user key the fuzzer saves
// sends the assistant here, never to the network.
const provider = http.createServer((req, res) => {
  req.resume();
  res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"message":"unavailable"}}');
});
await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
const localOrigin = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;

const t = await createTestApp({ AI_BASE_URL: `${localOrigin}/v1` });
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

const PASSWORD = "correct horse battery staple";
let account = await t.signUp(undefined, PASSWORD);

/** Some operations end the session (sign-out) or wipe the data: each operation starts signed in. */
async function ensureSession(): Promise<void> {
  const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: account.cookie } });
  if (me.statusCode === 200) return;
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: account.username, password: PASSWORD },
  });
  // The fuzzed sign-ins may have throttled this address: a new account does as well.
  account =
    login.statusCode === 200 ? { ...account, cookie: sessionCookie(login) } : await t.signUp(undefined, PASSWORD);
}

type Seeds = Record<string, number[]>;

/** Real rows of every kind, so id routes reach the database and not only the 404 path. */
async function seed(): Promise<Seeds> {
  const { cookie } = account;
  const create = async (url: string, payload: object) => {
    const res = await answer({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    if (res.statusCode !== 201) throw new Error(`seeding ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  const upload = multipartBody({ keep: "true" }, { type: "audio/webm", data: fakeRecording(256) });
  const kept = await answer({
    method: "POST",
    url: "/api/ai/transcribe",
    headers: { cookie, ...upload.headers },
    payload: upload.payload,
  });
  if (kept.statusCode !== 202) throw new Error(`seeding a recording failed: ${kept.statusCode} ${kept.body}`);
  return {
    tasks: [await create("/api/tasks", { title: "Water plants", dueDate: "2030-01-02", dueTime: "08:30" })],
    "quick-wins": [await create("/api/quick-wins", { text: "Open the window" })],
    thoughts: [await create("/api/thoughts", { content: "Call the dentist" }), kept.json().thoughtId as number],
    projects: [
      await create("/api/projects", {
        title: "Garden",
        tasks: [
          { id: 1, title: "Dig" },
          { id: 2, title: "Sow" },
        ],
      }),
    ],
    events: [await create("/api/events", { title: "Lunch", date: "2030-05-01", startTime: "12:00", duration: 60 })],
  };
}

function contextFor(seeds: Seeds): FuzzContext {
  const all = Object.values(seeds).flat();
  return {
    idsFor: (path) => seeds[path.split("/")[2] ?? ""] ?? all,
    idsForField: (name) => (name === "projectId" ? seeds.projects : name === "thoughtId" ? seeds.thoughts : []) ?? [],
    localOrigin,
  };
}

const short = (value: unknown) => {
  const text = Buffer.isBuffer(value) ? value.toString("latin1") : String(value ?? "");
  return JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
};

const describeRequest = (req: FuzzRequest) =>
  `${req.method} ${short(req.url)} content-type ${short(req.headers["content-type"])} body ${short(req.payload)}`;

/** The server's answer, or a failure naming the request when none comes in time. */
async function answer(req: FuzzRequest): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${describeRequest(req)} was not answered in ${ANSWER_WITHIN_MS / 1000} s`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([t.app.inject(req), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a client may rely on for any input: never a server error, and refusals it can read. */
function judge(req: FuzzRequest, res: LightMyRequestResponse): void {
  const where = describeRequest(req);
  if (res.statusCode >= 500) throw new Error(`${where} answered ${res.statusCode}: ${short(res.body)}`);
  if (res.statusCode >= 400) {
    let body: { message?: unknown; code?: unknown } = {};
    try {
      body = res.json();
    } catch {
      // Not JSON: reported below.
    }
    if (typeof body.message !== "string" || typeof body.code !== "string") {
      throw new Error(`${where} answered ${res.statusCode} without { message, code }: ${short(res.body)}`);
    }
  }
}

async function fuzz(op: Operation, arbitrary: fc.Arbitrary<FuzzRequest>, numRuns: number): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (req) => {
      judge(req, await answer(req));
    }),
    // A hang found late still leaves time to report it before the test's own timeout.
    { numRuns, plugins: [fc.interruptAfterTimeLimit(FUZZ_WITHIN_MS, { failOnInterrupt: true })] },
  );
  if (details.failed) {
    const message =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${op.method} ${op.path}: ${message}\n(replay with { seed: ${details.seed}, path: "${details.counterexamplePath}" })`,
    );
  }
}

const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
const operations = operationsOf(doc);

describe("the fuzzer's map", () => {
  it("covers every API route the server has", () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const served = t.app.routeTable
      .filter((r) => r.url.startsWith("/api/") && !UNDOCUMENTED.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });
});

describe("malformed requests never answer 5xx", () => {
  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    it(name, { timeout: 60_000 }, async () => {
      await ensureSession();
      const fixed = targetedRequests(op, contextFor(await seed()), account.cookie);
      for (const req of fixed) judge(req, await answer(req));
      // Signed in again over fresh rows: the fixed requests may have signed out or deleted them.
      await ensureSession();
      const ctx = contextFor(await seed());
      const requests = requestArbitrary(op, ctx, account.cookie);
      if (MULTIPART.has(name)) {
        await fuzz(op, fc.oneof(multipartArbitrary(op.path, ctx, account.cookie), requests), RUNS_WITH_BODY * 2);
      } else {
        await fuzz(op, requests, op.body ? RUNS_WITH_BODY : RUNS_WITHOUT_BODY);
      }
    });
  }
});
