import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle.ts";
import { useToasts } from "./toast-store.ts";

const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

/**
 * The toasts (Radix Toast, `toaster.tsx`) are not part of the first screen's code: they are
 * mounted once the browser is idle after the first paint, or as soon as a toast is raised if that
 * is sooner. The toast store keeps what was raised meanwhile, so nothing is lost.
 * docs/decisions/036-dashboard-first-paint.md
 */
export function LazyToaster() {
  const raised = useToasts().length > 0;
  const [wanted, setWanted] = useState(raised);
  if (raised && !wanted) setWanted(true);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
