import { Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle.ts";
import { LoadFailed, retryableLazy } from "../lazy-dialog.tsx";
import { useToasts } from "./toast-store.ts";

const code = retryableLazy(() => import("./toaster.tsx").then((m) => m.Toaster));
// Asked for as the app starts, beside its first reads: the toasts must be able to say "Saved on
// this device" when the connection drops right after the first paint, before the service worker
// has kept a copy of their code.
void code.start().catch(() => undefined);

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
        code.retry();
        window.addEventListener("online", () => setAttempt((n) => n + 1), { once: true });
      }}
    >
      <Suspense fallback={null}>
        <code.Component />
      </Suspense>
    </LoadFailed>
  );
}
