import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Download, KeyRound, Loader2, RefreshCw, Trash2, Unplug, Upload } from "lucide-react";
import { RadioGroup, Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AI_KEY_PREFIX, ASSISTANT_TONES, DELETE_ALL_REDIRECT_MS, HELP_LEVELS } from "../../shared/constants.ts";
import { useAuth } from "../app/auth.tsx";
import { useTheme } from "../app/theme.tsx";
import { Button } from "../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../components/ui/card.tsx";
import { Dialog } from "../components/ui/dialog.tsx";
import { Field, Input, Label, NativeSelect } from "../components/ui/input.tsx";
import { Switch } from "../components/ui/switch.tsx";
import { toast } from "../components/ui/toast-store.ts";
import {
  CALDAV_STATUS_KEY,
  connectCaldav,
  connectGoogle,
  disconnectCaldav,
  disconnectGoogle,
  EVENTS_KEY,
  GOOGLE_STATUS_KEY,
  syncCalendarNow,
  useCaldavStatus,
  useGoogleStatus,
} from "../features/calendar/api.ts";
import { refreshCalendar } from "../features/calendar/refresh.ts";
import { exportAllData, exportCalendar, importData } from "../features/data/api.ts";
import {
  changePassword,
  deleteAllData,
  saveAiKey,
  updateAccount,
  useSaveSettings,
  useSettings,
} from "../features/settings/api.ts";
import { errorMessage } from "../lib/api.ts";
import { readLocal, writeLocal } from "../lib/storage.ts";

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function GeneralTab() {
  const { theme, setTheme } = useTheme();
  const settings = useSettings();
  const save = useSaveSettings();
  const [tone, setTone] = useState("friendly");
  const [helpLevel, setHelpLevel] = useState("moderate");
  useEffect(() => {
    if (settings.data) {
      setTone(settings.data.tone);
      setHelpLevel(settings.data.helpLevel);
    }
  }, [settings.data]);

  return (
    <Card aria-labelledby="general-title">
      <CardHeader id="general-title" title="General" />
      <div className="grid gap-6">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor="dark-mode">Dark mode</Label>
            <p id="dark-mode-hint" className="text-sm text-muted">
              Easier on the eyes, especially in the evening.
            </p>
          </div>
          <Switch
            id="dark-mode"
            aria-describedby="dark-mode-hint"
            checked={theme === "dark"}
            onCheckedChange={(on) => setTheme(on ? "dark" : "light")}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Assistant tone</legend>
          <RadioGroup.Root
            value={tone}
            onValueChange={setTone}
            className="mt-2 grid gap-2 sm:grid-cols-3"
            aria-label="Assistant tone"
          >
            {ASSISTANT_TONES.map((t) => (
              <label
                key={t}
                htmlFor={`tone-${t}`}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2.5 has-[[data-state=checked]]:border-primary"
              >
                <RadioGroup.Item
                  id={`tone-${t}`}
                  value={t}
                  className="flex size-5 items-center justify-center rounded-full border-2 border-muted data-[state=checked]:border-primary"
                >
                  <RadioGroup.Indicator className="size-2.5 rounded-full bg-primary" />
                </RadioGroup.Item>
                {capital(t)}
              </label>
            ))}
          </RadioGroup.Root>
        </fieldset>
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor="help-level">Level of help</Label>
          <NativeSelect id="help-level" value={helpLevel} onChange={(e) => setHelpLevel(e.target.value)}>
            {HELP_LEVELS.map((h) => (
              <option key={h} value={h}>
                {capital(h)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Button
            disabled={save.isPending}
            onClick={async () => {
              try {
                await save.mutateAsync({
                  theme,
                  tone: tone as (typeof ASSISTANT_TONES)[number],
                  helpLevel: helpLevel as (typeof HELP_LEVELS)[number],
                });
                toast({ title: "Settings saved", description: "Your preferences have been updated." });
              } catch (error) {
                toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
              }
            }}
          >
            Save Settings
          </Button>
        </div>
      </div>
    </Card>
  );
}

function ProviderCard() {
  const status = useGoogleStatus();
  const [connecting, setConnecting] = useState(false);
  return (
    <Card aria-labelledby="provider-title">
      <CardHeader id="provider-title" title="Google account" />
      {status.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Checking connection...
        </p>
      ) : status.data?.connected ? (
        <div className="flex items-center gap-3">
          <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">Active</Badge>
          <span>Connected</span>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-muted">Not Connected</span>
          <Button
            variant="outline"
            disabled={connecting}
            onClick={async () => {
              setConnecting(true);
              try {
                await connectGoogle();
              } catch {
                setConnecting(false);
                toast({
                  title: "Connection Error",
                  description: "Failed to connect to Google Calendar. Please try again.",
                  variant: "destructive",
                });
              }
            }}
          >
            Connect Google
          </Button>
        </div>
      )}
    </Card>
  );
}

function AccountTab() {
  const { user, setUser } = useAuth();
  const [displayName, setDisplayName] = useState(user?.displayName ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [saving, setSaving] = useState(false);
  const [pwOpen, setPwOpen] = useState(false);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [pwError, setPwError] = useState<string | null>(null);
  // Provider accounts' addresses belong to the provider (spec section 6); otherwise the stored
  // address decides (spec: locked when it contains 'google'). Judging the input as it is typed
  // would lock the field halfway through typing such an address.
  const emailLocked = Boolean(user?.googleId) || (user?.email ?? "").toLowerCase().includes("google");
  // Provider accounts get no Change Password (spec), but may add a password to sign in both ways.
  const passwordLabel = user?.googleId ? "Set Password" : "Change Password";

  return (
    <div className="grid gap-6">
      <Card aria-labelledby="account-title">
        <CardHeader id="account-title" title="Account" />
        <form
          className="grid max-w-lg gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setSaving(true);
            try {
              const { user: saved } = await updateAccount({
                displayName: displayName.trim() || null,
                ...(emailLocked ? {} : { email: email.trim() || null }),
              } as { displayName: string | null; email: string | null });
              setUser(saved);
              toast({ title: "Account updated", description: "Your changes have been saved." });
            } catch (error) {
              toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
            } finally {
              setSaving(false);
            }
          }}
        >
          <Field id="display-name" label="Display name">
            <Input
              id="display-name"
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
              autoComplete="name"
            />
          </Field>
          <Field id="email" label="E-mail">
            <Input
              id="email"
              type="email"
              value={email}
              disabled={emailLocked}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              Save Changes
            </Button>
            <Button variant="outline" onClick={() => setPwOpen(true)}>
              <KeyRound className="size-4" aria-hidden />
              {passwordLabel}
            </Button>
          </div>
        </form>
      </Card>
      <ProviderCard />
      <Dialog open={pwOpen} onOpenChange={setPwOpen} title={passwordLabel}>
        <form
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            setPwError(null);
            try {
              await changePassword({ currentPassword: current || undefined, newPassword: next });
              toast({ title: "Password changed", description: "Use your new password next time you log in." });
              if (user && !user.hasPassword) setUser({ ...user, hasPassword: true });
              setCurrent("");
              setNext("");
              setPwOpen(false);
            } catch (error) {
              setPwError(errorMessage(error));
            }
          }}
        >
          {user?.hasPassword !== false && (
            <Field id="current-password" label="Current password">
              <Input
                id="current-password"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            </Field>
          )}
          <Field id="new-password" label="New password">
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </Field>
          {pwError && (
            <p role="alert" className="text-sm text-danger">
              {pwError}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setPwOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!next}>
              Update password
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

function DataTab() {
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
            Removes every task, quick win, project, thought, mood and event, your saved key and your calendar
            connection. Your account stays, and nothing is deleted from an outside calendar.
          </p>
          <Button variant="danger" className="mt-3" onClick={() => setConfirmOpen(true)}>
            <Trash2 className="size-4" aria-hidden />
            Delete All Data
          </Button>
        </div>
      </div>
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen} title="Delete All Data">
        <p>Are you sure you want to delete all your data? This action cannot be undone.</p>
        <div className="mt-6 flex justify-end gap-2">
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
                const summary = Object.entries(deletedCounts)
                  .filter(([, n]) => n > 0)
                  .map(([name, n]) => `${name}: ${n}`)
                  .join(", ");
                setConfirmOpen(false);
                toast({ title: "Data Deleted", description: summary || "There was nothing to delete." });
                await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "/api/auth/me" });
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

/** "Last synced …" and the last problem the background sync met, for either provider. */
function SyncDetails({ lastSyncedAt, lastError }: { lastSyncedAt: string | null; lastError: string | null }) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted">
        {lastSyncedAt ? `Last synced: ${new Date(lastSyncedAt).toLocaleString()}` : "Not synced yet."}
      </p>
      {lastError && <p className="text-danger">Last sync problem: {lastError}</p>}
    </div>
  );
}

const activeBadge = "w-fit bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200";

/** One action at a time per card: its buttons are disabled while `run` is under way. */
function useBusy() {
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

function CheckingConnection() {
  return (
    <p className="flex items-center gap-2 text-muted">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      Checking connection...
    </p>
  );
}

function DisconnectButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" disabled={busy} onClick={onClick}>
      <Unplug className="size-4" aria-hidden />
      Disconnect
    </Button>
  );
}

const disconnectedToast = (title: string) =>
  toast({ title, description: "Your events stay in Daily Compass; they no longer sync." });

function GoogleCalendarCard() {
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
                  if (!(await refreshCalendar())) await queryClient.invalidateQueries({ queryKey: GOOGLE_STATUS_KEY });
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
                  await queryClient.invalidateQueries({ queryKey: GOOGLE_STATUS_KEY });
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

const CALDAV_FIELDS: Record<string, string> = {
  serverUrl: "Server URL",
  username: "Username",
  password: "App password",
  calendarUrl: "Calendar",
};

/** The server names the field first ("serverUrl: …"); the form shows the field's label instead. */
function caldavMessage(error: unknown): string {
  const message = errorMessage(error, "Could not connect to the calendar server.");
  const match = message.match(/^(\w+): (.*)$/s);
  return match && CALDAV_FIELDS[match[1]] ? `${CALDAV_FIELDS[match[1]]}: ${match[2]}` : message;
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

function CaldavCard() {
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
      queryClient.invalidateQueries({ queryKey: CALDAV_STATUS_KEY }),
      queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
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
                    await syncCalendarNow();
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

function IntegrationsTab() {
  return (
    <div className="grid gap-6">
      <GoogleCalendarCard />
      <CaldavCard />
    </div>
  );
}

function ApiTab() {
  const [key, setKey] = useState("");
  const [saving, setSaving] = useState(false);
  const valid = key.trim().startsWith(AI_KEY_PREFIX);
  return (
    <Card aria-labelledby="api-title">
      <CardHeader id="api-title" title="AI provider key" />
      <form
        className="grid max-w-lg gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!valid) return;
          setSaving(true);
          try {
            await saveAiKey(key.trim());
            setKey("");
            toast({ title: "API key saved", description: "The assistant will use your key from now on." });
          } catch (error) {
            toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
          } finally {
            setSaving(false);
          }
        }}
      >
        <Label htmlFor="api-key">API key</Label>
        <Input
          id="api-key"
          type="password"
          placeholder="sk-..."
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <p className="text-sm text-muted">Stored encrypted on the server and never shown again.</p>
        <Button type="submit" className="w-fit" disabled={!valid || saving}>
          Save
        </Button>
      </form>
    </Card>
  );
}

export function SettingsPage() {
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    if (params.get("google_connected") === "true") {
      toast({ title: "Google Calendar Connected", description: "Your Google Calendar is now connected." });
      setParams({}, { replace: true });
    } else if (params.get("google_error") === "true") {
      const message = params.get("error_message");
      toast({
        title: "Google Calendar Connection Failed",
        description: message || "There was an error connecting your Google Calendar. Please try again.",
        variant: "destructive",
      });
      setParams({}, { replace: true });
    }
  }, [params, setParams]);

  const tabs = [
    ["general", "General"],
    ["account", "Account"],
    ["data", "Data"],
    ["integrations", "Integrations"],
    ["api", "API"],
  ] as const;

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-muted">Make Daily Compass work the way your mind does.</p>
      </header>
      <Tabs.Root defaultValue="general" className="grid gap-6">
        <Tabs.List aria-label="Settings sections" className="flex flex-wrap gap-1 rounded-xl bg-accent p-1">
          {tabs.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-lg px-3 py-1.5 text-sm font-medium text-muted data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="general">
          <GeneralTab />
        </Tabs.Content>
        <Tabs.Content value="account">
          <AccountTab />
        </Tabs.Content>
        <Tabs.Content value="data">
          <DataTab />
        </Tabs.Content>
        <Tabs.Content value="integrations">
          <IntegrationsTab />
        </Tabs.Content>
        <Tabs.Content value="api">
          <ApiTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
