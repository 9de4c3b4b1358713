import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { connectGoogle, useGoogleStatus } from "../api.ts";
import { CheckingConnection } from "./connection-parts.tsx";

/** The Account tab's Google connection: whether this account is linked, and a way to link it. */
export function GoogleAccountCard() {
  const status = useGoogleStatus();
  const [connecting, setConnecting] = useState(false);
  return (
    <Card aria-labelledby="provider-title">
      <CardHeader id="provider-title" title="Google account" />
      {status.isPending ? (
        <CheckingConnection />
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
