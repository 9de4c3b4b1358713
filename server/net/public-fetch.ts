/**
 * Outbound HTTP to addresses users type (a CalDAV server): only to public internet addresses,
 * connected to exactly the address that was checked, never following a redirect to another
 * origin, and never in clear text across the public internet. Policy and reasons:
 * docs/decisions/011-outbound-address-policy.md, docs/decisions/073-caldav-over-https.md.
 */

import type { LookupAddress, LookupOptions } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import type { Agent, RequestInit as UndiciRequestInit } from "undici";

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name stands for. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The host, or an address it resolved to, is not a public internet address. */
export class RefusedAddressError extends Error {
  readonly host: string;
  readonly range: string;
  constructor(host: string, address: string, range: string) {
    super(`${host} resolves to ${address} (${range}), which is not a public internet address`);
    this.host = host;
    this.range = range;
  }
}

/** A response redirected to another origin; nothing was sent there. */
export class RefusedRedirectError extends Error {
  /** The origin the response pointed to (scheme, host, port; no path, which may carry secrets). */
  readonly target: string;
  constructor(from: string, target: string) {
    super(`${new URL(from).origin} redirected to another origin, ${target}`);
    this.target = target;
  }
}

/** A redirect from https to plain http; nothing was sent there. */
export class RefusedDowngradeError extends RefusedRedirectError {
  constructor(from: string, target: string) {
    super(from, target);
    this.message = `${new URL(from).origin} redirected to plain http, ${target}`;
  }
}

/**
 * Plain http to a public internet address (or a name that resolves to one): the password and
 * everything else would cross the internet unencrypted. Nothing was sent.
 */
export class RefusedPlainHttpError extends Error {
  /** The http origin that was refused (scheme, host, port). */
  readonly origin: string;
  constructor(origin: string) {
    super(`${origin} is on the public internet and is not asked over plain http`);
    this.origin = origin;
  }
}

const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");
// ipaddr.js reads "::a.b.c.d" as IPv4-mapped; it is the deprecated IPv4-compatible form (::/96).
const IPV4_COMPATIBLE_DOTTED = /^::\d{1,3}(?:\.\d{1,3}){3}$/;

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);

function ipv4Range(address: ipaddr.IPv4): string {
  const range = address.range();
  return range === "unicast" ? "public" : range;
}

/** IPv6 that carries an IPv4 address is as reachable as that IPv4 address. */
function embedded(outer: string, inner: ipaddr.IPv4[]): string {
  for (const address of inner) {
    const range = ipv4Range(address);
    if (range !== "public") return `${outer} of ${address.toString()}, ${range}`;
  }
  return "public";
}

function ipv6Range(address: ipaddr.IPv6): string {
  const b = address.toByteArray();
  const range = address.range();
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
      return embedded(range, [v4(b.slice(12))]);
    case "rfc6052":
      // Only the well-known NAT64 prefix maps to the public IPv4 internet; 64:ff9b:1::/48 is local.
      return address.match(NAT64_WELL_KNOWN) ? embedded("nat64", [v4(b.slice(12))]) : "nat64LocalUse";
    case "6to4":
      return embedded(range, [v4(b.slice(2, 6))]);
    case "teredo":
      // The Teredo server, then the client's NAT address (stored inverted).
      return embedded(range, [v4(b.slice(4, 8)), v4(b.slice(12).map((x) => x ^ 0xff))]);
    case "unicast":
      // Everything IANA has not allocated for global unicast (::/96 IPv4-compatible among it).
      return address.match(IPV6_GLOBAL_UNICAST) ? "public" : "notGlobalUnicast";
    default:
      return range;
  }
}

/**
 * "public" for an address on the public internet, otherwise the name of the range that makes it
 * something else (loopback, private, documentation and other special-purpose ranges, after
 * ipaddr.js). Documentation ranges such as 203.0.113.0/24 are not public: nothing real lives there.
 */
export function addressRange(address: string): string {
  const kind = isIP(address);
  if (kind === 0) return "notAnAddress";
  if (kind === 6 && IPV4_COMPATIBLE_DOTTED.test(address)) return "notGlobalUnicast";
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv4" ? ipv4Range(parsed as ipaddr.IPv4) : ipv6Range(parsed as ipaddr.IPv6);
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** An answer longer than the limit: said up front, streamed past it, or unpacked past it. */
export class ResponseTooLargeError extends Error {
  constructor(origin: string, limit: number) {
    super(`${origin} sent more than ${Math.round(limit / (1 << 20))} MB`);
    this.name = "ResponseTooLargeError";
  }
}

/** What one answer may hold, unpacked, unless told otherwise: a few years of a busy calendar. */
export const DEFAULT_MAX_BODY_BYTES = 32 << 20;

export type PublicFetchOptions = {
  /**
   * Operator's choice (CALDAV_ALLOW_PRIVATE_NETWORK): any address, redirects still refused, and
   * plain http still only to addresses that are not public.
   */
  allowPrivate: boolean;
  /** Per-request limit, connecting and reading the body included. */
  timeoutMs?: number;
  /**
   * The most an answer's body may hold once unpacked (DEFAULT_MAX_BODY_BYTES): past it, reading
   * fails with ResponseTooLargeError and the connection is dropped, so a server that sends
   * without end cannot fill this one's memory.
   */
  maxBodyBytes?: number;
  /**
   * For tests only, set in code and never from configuration: the resolver, addresses to treat as
   * public, and the certificate (PEM) of the authority to trust instead of the system's, so a
   * local https server can stand in for a public one.
   */
  testing?: { resolve?: Resolver; treatAsPublic?: (address: string) => boolean; ca?: string };
};

export type PublicFetch = {
  /**
   * fetch(), refusing non-public addresses (RefusedAddressError), plain http to public ones
   * (RefusedPlainHttpError), redirects to another origin (RefusedRedirectError) and from https to
   * http (RefusedDowngradeError, one of them). Same-origin redirects are followed; with
   * `redirect: "manual"` they are answered as they are.
   */
  fetch: (url: string | URL, init?: RequestInit) => Promise<Response>;
  /**
   * Throws what fetch() would for where the address goes (RefusedAddressError,
   * RefusedPlainHttpError) without sending anything; a name that does not resolve throws its
   * lookup error. A request made afterwards is checked again.
   */
  check: (url: string | URL) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The answer with its body counted as it is read (after unpacking): past `max` the stream fails
 * and the source is cancelled. A length said up front past `max` fails at once.
 */
function limitBody(res: Response, max: number, origin: string): Response {
  const declared = Number(res.headers.get("content-length") ?? Number.NaN);
  if (declared > max) {
    void res.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(origin, max);
  }
  if (!res.body) return res;
  let seen = 0;
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new ResponseTooLargeError(origin, max));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
}

const MAX_REDIRECTS = 5;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export function createPublicFetch(opts: PublicFetchOptions): PublicFetch {
  const resolve = opts.testing?.resolve ?? systemResolver;
  const treatAsPublic = opts.testing?.treatAsPublic ?? (() => false);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  /**
   * Every address a host stands for must be allowed; over plain http none may be public either,
   * with or without the operator's allowance: that one is about reaching private networks, not
   * about sending passwords in clear text. The origin of a plain-http refusal is filled in by
   * the caller, which knows the port.
   */
  const check = (host: string, addresses: string[], plainHttp: boolean) => {
    for (const address of addresses) {
      if (opts.allowPrivate || treatAsPublic(address)) continue;
      const range = addressRange(address);
      if (range !== "public") throw new RefusedAddressError(host, address, range);
    }
    if (plainHttp && addresses.some((a) => treatAsPublic(a) || addressRange(a) === "public")) {
      throw new RefusedPlainHttpError(`http://${host}`);
    }
  };

  // The socket connects only to addresses this lookup answered, and it answers only checked
  // ones: nothing resolves the name a second time between the check and the connection. The
  // lookup does not know the scheme, so http and https each have their own.
  const pinnedLookup =
    (plainHttp: boolean) =>
    (
      hostname: string,
      options: LookupOptions,
      callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      resolve(hostname)
        .then((found) => {
          const addresses = found.filter((a) => !options.family || options.family === a.family);
          if (addresses.length === 0) {
            throw Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
          }
          check(
            hostname,
            found.map((a) => a.address),
            plainHttp,
          );
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0].address, addresses[0].family);
        })
        .catch((err: Error) => callback(err, ""));
    };

  // undici is loaded with the first request: it is large, and many servers never fetch anything.
  type Client = { https: Agent; http: Agent; fetch: typeof import("undici").fetch };
  let client: Promise<Client> | undefined;
  const undici = () => {
    client ??= import("undici").then(({ Agent, fetch }) => {
      const agent = (plainHttp: boolean) =>
        new Agent({
          connect: {
            lookup: pinnedLookup(plainHttp),
            timeout: Math.min(timeoutMs, 10_000),
            // Certificates are always checked; tests name the one authority their server uses.
            ...(opts.testing?.ca ? { ca: opts.testing.ca } : {}),
          },
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      return { https: agent(false), http: agent(true), fetch };
    });
    return client;
  };

  /** The refusal behind an error, if any, with the full origin on a plain-http one. */
  const refusalOf = (err: unknown, url: URL): Error | undefined => {
    // undici reports a refused lookup as "fetch failed" with ours as the cause.
    const found = [err, (err as { cause?: unknown })?.cause].find(
      (e) => e instanceof RefusedAddressError || e instanceof RefusedPlainHttpError,
    ) as Error | undefined;
    return found instanceof RefusedPlainHttpError ? new RefusedPlainHttpError(url.origin) : found;
  };

  function schemeOf(url: URL): { plainHttp: boolean; literal: string } {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new TypeError(`Only http and https addresses can be used, not ${url.protocol}`);
    }
    return { plainHttp: url.protocol === "http:", literal: url.hostname.replace(/^\[|\]$/g, "") };
  }

  async function once(url: URL, init: RequestInit): Promise<Response> {
    const { plainHttp, literal } = schemeOf(url);
    try {
      // A literal address never reaches the lookup, so it is checked here.
      if (isIP(literal)) check(literal, [literal], plainHttp);
      const undiciClient = await undici();
      const res = await undiciClient.fetch(url, {
        ...(init as UndiciRequestInit),
        redirect: "manual",
        dispatcher: plainHttp ? undiciClient.http : undiciClient.https,
      });
      return res as unknown as Response;
    } catch (err) {
      throw refusalOf(err, url) ?? err;
    }
  }

  async function checkOnly(input: string | URL): Promise<void> {
    const url = new URL(input);
    const { plainHttp, literal } = schemeOf(url);
    try {
      const addresses = isIP(literal) ? [literal] : (await resolve(url.hostname)).map((a) => a.address);
      check(literal, addresses, plainHttp);
    } catch (err) {
      throw refusalOf(err, url) ?? err;
    }
  }

  async function publicFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
    let url = new URL(input);
    let current: RequestInit = { ...init, signal: init.signal ?? AbortSignal.timeout(timeoutMs) };
    for (let hop = 0; ; hop++) {
      const res = await once(url, current);
      const location = res.headers.get("location");
      if (!REDIRECT.has(res.status) || !location) return limitBody(res, maxBodyBytes, url.origin);
      const next = new URL(location, url);
      if (url.protocol === "https:" && next.protocol === "http:") {
        await res.body?.cancel();
        throw new RefusedDowngradeError(url.href, next.origin);
      }
      if (next.origin !== url.origin) {
        await res.body?.cancel();
        throw new RefusedRedirectError(url.href, next.origin === "null" ? next.protocol : next.origin);
      }
      if (init.redirect === "manual") return limitBody(res, maxBodyBytes, url.origin);
      await res.body?.cancel();
      if (init.redirect === "error" || hop + 1 >= MAX_REDIRECTS) {
        throw new Error(`${url.origin} redirected too often`);
      }
      const method = (current.method ?? "GET").toUpperCase();
      if (res.status === 303 ? method !== "HEAD" : (res.status === 301 || res.status === 302) && method === "POST") {
        const headers = new Headers(current.headers);
        headers.delete("content-type");
        headers.delete("content-length");
        current = { ...current, method: "GET", body: undefined, headers };
      } else if (current.body instanceof ReadableStream) {
        throw new Error(`${url.origin} redirected a request whose body cannot be sent again`);
      }
      url = next;
    }
  }

  return {
    fetch: publicFetch,
    check: checkOnly,
    close: async () => {
      if (!client) return;
      const { http, https } = await client;
      await Promise.all([http.close(), https.close()]);
    },
  };
}
