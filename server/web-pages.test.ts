import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRERENDERED_PAGES, prerenderedFile } from "../shared/web-routes.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/** A built web app as the build leaves it: index.html plus one prerendered file per public page. */
function builtWebApp(withPages: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-pages-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
  if (withPages) {
    for (const page of PRERENDERED_PAGES) {
      const file = path.join(dir, prerenderedFile(page));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        `<!doctype html><div id="root" data-page="${page}"><h1>${page}</h1>` +
          `<p>provided by __DC_LEGAL_COMPANY_NAME__, write to <a href="mailto:__DC_LEGAL_CONTACT_EMAIL__">` +
          `__DC_LEGAL_CONTACT_EMAIL__</a>, __DC_LEGAL_NOTICE_DAYS__ days</p><p>© __DC_YEAR__</p></div>` +
          `<script type="application/json" id="page-data">"__DC_PAGE_DATA__"</script>`,
      );
    }
  }
  return dir;
}

const LEGAL = {
  LEGAL_COMPANY_NAME: `Calm & "Co" <Ltd>`,
  LEGAL_CONTACT_EMAIL: "help@calm.example",
  LEGAL_NOTICE_DAYS: "45",
};

describe("page requests with prerendered pages", () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = builtWebApp(true);
    t = await createTestApp(LEGAL, { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("sends each public page prerendered to a browser without a session", async () => {
    const pages = { "/": "landing", "/login?error=denied": "login", "/terms": "terms", "/privacy/": "privacy" };
    for (const [url, page] of Object.entries({ ...pages, "/help": "help" })) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body, url).toContain(`<h1>${page}</h1>`);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toBe("Cookie, accept-encoding");
    }
  });

  it("fills in the operator's details and the year, escaped, and the same values as JSON", async () => {
    const res = await get("/terms");
    const year = new Date().getUTCFullYear();
    expect(res.body).toContain("provided by Calm &amp; &quot;Co&quot; &lt;Ltd&gt;, write to");
    expect(res.body).toContain('<a href="mailto:help@calm.example">help@calm.example</a>, 45 days');
    expect(res.body).toContain(`© ${year}`);
    expect(res.body).not.toContain("__DC_");
    const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(res.body)?.[1] ?? "";
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({
      legal: { companyName: `Calm & "Co" <Ltd>`, contactEmail: "help@calm.example", noticeDays: 45 },
      year,
    });
  });

  it("sends the app to a browser with a session cookie, valid or stale, on every page path", async () => {
    const { cookie } = await t.signUp();
    for (const sent of [cookie, "dc_session=stale-token"]) {
      for (const url of ["/", "/help", "/terms", "/projects", "/no-such-page"]) {
        const res = await get(url, { cookie: sent });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain("<title>app</title>");
        expect(res.headers.vary).toBe("Cookie, accept-encoding");
      }
    }
  });

  it("answers dot-paths with the not-found page and a 404, signed in or not, never a file's content", async () => {
    const { cookie } = await t.signUp();
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      for (const url of ["/.pages/landing.html", "/.well-known/security.txt", "/.env", "/%2Epages/terms.html"]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toContain("<h1>not-found</h1>");
        expect(res.body, url).not.toContain("__DC_");
      }
    }
  });

  it("redirects a signed-out visitor from a page of the signed-in app to the landing page", async () => {
    for (const url of ["/dashboard", "/projects", "/project-detail/12", "/settings?tab=account"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe("/");
    }
  });

  it("answers unknown paths with the not-found page and a 404", async () => {
    for (const url of ["/no-such-page", "/project-detail/1/2", "/.pages/landing.html"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("<h1>not-found</h1>");
      expect(res.body, url).not.toContain("__DC_");
    }
  });

  it("answers a repeat visit with 304 while the page is unchanged", async () => {
    const first = await get("/");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await get("/terms", { "if-none-match": etag });
    expect(other.statusCode).toBe(200);
    const head = await t.app.inject({ method: "HEAD", url: "/privacy" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("leaves the API's unknown paths alone", async () => {
    const res = await get("/api/no-such-route");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("page requests without prerendered pages", () => {
  it("send index.html on every page path, as a build without them expects", async () => {
    const webDist = builtWebApp(false);
    const t = await createTestApp({}, { webDist });
    try {
      for (const url of ["/", "/terms", "/projects", "/no-such-page"]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain("<title>app</title>");
      }
    } finally {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
