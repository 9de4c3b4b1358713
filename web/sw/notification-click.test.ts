import { describe, expect, it } from "vitest";
import { OPEN_PATH } from "../../shared/offline.ts";
import { notificationPath, openFromNotification, type WindowClients } from "./notification-click.ts";

const origin = "https://compass.example";

/** The browser's window clients as the service worker sees them, recording what it asks of them. */
function browser(urls: string[]) {
  const calls: string[] = [];
  const windows = urls.map((url) => ({
    url,
    focus: async () => {
      calls.push(`focus ${url}`);
      return undefined as never;
    },
    navigate: async (to: string) => {
      calls.push(`navigate ${url} → ${to}`);
      return null;
    },
    postMessage: (message: unknown) => {
      calls.push(`message ${url} ${JSON.stringify(message)}`);
    },
  }));
  const clients: WindowClients = {
    matchAll: async () => windows,
    openWindow: async (to) => {
      calls.push(`open ${to}`);
      return null;
    },
  };
  return { clients, calls };
}

describe("choosing a reminder", () => {
  it("moves the app's open window to the reminder's screen without loading it again", async () => {
    const { clients, calls } = browser(["https://other.example/", `${origin}/inbox`]);
    await openFromNotification(clients, { url: "/calendar" }, origin);
    expect(calls).toEqual([
      `focus ${origin}/inbox`,
      `message ${origin}/inbox ${JSON.stringify({ type: OPEN_PATH, path: "/calendar" })}`,
    ]);
  });

  it("loads the screen in a window of ours that shows a public page", async () => {
    const { clients, calls } = browser([`${origin}/privacy`]);
    await openFromNotification(clients, { url: "/tasks" }, origin);
    expect(calls).toEqual([`focus ${origin}/privacy`, `navigate ${origin}/privacy → ${origin}/tasks`]);
  });

  it("opens a new window when none of ours is open", async () => {
    const { clients, calls } = browser(["https://other.example/dashboard"]);
    await openFromNotification(clients, { url: "/focus" }, origin);
    expect(calls).toEqual([`open ${origin}/focus`]);
  });

  it("opens only paths of this app: anything else shows the dashboard", () => {
    for (const data of [{ url: "https://evil.example/x" }, { url: "//evil.example/x" }, { url: 3 }, null, "x"]) {
      expect(notificationPath(data)).toBe("/dashboard");
    }
    expect(notificationPath({ url: "/inbox" })).toBe("/inbox");
  });
});
