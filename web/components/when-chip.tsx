import type { When } from "../../shared/when.ts";
import { formatShortDay, formatTime12 } from "../lib/dates.ts";
import { Button } from "./ui/button.tsx";

export function describeWhen(when: When): string {
  return `${formatShortDay(when.date)}${when.time ? ` at ${formatTime12(when.time)}` : ""}`;
}

type Props = {
  /** A day or time found in the words and not yet decided on. */
  found: When | null;
  /** The one the person accepted. */
  applied: When | null;
  onUse: (when: When) => void;
  onRemove: (when: When) => void;
  /** Takes an accepted one back. */
  onDrop: () => void;
  /** Drawn with no chip, it takes back the gap its grid puts before it (`-mt-4` for `gap-4`). */
  emptyClassName?: string;
};

/**
 * The day and time understood from what was typed (decision 022), as a chip to accept or remove
 * before saving. A polite live region, so a screen reader hears it appear.
 */
export function WhenChip({ found, applied, onUse, onRemove, onDrop, emptyClassName = "-mt-4" }: Props) {
  const chip = "flex flex-wrap items-center gap-2 rounded-xl border border-border bg-accent px-3 py-2 text-sm";
  return (
    <div aria-live="polite" className={found || applied ? undefined : emptyClassName}>
      {found && (
        <div className={chip}>
          <span className="min-w-[min(12rem,100%)] flex-1">
            Understood “{found.phrase}”: <strong>{describeWhen(found)}</strong>
          </span>
          <span className="flex gap-1">
            <Button variant="outline" size="sm" onClick={() => onUse(found)}>
              Use it
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onRemove(found)}>
              Remove
            </Button>
          </span>
        </div>
      )}
      {applied && (
        <div className={chip}>
          <span className="min-w-[min(12rem,100%)] flex-1">
            From your words “{applied.phrase}”: <strong>{describeWhen(applied)}</strong>
          </span>
          <Button variant="ghost" size="sm" onClick={onDrop}>
            Don't use it
          </Button>
        </div>
      )}
    </div>
  );
}
