import { CALENDAR_RELOAD_DELAY_MS } from "../../../shared/constants.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { syncCalendar } from "./api.ts";

/**
 * The spec's calendar refresh (schedule card and Settings): sync, say so, reload the page after a
 * second; on failure the 'Sync Error' toast. Answers whether the sync went through.
 */
export async function refreshCalendar(): Promise<boolean> {
  try {
    await syncCalendar();
  } catch {
    toast({
      title: "Sync Error",
      description: "Failed to refresh Google Calendar data. Please try again.",
      variant: "destructive",
    });
    return false;
  }
  toast({ title: "Calendar Refreshed", description: "Your Google Calendar events have been refreshed successfully." });
  setTimeout(() => window.location.reload(), CALENDAR_RELOAD_DELAY_MS);
  return true;
}
