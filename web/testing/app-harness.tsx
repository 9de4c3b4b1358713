/**
 * Renders components the way the app does — the app's query client, a router, the toaster —
 * against the real API started by server/testing/web-api-server.ts. `fetch` is the platform's
 * own, pointed at that server with a signed-in user's cookie, as a browser on that origin would
 * send it; nothing in between is stubbed.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { inject, vi } from "vitest";
import { KEEP_AT_MOST } from "../../shared/constants.ts";
import { EXPORT_FORMAT, IMPORT_MAX_ITEMS, type User } from "../../shared/schemas.ts";
import { AuthProvider } from "../app/auth.tsx";
import { dismissToast } from "../components/ui/toast-store.ts";
import { Toaster } from "../components/ui/toaster.tsx";
import { WaitingWrites } from "../components/waiting-writes.tsx";
import { FocusSessionProvider } from "../features/focus/focus-session.tsx";
import { stopShowingWaiting } from "../lib/outbox.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { queryKeys } from "../lib/query-keys.ts";

declare module "vitest" {
  export interface ProvidedContext {
    apiOrigin: string;
  }
}

const platformFetch = globalThis.fetch;
const PASSWORD = "correct horse battery";
let counter = 0;

/** Registers or signs in on the test server; the app's `fetch` now speaks for that user. */
async function startSession(path: string, username: string, expected: number): Promise<User> {
  const origin = inject("apiOrigin");
  const res = await platformFetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== expected) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  const session = (res.headers.get("set-cookie") ?? "").split(";")[0];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", session);
    return platformFetch(new URL(String(input), origin), { ...init, headers });
  });
  return ((await res.json()) as { user: User }).user;
}

/** A new user on the test server; the app's `fetch` now speaks for them. */
export function signUp(): Promise<User> {
  const username = `web${Math.random().toString(36).slice(2, 8)}x${Date.now().toString(36)}x${counter++}`;
  return startSession("/api/auth/register", username, 201);
}

/** The user signs in again, with a new session; the app's `fetch` now speaks for it. */
export function signInAgain(user: Pick<User, "username">): Promise<User> {
  return startSession("/api/auth/login", user.username, 200);
}

/**
 * The connection lost, as the signed-in app meets it: writes fail without an answer, while reads
 * still come (the app's worker answers them from the copy it keeps). Answers what brings it back.
 */
export function loseConnection(): () => void {
  const reachable = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    (init?.method ?? "GET") === "GET" ? reachable(input, init) : Promise.reject(new TypeError("Failed to fetch")),
  );
  return () => vi.stubGlobal("fetch", reachable);
}

/** What the server answers while its database is away: 503, in words, with Retry-After. */
export const databaseAwayAnswer = () =>
  new Response(
    JSON.stringify({
      message: "The server can't reach its database right now. Please try again in a moment.",
      code: "UNAVAILABLE",
    }),
    { status: 503, headers: { "content-type": "application/json", "retry-after": "10" } },
  );

/**
 * The server's database away (restarting, failing over): every write answers 503 as the server
 * does then and changes nothing; reads go through. Answers what brings it back.
 */
export function databaseAway(): () => void {
  const reachable = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    (init?.method ?? "GET") === "GET" ? reachable(input, init) : Promise.resolve(databaseAwayAnswer()),
  );
  return () => vi.stubGlobal("fetch", reachable);
}

/**
 * The server cannot read a list just now (restarting, its database away): every read of `path`
 * (whatever its query) answers 503 in words; everything else goes through. Answers what brings it
 * back.
 */
export function readsFail(path: string): () => void {
  const reachable = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://x");
    if ((init?.method ?? "GET") !== "GET" || url.pathname !== path) return reachable(input, init);
    return Promise.resolve(databaseAwayAnswer());
  });
  return () => vi.stubGlobal("fetch", reachable);
}

/**
 * The connection drops once: the server does the next `method` request's work, and its answer
 * never arrives (the request fails as with no connection). Everything after goes through.
 */
export function loseNextAnswer(method: string): void {
  const reachable = globalThis.fetch;
  let lose = true;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await reachable(input, init);
    if (lose && init?.method === method) {
      lose = false;
      throw new TypeError("Failed to fetch");
    }
    return answer;
  });
}

/**
 * A slow network: the server's answers to the requests `held` picks are kept back (the server has
 * done the work) until the function it answers is called.
 */
export function holdAnswers(held: (url: string, init: RequestInit) => boolean): () => void {
  const reachable = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const answer = await reachable(input, init);
    if (held(String(input), init)) await gate;
    return answer;
  });
  return () => release();
}

/** A call straight to the API as the signed-in user, for checking what the server stored. */
export async function server<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * Gives the signed-in user as many quick wins or thoughts as one person keeps (KEEP_AT_MOST,
 * docs/decisions/070-what-one-account-can-keep.md), through the import, a file's worth at a time.
 */
export async function fillUp(kind: "quickWins" | "thoughts"): Promise<void> {
  const limit = KEEP_AT_MOST[kind];
  for (let from = 0; from < limit; from += IMPORT_MAX_ITEMS) {
    const items = Array.from({ length: Math.min(IMPORT_MAX_ITEMS, limit - from) }, (_, i) =>
      kind === "quickWins" ? { text: `Kept ${from + i}` } : { content: `Kept ${from + i}`, type: "Note" },
    );
    await server("POST", "/api/data/import", { format: EXPORT_FORMAT, version: 1, [kind]: items });
  }
}

/** Draws `ui` inside the app's providers; `signedInAs` is the session as the app's shell had read it. */
export function renderWithApp(ui: ReactElement, { signedInAs }: { signedInAs?: User } = {}) {
  const queryClient = createQueryClient();
  if (signedInAs) queryClient.setQueryData(queryKeys.me, signedInAs);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <FocusSessionProvider>
          {ui}
          <Toaster />
        </FocusSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/**
 * Draws a page as the signed-in layout holds it: with the session read by the app and the outbox
 * of `user`, whose waiting writes its lists show (docs/decisions/029-installable-offline.md).
 */
export function renderWithOutbox(page: ReactElement, user: Pick<User, "id">) {
  return renderWithApp(
    <AuthProvider>
      <WaitingWrites userId={user.id} />
      {page}
    </AuthProvider>,
  );
}

/** The keys of the drafts this browser keeps (web/lib/draft.ts). */
export const storedDrafts = (): string[] => Object.keys(localStorage).filter((key) => key.startsWith("draft:"));

/** A new user whose day runs on UTC, so the test's dates are the app's. */
export async function signUpInUtc(): Promise<User> {
  const user = await signUp();
  await server("PUT", "/api/settings", { timeZone: "UTC" });
  return user;
}

/**
 * After each test: unmount, close every toast (the store outlives a render), forget the session
 * and what this page held of the outbox (its waiting writes stay in IndexedDB, per user).
 */
export function resetApp(): void {
  cleanup();
  dismissToast();
  stopShowingWaiting();
  vi.unstubAllGlobals();
  localStorage.clear();
}
