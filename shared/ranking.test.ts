import { describe, expect, it } from "vitest";
import {
  type FocusRankable,
  isLowEnergyMood,
  isPutOff,
  rankFocusTasks,
  rankQuickWins,
  todayInZone,
  todaysFocusTasks,
} from "./ranking.ts";

const TODAY = "2025-03-12";
let nextId = 1;
function task(over: Partial<FocusRankable> & { title?: string } = {}): FocusRankable & { title: string } {
  const id = over.id ?? nextId++;
  return {
    id,
    title: over.title ?? `t${id}`,
    dueDate: null,
    dueTime: null,
    timeEstimate: 15,
    createdAt: "2025-03-01T09:00:00.000Z",
    ...over,
  };
}
const titles = (list: Array<{ title: string }>) => list.map((t) => t.title);
const calm = { today: TODAY, lowEnergy: false };
const tired = { today: TODAY, lowEnergy: true };

describe("focus ranking", () => {
  it("puts tasks with a due moment first, soonest first, then the rest oldest first", () => {
    const list = [
      task({ title: "undated old", createdAt: "2025-01-01T00:00:00.000Z" }),
      task({ title: "due tomorrow 08:00", dueDate: "2025-03-13", dueTime: "08:00" }),
      task({ title: "undated older", createdAt: "2024-12-01T00:00:00.000Z" }),
      task({ title: "due today 17:00", dueTime: "17:00" }),
      task({ title: "due today 09:00 (approaching)", dueTime: "09:00" }),
    ];
    expect(titles(rankFocusTasks(list, calm))).toEqual([
      "due today 09:00 (approaching)",
      "due today 17:00",
      "due tomorrow 08:00",
      "undated older",
      "undated old",
    ]);
  });

  it("reads a due time without a date as today's, and a date without a time as the end of that day", () => {
    const list = [
      task({ title: "friday, no time", dueDate: "2025-03-14" }),
      task({ title: "friday 17:00", dueDate: "2025-03-14", dueTime: "17:00" }),
      task({ title: "today 23:30", dueTime: "23:30" }),
      task({ title: "today, no time", dueDate: TODAY }),
      task({ title: "yesterday 18:00", dueDate: "2025-03-11", dueTime: "18:00" }),
      task({ title: "saturday 00:00", dueDate: "2025-03-15", dueTime: "00:00" }),
    ];
    expect(titles(rankFocusTasks(list, calm))).toEqual([
      "yesterday 18:00",
      "today 23:30",
      "today, no time",
      "friday 17:00",
      "friday, no time",
      "saturday 00:00",
    ]);
  });

  it("puts the smallest estimates first when the mood is Tired or Sad, and only then", () => {
    const list = [
      task({ title: "big old", timeEstimate: 120, createdAt: "2025-01-01T00:00:00.000Z" }),
      task({ title: "small new", timeEstimate: 5, createdAt: "2025-03-10T00:00:00.000Z" }),
      task({ title: "middle", timeEstimate: 30, createdAt: "2025-02-01T00:00:00.000Z" }),
      task({ title: "due later today, big", dueTime: "20:00", timeEstimate: 120 }),
    ];
    expect(titles(rankFocusTasks(list, tired))).toEqual(["due later today, big", "small new", "middle", "big old"]);
    expect(titles(rankFocusTasks(list, calm))).toEqual(["due later today, big", "big old", "middle", "small new"]);
  });

  it("breaks a tie on the same due moment by estimate (low energy), then age, then id", () => {
    const same = { dueTime: "12:00", createdAt: "2025-03-01T09:00:00.000Z" };
    const list = [
      task({ id: 30, title: "c", ...same, timeEstimate: 60 }),
      task({ id: 10, title: "a", ...same, timeEstimate: 60 }),
      task({ id: 20, title: "b", ...same, timeEstimate: 10 }),
    ];
    expect(titles(rankFocusTasks(list, tired))).toEqual(["b", "a", "c"]);
    expect(titles(rankFocusTasks(list, calm))).toEqual(["a", "b", "c"]);
  });

  it("leaves its input as it was", () => {
    const list = [task({ title: "x", createdAt: "2025-03-02T00:00:00.000Z" }), task({ title: "y" })];
    const before = titles(list);
    rankFocusTasks(list, calm);
    expect(titles(list)).toEqual(before);
  });

  it.each([
    ["Tired", true],
    ["😴 tired", true],
    ["Sad", true],
    ["Frustrated", false],
    ["Happy", false],
    ["Neutral", false],
    ["", false],
    [null, false],
    [undefined, false],
  ])("reads the mood %j as low energy: %s", (mood, low) => {
    expect(isLowEnergyMood(mood)).toBe(low);
  });
});

describe("Not today", () => {
  const open = (over: Partial<FocusRankable> & { title: string; notBefore?: string | null; completed?: boolean }) => ({
    completed: false,
    notBefore: null,
    ...task(over),
    ...over,
  });

  it("leaves a task put off until a later day out of today's list, and takes it back on that day", () => {
    const list = [
      open({ title: "put off to tomorrow", notBefore: "2025-03-13", createdAt: "2025-01-01T00:00:00.000Z" }),
      open({ title: "plain" }),
      open({ title: "back today", notBefore: TODAY, createdAt: "2025-02-01T00:00:00.000Z" }),
      open({ title: "was put off last week", notBefore: "2025-03-05", dueTime: "10:00" }),
      open({ title: "done", completed: true }),
    ];
    expect(titles(todaysFocusTasks(list, calm))).toEqual(["was put off last week", "back today", "plain"]);
    expect(titles(todaysFocusTasks(list, { today: "2025-03-13", lowEnergy: false }))).toEqual([
      "was put off last week",
      "put off to tomorrow",
      "back today",
      "plain",
    ]);
  });

  it("counts a task as put off only before its day", () => {
    expect(isPutOff({ notBefore: null }, TODAY)).toBe(false);
    expect(isPutOff({ notBefore: "2025-03-11" }, TODAY)).toBe(false);
    expect(isPutOff({ notBefore: TODAY }, TODAY)).toBe(false);
    expect(isPutOff({ notBefore: "2025-03-13" }, TODAY)).toBe(true);
  });
});

describe("quick win ranking", () => {
  it("puts the oldest first, ties by id", () => {
    const wins = [
      { id: 3, text: "c", createdAt: "2025-03-02T00:00:00.000Z" },
      { id: 2, text: "b", createdAt: "2025-03-01T00:00:00.000Z" },
      { id: 1, text: "a", createdAt: "2025-03-02T00:00:00.000Z" },
    ];
    expect(rankQuickWins(wins).map((w) => w.text)).toEqual(["b", "a", "c"]);
  });
});

describe("today in a zone", () => {
  it("is the wall-clock date where the user is", () => {
    const instant = new Date("2025-03-12T23:30:00Z");
    expect(todayInZone("UTC", instant)).toBe("2025-03-12");
    expect(todayInZone("Asia/Tokyo", instant)).toBe("2025-03-13");
    expect(todayInZone("America/Los_Angeles", new Date("2025-03-12T05:00:00Z"))).toBe("2025-03-11");
    expect(todayInZone("Not/AZone", instant)).toBe("2025-03-12");
  });
});
