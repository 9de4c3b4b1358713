import { describe, expect, it } from "vitest";
import { wordsMatcher } from "./search.ts";

describe("finding a thought by its words", () => {
  it("needs every word, in any order, ignoring case and accents", () => {
    const matches = wordsMatcher("  plant CAFE ");
    expect(matches("Swap plants at the Café on Sunday")).toBe(true);
    expect(matches("A café near the station")).toBe(false);
    expect(matches("Plant the tomatoes")).toBe(false);
  });

  it("matches everything when nothing is typed", () => {
    expect(wordsMatcher("")("anything")).toBe(true);
    expect(wordsMatcher("   ")("")).toBe(true);
  });
});
