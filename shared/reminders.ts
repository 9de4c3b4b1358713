import { z } from "zod";
import { text, timeString } from "./schemas.ts";

/** Lead times offered for an event's reminder, in minutes before it starts. */
export const EVENT_LEAD_MINUTES = [0, 5, 10, 15, 30, 60] as const;
export const DEFAULT_EVENT_LEAD_MINUTES = 10;

export const reminderSettings = z.object({
  /** Minutes before an event starts; 0 = at its start. */
  eventLeadMinutes: z.number().int(),
  events: z.boolean(),
  tasks: z.boolean(),
  thoughts: z.boolean(),
  focusEnd: z.boolean(),
  /** HH:MM for a daily "plan your day" nudge, or null when off. */
  dailyPlanTime: z.string().nullable(),
  /** Quiet hours, HH:MM to HH:MM in the user's zone (may run past midnight); null when none. */
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

export const updateReminderSettingsInput = z
  .object({
    eventLeadMinutes: z
      .number()
      .int()
      .refine((m) => (EVENT_LEAD_MINUTES as readonly number[]).includes(m), {
        message: `Must be one of ${EVENT_LEAD_MINUTES.join(", ")}`,
      }),
    events: z.boolean(),
    tasks: z.boolean(),
    thoughts: z.boolean(),
    focusEnd: z.boolean(),
    dailyPlanTime: timeString.nullable(),
    quietStart: timeString.nullable(),
    quietEnd: timeString.nullable(),
  })
  .partial()
  .strict();

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionInput = z.object({
  endpoint: text().url("Must be the push service's address").max(2000, "At most 2000 characters"),
  expirationTime: z.number().nullish(),
  keys: z.object({
    p256dh: text().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "Must be the subscription's p256dh key"),
    auth: text().regex(/^[A-Za-z0-9_-]{16,64}={0,2}$/, "Must be the subscription's auth key"),
  }),
});

export const pushUnsubscribeInput = z.object({ endpoint: text().max(2000, "At most 2000 characters") });

export const pushKey = z.object({ publicKey: z.string() });
export const pushDevice = z.object({ id: z.number(), device: z.string().nullable(), createdAt: z.string() });
export const pushTestResult = z.object({ sent: z.number().int() });

export const focusTimerInput = z.object({
  /** When the running focus session ends (ISO-8601), at most 4 hours ahead. */
  endsAt: z.iso.datetime({ offset: true }),
});

/** What a push message carries; the service worker shows it and opens `url` when clicked. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
