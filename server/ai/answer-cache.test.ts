import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache.ts";

describe("answer cache", () => {
  it("keeps an answer about five minutes, per user", () => {
    let now = 0;
    const cache = new AnswerCache({ now: () => now });
    cache.set(1, "k", ["a"]);
    expect(cache.get(1, "k")).toEqual(["a"]);
    expect(cache.get(2, "k")).toBeUndefined();
    now = 5 * 60 * 1000 - 1;
    expect(cache.get(1, "k")).toEqual(["a"]);
    now = 5 * 60 * 1000;
    expect(cache.get(1, "k")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used entry beyond its cap", () => {
    const cache = new AnswerCache({ max: 3 });
    cache.set(1, "a", 1);
    cache.set(1, "b", 2);
    cache.set(1, "c", 3);
    cache.get(1, "a");
    cache.set(1, "d", 4);
    expect(cache.size).toBe(3);
    expect(cache.get(1, "b")).toBeUndefined();
    expect(cache.get(1, "a")).toBe(1);
    expect(cache.get(1, "d")).toBe(4);
  });

  it("forgets one user without touching another", () => {
    const cache = new AnswerCache();
    cache.set(1, "x", "mine");
    cache.set(1, "y", "mine too");
    cache.set(2, "x", "theirs");
    cache.forgetUser(1);
    expect(cache.get(1, "x")).toBeUndefined();
    expect(cache.get(1, "y")).toBeUndefined();
    expect(cache.get(2, "x")).toBe("theirs");
  });
});
