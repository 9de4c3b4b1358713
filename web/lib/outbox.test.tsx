// @vitest-environment jsdom
/** The outbox against the real API: each waiting create is made once, in order, by its owner only. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuickWin, Task } from "../../shared/schemas.ts";
import { databaseAwayAnswer, resetApp, server, signUp } from "../testing/app-harness.tsx";
import {
  CREATED_ID,
  keepWaiting,
  newIdempotencyKey,
  putBack,
  sendWaiting,
  takeBack,
  type WaitingWrite,
  withWaitingChanges,
} from "./outbox.ts";

let userId: number;
beforeEach(async () => {
  userId = (await signUp()).id;
});
afterEach(resetApp);

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

  it("sends a waiting create, then the ticks made on it to the record it became, each once", async () => {
    await keepWaiting({
      userId,
      key: newIdempotencyKey(),
      path: "/api/tasks",
      body: { title: "Post the letter" },
      label: "Post the letter",
    });
    await wait("Stretch");
    const quickWin = (await storedWrites())[1];
    // Ticked, unticked and ticked again while it waits: one change, its last value.
    await keepWaiting({
      userId,
      method: "PATCH",
      key: "t",
      path: `/api/quick-wins/${CREATED_ID}`,
      list: "/api/quick-wins",
      after: quickWin.id,
      body: { completed: true },
      label: "Stretch",
    });
    await keepWaiting({
      userId,
      method: "PATCH",
      key: "t",
      path: `/api/quick-wins/${CREATED_ID}`,
      list: "/api/quick-wins",
      after: quickWin.id,
      body: { completed: false },
      label: "Stretch",
    });
    await keepWaiting({
      userId,
      method: "PATCH",
      key: "t",
      path: `/api/quick-wins/${CREATED_ID}`,
      list: "/api/quick-wins",
      after: quickWin.id,
      body: { completed: true },
      label: "Stretch",
    });
    expect(await storedWrites()).toHaveLength(3);

    await sendWaiting(userId, callbacks());
    await sendWaiting(userId, callbacks());
    expect(await storedWrites()).toEqual([]);
    const wins = await server<QuickWin[]>("GET", "/api/quick-wins");
    expect(wins.map((q) => [q.text, q.completed])).toEqual([["Stretch", true]]);
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.title)).toEqual(["Post the letter"]);
  });

  it("a tick of a record the server has carries its whole value: sent twice, it is still done", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Water the plants" });
    const tick = {
      userId,
      method: "PATCH" as const,
      key: "k",
      path: `/api/tasks/${task.id}`,
      list: "/api/tasks",
      label: "Water the plants",
    };
    await keepWaiting({ ...tick, body: { completed: true } });
    // Shown done in the lists read meanwhile (a reload offline reads the kept copy).
    const read = await withWaitingChanges("/api/tasks", await server<Task[]>("GET", "/api/tasks"));
    expect(read.map((t) => t.completed)).toEqual([true]);

    await sendWaiting(userId, callbacks());
    await keepWaiting({ ...tick, body: { completed: true } });
    await sendWaiting(userId, callbacks());
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => t.completed)).toEqual([true]);
  });

  it("drops the ticks of a create the server refused, with it", async () => {
    await wait("   ");
    const [refused] = await storedWrites();
    await keepWaiting({
      userId,
      method: "PATCH",
      key: "t",
      path: `/api/quick-wins/${CREATED_ID}`,
      list: "/api/quick-wins",
      after: refused.id,
      body: { completed: true },
      label: "   ",
    });
    await wait("Kept");
    const cb = callbacks();
    await sendWaiting(userId, cb);
    expect(cb.onRefused).toHaveBeenCalledTimes(1);
    expect(await storedWrites()).toEqual([]);
    expect((await server<QuickWin[]>("GET", "/api/quick-wins")).map((q) => [q.text, q.completed])).toEqual([
      ["Kept", false],
    ]);
  });
});

describe("something new taken back while it waits (docs/decisions/087-taking-back-something-new.md)", () => {
  /** A quick win waiting to be added, and its tick made while it waits. */
  const winTickedWhileItWaits = async (text: string) => {
    await wait(text);
    const [create] = (await storedWrites()).filter((w) => w.label === text);
    await keepWaiting({
      userId,
      method: "PATCH",
      key: `${create.key}:tick`,
      path: `/api/quick-wins/${CREATED_ID}`,
      list: "/api/quick-wins",
      after: create.id,
      body: { completed: true },
      label: text,
    });
    return create;
  };

  it("is not sent, and takes its tick with it; what else waits is sent", async () => {
    const create = await winTickedWhileItWaits("Stretch");
    await wait("Kept");
    const taken = await takeBack(create);
    expect(taken?.map((w) => w.method ?? "POST")).toEqual(["POST", "PATCH"]);
    expect((await storedWrites()).map((w) => w.label)).toEqual(["Kept"]);

    const cb = callbacks();
    await sendWaiting(userId, cb);
    expect(cb.onRefused).not.toHaveBeenCalled();
    expect((await server<QuickWin[]>("GET", "/api/quick-wins")).map((q) => q.text)).toEqual(["Kept"]);
  });

  it("kept again (Undo), it is sent in its place with its tick, once", async () => {
    const create = await winTickedWhileItWaits("Stretch");
    await wait("Kept");
    const taken = await takeBack(create);
    await putBack(taken ?? []);
    expect((await storedWrites()).map((w) => [w.label, w.method ?? "POST"])).toEqual([
      ["Stretch", "POST"],
      ["Stretch", "PATCH"],
      ["Kept", "POST"],
    ]);

    await sendWaiting(userId, callbacks());
    await sendWaiting(userId, callbacks());
    expect((await server<QuickWin[]>("GET", "/api/quick-wins")).map((q) => [q.text, q.completed])).toEqual([
      ["Stretch", true],
      ["Kept", false],
    ]);
  });

  it("taken back just as its sending reads what waits, it is not sent, nor its tick", async () => {
    const create = await winTickedWhileItWaits("Stretch");
    await wait("Kept");
    const cb = callbacks();
    const sending = sendWaiting(userId, cb);
    const taken = await takeBack(create);
    await sending;
    expect(taken?.map((w) => w.method ?? "POST")).toEqual(["POST", "PATCH"]);
    expect(cb.onRefused).not.toHaveBeenCalled();
    expect((await server<QuickWin[]>("GET", "/api/quick-wins")).map((q) => [q.text, q.completed])).toEqual([
      ["Kept", false],
    ]);
    expect(await storedWrites()).toEqual([]);
  });

  it("already sent, it cannot be taken back", async () => {
    await wait("Stretch");
    const [create] = await storedWrites();
    await sendWaiting(userId, callbacks());
    expect(await takeBack(create)).toBeUndefined();
    expect(await texts()).toEqual(["Stretch"]);
  });
});

async function storedWrites(): Promise<WaitingWrite[]> {
  const { openDB } = await import("idb");
  const all = (await (await openDB("daily-compass-outbox", 1)).getAll("writes")) as WaitingWrite[];
  return all.filter((w) => w.userId === userId);
}

describe("a server that cannot serve just now (docs/decisions/083-when-the-server-cannot-serve.md)", () => {
  it("answered 503 with Retry-After, what waits is tried again no sooner than the server asked", async () => {
    await wait("Stretch");
    let tries = 0;
    // The server's database away: it asks to be tried again in 10 s.
    vi.stubGlobal("fetch", async () => {
      tries++;
      return databaseAwayAnswer();
    });
    // A try made when its timer is due still reads what waits from this device's storage first.
    const realTimeout = globalThis.setTimeout;
    const settle = () => new Promise((resolve) => realTimeout(resolve, 300));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const cb = callbacks();
      await sendWaiting(userId, cb);
      expect(tries).toBe(1);
      // Past the outbox's own first wait (1 s), well before the server's 10 s.
      await vi.advanceTimersByTimeAsync(2_000);
      await settle();
      await vi.advanceTimersByTimeAsync(7_000);
      await settle();
      expect(tries).toBe(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await vi.waitFor(() => expect(tries).toBe(2));
      expect(cb.onRefused).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a 409 for a waiting write (docs/decisions/029-installable-offline.md)", () => {
  it("with Retry-After (the same write, sent before, is still being handled): it keeps waiting, and is sent later", async () => {
    await wait("Stretch");
    const reachable = globalThis.fetch;
    // What the server answers while another request with the same key is being handled.
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({
            message: "A request with this Idempotency-Key is still being handled. Please try again.",
            code: "CONFLICT",
          }),
          { status: 409, headers: { "content-type": "application/json", "retry-after": "1" } },
        ),
    );
    const cb = callbacks();
    await sendWaiting(userId, cb);
    expect(cb.onRefused).not.toHaveBeenCalled();
    vi.stubGlobal("fetch", reachable);
    await sendWaiting(userId, cb);
    expect(cb.onRefused).not.toHaveBeenCalled();
    expect(await texts()).toEqual(["Stretch"]);
  });

  it("without it (a thought converted elsewhere meanwhile): it is refused once, and waits no more", async () => {
    const thought = await server<{ id: number }>("POST", "/api/thoughts", {
      content: "Book the plumber",
      type: "Task",
    });
    await keepWaiting({
      userId,
      key: newIdempotencyKey(),
      path: `/api/thoughts/${thought.id}/convert`,
      list: "/api/tasks",
      body: { to: "task" },
      label: "Book the plumber",
    });
    await server("POST", `/api/thoughts/${thought.id}/convert`, { to: "quick-win" });
    const cb = callbacks();
    await sendWaiting(userId, cb);
    expect(cb.onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ label: "Book the plumber" }),
      "This thought was already converted",
    );
    await sendWaiting(userId, cb);
    expect(cb.onRefused).toHaveBeenCalledTimes(1);
    expect(await server<Task[]>("GET", "/api/tasks")).toEqual([]);
  });
});
