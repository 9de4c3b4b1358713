import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { syncCalendar, useCaldavStatus, useGoogleStatus, useReloadCalendar } from "../api.ts";

/** Which calendar the events sync with, when it last did, and a way to sync now. */
export function SyncState() {
  const reload = useReloadCalendar();
  const google = useGoogleStatus();
  const caldav = useCaldavStatus();
  const [syncing, setSyncing] = useState(false);
  const status = google.data?.connected ? google.data : caldav.data?.connected ? caldav.data : null;
  if (google.isPending || caldav.isPending) return null;
  if (!status) {
    return (
      <p className="text-sm text-muted">Not synced with an outside calendar. Connect one in Settings, Integrations.</p>
    );
  }
  const name = google.data?.connected ? "Google Calendar" : "your CalDAV calendar";
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
      <p className="text-muted">
        {`Synced with ${name}`}
        {status.lastSyncedAt ? ` · last synced ${new Date(status.lastSyncedAt).toLocaleString()}` : " · not synced yet"}
      </p>
      {status.lastError && <p className="text-danger">Last sync problem: {status.lastError}</p>}
      <Button
        variant="outline"
        size="sm"
        disabled={syncing}
        onClick={async () => {
          setSyncing(true);
          try {
            await syncCalendar();
            toast({ title: "Calendar Refreshed", description: "Your calendar events are up to date." });
          } catch (error) {
            toast({ title: "Sync Error", description: errorMessage(error), variant: "destructive" });
          } finally {
            await reload();
            setSyncing(false);
          }
        }}
      >
        <RefreshCw className={cn("size-4", syncing && "animate-spin")} aria-hidden />
        {syncing ? "Syncing..." : "Sync now"}
      </Button>
    </div>
  );
}
