import { toast } from "../components/ui/toast-store.ts";

type Undoable = {
  /** The toast's title, e.g. the spec's "Event deleted". */
  title: string;
  description?: string;
  /** Takes the item off the screen at once. */
  hide: () => void;
  /** Puts it back as it was (Undo, or the server refused). */
  restore: () => void;
  /** Does it on the server; runs once the toast has closed without Undo. */
  commit: () => Promise<void>;
  /** Said when the server refuses; the item is back on screen by then. */
  failure: string;
};

/**
 * Deleting without asking first, with a way back (decisions.md: destructive actions on single
 * items are undoable from their toast). The item leaves the screen at once; the server is told
 * only when the toast closes (after its 5 seconds, longer while hovered or focused) without
 * Undo. If the page closes within those seconds, nothing was deleted: the safe side.
 */
export function undoable({ title, description, hide, restore, commit, failure }: Undoable): void {
  let undone = false;
  hide();
  toast({
    title,
    description,
    action: {
      label: "Undo",
      altText: "Undo: press F8 to reach the notification, then Undo",
      onAction: () => {
        undone = true;
        restore();
        toast({ title: "Restored" });
      },
    },
    onClose: () => {
      if (undone) return;
      commit().catch(() => {
        restore();
        toast({ title: "Error", description: failure, variant: "destructive" });
      });
    },
  });
}
