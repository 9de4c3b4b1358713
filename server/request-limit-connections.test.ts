/**
 * The request limit counts each connection's address once, not once per request
 * (server/shared-rate-limit.ts): over one kept-alive connection the count must still follow the
 * address a trusted proxy forwards, request by request, and must ignore that header otherwise.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

const LIMIT = 3;
// Early in a minute, so the requests never straddle two windows.
const now = Date.parse("2030-03-01T10:00:05Z");

let t: TestApp | undefined;
let agent: http.Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await t?.close();
});

/** Status codes of GET /api/health, in order, all over one connection. */
async function statuses(forwarded: string[], trustProxy: boolean): Promise<{ codes: number[]; sockets: number }> {
  t = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: String(trustProxy) },
    { now: () => now },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const codes: number[] = [];
  for (const from of forwarded) {
    codes.push(
      await new Promise<number>((resolve, reject) => {
        const req = http.get(
          { host: "127.0.0.1", port, path: "/api/health", agent, headers: { "x-forwarded-for": from } },
          (res) => {
            sockets.add(res.socket);
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
      }),
    );
  }
  return { codes, sockets: sockets.size };
}

describe("the request limit over one kept-alive connection", () => {
  it("behind a trusted proxy, counts each forwarded address on its own", async () => {
    const a = "203.0.113.1";
    const b = "203.0.113.2";
    const { codes, sockets } = await statuses([a, a, a, a, b, a, b], true);
    expect(sockets).toBe(1);
    expect(codes).toEqual([200, 200, 200, 429, 200, 429, 200]);
  });

  it("without a trusted proxy, counts the connection's own address whatever the header says", async () => {
    const { codes, sockets } = await statuses(["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"], false);
    expect(sockets).toBe(1);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
