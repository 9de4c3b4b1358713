import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../lib/when-idle.ts";

/**
 * A dialog whose code is not part of its screen's first load: it is fetched once the browser is
 * idle after the first paint, or at the first opening if that comes sooner. Once opened it stays
 * mounted, so closing it works as before (focus goes back to what had it).
 * docs/decisions/036-dashboard-first-paint.md
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load();
    return loading;
  };
  const Loaded = lazy(async () => ({ default: await start() }));
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    useEffect(() => whenIdle(() => void start().catch(() => undefined)), []);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
