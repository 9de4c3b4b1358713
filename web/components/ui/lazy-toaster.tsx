import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle.ts";
import { LoadFailed } from "../lazy-dialog.tsx";
import { useToasts } from "./toast-store.ts";

let loading: Promise<{ default: ComponentType }> | null = null;
function load(): Promise<{ default: ComponentType }> {
  loading ??= import("./toaster.tsx").then(
    (m) => ({ default: m.Toaster }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
// Asked for as the app starts, beside its first reads: the toasts must be able to say "Saved on
// this device" when the connection drops right after the first paint, before the service worker
// has kept a copy of their code.
void load().catch(() => undefined);
// React keeps a lazy component's failure for good: a failed one is replaced by a fresh one.
let Toaster = lazy(load);

/**
 * The toasts (Radix Toast, `toaster.tsx`) are not part of the first screen's code: their code is
 * fetched as the app starts and they are mounted once the browser is idle after the first paint,
 * or as soon as a toast is raised if that is sooner. The toast store keeps what was raised
 * meanwhile, so nothing is lost. If their code cannot come (offline on a first visit), the page
 * stays as it is and the toasts are tried again once the connection is back.
 * docs/decisions/036-dashboard-first-paint.md
 */
export function LazyToaster() {
  const raised = useToasts().length > 0;
  const [wanted, setWanted] = useState(raised);
  const [attempt, setAttempt] = useState(0);
  if (raised && !wanted) setWanted(true);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <LoadFailed
      key={attempt}
      onFailed={() => {
        Toaster = lazy(load);
        window.addEventListener("online", () => setAttempt((n) => n + 1), { once: true });
      }}
    >
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadFailed>
  );
}
