// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { parseEstimate } from "./add-task-dialog.tsx";

describe("parseEstimate (spec section 5)", () => {
  it("falls back to 15 when unparsable", () => {
    expect(parseEstimate("")).toBe(15);
    expect(parseEstimate("abc")).toBe(15);
  });
  it("keeps the value within 5–120", () => {
    expect(parseEstimate("1")).toBe(5);
    expect(parseEstimate("500")).toBe(120);
    expect(parseEstimate("45")).toBe(45);
  });
});
