/**
 * A real Web Push service for tests: the `web-push-testing` server, run in this process on a free
 * port. It hands out subscriptions like a browser's push service does, checks each message's VAPID
 * signature and encryption (RFC 8291/8292), decrypts it, and keeps it for the test to read.
 */
import { createRequire } from "node:module";
import net from "node:net";

const require = createRequire(import.meta.url);

export type PushServiceSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
};

export type TestPushService = {
  url: string;
  subscribe: (applicationServerKey: string) => Promise<PushServiceSubscription>;
  /** The decrypted messages a subscription received, oldest first. */
  messages: (clientHash: string) => Promise<string[]>;
  /** The subscription now answers 410 Gone, as after the user revoked permission. */
  expire: (clientHash: string) => Promise<void>;
  close: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPushService(): Promise<TestPushService> {
  const WebPushTestingServer = require("web-push-testing/src/server.js");
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
  const port = await freePort();
  const server = new WebPushTestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // it announces its port on the console
  try {
    server.startServer();
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetch(`${url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body ?? {}),
        });
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  return {
    url,
    subscribe: async (applicationServerKey) => {
      const res = await post("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      if (!res.ok) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: PushServiceSubscription }).data;
    },
    messages: async (clientHash) => {
      const res = await post("/get-notifications", { clientHash });
      if (!res.ok) throw new Error(`get-notifications: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    expire: async (clientHash) => {
      const res = await post(`/expire-subscription/${clientHash}`);
      if (!res.ok) throw new Error(`expire: ${res.status}`);
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
