/**
 * What the service worker keeps for offline use (docs/decisions/029-installable-offline.md), named
 * once for the worker and for the page that clears it at sign-out and sign-in.
 */

/** The signed-in app's HTML, by page path, network first. */
export const PAGE_CACHE = "dc-pages";
/** The last answers of the reads today's screens make, network first. Per user: cleared at sign-out. */
export const API_CACHE = "dc-api";
/** Every cache holding something of one user. */
export const USER_CACHES = [PAGE_CACHE, API_CACHE] as const;

/**
 * The reads kept for offline: the session, settings and the lists the dashboard, the inbox and the
 * Tasks page show. Assistant answers, calendar provider status, exports and devices are not kept.
 */
export const OFFLINE_READS = /^\/api\/(auth\/me|config|settings|tasks|quick-wins|thoughts|events|projects)(\/|$)/;

/**
 * Whether the service worker answers this read network first, from its kept copy when the network
 * is gone or slower than its timeout. Not a read the page asks of the server itself
 * (`cache: "no-store"`): a record read again because it changed elsewhere (decision 055) must be
 * the server's, or the change made to it is refused again.
 */
export function readKeptOffline(url: { pathname: string }, request: { method: string; cache: string }): boolean {
  return request.method === "GET" && request.cache !== "no-store" && OFFLINE_READS.test(url.pathname);
}

/** The message the page sends a waiting worker when the person chooses to reload. */
export const SKIP_WAITING = "SKIP_WAITING";

/**
 * From the service worker to an open window of the app: show this path. Sent when a reminder is
 * chosen in the system's notifications, so the open app moves to its screen without a reload.
 */
export const OPEN_PATH = "OPEN_PATH";
