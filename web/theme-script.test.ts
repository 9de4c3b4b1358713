// web/theme.js runs in <head> before anything is drawn; it must pick the theme the app would.
import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, STORAGE_KEYS } from "../shared/constants.ts";
import script from "./theme.js?raw";

/** Runs the script against a page whose <html> starts dark, as both HTML shells do. */
function themeAfterScript(stored: Record<string, string> | "unavailable"): "dark" | "light" {
  const classes = new Set(["dark"]);
  const classList = { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) };
  const localStorage = {
    getItem(key: string) {
      if (stored === "unavailable") throw new Error("SecurityError");
      return stored[key] ?? null;
    },
  };
  // The script as the browser runs it, with only these two globals to reach.
  new Function("document", "localStorage", script)({ documentElement: { classList } }, localStorage);
  return classes.has("dark") ? "dark" : "light";
}

/** The workers the script starts, on a page whose <html> has these attributes. */
function workersStarted(attributes: string[], workers: "available" | "missing" = "available"): string[] {
  const started: string[] = [];
  const documentElement = {
    classList: { toggle: () => true },
    hasAttribute: (name: string) => attributes.includes(name),
    setAttribute: () => undefined,
  };
  const Worker =
    workers === "available"
      ? function Worker(url: string) {
          started.push(url);
        }
      : undefined;
  new Function("document", "localStorage", "Worker", script)({ documentElement }, { getItem: () => null }, Worker);
  return started;
}

describe("theme.js", () => {
  it("has the signed-in app's first date formatter made on another thread, and only there", () => {
    expect(workersStarted(["data-warm-intl"])).toEqual(["/intl-warm.js"]);
    expect(workersStarted([])).toEqual([]);
    expect(workersStarted(["data-warm-intl"], "missing")).toEqual([]);
  });

  it("applies the stored theme", () => {
    expect(themeAfterScript({ [STORAGE_KEYS.theme]: "light" })).toBe("light");
    expect(themeAfterScript({ [STORAGE_KEYS.theme]: "dark" })).toBe("dark");
  });

  it("keeps the default theme when none (or nonsense, or no storage at all) is stored", () => {
    expect(themeAfterScript({})).toBe(DEFAULT_THEME);
    expect(themeAfterScript({ [STORAGE_KEYS.theme]: "purple" })).toBe(DEFAULT_THEME);
    expect(themeAfterScript("unavailable")).toBe(DEFAULT_THEME);
  });
});
