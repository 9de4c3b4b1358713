/**
 * Reads started by the app shell's <head> (web/early-reads.ts) while the app's scripts download,
 * handed to the app's own calls for the same address. docs/decisions/038-early-first-reads.md
 *
 * The hand-over is a global the two share: absent until the head's script runs, then the reads it
 * started by address, and `null` once the app has started (its first reads are made). The head's
 * script comes before the app's module scripts, which wait for the page to be parsed, so it runs
 * first; should it ever come after the app has started, it starts nothing.
 */
type EarlyReads = Map<string, Promise<Response>> | null;

declare global {
  var __earlyReads: EarlyReads | undefined;
}

const JSON_GET: RequestInit = { credentials: "include", headers: { Accept: "application/json" } };

/** The head's side: starts a GET for each address, unless the app has started already. */
export function startEarlyReads(urls: string[]): void {
  if (globalThis.__earlyReads !== undefined) return;
  const reads = new Map<string, Promise<Response>>();
  for (const url of urls) {
    const read = fetch(url, JSON_GET);
    // Taken by the app, whose call then sees the failure, or dropped: never an unhandled rejection.
    read.catch(() => undefined);
    reads.set(url, read);
  }
  globalThis.__earlyReads = reads;
}

/** The app's side: the early read of this address, at most once; undefined when there is none. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const reads = globalThis.__earlyReads;
  const read = reads?.get(url);
  if (read) reads?.delete(url);
  return read;
}

/**
 * Called once the app has made its first reads: an early read nobody took (its address no longer
 * matched, as when the day turned between the two) is left to finish unread, and the head's
 * script, should it come only now, starts nothing.
 */
export function endEarlyReads(): void {
  globalThis.__earlyReads = null;
}
