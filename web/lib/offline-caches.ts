/**
 * Clearing what the service worker kept of one person (docs/decisions/029-installable-offline.md):
 * at sign-out, and at sign-in so nothing another account left shows. Small on purpose: the public
 * sign-in page uses it without the worker's registration code.
 */
import { USER_CACHES } from "../../shared/offline.ts";

/** Forgets every page and answer kept for the person who was signed in. */
export async function forgetCachedAnswers(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name))).catch(() => undefined);
}
