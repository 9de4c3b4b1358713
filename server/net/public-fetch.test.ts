import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { answerWithoutEnd } from "../testing/endless-answer.ts";
import { makeTestCertificate, type TestCertificate } from "../testing/test-certificate.ts";
import {
  addressRange,
  createPublicFetch,
  type PublicFetch,
  RefusedAddressError,
  RefusedDowngradeError,
  RefusedPlainHttpError,
  RefusedRedirectError,
  type Resolver,
  ResponseTooLargeError,
} from "./public-fetch.ts";

/** [address, the range that refuses it, or "public"] */
const ADDRESSES: [string, string][] = [
  // IPv4, public
  ["8.8.8.8", "public"],
  ["1.1.1.1", "public"],
  ["9.9.9.9", "public"],
  ["93.184.215.14", "public"],
  ["11.0.0.1", "public"],
  ["100.63.255.255", "public"],
  ["100.128.0.1", "public"],
  ["126.255.255.255", "public"],
  ["128.0.0.1", "public"],
  ["169.253.255.255", "public"],
  ["172.15.255.255", "public"],
  ["172.32.0.1", "public"],
  ["192.167.255.255", "public"],
  ["198.17.255.255", "public"],
  ["198.20.0.1", "public"],
  ["203.0.114.1", "public"],
  ["223.255.255.254", "public"],
  // IPv4, not public
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["100.64.0.1", "carrierGradeNat"],
  ["100.127.255.254", "carrierGradeNat"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["169.254.169.254", "linkLocal"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["192.0.0.8", "reserved"],
  ["192.0.2.1", "reserved"], // TEST-NET-1: documentation is not public
  ["198.51.100.7", "reserved"], // TEST-NET-2
  ["203.0.113.10", "reserved"], // TEST-NET-3
  ["192.88.99.1", "reserved"],
  ["198.18.0.1", "reserved"], // benchmarking
  ["198.19.255.255", "reserved"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  // IPv6, public
  ["2606:4700::1111", "public"],
  ["2001:4860:4860::8888", "public"],
  ["2a00:1450:4001:80b::200e", "public"],
  ["::ffff:8.8.8.8", "public"],
  ["::ffff:0:808:808", "public"],
  ["64:ff9b::808:808", "public"],
  ["2002:808:808::1", "public"],
  ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", "public"], // Teredo: server 65.54.227.120, client 8.8.8.8
  // IPv6, not public
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["::127.0.0.1", "notGlobalUnicast"],
  ["::7f00:1", "notGlobalUnicast"],
  ["::8.8.8.8", "notGlobalUnicast"],
  ["::ffff:127.0.0.1", "ipv4Mapped of 127.0.0.1, loopback"],
  ["::ffff:10.0.0.1", "ipv4Mapped of 10.0.0.1, private"],
  ["::ffff:169.254.169.254", "ipv4Mapped of 169.254.169.254, linkLocal"],
  ["::ffff:203.0.113.10", "ipv4Mapped of 203.0.113.10, reserved"],
  ["::ffff:0:7f00:1", "rfc6145 of 127.0.0.1, loopback"],
  ["64:ff9b::7f00:1", "nat64 of 127.0.0.1, loopback"],
  ["64:ff9b::a00:1", "nat64 of 10.0.0.1, private"],
  ["64:ff9b:1::808:808", "nat64LocalUse"],
  ["2002:7f00:1::1", "6to4 of 127.0.0.1, loopback"],
  ["2002:c0a8:101::1", "6to4 of 192.168.1.1, private"],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "teredo of 127.0.0.1, loopback"], // client inverted
  ["2001:0:a00:1:8000:63bf:f7f7:f7f7", "teredo of 10.0.0.1, private"], // server
  ["100::1", "discard"],
  ["fe80::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456:789a::1", "uniqueLocal"],
  ["fec0::1", "deprecatedSiteLocal"],
  ["ff02::1", "multicast"],
  ["ff0e::1", "multicast"],
  ["2001:db8::1", "reserved"], // documentation
  ["3fff::1", "reserved"], // documentation (RFC 9637)
  ["2001:2::1", "benchmarking"],
  ["2001:20::1", "orchid2"],
  ["5f00::1", "segmentRouting"],
  ["4000::1", "notGlobalUnicast"],
  ["1::1", "notGlobalUnicast"],
  // not an address at all
  ["example.com", "notAnAddress"],
];

describe("addressRange", () => {
  it.each(ADDRESSES)("%s is %s", (address, range) => {
    expect(addressRange(address)).toBe(range);
  });
});

type Seen = { method: string; url: string; authorization?: string; body: string };
type TestServer = { url: string; port: number; seen: Seen[]; close: () => Promise<void> };

/** A server that notes every request; over https with `tls`, plain http without. */
async function serve(
  host: string,
  port: number,
  answer: (req: http.IncomingMessage, res: http.ServerResponse, server: TestServer) => void,
  tls?: TestCertificate,
): Promise<TestServer> {
  const seen: Seen[] = [];
  const handler: http.RequestListener = async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
    answer(req, res, self);
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  const self: TestServer = {
    url: `${tls ? "https" : "http"}://${host}:${actual}`,
    port: actual,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}

const ok = (res: http.ServerResponse, text = "ok") => res.writeHead(200, { "content-type": "text/plain" }).end(text);

// 127.0.0.1 stands in for a public server (through the test-only seam), over https with a
// certificate made for the run and trusted through the same seam; 127.0.0.2 stays what it is,
// loopback, and plays the operator's internal service on the same port, over plain http. `clear`
// is a public server over plain http, which nothing may reach.
const tls = makeTestCertificate(["calendar.test", "mixed.test", "rebind.test", "intranet.test"]);
let pub: TestServer;
let other: TestServer;
let internal: TestServer;
let clear: TestServer;
let redirectTo = "";
let redirectStatus = 302;
// 64 KB on the wire, 64 MB once unpacked. Packed once here, so the test that reads it measures
// only what the client holds, not the 64 MB this process would pack it from.
const bomb = gzipSync(Buffer.alloc(64 << 20, 0));
beforeAll(async () => {
  pub = await serve(
    "127.0.0.1",
    0,
    (req, res, self) => {
      if (req.url?.startsWith("/same")) return res.writeHead(redirectStatus, { location: `${self.url}/landed` }).end();
      if (req.url?.startsWith("/away")) return res.writeHead(redirectStatus, { location: redirectTo }).end();
      if (req.url === "/slow") return; // never answers
      if (req.url === "/endless") return answerWithoutEnd(res, 200, "text/calendar");
      if (req.url === "/declared") {
        res.writeHead(200, { "content-type": "text/calendar", "content-length": String(50 << 20) });
        return res.write("BEGIN:VCALENDAR");
      }
      if (req.url === "/bomb") {
        return res.writeHead(200, { "content-type": "text/calendar", "content-encoding": "gzip" }).end(bomb);
      }
      ok(res, "public");
    },
    tls,
  );
  internal = await serve("127.0.0.2", pub.port, (_req, res) => ok(res, "internal"));
  other = await serve("127.0.0.1", 0, (_req, res) => ok(res, "other"), tls);
  clear = await serve("127.0.0.1", 0, (_req, res) => ok(res, "clear"));
});
afterAll(async () => {
  await Promise.all([pub?.close(), other?.close(), internal?.close(), clear?.close()]);
});
afterEach(() => {
  for (const s of [pub, other, internal, clear]) s.seen.length = 0;
  redirectStatus = 302;
});

const names: Record<string, string[]> = {
  "calendar.test": ["127.0.0.1"],
  "intranet.test": ["127.0.0.2"],
  "mixed.test": ["127.0.0.1", "127.0.0.2"],
};
const resolver: Resolver = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`no such host ${host}`), { code: "ENOTFOUND" });
  return found.map((address) => ({ address, family: 4 as const }));
};

function strict(resolve: Resolver = resolver, timeoutMs?: number, maxBodyBytes?: number): PublicFetch {
  return createPublicFetch({
    allowPrivate: false,
    timeoutMs,
    maxBodyBytes,
    testing: { resolve, treatAsPublic: (a) => a === "127.0.0.1", ca: tls.cert },
  });
}

async function refusal(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected the request to be refused");
}

describe("createPublicFetch", () => {
  it("reaches a public server by name and by address", async () => {
    const net = strict();
    try {
      expect(await (await net.fetch(`https://calendar.test:${pub.port}/`)).text()).toBe("public");
      expect(await (await net.fetch(`${pub.url}/`)).text()).toBe("public");
    } finally {
      await net.close();
    }
  });

  it("refuses private and local addresses, literal or resolved, before sending anything", async () => {
    const net = strict();
    try {
      for (const url of [
        `https://127.0.0.2:${pub.port}/`,
        `https://[::1]:${pub.port}/`,
        `https://[::ffff:127.0.0.2]:${pub.port}/`,
        `https://[::127.0.0.2]:${pub.port}/`,
        `https://2130706434:${pub.port}/`, // 127.0.0.2 as one number
        `https://intranet.test:${pub.port}/`,
        `https://mixed.test:${pub.port}/`,
      ]) {
        expect(await refusal(net.fetch(url)), url).toBeInstanceOf(RefusedAddressError);
      }
      expect(internal.seen).toHaveLength(0);
      expect(pub.seen).toHaveLength(0);
    } finally {
      await net.close();
    }
  });

  it("connects to the address it checked, even when the name answers differently the next time", async () => {
    let calls = 0;
    // DNS rebinding: public while being checked, the internal service right after.
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    const net = strict(rebinding);
    try {
      const res = await net.fetch(`https://rebind.test:${pub.port}/`);
      expect(await res.text()).toBe("public");
      expect(calls).toBe(1);
      expect(internal.seen).toHaveLength(0);
    } finally {
      await net.close();
    }

    // The other way round: the internal address is seen first and nothing is sent anywhere.
    calls = 0;
    pub.seen.length = 0;
    const backwards: Resolver = async () => [{ address: calls++ === 0 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
    const net2 = strict(backwards);
    try {
      expect(await refusal(net2.fetch(`https://rebind.test:${pub.port}/`))).toBeInstanceOf(RefusedAddressError);
      expect(internal.seen).toHaveLength(0);
      expect(pub.seen).toHaveLength(0);
    } finally {
      await net2.close();
    }
  });

  it("refuses a redirect to another origin for every method and sends it nothing", async () => {
    const net = strict();
    redirectTo = `${other.url}/collect?token=secret`;
    try {
      for (const status of [301, 302, 303, 307, 308]) {
        redirectStatus = status;
        for (const method of ["GET", "PUT", "DELETE", "PROPFIND", "REPORT"]) {
          const err = await refusal(
            net.fetch(`${pub.url}/away`, {
              method,
              headers: { authorization: "Basic YWxpY2U6c2VjcmV0" },
              ...(method === "GET" || method === "DELETE" ? {} : { body: "<x/>" }),
            }),
          );
          expect(err, `${status} ${method}`).toBeInstanceOf(RefusedRedirectError);
          expect((err as RefusedRedirectError).target).toBe(other.url);
        }
      }
      redirectTo = "file:///etc/passwd";
      expect(((await refusal(net.fetch(`${pub.url}/away`))) as RefusedRedirectError).target).toBe("file:");
      // Not even asked with redirect: "manual": the caller would only follow it.
      redirectTo = `${other.url}/collect`;
      expect(await refusal(net.fetch(`${pub.url}/away`, { redirect: "manual" }))).toBeInstanceOf(RefusedRedirectError);
      expect(other.seen).toHaveLength(0);
    } finally {
      await net.close();
    }
  });

  it("refuses a redirect to a private address, also when private addresses are allowed", async () => {
    for (const allowPrivate of [false, true]) {
      const net = createPublicFetch({
        allowPrivate,
        testing: { treatAsPublic: (a) => a === "127.0.0.1", ca: tls.cert },
      });
      redirectTo = `${internal.url}/`;
      try {
        expect(await refusal(net.fetch(`${pub.url}/away`))).toBeInstanceOf(RefusedRedirectError);
      } finally {
        await net.close();
      }
    }
    expect(internal.seen).toHaveLength(0);
  });

  it("refuses plain http to a public address, by address or by name, also when private addresses are allowed", async () => {
    const cases: [boolean, string][] = [
      [false, `${clear.url}/`],
      [false, `http://calendar.test:${clear.port}/`],
      [true, `${clear.url}/`],
      [true, `http://calendar.test:${clear.port}/`],
      // One public address among private ones is enough: the connection may go there.
      [true, `http://mixed.test:${clear.port}/`],
    ];
    for (const [allowPrivate, url] of cases) {
      const net = createPublicFetch({
        allowPrivate,
        testing: { resolve: resolver, treatAsPublic: (a) => a === "127.0.0.1", ca: tls.cert },
      });
      try {
        const err = await refusal(
          net.fetch(url, { method: "PROPFIND", headers: { authorization: "Basic YWxpY2U6c2VjcmV0" }, body: "<x/>" }),
        );
        expect(err, `${url} allowPrivate=${allowPrivate}`).toBeInstanceOf(RefusedPlainHttpError);
        expect((err as RefusedPlainHttpError).origin).toBe(new URL(url).origin);
        // Asked beforehand, it answers the same, sending nothing either.
        expect(await refusal(net.check(url))).toBeInstanceOf(RefusedPlainHttpError);
        // The same server over https is fine.
        expect(await (await net.fetch(`${pub.url}/`)).text()).toBe("public");
      } finally {
        await net.close();
      }
    }
    expect(clear.seen).toEqual([]);
  });

  it("refuses a redirect from https to http, to the same host or another, and sends it nothing", async () => {
    for (const allowPrivate of [false, true]) {
      const net = createPublicFetch({
        allowPrivate,
        testing: { resolve: resolver, treatAsPublic: (a) => a === "127.0.0.1", ca: tls.cert },
      });
      try {
        for (const target of [
          `http://127.0.0.1:${pub.port}`,
          clear.url,
          `http://calendar.test:${clear.port}`,
          internal.url,
        ]) {
          redirectTo = `${target}/collect`;
          for (const status of [301, 302, 307, 308]) {
            redirectStatus = status;
            const err = await refusal(
              net.fetch(`${pub.url}/away`, {
                method: "PUT",
                headers: { authorization: "Basic YWxpY2U6c2VjcmV0" },
                body: "x",
              }),
            );
            expect(err, `${target} ${status}`).toBeInstanceOf(RefusedDowngradeError);
            expect((err as RefusedDowngradeError).target).toBe(target);
          }
        }
      } finally {
        await net.close();
      }
    }
    expect(clear.seen).toEqual([]);
    expect(internal.seen).toEqual([]);
  });

  it("checks the https server's certificate: one it cannot trust is refused before any request", async () => {
    // The seam's test authority left out: the same server, the same address, no trust.
    const net = createPublicFetch({ allowPrivate: false, testing: { treatAsPublic: (a) => a === "127.0.0.1" } });
    try {
      expect(
        await refusal(net.fetch(`${pub.url}/`, { headers: { authorization: "Basic YWxpY2U6c2VjcmV0" } })),
      ).toBeInstanceOf(Error);
      expect(pub.seen).toEqual([]);
    } finally {
      await net.close();
    }
  });

  it("follows a redirect within the same origin with the same method, body and credentials", async () => {
    const net = strict();
    try {
      redirectStatus = 307;
      const res = await net.fetch(`${pub.url}/same`, {
        method: "PUT",
        headers: { authorization: "Basic YWxpY2U6c2VjcmV0" },
        body: "BEGIN:VCALENDAR",
      });
      expect(await res.text()).toBe("public");
      expect(pub.seen.map((s) => [s.method, s.url, s.authorization, s.body])).toEqual([
        ["PUT", "/same", "Basic YWxpY2U6c2VjcmV0", "BEGIN:VCALENDAR"],
        ["PUT", "/landed", "Basic YWxpY2U6c2VjcmV0", "BEGIN:VCALENDAR"],
      ]);

      pub.seen.length = 0;
      redirectStatus = 303;
      await (await net.fetch(`${pub.url}/same`, { method: "POST", body: "x" })).text();
      expect(pub.seen.map((s) => [s.method, s.url, s.body])).toEqual([
        ["POST", "/same", "x"],
        ["GET", "/landed", ""],
      ]);

      // Asked not to follow, a same-origin redirect is answered as it is.
      const manual = await net.fetch(`${pub.url}/same`, { redirect: "manual" });
      expect(manual.status).toBe(303);
      expect(manual.headers.get("location")).toBe(`${pub.url}/landed`);
    } finally {
      await net.close();
    }
  });

  it("allows private addresses, over plain http too, when the operator does, still connecting to what it resolved", async () => {
    const net = createPublicFetch({ allowPrivate: true, testing: { resolve: resolver } });
    try {
      expect(await (await net.fetch(`http://intranet.test:${pub.port}/`)).text()).toBe("internal");
      expect(await (await net.fetch(`${internal.url}/`)).text()).toBe("internal");
    } finally {
      await net.close();
    }
  });

  it("stops reading an answer larger than its limit, said up front, streamed or packed", async () => {
    const net = strict(resolver, 10_000, 4 << 20);
    try {
      const before = process.memoryUsage().rss;
      const endless = await net.fetch(`${pub.url}/endless`);
      expect(await refusal(endless.text())).toBeInstanceOf(ResponseTooLargeError);
      expect(await refusal(net.fetch(`${pub.url}/declared`))).toBeInstanceOf(ResponseTooLargeError);
      const bomb = await net.fetch(`${pub.url}/bomb`);
      expect(await refusal(bomb.arrayBuffer())).toBeInstanceOf(ResponseTooLargeError);
      // Nothing near the endless answer or the unpacked 64 MB was held.
      expect(process.memoryUsage().rss - before).toBeLessThan(48 << 20);
      // A small answer is still read whole.
      expect(await (await net.fetch(`${pub.url}/`)).text()).toBe("public");
    } finally {
      await net.close();
    }
  });

  it("gives up on a server that does not answer, and on other schemes", async () => {
    const net = strict(resolver, 300);
    try {
      // Without a limit this would hang until the test itself times out.
      expect(await refusal(net.fetch(`${pub.url}/slow`))).toBeInstanceOf(Error);
      expect(await refusal(net.fetch("file:///etc/passwd"))).toBeInstanceOf(TypeError);
    } finally {
      await net.close();
    }
  });
});
