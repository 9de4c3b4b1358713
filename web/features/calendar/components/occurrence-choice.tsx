import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";

export type OccurrenceScope = "this" | "all";

/**
 * Why a change or delete of all of a repeating event from this one on was not made offline: the
 * server rewrites or ends the series. Just this one waits on the device (decision 029).
 */
export const FROM_HERE_NEEDS_CONNECTION = {
  change: "Changing a repeating event from this day on needs the connection. Please try again when you're back online.",
  delete: "Deleting a repeating event from this day on needs the connection. Please try again when you're back online.",
};

type Props = {
  /** What is about to happen: changing or deleting an occurrence of a repeating event. */
  action: "change" | "delete" | null;
  title: string;
  onChoose: (scope: OccurrenceScope) => void;
  onCancel: () => void;
  /** Where focus goes once a choice is made, the row it came from gone (see `Dialog`). */
  focusOnClose?: () => HTMLElement | null;
};

/**
 * "Just this one, or all of them?" for an occurrence of a repeating event
 * (docs/decisions/034-repeating-events.md): all of them is this one and the ones after it.
 */
export function OccurrenceChoice({ action, title, onChoose, onCancel, focusOnClose }: Props) {
  const verb = action === "delete" ? "Delete" : "Change";
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`${verb} a repeating event`}
      description={`"${title}" repeats. ${verb} just this one, or all of them?`}
      focusOnClose={focusOnClose}
    >
      <div className="grid gap-3">
        <Button variant="outline" onClick={() => onChoose("this")}>
          Just this one
        </Button>
        <Button variant={action === "delete" ? "danger" : "primary"} onClick={() => onChoose("all")}>
          All of them
        </Button>
        <p className="text-sm text-muted">
          All of them means this one and the ones after it. Earlier ones stay as they were.
        </p>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
