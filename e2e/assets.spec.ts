/**
 * The real build, as the server sends it (docs/decisions/018-lean-serving.md): the page's bundles
 * compressed at build time and sent as br, no source map reachable or named, a real robots.txt,
 * and index.html revalidated by its ETag.
 */
import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { expect, test } from "@playwright/test";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A plain request, so the bytes and headers are the ones on the wire (no decoding in between). */
function raw(baseURL: string, pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(pathname, baseURL), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

test("bundles go out precompressed as br, and their source maps are not public", async ({ baseURL }) => {
  const base = baseURL ?? "";
  const page = await raw(base, "/");
  expect(page.status).toBe(200);
  const scripts = [...page.body.toString().matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const plain = await raw(base, script);
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).not.toMatch(/sourceMappingURL/);
    const br = await raw(base, script, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect((await raw(base, `${script}.map`)).status).toBe(404);
  }
});

test("robots.txt is a robots file, and index.html answers 304 to its own ETag", async ({ baseURL }) => {
  const base = baseURL ?? "";
  const robots = await raw(base, "/robots.txt");
  expect(robots.status).toBe(200);
  expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
  expect(robots.body.toString()).toMatch(/^Disallow: \/api\/$/m);

  // With a session cookie (even a stale one) a page path is the app's index.html; without one,
  // "/" is the prerendered landing page. Both carry an ETag and answer 304 to it.
  for (const [path, headers] of [
    ["/settings", { cookie: "dc_session=stale" }],
    ["/", {}],
  ] as const) {
    const first = await raw(base, path, headers);
    expect(first.status, path).toBe(200);
    const etag = String(first.headers.etag ?? "");
    expect(etag, path).not.toBe("");
    expect((await raw(base, path, { ...headers, "if-none-match": etag })).status, path).toBe(304);
  }
});

test("a signed-in screen's code is asked for at once, not after the session check", async ({ page }) => {
  const username = `pre${Date.now().toString(36)}${process.pid}`;
  const res = await page.request.post("/api/auth/register", {
    data: { username, password: "correct horse battery" },
  });
  expect(res.ok()).toBeTruthy();
  const chunks: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/assets\/(app-layout|tasks)-[\w-]+\.js$/.test(path))
      chunks.push(path.includes("app-layout") ? "layout" : "page");
  });
  // The session check answers only once the page's chunk has been asked for (or after 10 s): a
  // page whose code waited for the session would not be asked for in time.
  let askedBeforeTheAnswer = false;
  await page.route("**/api/auth/me", async (route) => {
    for (let waited = 0; !chunks.includes("page") && waited < 10_000; waited += 50) await page.waitForTimeout(50);
    askedBeforeTheAnswer = chunks.includes("page");
    await route.continue();
  });
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  // The layout comes with the entry itself (docs/decisions/036-dashboard-first-paint.md), never
  // as a chunk of its own.
  expect(askedBeforeTheAnswer).toBe(true);
  expect(chunks).not.toContain("layout");
});
