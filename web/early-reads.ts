/**
 * The signed-in app shell's early reads (docs/decisions/038-early-first-reads.md): a small classic
 * script in index.html's <head>, built apart from the app (vite.config.ts), that starts the first
 * screen's reads while the app's scripts are still downloading. The app takes their answers in
 * place of its own calls for the same addresses (web/lib/early-reads.ts).
 */
import { firstReadUrls } from "./app/first-read-urls.ts";
import { storedMood } from "./features/mood/stored.ts";
import { localToday } from "./lib/dates.ts";
import { startEarlyReads } from "./lib/early-reads.ts";

try {
  startEarlyReads(firstReadUrls(location.pathname, { mood: storedMood(), today: localToday() }));
} catch {
  // No fetch, or anything else amiss: the app makes its reads itself.
}
