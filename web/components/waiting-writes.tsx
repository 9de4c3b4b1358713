import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, CloudUpload } from "lucide-react";
import { useEffect } from "react";
import { listOf, sendWaiting, stopShowingWaiting, useWaitingWrites } from "../lib/outbox.ts";
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
        onSent: (write) => void queryClient.invalidateQueries({ queryKey: [listOf(write)] }),
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
        <details className="group mb-6 rounded-xl border border-border bg-card text-sm">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)] [&::-webkit-details-marker]:hidden">
            <CloudUpload className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="font-medium">Waiting to sync: {waiting.length}</span>
              <span className="text-muted"> — kept on this device and sent when the connection is back.</span>
            </span>
            <ChevronDown
              className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <ul className="grid gap-1 border-t border-border px-4 py-3" aria-label="What is waiting to sync">
            {waiting.map((w) => (
              <li key={w.id ?? w.key} className="flex min-w-0 gap-2">
                {w.action && <span className="shrink-0 text-muted">{w.action}:</span>}
                <span className="min-w-0 break-words">{w.label}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
