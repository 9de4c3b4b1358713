/**
 * The built web app's files (dist/web), served without work per request
 * (docs/decisions/018-lean-serving.md):
 * - every file gets its own route, made at start from what the build wrote; hashed bundles under
 *   /assets/ are cached for good, other files (robots.txt, images) revalidated;
 * - the build writes `.br` and `.gz` next to each bundle, and those are sent as they are, with
 *   Content-Encoding and `Vary: Accept-Encoding`; nothing here is compressed per request;
 * - source maps (`*.map`) are never served, even when the build left them in the folder;
 * - HTML documents (index.html) are held in memory with their compressed forms and an ETag,
 *   and answer 304 to a matching If-None-Match.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Hashed bundle names change with their content, so they can be cached for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/**
 * Files the build writes that are not served: source maps, the compressed twins of files, and
 * dot-files and dot-folders (the prerendered pages' `.pages/`, anything an editor or a deploy tool
 * left behind), which are served only by a route of their own, if any.
 */
const isHidden = (name: string) => /\.(map|br|gz)$/i.test(name) || name.startsWith(".");

/**
 * Whether a path names a file rather than a page: source maps and anything under /assets/. A
 * missing one answers 404, never the app's index.html (a browser would otherwise try to run HTML
 * as a script, and a map would seem to exist).
 */
export const isFilePath = (pathname: string): boolean => pathname.startsWith("/assets/") || /\.map$/i.test(pathname);

type Encoding = "br" | "gzip";

/**
 * The encoding to answer with, from an Accept-Encoding header: the one the client rates highest
 * among those on offer (br before gzip when rated alike), or identity.
 */
export function preferredEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const ratings = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const rating = q ? Number(q.slice(2)) : 1;
    ratings.set(name.trim(), Number.isFinite(rating) ? rating : 0);
  }
  let best: Encoding | undefined;
  let bestRating = 0;
  for (const encoding of offered) {
    const rating = ratings.get(encoding) ?? ratings.get("*") ?? 0;
    if (rating > bestRating) {
      best = encoding;
      bestRating = rating;
    }
  }
  return best;
}

/** An HTML document ready to send: its bytes, compressed forms and entity tag. */
export type HtmlDocument = {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong ETag of the identity bytes; the compressed forms add a suffix. */
  etag: string;
};

export function htmlDocument(html: Buffer | string): HtmlDocument {
  const identity = Buffer.isBuffer(html) ? html : Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
  };
}

const etagOf = (doc: HtmlDocument, encoding: Encoding | undefined) =>
  encoding ? `${doc.etag.slice(0, -1)}-${encoding}"` : doc.etag;

/** Whether If-None-Match names any form of the document (a cache may hold another encoding). */
function matches(doc: HtmlDocument, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  const tags = new Set([doc.etag, etagOf(doc, "br"), etagOf(doc, "gzip")]);
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || tags.has(t));
}

/**
 * Sends an HTML document in the encoding the client prefers, or 304 when it has it already.
 * `vary` names what else the choice of document depends on (the session cookie); a `status`
 * other than 200 (a not-found page) is sent without an entity tag.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: HtmlDocument,
  opts: { vary?: string; status?: number } = {},
): FastifyReply {
  const encoding = preferredEncoding(request.headers["accept-encoding"], ["br", "gzip"]);
  const status = opts.status ?? 200;
  reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", REVALIDATE)
    .header("vary", opts.vary ? `${opts.vary}, accept-encoding` : "accept-encoding");
  if (status === 200) {
    reply.header("etag", etagOf(doc, encoding));
    if (matches(doc, request.headers["if-none-match"])) return reply.status(304).send();
  }
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(encoding ? doc[encoding] : doc.identity);
}

/** Every file under root, as URL paths (`/assets/app-1a2b.js`), except the ones never served. */
function servedFiles(root: string, skip: (urlPath: string) => boolean): string[] {
  const found: string[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      if (isHidden(entry.name)) continue;
      if (entry.isDirectory()) visit(path.join(dir, entry.name), urlPath);
      else if (entry.isFile() && !skip(urlPath)) found.push(urlPath);
    }
  };
  visit(root, "");
  return found;
}

/**
 * Registers a route per file of the built web app (the files present at start). `skip` leaves
 * out paths another part serves (the HTML documents). Compression per request is off on these
 * routes: what can be compressed was compressed at build.
 */
export function registerStaticFiles(
  app: FastifyInstance,
  root: string,
  opts: { skip?: (urlPath: string) => boolean } = {},
): void {
  const files = servedFiles(root, opts.skip ?? (() => false));
  app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      serve: false,
      preCompressed: true,
      cacheControl: false,
      // Only files the routes below name are sent, and those never include dot-files.
      dotfiles: "deny",
      setHeaders: (res, filePath) => {
        res.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
    for (const file of files) {
      scope.get(file, { compress: false, schema: { hide: true } }, (_request, reply) => reply.sendFile(file.slice(1)));
    }
  });
}
