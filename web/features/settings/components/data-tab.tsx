import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Download, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { DELETE_ALL_REDIRECT_MS } from "../../../../shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Label } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { readLocal, writeLocal } from "../../../lib/storage.ts";
import { deleteAllData, exportAllData, exportCalendar, importData } from "../data.ts";

/** How 'Data Deleted' names what went: one and many of each kind the server counts. */
const DELETED_KINDS: Record<string, [string, string]> = {
  tasks: ["task", "tasks"],
  quickWins: ["quick win", "quick wins"],
  thoughts: ["thought", "thoughts"],
  projects: ["project", "projects"],
  events: ["event", "events"],
  moods: ["mood check-in", "mood check-ins"],
  secrets: ["saved key", "saved keys"],
  calendarConnections: ["calendar connection", "calendar connections"],
};

/** "3 tasks, 1 quick win and your settings": each kind that had something, in words. */
export function deletedSummary(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([kind, n]) => n > 0 && kind !== "settings")
    .map(([kind, n]) => {
      const words = DELETED_KINDS[kind];
      return words ? `${n} ${n === 1 ? words[0] : words[1]}` : `${kind}: ${n}`;
    });
  if ((counts.settings ?? 0) > 0) parts.push("your settings");
  if (parts.length === 0) return "There was nothing to delete.";
  const last = parts.pop();
  return `Deleted ${parts.length > 0 ? `${parts.join(", ")} and ${last}` : last}.`;
}

/** Sync switch, export and import, and deleting everything. */
export function DataTab() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sync, setSync] = useState(() => readLocal("syncData") !== "false");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  return (
    <Card aria-labelledby="data-title">
      <CardHeader id="data-title" title="Data" />
      <div className="grid gap-6">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor="sync-data">Sync data</Label>
            <p id="sync-data-hint" className="text-sm text-muted">
              Keep this device in step with your account.
            </p>
          </div>
          <Switch
            id="sync-data"
            aria-describedby="sync-data-hint"
            checked={sync}
            onCheckedChange={(on) => {
              setSync(on);
              writeLocal("syncData", String(on));
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={async () => {
              exportAllData();
              toast({ title: "Export ready", description: "Your data is downloading." });
            }}
          >
            <Download className="size-4" aria-hidden />
            Export
          </Button>
          <Button variant="outline" onClick={exportCalendar}>
            <CalendarDays className="size-4" aria-hidden />
            Export calendar (.ics)
          </Button>
          <Button variant="outline" onClick={() => fileRef.current?.click()}>
            <Upload className="size-4" aria-hidden />
            Import
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label="Import file"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              try {
                const added = await importData(file);
                await queryClient.invalidateQueries();
                toast({
                  title: "Import complete",
                  description: added === 0 ? "Everything in this file was already here." : `${added} items added.`,
                });
              } catch (error) {
                toast({ title: "Import failed", description: errorMessage(error), variant: "destructive" });
              }
            }}
          />
        </div>
        <div className="rounded-xl border border-danger p-4">
          <p className="font-medium">Delete All Data</p>
          <p className="mt-1 text-sm text-muted">
            Removes every task, quick win, project, thought, mood and event, your saved key, your calendar connection
            and your settings (look, text size, time zone). Your account stays, and nothing is deleted from an outside
            calendar. To close the account itself, use Delete account on the Account tab.
          </p>
          <Button variant="danger" className="mt-3" onClick={() => setConfirmOpen(true)}>
            <Trash2 className="size-4" aria-hidden />
            Delete All Data
          </Button>
        </div>
      </div>
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen} title="Delete All Data">
        <p>Are you sure you want to delete all your data? This action cannot be undone.</p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                const { deletedCounts } = await deleteAllData();
                setConfirmOpen(false);
                toast({ title: "Data Deleted", description: deletedSummary(deletedCounts) });
                await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
                setTimeout(() => navigate("/"), DELETE_ALL_REDIRECT_MS);
              } catch {
                toast({
                  title: "Error",
                  description: "Failed to delete data. Please try again.",
                  variant: "destructive",
                });
              } finally {
                setBusy(false);
              }
            }}
          >
            Yes, delete everything
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
