import { toast } from "../components/ui/toast-store.ts";

/**
 * A change that waits for its toast (decisions.md: destructive actions on single items are
 * undoable from their toast instead of asking first). The screen shows it done at once; `commit`
 * runs when the toast closes — its 5 s are up, it is dismissed or swiped, or a newer toast takes
 * its place — or when the page is left (`leaving`: send it so that it outlives the page). Undo
 * runs `undo` instead, and nothing is sent.
 */
export function undoable(opts: {
  title: string;
  description: string;
  /** How to take it back without the toast, for screen readers (Radix Toast's altText). */
  altText: string;
  commit: (leaving: boolean) => void;
  undo: () => void;
}): void {
  let settled = false;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    window.removeEventListener("pagehide", onLeave);
    then();
  };
  const onLeave = () => settle(() => opts.commit(true));
  window.addEventListener("pagehide", onLeave);
  toast({
    title: opts.title,
    description: opts.description,
    action: { label: "Undo", altText: opts.altText, onClick: () => settle(opts.undo) },
    onClose: () => settle(() => opts.commit(false)),
  });
}
