import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../lib/when-idle.ts";
import { toast } from "./ui/toast-store.ts";

/** Catches a dialog (or the toasts) whose code could not be fetched, instead of letting it take the page down. */
export class LoadFailed extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A component whose code is fetched on demand and can be fetched again after a failure. React
 * keeps a lazy component's failure for good, so `retry()` puts a fresh one in its place.
 */
export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const fresh = () => lazy(async () => ({ default: await start() }));
  let current = fresh();
  return {
    /** Starts fetching the code; the same promise until it fails. */
    start,
    get Component() {
      return current;
    },
    retry() {
      current = fresh();
    },
  };
}

/**
 * A dialog whose code is not part of its screen's first load: it is fetched once the browser is
 * idle after the first paint, or at the first opening if that comes sooner. Once opened it stays
 * mounted, so closing it works as before (focus goes back to what had it).
 *
 * Its code may not come (offline before the service worker kept a copy): then the opening is
 * called off with a calm word, the page stays as it was, and the next opening tries again. Only
 * dialogs that need the connection anyway are made this way.
 * docs/decisions/036-dashboard-first-paint.md
 */
export function lazyDialog<P extends { open: boolean; onOpenChange: (open: boolean) => void }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const code = retryableLazy(load);
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    useEffect(() => whenIdle(() => void code.start().catch(() => undefined)), []);
    if (!wanted) return null;
    return (
      <LoadFailed
        onFailed={() => {
          code.retry();
          setWanted(false);
          props.onOpenChange(false);
          toast({
            title: "That needs the connection",
            description: "It can open once you're back online.",
          });
        }}
      >
        <Suspense fallback={null}>
          <code.Component {...props} />
        </Suspense>
      </LoadFailed>
    );
  }
  return LazyDialog;
}
