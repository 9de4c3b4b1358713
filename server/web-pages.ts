/**
 * Which HTML a page request gets (docs/decisions/017-prerendered-public-pages.md). A browser with
 * a session cookie gets the signed-in app (index.html), whatever the path: the app itself decides
 * what a signed-out visitor with a stale cookie sees. Without one, the public pages come
 * prerendered (shared/web-routes.ts lists them), a page of the signed-in app redirects to the
 * landing page, and any other path is the prerendered not-found page with a 404. Without
 * prerendered pages in the build, every page path gets index.html, as before.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  fillPrerenderedPage,
  matchPage,
  NOT_FOUND_PAGE,
  PRERENDERED_PAGES,
  type PrerenderedPage,
  PUBLIC_PAGES,
  prerenderedFile,
} from "../shared/web-routes.ts";
import { sessionCookieName } from "./auth/request-user.ts";
import type { Config } from "./config.ts";
import { type HtmlDocument, htmlDocument, sendHtml } from "./static-files.ts";

export type PageChoice =
  | { kind: "app" }
  | { kind: "missing" }
  | { kind: "prerendered"; page: PrerenderedPage; status: 200 | 404 }
  | { kind: "redirect"; location: string };

/** The decision on its own: what a page path gets, with or without a session cookie. */
export function choosePage(pathname: string, hasSessionCookie: boolean, prerendered: boolean): PageChoice {
  // No page of the app has a dot-segment: `/.well-known/…`, `/.env` and the like are missing
  // files, never the app's page (dot-files under dist/web are not served: server/static-files.ts).
  if (hasDotSegment(pathname))
    return prerendered ? { kind: "prerendered", page: NOT_FOUND_PAGE, status: 404 } : { kind: "missing" };
  if (hasSessionCookie || !prerendered) return { kind: "app" };
  const match = matchPage(pathname);
  if (match.kind === "public") return { kind: "prerendered", page: match.page, status: 200 };
  if (match.kind === "app") return { kind: "redirect", location: PUBLIC_PAGES.landing };
  return { kind: "prerendered", page: NOT_FOUND_PAGE, status: 404 };
}

function hasDotSegment(rawPathname: string): boolean {
  let pathname = rawPathname;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    // Malformed escapes: the raw path is all there is.
  }
  return pathname.includes("/.");
}

type Html = HtmlDocument;
const withEtag = (body: Buffer): Html => htmlDocument(body);

function readTemplates(webDist: string): Map<PrerenderedPage, string> | null {
  const templates = new Map<PrerenderedPage, string>();
  for (const page of PRERENDERED_PAGES) {
    const file = path.join(webDist, prerenderedFile(page));
    if (!fs.existsSync(file)) return null;
    templates.set(page, fs.readFileSync(file, "utf8"));
  }
  return templates;
}

export type WebPages = {
  /** Answers a GET or HEAD for a page path. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
};

export function webPages(config: Config, indexHtml: Buffer, now: () => Date = () => new Date()): WebPages {
  const app = withEtag(indexHtml);
  const templates = config.webDist ? readTemplates(config.webDist) : null;
  const cookie = sessionCookieName(config);
  // Filled once per year: the legal details are fixed while the server runs.
  let filledFor = -1;
  let filled = new Map<PrerenderedPage, Html>();
  const prerendered = (page: PrerenderedPage): Html => {
    const year = now().getUTCFullYear();
    if (year !== filledFor && templates) {
      filled = new Map(
        [...templates].map(([name, html]) => [
          name,
          withEtag(Buffer.from(fillPrerenderedPage(html, { legal: config.legal, year }))),
        ]),
      );
      filledFor = year;
    }
    return filled.get(page) ?? app;
  };

  return {
    send(request, reply) {
      const pathname = request.url.split("?")[0] ?? "/";
      const choice = choosePage(pathname, Boolean(request.cookies[cookie]), templates !== null);
      if (choice.kind === "missing") {
        return reply.status(404).send({ message: `No route for ${request.method} ${pathname}`, code: "NOT_FOUND" });
      }
      // The same path answers differently with and without a session: caches must keep both apart.
      if (choice.kind === "redirect") {
        return reply.header("cache-control", "no-cache").header("vary", "Cookie").redirect(choice.location, 302);
      }
      const html = choice.kind === "app" ? app : prerendered(choice.page);
      const status = choice.kind === "prerendered" ? choice.status : 200;
      // Sent as held in memory, compressed once (server/static-files.ts).
      return sendHtml(request, reply, html, { vary: "Cookie", status });
    },
  };
}
