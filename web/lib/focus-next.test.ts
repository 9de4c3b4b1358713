// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { focusNextRow, nearestStayingRow } from "./focus-next.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** Rows of checkboxes; `true` marks a row that has just left (ticked, not yet taken off the screen). */
const list = (leaving: boolean[]) => {
  document.body.innerHTML = `<ul>${leaving
    .map((_, i) => `<li><input type="checkbox" aria-label="row ${i}"></li>`)
    .join("")}</ul><button id="add">Add</button>`;
  const boxes = [...document.querySelectorAll<HTMLInputElement>("input")];
  leaving.forEach((gone, i) => {
    if (gone) focusNextRow(boxes[i] as HTMLElement, "input[type=checkbox]", "add");
  });
  return boxes;
};
const focused = () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id;

describe("focusNextRow", () => {
  it("moves to the next row that stays, passing over rows that have just left", () => {
    const boxes = list([false, true, false]);
    focusNextRow(boxes[0] as HTMLElement, "input[type=checkbox]", "add");
    expect(focused()).toBe("row 2");
  });

  it("goes back to an earlier row when none after it stays", () => {
    const boxes = list([false, true, false, true]);
    focusNextRow(boxes[2] as HTMLElement, "input[type=checkbox]", "add");
    expect(focused()).toBe("row 0");
  });

  it("counts a row as gone only for a moment: one brought back by a refusal is a place again", () => {
    const boxes = list([false, true, false]);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 5000);
    focusNextRow(boxes[0] as HTMLElement, "input[type=checkbox]", "add");
    expect(focused()).toBe("row 1");
    vi.restoreAllMocks();
  });

  it("falls back to the given control when every other row is on its way out", () => {
    const boxes = list([true, true, false]);
    focusNextRow(boxes[2] as HTMLElement, "input[type=checkbox]", "add");
    expect(focused()).toBe("add");
  });
});

describe("nearestStayingRow", () => {
  /** Two days' lists of events in one part of the page, each row with its Delete. */
  const days = () => {
    document.body.innerHTML = `<div data-days>${[
      ["a", "b"],
      ["c", "d"],
    ]
      .map((day) => `<ul>${day.map((id) => `<li><button id="${id}" data-delete>Delete</button></li>`).join("")}</ul>`)
      .join("")}</div>`;
    return (id: string) => document.getElementById(id) as HTMLElement;
  };

  it("goes on into the next list, and back into the one before, when the rows are taken across lists", () => {
    const button = days();
    expect(nearestStayingRow(button("b"), "[data-delete]")).toBe(button("a"));
    expect(nearestStayingRow(button("b"), "[data-delete]", { across: "[data-days]" })).toBe(button("c"));
    expect(nearestStayingRow(button("c"), "[data-delete]")).toBe(button("d"));
    expect(nearestStayingRow(button("d"), "[data-delete]", { across: "[data-days]" })).toBe(button("c"));
  });

  it("passes over the rows that leave with it, and answers nothing when none stays", () => {
    const button = days();
    const leaving = ["c", "d"].map((id) => button(id).closest("li"));
    expect(nearestStayingRow(button("b"), "[data-delete]", { across: "[data-days]", leaving })).toBe(button("a"));
    const all = ["a", "c", "d"].map((id) => button(id).closest("li"));
    expect(nearestStayingRow(button("b"), "[data-delete]", { across: "[data-days]", leaving: all })).toBeNull();
  });

  it("only looks: it neither moves focus nor marks the row as leaving", () => {
    const button = days();
    button("a").focus();
    nearestStayingRow(button("a"), "[data-delete]");
    expect(document.activeElement).toBe(button("a"));
    expect(nearestStayingRow(button("b"), "[data-delete]")).toBe(button("a"));
  });
});
