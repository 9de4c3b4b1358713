import { useEffect } from "react";
import type { Settings } from "../../shared/schemas.ts";
import { readLocal, writeLocal } from "../lib/storage.ts";

export type DisplayPreferences = Pick<
  Settings,
  "textSize" | "readingFont" | "reducedMotion" | "contrast" | "lowStimulation"
>;

const STORAGE_KEY = "display";

/**
 * The person's display choices as attributes on <html>, which styles.css reads. Also kept in this
 * browser so the next visit is drawn with them before the settings arrive from the server.
 */
export function applyDisplayPreferences(p: DisplayPreferences | null): void {
  const root = document.documentElement;
  const set = (name: string, value: string | null) =>
    value === null ? root.removeAttribute(name) : root.setAttribute(name, value);
  set("data-text-size", p && p.textSize !== "normal" ? p.textSize : null);
  set("data-font", p && p.readingFont !== "default" ? p.readingFont : null);
  set("data-motion", p && p.reducedMotion !== "system" ? p.reducedMotion : null);
  set("data-contrast", p && p.contrast !== "normal" ? p.contrast : null);
  set("data-calm", p?.lowStimulation ? "" : null);
  writeLocal(STORAGE_KEY, p ? JSON.stringify(p) : null);
}

/** What this browser last applied, for the first paint. */
export function storedDisplayPreferences(): DisplayPreferences | null {
  try {
    const raw = JSON.parse(readLocal(STORAGE_KEY) ?? "null") as DisplayPreferences | null;
    return raw && typeof raw === "object" ? raw : null;
  } catch {
    return null;
  }
}

/** Applies the signed-in person's settings whenever they load or change; clears them on leaving. */
export function useDisplayPreferences(settings: Settings | undefined): void {
  useEffect(() => {
    if (settings) applyDisplayPreferences(settings);
  }, [settings]);
  useEffect(() => () => applyDisplayPreferences(null), []);
}
