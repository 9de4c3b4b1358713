import type { PushPayload } from "../../shared/reminders.ts";
import type { PublicFetch } from "../net/public-fetch.ts";
import type { VapidKeys } from "./keys.ts";

export type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * What became of one message: delivered; the subscription is gone for good; refused for this
 * message only; or try again later.
 */
export type SendOutcome = "sent" | "gone" | "refused" | "retry";

/** How long a push service may keep a message for a device that is offline (seconds). */
const TIME_TO_LIVE = 60 * 60;

/**
 * Sends one message. `web-push` encrypts it (RFC 8291) and signs the request (VAPID, RFC 8292);
 * the request itself goes through the app's checked way out (decision 011), since the push
 * service's address came from a browser.
 */
export async function sendPush(
  fetcher: PublicFetch,
  vapid: VapidKeys,
  subscription: Subscription,
  payload: PushPayload,
  urgency: "normal" | "high" = "normal",
): Promise<SendOutcome> {
  // Loaded with the first message, not at start.
  const { default: webPush } = await import("web-push");
  const request = webPush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: TIME_TO_LIVE,
    urgency,
    topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
  });
  let status: number;
  try {
    const res = await fetcher.fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? undefined,
    });
    status = res.status;
    await res.arrayBuffer().catch(() => undefined);
  } catch {
    return "retry";
  }
  if (status >= 200 && status < 300) return "sent";
  // RFC 8030: 404 and 410 mean the subscription no longer exists. A 400/403/413 will not get
  // better by retrying either, but the device may still be fine, so it is kept.
  if (status === 404 || status === 410) return "gone";
  if (status === 429 || status >= 500) return "retry";
  return "refused";
}
