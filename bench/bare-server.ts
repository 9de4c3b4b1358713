/**
 * The physical limit a route is held against: a bare `node:http` server, in a process of its own,
 * answering each benchmarked request with the very status, headers and body bytes the app sent
 * for it (captured by bench/lib.ts). Request bodies are read to their end before answering, as
 * the app must.
 *
 * A response marked `commitsQuickWin` is sent only after the bare server has done what no server
 * can skip for it: the new quick win committed to SQLite, in a database made by the app's own
 * migrations (the same tables, indexes, triggers and pragmas), with one prepared statement and
 * nothing else. It tells how much of a write's time is the durable commit itself.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase, openSqliteFile } from "../server/db/database.ts";
import { foldWords } from "../shared/search-words.ts";

export type CannedResponse = {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  /** Base64 of the body bytes. */
  body: string;
  /** Commit the request body's `text` as a new quick win before answering. */
  commitsQuickWin?: boolean;
};

type QuickWinStore = { commit: (text: string) => void; close: () => void };

/** A fresh database as the app makes it, one user, and the insert the app makes for a new quick win. */
async function openQuickWinStore(): Promise<QuickWinStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-bench-bare-"));
  await (await openDatabase({ dataDir })).close();
  const { sqlite: db } = openSqliteFile(path.join(dataDir, "daily-compass.sqlite"));
  const user = db
    .prepare("insert into users (username, username_key, created_at) values ('bare', 'bare', ?) returning id")
    .get(new Date().toISOString()) as { id: number };
  const insert = db.prepare(
    "insert into quick_wins (user_id, text, search_text, completed, created_at) values (?, ?, ?, 0, ?) returning id, user_id, text, completed, created_at, repeat, occurs_on",
  );
  return {
    commit: (text) => insert.get(user.id, text, foldWords(text), new Date().toISOString()),
    close: () => {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

process.once("message", async (canned: CannedResponse[]) => {
  const answers = new Map(
    canned.map((c) => [`${c.method} ${c.path}`, { ...c, bytes: Buffer.from(c.body, "base64") }] as const),
  );
  const store = canned.some((c) => c.commitsQuickWin) ? await openQuickWinStore() : undefined;
  const server = http.createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    const chunks: Buffer[] | undefined = answer?.commitsQuickWin ? [] : undefined;
    req.on("end", () => {
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      if (chunks) store?.commit(JSON.parse(Buffer.concat(chunks).toString()).text);
      res.writeHead(answer.status, { ...answer.headers, "content-length": answer.bytes.length });
      res.end(answer.bytes);
    });
    if (chunks) req.on("data", (chunk: Buffer) => chunks.push(chunk));
    else req.resume();
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as { port: number }).port });
  });
  process.on("disconnect", () => server.close());
  // bench/lib.ts stops this process with SIGTERM: the database goes with it.
  process.once("SIGTERM", () => {
    store?.close();
    process.exit(0);
  });
});
