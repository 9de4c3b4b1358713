import { useQuery } from "@tanstack/react-query";
import { format, formatDistance } from "date-fns";
import { Loader2, LogOut, Monitor, Smartphone, Tablet } from "lucide-react";
import type { DeviceSession } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";
import { sessionsQuery, useEndOtherSessions, useEndSession } from "../api.ts";

/** Last-seen times are written every few minutes, so anything more recent is "now". */
const ACTIVE_NOW_MS = 5 * 60 * 1000;

export function deviceName(s: Pick<DeviceSession, "browser" | "os">): string {
  if (s.browser && s.os) return `${s.browser} on ${s.os}`;
  if (s.browser) return s.browser;
  if (s.os) return `A browser on ${s.os}`;
  return "Unknown device";
}

export function activeText(s: Pick<DeviceSession, "lastSeenAt" | "current">, now = Date.now()): string {
  const seen = Date.parse(s.lastSeenAt);
  if (s.current || now - seen < ACTIVE_NOW_MS) return "Active now";
  return `Active ${formatDistance(seen, now, { addSuffix: true })}`;
}

function signedInText(createdAt: string, now = new Date()): string {
  const date = new Date(createdAt);
  const sameYear = date.getFullYear() === now.getFullYear();
  return `Signed in on ${format(date, sameYear ? "MMM d" : "MMM d, yyyy")}`;
}

function DeviceIcon({ os }: { os: string | null }) {
  const Icon = os === "iOS" || os === "Android" ? Smartphone : os === "iPadOS" ? Tablet : Monitor;
  return <Icon className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />;
}

/** Settings → Account: where the account is signed in, and a way to end any other session. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery());
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader
        id="sessions-title"
        title="Signed-in devices"
        icon={<Monitor className="size-5 text-primary" aria-hidden />}
      />
      <p className="text-muted">
        Where your account is signed in now. If you don't recognise a device, sign it out and change your password.
      </p>
      {sessions.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading devices...
        </p>
      ) : sessions.isError && !sessions.data ? (
        // Said only when never read: a later read that fails leaves the list on show (a device
        // signed out here has left it already).
        <p className="mt-4 text-danger">Could not load your devices. Please try refreshing.</p>
      ) : (
        <ul aria-label="Signed-in devices" className="mt-4 divide-y divide-border rounded-xl border border-border">
          {list.map((s) => {
            const name = deviceName(s);
            const active = activeText(s);
            return (
              <li key={s.id} className="flex items-start gap-3 px-4 py-3">
                <DeviceIcon os={s.os} />
                {/* On a narrow screen the button moves under the text instead of squeezing it. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                      {name}
                      {s.current && <Badge className="bg-primary/15 text-fg">This device</Badge>}
                    </p>
                    <p className="text-sm text-muted">
                      <span className="whitespace-nowrap">{active}</span> ·{" "}
                      <span className="whitespace-nowrap">{signedInText(s.createdAt)}</span>
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Sign out ${name}, ${active.toLowerCase()}`}
                      disabled={endOne.isPending && endOne.variables === s.id}
                      onClick={async () => {
                        try {
                          await endOne.mutateAsync(s.id);
                          toast({ title: "Signed out", description: `${name} is no longer signed in.` });
                        } catch (error) {
                          toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
                        }
                      }}
                    >
                      Sign out
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {sessions.data &&
        (others > 0 ? (
          <Button
            variant="outline"
            className="mt-4"
            disabled={endOthers.isPending}
            onClick={async () => {
              try {
                const { revoked } = await endOthers.mutateAsync();
                toast({
                  title: "Signed out other devices",
                  description:
                    revoked === 1
                      ? "1 other device is no longer signed in."
                      : `${revoked} other devices are no longer signed in.`,
                });
              } catch (error) {
                toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
              }
            }}
          >
            <LogOut className="size-4" aria-hidden />
            Sign out all other devices
          </Button>
        ) : (
          <p className="mt-4 text-sm text-muted">This is the only device signed in.</p>
        ))}
    </Card>
  );
}
