import type { ImportResponse } from "../../../shared/schemas.ts";
import { apiRequest } from "../../lib/api.ts";

/** Starts a download the server names and fills (the session cookie goes with it). */
function download(href: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}

/** Everything the user owns as one JSON file. */
export function exportAllData(): void {
  download("/api/data/export");
}

/** The user's events as an iCalendar file other calendar apps can open. */
export function exportCalendar(): void {
  download("/api/events.ics");
}

/**
 * Sends an export back to be merged in: the server checks the whole file first and writes it in
 * one go, so a bad file changes nothing. Answers how many records were added.
 */
export async function importData(file: File): Promise<number> {
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new Error("This file is not a Daily Compass export.");
  }
  const result = await apiRequest<ImportResponse>("POST", "/api/data/import", data);
  return Object.values(result.importedCounts).reduce((sum, n) => sum + n, 0);
}
