/** Settings → Data: everything the user owns, out as files, back in, or gone. */
import type { deleteAllResponse, importResponse } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";

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
export const CALENDAR_FILE_URL = "/api/events.ics";

export function exportCalendar(): void {
  download(CALENDAR_FILE_URL);
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
  const result = await api.post<typeof importResponse>("/api/data/import", data, { slow: true });
  return Object.values(result.importedCounts).reduce((sum, n) => sum + n, 0);
}

/** Removes everything the user owns (the account stays); answers how many of each were deleted. */
export function deleteAllData() {
  return api.post<typeof deleteAllResponse>("/api/data/delete-all", undefined, { slow: true });
}
