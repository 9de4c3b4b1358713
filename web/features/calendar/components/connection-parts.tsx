/** Pieces the calendar connection cards share. */
import { Loader2, Unplug } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";

/** "Last synced …" and the last problem the background sync met, for either provider. */
export function SyncDetails({ lastSyncedAt, lastError }: { lastSyncedAt: string | null; lastError: string | null }) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted">
        {lastSyncedAt ? `Last synced: ${new Date(lastSyncedAt).toLocaleString()}` : "Not synced yet."}
      </p>
      {lastError && <p className="text-danger">Last sync problem: {lastError}</p>}
    </div>
  );
}

export const activeBadge = "w-fit bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200";

/** One action at a time per card: its buttons are disabled while `run` is under way. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function CheckingConnection() {
  return (
    <p className="flex items-center gap-2 text-muted">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      Checking connection...
    </p>
  );
}

export function DisconnectButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" disabled={busy} onClick={onClick}>
      <Unplug className="size-4" aria-hidden />
      Disconnect
    </Button>
  );
}

export const disconnectedToast = (title: string) =>
  toast({ title, description: "Your events stay in Daily Compass; they no longer sync." });
