import { Button } from "./ui/button.tsx";
import { Dialog } from "./ui/dialog.tsx";

/**
 * Deleting a routine asks which (docs/decisions/032-routines.md): just today's occurrence — the
 * routine comes back on its next day — or all of them.
 */
export function RoutineDeleteDialog({
  name,
  back,
  onChoose,
  onClose,
}: {
  /** The task's title or the quick win's text. */
  name: string;
  /** When it comes back if just this one goes: "tomorrow", "on Thursday". */
  back: string;
  onChoose: (scope: "this" | "all") => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete "${name}"?`}
      description={`It repeats. You can skip just this one — it comes back ${back} — or delete all of them.`}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="outline" onClick={() => onChoose("all")}>
          All of them
        </Button>
        <Button onClick={() => onChoose("this")}>Just this one</Button>
      </div>
    </Dialog>
  );
}
