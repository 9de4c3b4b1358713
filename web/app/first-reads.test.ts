// @vitest-environment jsdom
/**
 * The <head>'s early reads (web/early-reads.ts) are used only when their addresses are the very
 * ones the app's first reads ask for: these hold the two together, and the hand-over to the app.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../shared/constants.ts";
import { api } from "../lib/api.ts";
import { localToday } from "../lib/dates.ts";
import { endEarlyReads, startEarlyReads } from "../lib/early-reads.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { firstReadUrls } from "./first-read-urls.ts";
import { startFirstReads } from "./first-reads.ts";

type Listen = (event: "unhandledRejection", listener: () => void) => void;
const asked: string[] = [];
const answer = (url: string) =>
  new Response(JSON.stringify(url.includes("?") ? [] : { user: null }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

beforeEach(() => {
  asked.length = 0;
  globalThis.__earlyReads = undefined;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      return answer(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the first reads", () => {
  it.each([
    ["/", null],
    ["/", "Tired"],
    ["/dashboard", "Happy"],
    ["/dashboard/", "Sad"],
    ["/tasks", "Tired"],
    ["/settings", null],
  ])("on %s with the mood %s, the app asks for exactly the addresses the <head> starts", (path, mood) => {
    if (mood) localStorage.setItem(STORAGE_KEYS.mood, mood);
    startFirstReads(createQueryClient(), path);
    const expected = firstReadUrls(path, { mood: mood as "Tired" | null, today: localToday() });
    expect(asked).toEqual(expected);
    expect(expected.length).toBe(path.startsWith("/dashboard") || path === "/" ? 7 : 1);
    if (mood && expected.length > 1) expect(expected.some((url) => url.includes(`mood=${mood}`))).toBe(true);
  });

  it("the schedule's days are today's and tomorrow's in the browser's own zone", () => {
    const urls = firstReadUrls("/", { mood: null, today: "2026-12-31" });
    expect(urls).toContain("/api/events?from=2026-12-31&to=2027-01-01&limit=200");
    expect(localToday(new Date(2026, 1, 3, 23, 59))).toBe("2026-02-03");
  });
});

describe("the hand-over from the <head> to the app", () => {
  it("takes each early read once, in place of its own call", async () => {
    startEarlyReads(["/api/settings", "/api/auth/me"]);
    expect(asked).toEqual(["/api/settings", "/api/auth/me"]);
    await api.query("/api/settings");
    await api.get("/api/auth/me", { nullOn401: true });
    expect(asked).toEqual(["/api/settings", "/api/auth/me"]);
    // Taken once: a later read of the same address is a call of its own.
    await api.query("/api/settings");
    expect(asked).toEqual(["/api/settings", "/api/auth/me", "/api/settings"]);
  });

  it("a failed early read fails the app's call as its own would, and is never an unhandled rejection", async () => {
    // This file runs in jsdom; the Node process beneath still hears of unhandled rejections.
    const { process } = globalThis as unknown as { process: { on: Listen; off: Listen } };
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    // A plain function: a mock would itself handle the promises it returns, to record them.
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    startEarlyReads(["/api/settings", "/api/welcome-back"]);
    await expect(api.query("/api/settings")).rejects.toThrow("Failed to fetch");
    // The other one is never taken.
    endEarlyReads();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("once the app has started, a late <head> script starts nothing, and nothing is left to take", async () => {
    startEarlyReads(["/api/settings"]);
    endEarlyReads();
    await api.query("/api/settings");
    expect(asked).toEqual(["/api/settings", "/api/settings"]);
    startEarlyReads(["/api/auth/me"]);
    expect(asked).toEqual(["/api/settings", "/api/settings"]);
  });
});
