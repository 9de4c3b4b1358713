/**
 * The physical limit a route is held against: a bare `node:http` server, in a process of its own,
 * answering each benchmarked request with the very status, headers and body bytes the app sent
 * for it (captured by bench/lib.ts). Request bodies are read to their end before answering, as
 * the app must.
 */
import http from "node:http";

export type CannedResponse = {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  /** Base64 of the body bytes. */
  body: string;
};

process.once("message", (canned: CannedResponse[]) => {
  const answers = new Map(
    canned.map((c) => [`${c.method} ${c.path}`, { ...c, bytes: Buffer.from(c.body, "base64") }] as const),
  );
  const server = http.createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    req.on("end", () => {
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { ...answer.headers, "content-length": answer.bytes.length });
      res.end(answer.bytes);
    });
    req.resume();
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as { port: number }).port });
  });
  process.on("disconnect", () => server.close());
});
