import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, apiRequest, getJson, takeReadsSoFar } from "./api.ts";

function respond(
  status: number,
  body: string,
  contentType = "application/json",
  statusText = "Bad",
  headers: Record<string, string> = {},
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(body || null, { status, statusText, headers: { "content-type": contentType, ...headers } }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest (spec section 8)", () => {
  it("throws the JSON body's message", async () => {
    respond(400, '{"message":"title: Must not be blank","code":"VALIDATION"}');
    await expect(apiRequest("POST", "/api/tasks", {})).rejects.toThrow("title: Must not be blank");
  });
  it("carries the body's code and field, and the reason without the field's name", async () => {
    respond(
      400,
      '{"message":"serverUrl: No CalDAV calendar was found at this address","code":"BAD_REQUEST","field":"serverUrl"}',
    );
    const error = (await apiRequest("POST", "/api/caldav/connect", {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("serverUrl: No CalDAV calendar was found at this address");
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.field).toBe("serverUrl");
    expect(error.reason).toBe("No CalDAV calendar was found at this address");
  });
  it("has no field, and the whole message as reason, when the body names none", async () => {
    respond(409, '{"message":"That username is already taken","code":"CONFLICT"}');
    const error = (await apiRequest("POST", "/api/auth/register", {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("CONFLICT");
    expect(error.field).toBeUndefined();
    expect(error.reason).toBe("That username is already taken");
  });
  it("carries the seconds of Retry-After, when the server asks to wait", async () => {
    const message =
      '{"message":"A request with this Idempotency-Key is still being handled. Please try again.","code":"CONFLICT"}';
    respond(409, message, "application/json", "Conflict", { "retry-after": "1" });
    const busy = (await apiRequest("POST", "/api/quick-wins", {}).catch((e: unknown) => e)) as ApiError;
    expect(busy.retryAfter).toBe(1);
    respond(409, '{"message":"This thought was already converted","code":"CONFLICT"}');
    const done = (await apiRequest("POST", "/api/thoughts/1/convert", {}).catch((e: unknown) => e)) as ApiError;
    expect(done.retryAfter).toBeUndefined();
  });
  it("falls back to '{status}: {statusText}' for non-JSON bodies", async () => {
    respond(502, "<html>gateway</html>", "text/html", "Bad Gateway");
    await expect(apiRequest("GET", "/x")).rejects.toThrow("502: Bad Gateway");
  });
  it("returns null on 401 when asked, throws otherwise", async () => {
    respond(401, '{"message":"Please sign in"}');
    await expect(apiRequest("GET", "/api/auth/me", undefined, { nullOn401: true })).resolves.toBeNull();
    const error = await apiRequest("GET", "/api/auth/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });
  it("always sends credentials and a JSON content type", async () => {
    respond(200, '{"ok":true}');
    await apiRequest("POST", "/api/data/delete-all");
    const [, init] = vi.mocked(fetch).mock.calls[0];
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  });
});

describe("getJson (default query)", () => {
  it("throws '{status}: {body text}'", async () => {
    respond(500, "boom", "text/plain");
    await expect(getJson("/api/tasks")).rejects.toThrow("500: boom");
  });
  it("keeps the code of a JSON error body", async () => {
    respond(404, '{"message":"Project not found","code":"NOT_FOUND"}');
    const error = (await getJson("/api/projects/9").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('404: {"message":"Project not found","code":"NOT_FOUND"}');
    expect(error.code).toBe("NOT_FOUND");
  });
});

describe("the reads made before the service worker (web/lib/service-worker.ts)", () => {
  it("are each named once, reads only, and nothing is noted once they are taken", async () => {
    respond(200, "[]");
    await getJson("/api/tasks?completed=false&limit=5");
    await apiRequest("GET", "/api/settings");
    await getJson("/api/tasks?completed=false&limit=5");
    await apiRequest("POST", "/api/quick-wins", { text: "Water the basil" });
    const reads = takeReadsSoFar();
    expect(reads).toEqual(expect.arrayContaining(["/api/tasks?completed=false&limit=5", "/api/settings"]));
    expect(reads.filter((url) => url === "/api/tasks?completed=false&limit=5")).toHaveLength(1);
    expect(reads).not.toContain("/api/quick-wins");
    await getJson("/api/projects");
    expect(takeReadsSoFar()).toEqual([]);
  });
});

describe("api.fresh: a record read again because it changed elsewhere (docs/decisions/055-versions.md)", () => {
  it("is asked of the server itself, past any kept copy, and answers its JSON", async () => {
    respond(200, '{"id":5,"tasks":[]}');
    expect(await api.fresh("/api/projects/5")).toEqual({ id: 5, tasks: [] });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/projects/5");
    expect(init.cache).toBe("no-store");
    expect(init.credentials).toBe("include");
  });
  it("fails as every read does", async () => {
    respond(404, '{"message":"Project not found","code":"NOT_FOUND"}');
    const error = (await api.fresh("/api/projects/5").catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(404);
    expect(error.code).toBe("NOT_FOUND");
  });
});
