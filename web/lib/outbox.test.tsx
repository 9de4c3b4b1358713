// @vitest-environment jsdom
/** The outbox against the real API: each waiting create is made once, in order, by its owner only. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuickWin } from "../../shared/schemas.ts";
import { resetApp, server, signUp } from "../testing/app-harness.tsx";
import { keepWaiting, newIdempotencyKey, sendWaiting, stopShowingWaiting, type WaitingWrite } from "./outbox.ts";

let userId: number;
beforeEach(async () => {
  userId = (await signUp()).id;
});
afterEach(() => {
  stopShowingWaiting();
  resetApp();
});

const texts = async () => (await server<QuickWin[]>("GET", "/api/quick-wins")).map((q) => q.text);
const wait = (text: string, owner = userId) =>
  keepWaiting({ userId: owner, key: newIdempotencyKey(), path: "/api/quick-wins", body: { text }, label: text });
const callbacks = () => ({ onSent: vi.fn<(w: WaitingWrite) => void>(), onRefused: vi.fn() });

describe("the outbox", () => {
  it("sends what waits in order, once each, even when sent twice at the same time", async () => {
    await wait("First");
    await wait("Second");
    const cb = callbacks();
    await Promise.all([sendWaiting(userId, cb), sendWaiting(userId, cb)]);
    await sendWaiting(userId, cb);
    expect(await texts()).toEqual(["First", "Second"]);
    expect(cb.onSent.mock.calls.map(([w]) => w.label)).toEqual(["First", "Second"]);
    expect(cb.onRefused).not.toHaveBeenCalled();
  });

  it("a write the server took before the answer was lost is not made twice", async () => {
    const key = newIdempotencyKey();
    await keepWaiting({ userId, key, path: "/api/quick-wins", body: { text: "Once" }, label: "Once" });
    await fetch("/api/quick-wins", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ text: "Once" }),
    });
    await sendWaiting(userId, callbacks());
    expect(await texts()).toEqual(["Once"]);
  });

  it("keeps everything while the server cannot be reached, and drops only what the server refuses", async () => {
    await wait("   ");
    await wait("Kept");
    const cb = callbacks();
    const reachable = globalThis.fetch;
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await sendWaiting(userId, cb);
    expect(cb.onSent).not.toHaveBeenCalled();
    vi.stubGlobal("fetch", reachable);

    await sendWaiting(userId, cb);
    expect(cb.onRefused).toHaveBeenCalledTimes(1);
    expect(cb.onRefused.mock.calls[0][0].label).toBe("   ");
    expect(await texts()).toEqual(["Kept"]);
  });

  it("sends nothing of another person who used this browser", async () => {
    await wait("Theirs", userId + 1000);
    await sendWaiting(userId, callbacks());
    expect(await texts()).toEqual([]);
  });
});
