/**
 * The service worker from the page's side (docs/decisions/029-installable-offline.md): registered
 * by the signed-in app in a production build; a new version waits until the person reloads from
 * the "A new version is ready" prompt. What it keeps of one user is cleared by offline-caches.ts.
 */
import { OPEN_PATH } from "../../shared/offline.ts";
import { matchPage } from "../../shared/web-routes.ts";

type Listener = () => void;
const listeners = new Set<Listener>();
let applyUpdate: (() => void) | null = null;

/** Whether a new version is installed and waiting for a reload. */
export const updateWaiting = () => applyUpdate !== null;

export function subscribeToUpdates(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the waiting version take over, then loads the page again with it. */
export function reloadWithUpdate(): void {
  applyUpdate?.();
}

/**
 * Registers /sw.js. When the very first version takes the page, it is given the addresses this
 * page read before it existed (`readsSoFar`), and reads them again itself (Workbox's
 * `CACHE_URLS` message, handled by the routes of web/sw/sw.ts), so they are there offline. The
 * page does nothing more: its data are already on screen.
 */
let registered = false;
export function registerServiceWorker(readsSoFar: () => string[]): void {
  if (registered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registered = true;
  // A page a worker already controls reads through it from the start: nothing to read again.
  if (navigator.serviceWorker.controller) readsSoFar();
  // Workbox's page side is fetched here, once the browser is idle, not with the first screen.
  void import("workbox-window")
    .then(({ Workbox }) => {
      const wb = new Workbox("/sw.js", { scope: "/" });
      wb.addEventListener("waiting", () => {
        applyUpdate = () => {
          navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
          // The waiting worker takes over (web/sw/sw.ts listens for SKIP_WAITING) and the page reloads.
          wb.messageSkipWaiting();
        };
        for (const l of listeners) l();
      });
      wb.addEventListener("controlling", (event) => {
        if (event.isUpdate) return;
        const urlsToCache = readsSoFar();
        if (urlsToCache.length > 0)
          wb.messageSW({ type: "CACHE_URLS", payload: { urlsToCache } }).catch(() => undefined);
      });
      return wb.register();
    })
    .catch(() => {
      // No worker (private mode, a browser that refuses, its code not fetched while offline):
      // the app works online as before, and the next load registers it.
    });
}

/**
 * A reminder chosen in the system's notifications while the app is open: the service worker asks
 * this window to show the reminder's screen (web/sw/notification-click.ts), and the router goes
 * there without reloading the page. Only paths of the signed-in app are followed.
 */
export function followNotificationClicks(navigate: (path: string) => void): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type !== OPEN_PATH || typeof data.path !== "string") return;
    const url = new URL(data.path, location.origin);
    if (url.origin !== location.origin) return;
    if (matchPage(url.pathname).kind === "app") navigate(url.pathname + url.search + url.hash);
  };
  navigator.serviceWorker.addEventListener("message", onMessage);
  return () => navigator.serviceWorker.removeEventListener("message", onMessage);
}
