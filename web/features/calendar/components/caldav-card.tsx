import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { connectCaldav, disconnectCaldav, syncCalendar, useCaldavStatus } from "../api.ts";
import {
  activeBadge,
  CheckingConnection,
  DisconnectButton,
  disconnectedToast,
  SyncDetails,
  useBusy,
} from "./connection-parts.tsx";

const CALDAV_FIELDS: Record<string, string> = {
  serverUrl: "Server URL",
  username: "Username",
  password: "App password",
  calendarUrl: "Calendar",
};

/** The server names the refused field; the form shows that field's label before the reason. */
function caldavMessage(error: unknown): string {
  if (error instanceof ApiError && error.field && CALDAV_FIELDS[error.field]) {
    return `${CALDAV_FIELDS[error.field]}: ${error.reason}`;
  }
  return errorMessage(error, "Could not connect to the calendar server.");
}

/** The status carries the calendar's URL only; its last path segment is the collection's name. */
function calendarLabel(url: string | null): string {
  if (!url) return "";
  try {
    const segment = new URL(url).pathname.split("/").filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : url;
  } catch {
    return url;
  }
}

/** Any CalDAV server: connect with an app password, sync now, disconnect. */
export function CaldavCard() {
  const queryClient = useQueryClient();
  const status = useCaldavStatus();
  const [serverUrl, setServerUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [calendarName, setCalendarName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.caldavStatus }),
      queryClient.invalidateQueries({ queryKey: queryKeys.events }),
    ]);
  const data = status.data;

  return (
    <Card aria-labelledby="caldav-title">
      <CardHeader id="caldav-title" title="CalDAV calendar" />
      {status.isPending ? (
        <CheckingConnection />
      ) : data?.connected ? (
        <div className="grid gap-3">
          <Badge className={activeBadge}>Active</Badge>
          <p>
            Calendar: <span className="font-medium">{calendarName ?? calendarLabel(data.calendarUrl)}</span>
          </p>
          <p className="text-sm text-muted">
            Signed in as {data.username} at {data.serverUrl}
          </p>
          <SyncDetails lastSyncedAt={data.lastSyncedAt} lastError={data.lastError} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  try {
                    await syncCalendar();
                    await refreshAll();
                    toast({ title: "Calendar synced", description: "Your calendar events are up to date." });
                  } catch (err) {
                    await refreshAll();
                    toast({ title: "Sync Error", description: errorMessage(err), variant: "destructive" });
                  }
                })
              }
            >
              <RefreshCw className={busy ? "size-4 animate-spin" : "size-4"} aria-hidden />
              Sync now
            </Button>
            <DisconnectButton
              busy={busy}
              onClick={() =>
                run(async () => {
                  await disconnectCaldav();
                  setCalendarName(null);
                  await refreshAll();
                  disconnectedToast("Calendar disconnected");
                })
              }
            />
          </div>
        </div>
      ) : (
        <form
          className="grid max-w-lg gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            void run(async () => {
              try {
                const connected = await connectCaldav({
                  serverUrl: serverUrl.trim(),
                  username: username.trim(),
                  password,
                });
                setCalendarName(connected.calendarName);
                setPassword("");
                await refreshAll();
                toast({ title: "Calendar connected", description: `Syncing with ${connected.calendarName}.` });
              } catch (err) {
                setError(caldavMessage(err));
              }
            });
          }}
        >
          <p className="text-muted">
            Nextcloud, Fastmail, iCloud, Radicale and other CalDAV servers: use an app password, not your main one.
          </p>
          <Field id="caldav-url" label="Server URL">
            <Input
              id="caldav-url"
              type="url"
              inputMode="url"
              placeholder="https://cloud.example.com/remote.php/dav"
              value={serverUrl}
              onChange={(e) => setServerUrl(e.target.value)}
              autoComplete="url"
              required
            />
          </Field>
          <Field id="caldav-username" label="Username">
            <Input
              id="caldav-username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="username"
              required
            />
          </Field>
          <Field id="caldav-password" label="App password">
            <Input
              id="caldav-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
            />
          </Field>
          {error && (
            <p role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm text-danger">
              {error}
            </p>
          )}
          <Button type="submit" className="w-fit" disabled={busy || !serverUrl.trim() || !username.trim() || !password}>
            {busy ? "Connecting..." : "Connect calendar"}
          </Button>
        </form>
      )}
    </Card>
  );
}
