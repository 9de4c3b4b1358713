/**
 * What choosing a reminder does (docs/decisions/031-reminders-by-web-push.md): the screen it is
 * about opens in the app's window if one is open — brought forward and moved there by the app's
 * own router, so a running focus session or a half-typed thought is not reloaded away — and in a
 * new window otherwise. Only paths of this app are opened.
 */
import { OPEN_PATH } from "../../shared/offline.ts";
import { matchPage } from "../../shared/web-routes.ts";

/** The path a notification's data names, or the dashboard for anything that is not one of ours. */
export function notificationPath(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/dashboard";
}

type Window = Pick<WindowClient, "url" | "focus" | "navigate" | "postMessage">;
export type WindowClients = {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<ReadonlyArray<Window>>;
  openWindow(url: string): Promise<unknown>;
};

export async function openFromNotification(clients: WindowClients, data: unknown, origin: string): Promise<void> {
  const path = notificationPath(data);
  const windows = (await clients.matchAll({ type: "window", includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === origin,
  );
  // A window already in the signed-in app moves there itself; one on a public page is loaded anew.
  const inApp = windows.find((w) => matchPage(new URL(w.url).pathname).kind === "app");
  if (inApp) {
    await inApp.focus();
    inApp.postMessage({ type: OPEN_PATH, path });
    return;
  }
  const other = windows[0];
  if (other) {
    await other.focus();
    await other.navigate(new URL(path, origin).href);
    return;
  }
  await clients.openWindow(new URL(path, origin).href);
}
