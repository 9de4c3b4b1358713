import { useQueryClient } from "@tanstack/react-query";
import { CloudUpload } from "lucide-react";
import { useEffect } from "react";
import { sendWaiting, stopShowingWaiting, useWaitingWrites } from "../lib/outbox.ts";
import { toast } from "./ui/toast-store.ts";

/**
 * Sends what waits on this device (web/lib/outbox.ts) when the app starts and whenever the
 * connection comes back, and says calmly how much is still waiting.
 */
export function WaitingWrites({ userId }: { userId: number | undefined }) {
  const queryClient = useQueryClient();
  const waiting = useWaitingWrites();

  useEffect(() => {
    if (userId === undefined) return;
    const send = () =>
      void sendWaiting(userId, {
        onSent: (write) => void queryClient.invalidateQueries({ queryKey: [write.path] }),
        onRefused: (write, reason) =>
          toast({
            title: "One thing couldn't be saved",
            description: `"${write.label.slice(0, 30)}" wasn't accepted${reason ? `: ${reason}` : "."}`,
            variant: "destructive",
          }),
      });
    send();
    addEventListener("online", send);
    return () => {
      removeEventListener("online", send);
      stopShowingWaiting();
    };
  }, [userId, queryClient]);

  return (
    <div role="status" aria-live="polite">
      {waiting.length > 0 && (
        <p className="mb-6 flex items-center gap-2 rounded-xl border border-border bg-card px-4 py-3 text-sm">
          <CloudUpload className="size-4 shrink-0 text-primary" aria-hidden />
          <span>
            <span className="font-medium">Waiting to sync: {waiting.length}</span>
            <span className="text-muted"> — kept on this device and sent when the connection is back.</span>
          </span>
        </p>
      )}
    </div>
  );
}
