/**
 * The service worker (docs/decisions/029-installable-offline.md): the app's hashed files are
 * precached at install; pages and the reads of today's screens go to the network first and fall
 * back to their last answer when there is none. A new version waits until the person chooses to
 * reload (the page shows "A new version is ready"); it never takes over a page on its own.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { API_CACHE, PAGE_CACHE, readKeptOffline, SKIP_WAITING } from "../../shared/offline.ts";
import { APP_PAGES, matchPage } from "../../shared/web-routes.ts";
import { notificationPath, openFromNotification } from "./notification-click.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once, so it works offline from the first visit; later
// versions wait for SKIP_WAITING.
clientsClaim();

/** Only whole, same-origin answers are kept: no redirects, no errors, no sign-in page for a 401. */
const onlyComplete = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && response.type === "basic" && !response.redirected ? response : null,
};

const pages = new NetworkFirst({
  cacheName: PAGE_CACHE,
  networkTimeoutSeconds: 5,
  matchOptions: { ignoreVary: true, ignoreSearch: true },
  plugins: [
    onlyComplete,
    {
      // A page never opened before, offline: the app's shell from any page opened before (the same
      // HTML for every path of the signed-in app), and the app finds its way from the address.
      handlerDidError: async () => {
        const cache = await caches.open(PAGE_CACHE);
        const keys = await cache.keys();
        const shell = keys.find((k) => matchPage(new URL(k.url).pathname).kind === "app");
        return (shell && (await cache.match(shell, { ignoreVary: true }))) ?? Response.error();
      },
    },
  ],
});
registerRoute(new NavigationRoute(pages, { denylist: [/^\/api\//] }));

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && readKeptOffline(url, request),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 5,
    matchOptions: { ignoreVary: true },
    plugins: [onlyComplete],
  }),
);

// The page that registered the worker was loaded before it: keep the app's shell now, so the next
// start without a connection finds it. A signed-out browser is redirected and keeps nothing.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const url = APP_PAGES.dashboard;
      const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
      if (response && (await onlyComplete.cacheWillUpdate({ response }))) {
        await (await caches.open(PAGE_CACHE)).put(url, response);
      }
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

// Reminders (docs/decisions/031-reminders-by-web-push.md): each push message is shown as a
// notification; choosing it opens the screen it is about, in the app's open window if there is one.
self.addEventListener("push", (event) => {
  let message: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    message = event.data?.json() ?? {};
  } catch {
    message = { body: event.data?.text() };
  }
  const text = (v: unknown, fallback: string) => (typeof v === "string" && v ? v : fallback);
  event.waitUntil(
    self.registration.showNotification(text(message.title, "Daily Compass"), {
      body: text(message.body, ""),
      tag: text(message.tag, "") || undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      // Only a path of this app is ever opened.
      data: { url: notificationPath(message) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(self.clients, event.notification.data, self.location.origin));
});
