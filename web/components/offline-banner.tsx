import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";

function subscribe(listener: () => void): () => void {
  addEventListener("online", listener);
  addEventListener("offline", listener);
  return () => {
    removeEventListener("online", listener);
    removeEventListener("offline", listener);
  };
}

/** The browser's own view of the connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Says, calmly and once for every screen, that the connection is gone and what is kept meanwhile. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="mb-6 flex items-center gap-2 rounded-xl border border-border bg-accent px-4 py-3 text-sm">
          <WifiOff className="size-4 shrink-0" aria-hidden />
          You're offline. What you add, tick, edit or delete is kept on this device until you're back; some changes need
          the connection.
        </p>
      )}
    </div>
  );
}
