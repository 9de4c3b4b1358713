import { describe, expect, it } from "vitest";
import { foldWords, searchWords, wordsMatcher } from "./search-words.ts";

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

describe("the words a search is made of", () => {
  it("are folded the same way as the text they are looked for in", () => {
    expect(foldWords("Crème BRÛLÉE at Zoë's")).toBe("creme brulee at zoe's");
    expect(foldWords("Łódź, Øresund, Straße, Æsop")).toBe("lodz, oresund, strasse, aesop");
    expect(searchWords("  Café  cafe CAFÉ tea ")).toEqual(["cafe", "tea"]);
    expect(searchWords(" \t ")).toEqual([]);
  });

  it("keep characters that mean something in a database pattern as they are", () => {
    expect(searchWords("100% _done_ a\\b")).toEqual(["100%", "_done_", "a\\b"]);
  });
});
