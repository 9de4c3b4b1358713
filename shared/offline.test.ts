import { describe, expect, it } from "vitest";
import { readKeptOffline } from "./offline.ts";

const read = (path: string, init: { method?: string; cache?: string } = {}) =>
  readKeptOffline(
    { pathname: path.split("?")[0] as string },
    { method: init.method ?? "GET", cache: init.cache ?? "default" },
  );

describe("the reads the service worker answers from its kept copy when the network is slow or gone", () => {
  it("are the lists, the session and the settings the screens read", () => {
    expect(read("/api/tasks?completed=false&limit=5")).toBe(true);
    expect(read("/api/projects/5")).toBe(true);
    expect(read("/api/auth/me")).toBe(true);
    expect(read("/api/ai/status")).toBe(false);
    expect(read("/api/projects/5", { method: "PUT" })).toBe(false);
  });
  it("leave out a read the page asks of the server itself: a record read again after it changed elsewhere", () => {
    expect(read("/api/projects/5", { cache: "no-store" })).toBe(false);
    expect(read("/api/tasks/3/steps", { cache: "no-store" })).toBe(false);
  });
});
