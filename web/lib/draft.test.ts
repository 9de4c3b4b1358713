import { describe, expect, it } from "vitest";
import { leftAfterSaving } from "./draft.ts";

describe("what stays in a box once the words sent from it are saved", () => {
  it("nothing, while it holds just them", () => {
    expect(leftAfterSaving("Buy milk", "Buy milk")).toBe("");
    expect(leftAfterSaving("  Buy milk \n", "Buy milk")).toBe("");
  });

  it("the next words typed after them, without the ones saved", () => {
    expect(leftAfterSaving("Buy milk and eggs", "Buy milk")).toBe("and eggs");
    expect(leftAfterSaving("Buy milk\nCall mum", "Buy milk")).toBe("Call mum");
    expect(leftAfterSaving("Buy milk, then eggs", "Buy milk")).toBe("then eggs");
  });

  it("the whole box when the saved words were changed or typed on, not split inside a word", () => {
    expect(leftAfterSaving("Call mum", "Buy milk")).toBe("Call mum");
    expect(leftAfterSaving("Buy milkshake", "Buy milk")).toBe("Buy milkshake");
    expect(leftAfterSaving("Please buy milk", "Buy milk")).toBe("Please buy milk");
  });
});
