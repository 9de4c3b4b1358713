import { useMemo, useState } from "react";
import type { When } from "../../../shared/when.ts";
import { zonedNow } from "../../lib/dates.ts";
import { useWhenReader } from "../../lib/use-when.ts";

/**
 * A day or time said in a thought being typed ("bins out Thursday 8pm"), read on the person's wall
 * clock and offered as a chip (`WhenChip`, decision 022). The thought keeps it only when accepted:
 * `when` is what to save with it. `wanted` loads the reader (a box in use); `reset` after saving.
 */
export function useWhenInWords(text: string, timeZone: string, wanted: boolean) {
  const [accepted, setAccepted] = useState<When | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const reader = useWhenReader(wanted);
  const understood = useMemo(() => {
    if (!reader || !text.trim()) return null;
    const now = zonedNow(new Date(), timeZone);
    return reader.findWhen(text, { date: now.date, time: now.hhmm });
  }, [reader, text, timeZone]);
  // Editing the words away from an accepted phrase drops it: the chip always matches the text.
  const applied = accepted && understood?.phrase === accepted.phrase ? understood : null;
  const found = understood && !applied && understood.phrase !== dismissed ? understood : null;
  return {
    when: applied ? { date: applied.date, time: applied.time } : null,
    chip: {
      found,
      applied,
      onUse: setAccepted,
      onRemove: (w: When) => setDismissed(w.phrase),
      onDrop: () => {
        if (applied) setDismissed(applied.phrase);
        setAccepted(null);
      },
    },
    reset: () => {
      setAccepted(null);
      setDismissed(null);
    },
  };
}
