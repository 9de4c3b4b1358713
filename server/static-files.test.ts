/**
 * What a browser gets on the wire (decision 018): compressed JSON when it accepts br or gzip,
 * the build's precompressed bundles as they are, index.html with an ETag and 304, a real
 * robots.txt, and no source maps — against a folder laid out as `vite build` writes it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding } from "./static-files.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "dc-web-"));
const BUNDLE = `export const greeting = ${JSON.stringify("calm ".repeat(400))};\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>Daily Compass</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
const ROBOTS = fs.readFileSync(path.join(import.meta.dirname, "../web/public/robots.txt"), "utf8");

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, "assets"));
  const write = (name: string, data: string | Buffer) => fs.writeFileSync(path.join(webDist, name), data);
  write("index.html", INDEX);
  write("assets/index-abc123.js", BUNDLE);
  // Marked so the test can tell which file was sent.
  write("assets/index-abc123.js.br", brotliCompressSync(`${BUNDLE}// br\n`));
  write("assets/index-abc123.js.gz", gzipSync(`${BUNDLE}// gz\n`));
  write("assets/index-abc123.js.map", '{"version":3,"sources":["../../web/main.tsx"]}');
  write("assets/small-def456.js", "export {};\n");
  write("robots.txt", ROBOTS);
  // Dot-files and dot-folders a build or a deploy may leave in the folder.
  for (const dir of [".well-known", ".pages", "assets/.cache"]) fs.mkdirSync(path.join(webDist, dir));
  write(".well-known/security.txt", "Contact: secret-operator@example.com\n");
  write(".pages/landing.html", "<!doctype html><title>prerendered</title>");
  write(".env", "SESSION_SECRET=do-not-serve\n");
  write("assets/.cache/index-abc123.js", BUNDLE);
  write("assets/.hidden-abc123.js", BUNDLE);
  write("sw.js", "self.addEventListener('fetch', () => {});\n");
  write("manifest.webmanifest", JSON.stringify({ name: "Daily Compass", start_url: "/dashboard" }));
  t = await createTestApp({}, { webDist });
  ({ cookie } = await t.signUp());
  for (let i = 0; i < 20; i++) {
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title: `Task ${i}` } });
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });

describe("API answers", () => {
  it("are compressed with br or gzip when the client accepts it, and plain when it does not", async () => {
    const plain = await get("/api/tasks");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const tasks = plain.json();
    expect(tasks).toHaveLength(20);

    const br = await get("/api/tasks", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(tasks);

    const gzip = await get("/api/tasks", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(tasks);

    const identity = await get("/api/tasks", { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.json()).toEqual(tasks);
  });

  it("health answers are never compressed, whatever the client accepts", async () => {
    for (const url of ["/api/health", "/api/health/ready"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip, deflate" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBeUndefined();
      expect(res.json(), url).toEqual({ ok: true });
    }
  });

  it("small answers stay plain: compressing them would cost more than it saves", async () => {
    const me = await get("/api/auth/me", { "accept-encoding": "br, gzip" });
    expect(me.statusCode).toBe(200);
    expect(me.headers["content-encoding"]).toBeUndefined();
    expect(me.json().user).toBeDefined();
  });
});

describe("the web app's files", () => {
  it("a bundle is sent as the build compressed it, br first, with Vary and its long cache", async () => {
    const br = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${BUNDLE}// br\n`);

    const gz = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${BUNDLE}// gz\n`);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it("a file the build did not compress is sent as it is, never compressed per request", async () => {
    const res = await get("/assets/small-def456.js", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe("export {};\n");
  });

  it("source maps answer 404, present or not, and a missing bundle is not the app's page", async () => {
    for (const url of ["/assets/index-abc123.js.map", "/assets/missing-000000.js.map", "/index.js.map"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("sources");
      expect(res.json().code, url).toBe("NOT_FOUND");
    }
    expect((await get("/assets/missing-000000.js")).statusCode).toBe(404);
    // The compressed twins are not files of their own either.
    expect((await get("/assets/index-abc123.js.br")).statusCode).toBe(404);
  });

  it("dot-files and dot-folders answer 404, never their content", async () => {
    const paths = [
      "/.well-known/security.txt",
      "/.well-known/missing.txt",
      "/.pages/landing.html",
      "/.env",
      "/assets/.cache/index-abc123.js",
      "/assets/.hidden-abc123.js",
      "/%2Eenv",
    ];
    for (const url of paths) {
      for (const headers of [{}, { "accept-encoding": "br, gzip" }] as Record<string, string>[]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code, url).toBe("NOT_FOUND");
        expect(res.body, url).not.toMatch(/secret|prerendered|calm|<html/);
      }
    }
  });

  it("robots.txt is the real file, as text, not the app's page", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe(ROBOTS);
    expect(res.body).not.toContain("<html");
  });
});

describe("index.html", () => {
  it("is sent compressed with an ETag, and answers 304 when the browser has it", async () => {
    const first = await get("/projects", { "accept-encoding": "br, gzip" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await get("/inbox", { "accept-encoding": "br, gzip", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const plain = await get("/");
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(INDEX);
    const plainTag = String(plain.headers.etag);
    expect(plainTag).not.toBe(etag);
    expect((await get("/", { "if-none-match": plainTag })).statusCode).toBe(304);
    expect((await get("/", { "if-none-match": '"something-else"' })).statusCode).toBe(200);
  });
});

describe("robots.txt", () => {
  /** The longest matching rule wins (RFC 9309); no rule means allowed. */
  function allowed(robots: string, pathname: string): boolean {
    let best = { length: -1, allow: true };
    for (const line of robots.split("\n")) {
      const match = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
      if (!match?.[2] || !pathname.startsWith(match[2])) continue;
      if (match[2].length > best.length) best = { length: match[2].length, allow: match[1]?.toLowerCase() === "allow" };
    }
    return best.allow;
  }

  it("lets crawlers read the public pages and keeps them out of the API and the signed-in app", () => {
    expect(ROBOTS).toMatch(/^User-agent: \*$/m);
    for (const page of ["/", "/login", "/help", "/terms", "/privacy"]) expect(allowed(ROBOTS, page), page).toBe(true);
    for (const page of [
      "/api/tasks",
      "/api/auth/me",
      "/dashboard",
      "/projects",
      "/project-detail/3",
      "/inbox",
      "/focus",
      "/settings",
      "/calendar",
    ]) {
      expect(allowed(ROBOTS, page), page).toBe(false);
    }
  });
});

describe("choosing an encoding", () => {
  it("follows the client's ratings, prefers br on a tie, and never picks one rated 0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0.5", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("*", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("*;q=0.1, br;q=0", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("identity", ["br", "gzip"])).toBeUndefined();
    expect(preferredEncoding(undefined, ["br", "gzip"])).toBeUndefined();
    expect(preferredEncoding("", ["br", "gzip"])).toBeUndefined();
  });
});

describe("installable app (decision 029)", () => {
  it("sends the service worker as JavaScript that browsers check for a new version on every start", async () => {
    for (const headers of [{}, { cookie: "" }]) {
      const res = await t.app.inject({ method: "GET", url: "/sw.js", headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("addEventListener");
    }
  });

  it("sends the web app manifest as a manifest, with the worker and manifest allowed by the CSP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.json().name).toBe("Daily Compass");
    const csp = String(res.headers["content-security-policy"]).split(";");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
