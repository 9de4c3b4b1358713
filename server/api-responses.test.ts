/** What every API answer carries: no caching anywhere, a strict CSP, and a session read on every API path. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "dc-web-"));
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Daily Compass</title><div id=root></div>");
  fs.writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log(1)");
  t = await createTestApp({}, { webDist });
  ({ cookie } = await t.signUp());
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const directives = (value: unknown) =>
  String(value ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase());

describe("caching", () => {
  it("every API answer says no-store: lists, the signed-in user, errors and unknown paths", async () => {
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title: "cache me not" } });
    const gets = t.app.routeTable
      .filter((r) => r.method === "GET" && r.url.startsWith("/api/") && !r.url.includes(":"))
      .map((r) => r.url);
    expect(gets).toEqual(expect.arrayContaining(["/api/auth/me", "/api/tasks", "/api/projects", "/api/events"]));
    const requests = [
      ...gets.map((url) => ({ method: "GET" as const, url, headers: { cookie } })),
      { method: "GET" as const, url: "/api/auth/me" },
      { method: "POST" as const, url: "/api/tasks", headers: { cookie }, payload: { title: "" } },
      { method: "POST" as const, url: "/api/tasks", headers: { cookie, "sec-fetch-site": "cross-site" } },
      { method: "POST" as const, url: "/api/quick-wins", headers: { cookie }, payload: { text: "one" } },
      { method: "DELETE" as const, url: "/api/tasks/999999", headers: { cookie } },
      { method: "GET" as const, url: "/api/no/such/thing", headers: { cookie } },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(directives(res.headers["cache-control"]), `${request.method} ${request.url} ${res.statusCode}`).toContain(
        "no-store",
      );
    }
  });

  it("pages and hashed assets keep their own caching", async () => {
    const page = await t.app.inject({ method: "GET", url: "/projects" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("content security policy", () => {
  it("allows no <base> element at all", async () => {
    for (const url of ["/", "/api/tasks"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
      const csp = String(res.headers["content-security-policy"]);
      const baseUri = csp.split(";").find((d) => d.trim().startsWith("base-uri")) ?? "";
      expect(baseUri.trim(), url).toBe("base-uri 'none'");
    }
  });
});

describe("API paths written with escapes", () => {
  it("read the session like any other API path", async () => {
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title: "escaped" } });
    const res = await t.app.inject({ method: "GET", url: "/%61pi/tasks", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((task: { title: string }) => task.title)).toContain("escaped");
    expect(directives(res.headers["cache-control"])).toContain("no-store");
    const anonymous = await t.app.inject({ method: "GET", url: "/%61pi/tasks" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("sign out through an escaped path ends the session on the server", async () => {
    const { cookie: own } = await t.signUp();
    const out = await t.app.inject({ method: "POST", url: "/%61pi/auth/%6Cogout", headers: { cookie: own } });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: own } });
    expect(me.statusCode).toBe(401);
  });
});
