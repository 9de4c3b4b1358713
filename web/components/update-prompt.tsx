import { Sparkles } from "lucide-react";
import { useSyncExternalStore } from "react";
import { reloadWithUpdate, subscribeToUpdates, updateWaiting } from "../lib/service-worker.ts";
import { Button } from "./ui/button.tsx";

/** Says a new version is ready and leaves the moment to reload to the person. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdates, updateWaiting, () => false);
  return (
    <div role="status" aria-live="polite">
      {waiting && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm">
          <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
          <p className="flex-1">
            <span className="font-medium">A new version is ready</span>
            <span className="text-muted"> — reload when it suits you. Nothing you've added is lost.</span>
          </p>
          <Button size="sm" variant="outline" onClick={reloadWithUpdate}>
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
