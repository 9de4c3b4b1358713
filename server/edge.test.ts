/** Safety at the edge: headers, cross-site refusal, body rules, error shape, logs, web app fallback. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
let logs = "";
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "dc-web-"));
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Daily Compass</title><div id=root></div>");
  fs.writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log(1)");
  const stream = new PassThrough();
  stream.on("data", (chunk) => {
    logs += chunk.toString();
  });
  t = await createTestApp({ LOG_LEVEL: "debug" }, { logStream: stream, webDist });
  ({ cookie } = await t.signUp("edge-user", "super secret passphrase"));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("security headers", () => {
  it("sends a CSP without inline scripts and the usual hardening headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBeDefined();
  });
});

describe("cross-site requests", () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie, ...headers }, payload: { title: "cross" } });

  it("refuses a state change another site started", async () => {
    const attempts: Array<Record<string, string>> = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toBe("Cross-site requests are not allowed");
    }
    const tasks = (await t.app.inject({ method: "GET", url: "/api/tasks", headers: { cookie } })).json();
    expect(tasks).toEqual([]);
  });

  it("accepts the same origin", async () => {
    const res = await post({ "sec-fetch-site": "same-origin", origin: "http://localhost:80", host: "localhost:80" });
    expect(res.statusCode).toBe(201);
  });

  it("accepts the configured public URL's origin as well as the request's own, and no other", async () => {
    const behindProxy = await createTestApp({ PUBLIC_URL: "https://compass.example.org/app/" });
    try {
      const { cookie: own } = await behindProxy.signUp();
      const postFrom = (origin: string) =>
        behindProxy.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: { cookie: own, origin, host: "internal:3000" },
          payload: { title: "from the public address" },
        });
      expect((await postFrom("https://compass.example.org")).statusCode).toBe(201);
      expect((await postFrom("http://internal:3000")).statusCode).toBe(201);
      for (const origin of ["https://compass.example.org:8443", "http://compass.example.org", "https://evil.example"]) {
        expect((await postFrom(origin)).statusCode, origin).toBe(403);
      }
    } finally {
      await behindProxy.close();
    }
  });
});

describe("request bodies", () => {
  it("refuses non-JSON bodies on JSON routes (415)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, "content-type": "text/plain" },
      payload: "title=x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
  });

  it("refuses malformed JSON (400) and oversized bodies (413)", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, "content-type": "application/json" },
      payload: "{title:",
    });
    expect(bad.statusCode).toBe(400);
    const big = await t.app.inject({
      method: "POST",
      url: "/api/thoughts",
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify({ content: "x".repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
  });

  it("ignores prototype pollution attempts", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, "content-type": "application/json" },
      payload: '{"title":"proto","__proto__":{"completed":true}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the furthest dates", () => {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });

  it("are refused in words, before anything is read or saved, where the day after would not exist", async () => {
    const listed = async () => (await call("GET", "/api/tasks")).json().length;
    const before = await listed();
    for (const url of ["/api/tasks?completedOn=9999-12-31", "/api/tasks?completedBefore=9999-12-31"]) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/completed(On|Before): Expected a date up to 9998-12-31/);
    }
    const repeating = await call("POST", "/api/tasks", {
      title: "Far off",
      dueDate: "9999-12-31",
      repeat: "FREQ=DAILY",
    });
    expect(repeating.statusCode).toBe(400);
    expect(repeating.json().message).toBe("dueDate: Expected a date up to 9998-12-31");
    const event = await call("POST", "/api/events", {
      title: "Far off",
      date: "9999-12-31",
      startTime: "09:00",
      duration: 30,
    });
    expect(event.statusCode).toBe(400);
    expect(await listed()).toBe(before);
  });

  it("up to the last one allowed, work through a repeating task's occurrence", async () => {
    const made = await call("POST", "/api/tasks", {
      title: "Far off",
      dueDate: "9998-12-31",
      repeat: "FREQ=WEEKLY;BYDAY=MO",
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    expect((await call("GET", "/api/tasks?completedOn=9998-12-31")).statusCode).toBe(200);
    const edited = await call("PATCH", `/api/tasks/${id}?scope=this`, { title: "Far off, once" });
    expect(edited.statusCode).toBe(200);
    expect((await call("DELETE", `/api/tasks/${id}?scope=this`)).statusCode).toBe(204);
  });
});

describe("web app", () => {
  it("serves index.html for page paths and hashed assets with a long cache", async () => {
    for (const url of ["/", "/projects", "/project-detail/12", "/no/such/page?x=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<div id=root>");
    }
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("publishes the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/tasks", "/api/projects/{id}", "/api/events/{id}"]),
    );
  });
});

describe("logs and errors", () => {
  it("never log passwords, session tokens or cookies", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "edge-user", password: "super secret passphrase" },
    });
    const token = res.cookies.find((c) => c.name === "dc_session")?.value ?? "missing";
    await t.app.inject({ method: "GET", url: "/api/tasks", headers: { cookie: `dc_session=${token}` } });
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain("super secret passphrase");
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(cookie.split("=")[1]);
  });

  it("an unexpected failure answers a plain 500 message without a stack trace, and is logged", async () => {
    let otherLogs = "";
    const stream = new PassThrough();
    stream.on("data", (chunk) => {
      otherLogs += chunk.toString();
    });
    const other = await createTestApp({ LOG_LEVEL: "error" }, { logStream: stream });
    const { cookie: c } = await other.signUp();
    // Break the database under the running app: the request fails in an unplanned way.
    await other.handle.db.schema.dropTable("quick_wins").execute();
    const res = await other.app.inject({ method: "GET", url: "/api/quick-wins", headers: { cookie: c } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong on our side.", code: "INTERNAL" });
    expect(res.body).not.toMatch(/at .*\.ts|quick_wins|sqlite|postgres/i);
    expect(otherLogs).toContain("unexpected error");
    await other.close();
  });
});
