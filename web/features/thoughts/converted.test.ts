import { describe, expect, it } from "vitest";
import { THOUGHT_TYPES } from "../../../shared/constants.ts";
import { conversionLink, suggestionFor } from "./converted.ts";

describe("conversionLink", () => {
  it("links each target to the page that shows it", () => {
    expect(conversionLink("task:12")?.href).toBe("/");
    expect(conversionLink("quick-win:5")?.href).toBe("/");
    expect(conversionLink("project:3")?.href).toBe("/project-detail/3");
    expect(conversionLink("event:9")?.href).toBe("/calendar");
    expect(conversionLink("project:3")?.label).toBe("a project task");
  });

  it("still reads the values stored before links existed", () => {
    expect(conversionLink("focus task #12")).toMatchObject({ kind: "task", href: "/" });
    expect(conversionLink("quick win #5")).toMatchObject({ kind: "quick-win", href: "/" });
  });

  it("has no link for empty or unknown values", () => {
    expect(conversionLink(null)).toBeNull();
    expect(conversionLink("")).toBeNull();
    expect(conversionLink("somewhere else")).toBeNull();
    expect(conversionLink("project:abc")).toBeNull();
    expect(conversionLink("project:../../settings")).toBeNull();
  });
});

describe("suggestionFor", () => {
  it("proposes an action for every type", () => {
    for (const type of THOUGHT_TYPES) expect(suggestionFor(type).text).not.toBe("");
    expect(suggestionFor("Task").action).toEqual({ kind: "convert", target: { kind: "task" } });
    expect(suggestionFor("Reminder").action).toEqual({ kind: "convert", target: { kind: "quick-win" } });
    expect(suggestionFor("Reminder", { title: "Dentist", date: "2027-03-12", time: "15:00" }).action).toEqual({
      kind: "convert",
      target: { kind: "event", title: "Dentist", date: "2027-03-12", startTime: "15:00", allDay: false },
    });
    // A day said does not make a task or an idea an event.
    expect(suggestionFor("Task", { title: "Call", date: "2027-03-12", time: null }).action).toEqual({
      kind: "convert",
      target: { kind: "task" },
    });
    expect(suggestionFor("Idea").action).toEqual({ kind: "keep" });
    expect(suggestionFor("Journal").action).toEqual({ kind: "archive" });
  });
});
