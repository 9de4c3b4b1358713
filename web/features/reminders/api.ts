import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { pushKey, pushTestResult, ReminderSettings, reminderSettings } from "../../../shared/reminders.ts";
import { api } from "../../lib/api.ts";

const SETTINGS = "/api/reminders/settings";
const reminderSettingsQuery = () =>
  queryOptions({ queryKey: [SETTINGS], queryFn: () => api.query<typeof reminderSettings>(SETTINGS) });

export function useReminderSettings() {
  return useQuery(reminderSettingsQuery());
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<ReminderSettings>) => api.put<typeof reminderSettings>(SETTINGS, patch),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQuery().queryKey, saved),
  });
}

/** Whether this browser can receive reminders at all (a service worker with the Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    typeof Notification !== "undefined"
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new Error("The app's offline helper is not installed yet. Please reload the page and try again.");
  return found;
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns reminders on for this device: asks for permission (only now, when the person chose to),
 * subscribes with the server's key and tells the server.
 */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error("Notifications are turned off for this site in your browser, so reminders cannot reach you.");
  }
  const { publicKey } = await api.get<typeof pushKey>("/api/push/key");
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const subscription =
    existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.post("/api/push/subscriptions", subscription.toJSON());
}

export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.post("/api/push/subscriptions/remove", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

export function sendTestReminder() {
  return api.post<typeof pushTestResult>("/api/push/test");
}
