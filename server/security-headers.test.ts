/**
 * Every kind of answer carries the same security headers, worked out once at start (decision
 * 018): API answers, refusals, unknown paths, pages and files; HSTS only behind https.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "dc-web-"));
let t: TestApp;
let cookie: string;
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

const EXPECTED = {
  "content-security-policy":
    "default-src 'self';base-uri 'none';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob:;connect-src 'self';worker-src 'self';manifest-src 'self'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers", () => {
  it("are on every kind of answer, and HSTS is not sent over plain http", async () => {
    const answers = [
      await t.app.inject({ method: "GET", url: "/api/tasks", headers: { cookie } }),
      await t.app.inject({ method: "GET", url: "/api/tasks" }),
      await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title: "" } }),
      await t.app.inject({ method: "GET", url: "/api/no/such/thing" }),
      await t.app.inject({ method: "GET", url: "/settings" }),
      await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 400, 404, 200, 200]);
    for (const answer of answers) {
      const label = `${answer.statusCode} ${answer.headers["content-type"]}`;
      expect(answer.headers, label).toMatchObject(EXPECTED);
      expect(answer.headers["strict-transport-security"], label).toBeUndefined();
      expect(answer.headers["x-powered-by"], label).toBeUndefined();
    }
  });

  it("a cookie set over https is Secure, even without an https PUBLIC_URL, when a trusted proxy says so", async () => {
    const logs = new PassThrough();
    let logged = "";
    logs.on("data", (chunk) => {
      logged += chunk.toString();
    });
    const proxied = await createTestApp({ TRUST_PROXY: "true", LOG_LEVEL: "warn" }, { logStream: logs });
    try {
      const register = (headers: Record<string, string>) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/auth/register",
          headers,
          payload: { username: `proxied${Math.random().toString(36).slice(2, 8)}`, password: "a fine passphrase" },
        });
      const overHttps = await register({ "x-forwarded-proto": "https" });
      expect(overHttps.statusCode).toBe(201);
      const sessions = overHttps.cookies.filter((c) => c.name === "dc_session");
      expect(sessions).toEqual([expect.objectContaining({ secure: true, httpOnly: true })]);
      const signOut = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { "x-forwarded-proto": "https", cookie: `dc_session=${sessions[0]?.value}` },
      });
      expect(signOut.cookies.filter((c) => c.name === "dc_session")).toEqual([
        expect.objectContaining({ secure: true }),
      ]);
      // Over plain http (a LAN, a test) the cookie must not be Secure, or the browser would drop it.
      const overHttp = await register({});
      expect(overHttp.cookies.find((c) => c.name === "dc_session")?.secure).toBeUndefined();
      // The operator is asked for PUBLIC_URL once, not on every cookie set.
      await register({ "x-forwarded-proto": "https" });
      const asks = logged
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.msg.includes("PUBLIC_URL"));
      expect(asks).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining("set it") })]);
    } finally {
      await proxied.close();
    }
  });

  it("behind https add HSTS and upgrade-insecure-requests", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://compass.example.org" });
    try {
      const res = await secure.app.inject({ method: "GET", url: "/api/health" });
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(String(res.headers["content-security-policy"]).split(";")).toContain("upgrade-insecure-requests");
    } finally {
      await secure.close();
    }
  });
});
