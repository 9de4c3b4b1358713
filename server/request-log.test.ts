/**
 * What an operator reads in the logs (decision 018): nothing for requests that went well at the
 * default level, one line for failures, slow requests and refusals, and at debug one line per
 * request — never with a cookie, a token, a password or a query string.
 */
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

type Line = {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  route?: string;
  statusCode?: number;
  responseTime?: number;
};

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function appWithLogs(env: Record<string, string>) {
  let text = "";
  const stream = new PassThrough();
  stream.on("data", (chunk) => {
    text += chunk.toString();
  });
  const t = await createTestApp(env, { logStream: stream });
  apps.push(t);
  const lines = () =>
    text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  const requestLines = () => lines().filter((l) => l.statusCode !== undefined);
  return { t, lines, requestLines, raw: () => text };
}

const PASSWORD = "correct horse battery staple";

describe("request logs at the default level (info)", () => {
  it("write nothing for requests that went well", async () => {
    const { t, requestLines } = await appWithLogs({ LOG_LEVEL: "info", SLOW_REQUEST_MS: "60000" });
    const { cookie } = await t.signUp(undefined, PASSWORD);
    for (const url of ["/api/tasks", "/api/auth/me", "/api/health"]) {
      expect((await t.app.inject({ method: "GET", url, headers: { cookie } })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/tasks/999999", headers: { cookie } })).statusCode).toBe(404);
    expect(requestLines()).toEqual([]);
  });

  it("log a server error at error level with its route and status", async () => {
    const { t, requestLines } = await appWithLogs({ LOG_LEVEL: "info", SLOW_REQUEST_MS: "60000" });
    const { cookie } = await t.signUp(undefined, PASSWORD);
    await t.handle.db.schema.dropTable("quick_wins").execute();
    const res = await t.app.inject({ method: "GET", url: "/api/quick-wins?limit=5", headers: { cookie } });
    expect(res.statusCode).toBe(500);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "request failed",
        method: "GET",
        url: "/api/quick-wins",
        route: "/api/quick-wins",
        statusCode: 500,
      }),
    ]);
  });

  it("log a slow request at warn, past SLOW_REQUEST_MS", async () => {
    // Registering hashes a password (argon2): far longer than 5 ms.
    const { t, requestLines } = await appWithLogs({ LOG_LEVEL: "info", SLOW_REQUEST_MS: "5" });
    await t.signUp(undefined, PASSWORD);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: 40, msg: "slow request", url: "/api/auth/register", statusCode: 201 });
    expect(line?.responseTime).toBeGreaterThanOrEqual(5);
  });

  it("log refused cross-site requests at info", async () => {
    const { t, requestLines } = await appWithLogs({ LOG_LEVEL: "info", SLOW_REQUEST_MS: "60000" });
    const { cookie } = await t.signUp(undefined, PASSWORD);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, "sec-fetch-site": "cross-site" },
      payload: { title: "x" },
    });
    expect(res.statusCode).toBe(403);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 30, msg: "request refused", url: "/api/tasks", statusCode: 403 }),
    ]);
  });
});

describe("request logs at debug", () => {
  it("write one line per request, without cookies, tokens, passwords or query strings", async () => {
    const { t, requestLines, raw } = await appWithLogs({ LOG_LEVEL: "debug", SLOW_REQUEST_MS: "60000" });
    const { cookie, username } = await t.signUp(undefined, PASSWORD);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: PASSWORD },
    });
    const token = login.cookies.find((c) => c.name === "dc_session")?.value ?? "missing";
    await t.app.inject({ method: "GET", url: "/api/tasks?completed=false&limit=5", headers: { cookie } });
    await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: "Bearer sekrit-value" } });
    expect(requestLines().map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ["POST", "/api/auth/register", 201],
      ["POST", "/api/auth/login", 200],
      ["GET", "/api/tasks", 200],
      ["GET", "/api/auth/me", 401],
    ]);
    expect(requestLines().every((l) => l.level === 20 && l.msg === "request completed")).toBe(true);
    const text = raw();
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(token);
    expect(text).not.toContain(cookie.split("=")[1]);
    expect(text).not.toContain("sekrit-value");
    expect(text).not.toContain("completed=false");
  });
});
