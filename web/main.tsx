// The signed-in app's entry. The stored theme is already on: web/theme.js runs in <head> first.
import "./styles.css";
// The reading font a person may choose in Settings; its files load only once it is in use.
import "@fontsource/atkinson-hyperlegible/400.css";
import "@fontsource/atkinson-hyperlegible/700.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { startFirstReads } from "./app/first-reads.ts";
import { Providers } from "./app/providers.tsx";
import { AppRoutes, NotificationClicks, preloadFirstScreen } from "./app/router.tsx";
import { endEarlyReads } from "./lib/early-reads.ts";
import { createQueryClient } from "./lib/query-client.ts";

const queryClient = createQueryClient();
// The screen's code is asked for first, then its reads and the session check: neither waits.
// Those the <head> started already (web/early-reads.ts) are taken over, not asked for again.
// In a task of their own, after the one that runs the app's modules, so neither is one long task
// with the other (decision 036). A message, not a timer: a background tab holds timers back.
const firstReads = new Promise<unknown>((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    preloadFirstScreen(location.pathname);
    resolve(startFirstReads(queryClient, location.pathname));
    endEarlyReads();
  };
  channel.port2.postMessage(null);
});

/**
 * How long the first draw waits for the first reads. The <head> has usually had them answered
 * while the scripts downloaded, so the screen is drawn once, whole, instead of its frame first
 * and its cards a moment later; a slow read waits no longer than this (decision 038).
 */
const FIRST_DRAW_WAIT_MS = 400;
const root = document.getElementById("root");
const firstDraw = Promise.race([firstReads, new Promise((resolve) => setTimeout(resolve, FIRST_DRAW_WAIT_MS))]);
if (root)
  void firstDraw.then(() =>
    // In a transition: React draws the screen in short slices, the browser free between them.
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <Providers client={queryClient}>
            <BrowserRouter>
              <NotificationClicks />
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </StrictMode>,
      ),
    ),
  );
