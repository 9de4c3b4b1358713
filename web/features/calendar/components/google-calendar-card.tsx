import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { connectGoogle, disconnectGoogle, useGoogleStatus } from "../api.ts";
import { refreshCalendar } from "../refresh.ts";
import {
  activeBadge,
  CheckingConnection,
  DisconnectButton,
  disconnectedToast,
  SyncDetails,
  useBusy,
} from "./connection-parts.tsx";

/** Two-way sync with Google Calendar: connect, refresh, disconnect. */
export function GoogleCalendarCard() {
  const queryClient = useQueryClient();
  const status = useGoogleStatus();
  const { busy, run } = useBusy();
  return (
    <Card aria-labelledby="integrations-title">
      <CardHeader id="integrations-title" title="Google Calendar" />
      {status.isPending ? (
        <CheckingConnection />
      ) : status.data?.connected ? (
        <div className="grid gap-3">
          <Badge className={activeBadge}>Active</Badge>
          <p className="text-muted">
            Two-way sync is on: events you add here appear in Google Calendar and the other way round.
          </p>
          <SyncDetails lastSyncedAt={status.data.lastSyncedAt} lastError={status.data.lastError} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  // On failure the run's problem (or a connection the provider revoked) shows in the card.
                  if (!(await refreshCalendar()))
                    await queryClient.invalidateQueries({ queryKey: queryKeys.googleStatus });
                })
              }
            >
              <RefreshCw className={busy ? "size-4 animate-spin" : "size-4"} aria-hidden />
              Refresh Calendar
            </Button>
            <DisconnectButton
              busy={busy}
              onClick={() =>
                run(async () => {
                  await disconnectGoogle();
                  await queryClient.invalidateQueries({ queryKey: queryKeys.googleStatus });
                  disconnectedToast("Google Calendar disconnected");
                })
              }
            />
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-muted">
            Connect Google Calendar to see your events on the dashboard and keep both calendars in sync.
          </p>
          <Button
            className="w-fit"
            disabled={busy}
            onClick={() =>
              run(async () => {
                try {
                  // The browser leaves for Google on success.
                  await connectGoogle();
                } catch {
                  toast({
                    title: "Connection Error",
                    description: "Failed to connect to Google Calendar. Please try again.",
                    variant: "destructive",
                  });
                }
              })
            }
          >
            Connect Google Calendar
          </Button>
        </div>
      )}
    </Card>
  );
}
