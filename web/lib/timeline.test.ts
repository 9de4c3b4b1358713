import { describe, expect, it } from "vitest";
import { buildTimeline, countdownText, hourLabel, nextUp, type TimelineItem, timelineRange } from "./timeline.ts";

const item = (start: number, end: number, label = "Event"): TimelineItem => ({
  key: `${label}-${start}`,
  kind: "event",
  label,
  start,
  end,
});

describe("day timeline", () => {
  it("covers the working day around now, on whole hours, at least eight hours long", () => {
    expect(timelineRange([], 14 * 60 + 40)).toEqual({ start: 8 * 60, end: 18 * 60 });
    // An early start and a late event widen it; an hour's margin around now.
    expect(timelineRange([item(6 * 60 + 15, 7 * 60), item(20 * 60, 21 * 60)], 12 * 60)).toEqual({
      start: 5 * 60,
      end: 22 * 60,
    });
    // Late at night it still shows now and stays within the day.
    expect(timelineRange([], 23 * 60 + 30)).toEqual({ start: 8 * 60, end: 24 * 60 });
    expect(timelineRange([], 30)).toEqual({ start: 0, end: 18 * 60 });
  });

  it("puts overlapping events on separate lanes and places now as a share of the line", () => {
    const line = buildTimeline(
      [item(9 * 60, 10 * 60, "A"), item(9 * 60 + 30, 11 * 60, "B"), item(10 * 60, 10 * 60 + 30, "C")],
      13 * 60,
    );
    const lanes = Object.fromEntries(line.items.map((i) => [i.label, i.lane]));
    expect(lanes).toEqual({ A: 0, B: 1, C: 0 });
    expect(line.lanes).toBe(2);
    expect(line.range).toEqual({ start: 8 * 60, end: 18 * 60 });
    expect(line.nowAt).toBeCloseTo(50);
    const a = line.items.find((i) => i.label === "A");
    expect(a?.left).toBeCloseTo(10);
    expect(a?.width).toBeCloseTo(10);
    expect(line.hours).toEqual([480, 600, 720, 840, 960, 1080]);
  });

  it("never uses more than three lanes", () => {
    const line = buildTimeline(
      [1, 2, 3, 4, 5].map((n) => item(600, 660, `E${n}`)),
      700,
    );
    expect(line.lanes).toBe(3);
    expect(Math.max(...line.items.map((i) => i.lane))).toBe(2);
  });

  it("says what is under way or what comes next, in minutes and hours", () => {
    const events = [item(9 * 60, 10 * 60, "Standup"), item(15 * 60, 15 * 60 + 30, "Dentist")];
    expect(nextUp(events, 9 * 60 + 45)).toEqual({ kind: "now", label: "Standup", minutesLeft: 15 });
    expect(nextUp(events, 14 * 60 + 40)).toEqual({ kind: "next", label: "Dentist", minutesUntil: 20 });
    expect(nextUp(events, 16 * 60)).toEqual({ kind: "none" });
    expect(countdownText(20)).toBe("in 20 min");
    expect(countdownText(60)).toBe("in 1 h");
    expect(countdownText(125)).toBe("in 2 h 5 min");
    expect(hourLabel(0)).toBe("12 AM");
    expect(hourLabel(14 * 60 + 30)).toBe("2:30 PM");
  });
});
