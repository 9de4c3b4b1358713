import { describe, expect, it } from "vitest";
import { eventListQuery, listUrl, pageInfo, taskListQuery, thoughtListQuery } from "./schemas.ts";

/** The query of a URL as the server's parser sees it. */
const queryOf = (url: string) =>
  Object.fromEntries(
    (url.split("?")[1] ?? "")
      .split("&")
      .filter(Boolean)
      .map((pair) => pair.split("=").map((part) => decodeURIComponent(part.replaceAll("+", " ")))),
  );

describe("listUrl", () => {
  it("writes what the server reads back", () => {
    const url = listUrl("/api/tasks", { completed: false, order: "focus", mood: "Tired", limit: 5, cursor: undefined });
    expect(url).toBe("/api/tasks?completed=false&order=focus&mood=Tired&limit=5");
    expect(taskListQuery.parse(queryOf(url))).toEqual({ completed: false, order: "focus", mood: "Tired", limit: 5 });
    const events = listUrl("/api/events", { from: "2025-03-12", to: "2025-03-13" });
    expect(eventListQuery.parse(queryOf(events))).toEqual({ from: "2025-03-12", to: "2025-03-13" });
    expect(thoughtListQuery.parse(queryOf(listUrl("/api/thoughts", { status: "inbox", limit: 1 })))).toEqual({
      status: "inbox",
      limit: 1,
    });
  });

  it("is the bare path, the whole list, without parameters", () => {
    expect(listUrl("/api/projects")).toBe("/api/projects");
    expect(listUrl("/api/projects", { cursor: undefined })).toBe("/api/projects");
  });
});

describe("pageInfo", () => {
  const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });
  it("reads the total and the next cursor of a page", () => {
    expect(pageInfo(headers({ "x-total-count": "312", "x-next-cursor": "WyJpZCIsNV0" }))).toEqual({
      total: 312,
      nextCursor: "WyJpZCIsNV0",
    });
    expect(pageInfo(headers({ "x-total-count": "3" }))).toEqual({ total: 3, nextCursor: null });
    expect(pageInfo(headers({}))).toEqual({ total: null, nextCursor: null });
  });
});
