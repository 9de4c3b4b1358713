import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "./ui/button.tsx";

/** How many rows of a long list are drawn at first, and how many more each 'Show more' adds. */
export const ROWS_AT_ONCE = 20;

/**
 * A long list the screen already holds, drawn a part at a time (docs/decisions/066-long-lists-in-steps.md):
 * the first `ROWS_AT_ONCE` rows, and a 'Show more' button that adds as many again. After more rows
 * are drawn, focus moves to the first of them, so a keyboard user goes on where the new rows start.
 * `listRef` goes on the list whose children are the rows (each able to take focus).
 *
 * A row may stand for several (`size`: a calendar day counts its events, and is drawn whole).
 *
 * `fromEnd` draws the last rows first (the calendar's past, back from yesterday): its button,
 * 'Show earlier', goes above them, and the rows it adds are drawn above the ones shown, with focus
 * on the first of them, where reading down goes on through the new rows to the ones seen before.
 */
export function useShownInSteps<T, E extends HTMLElement = HTMLUListElement>(
  rows: readonly T[],
  size: (row: T) => number = () => 1,
  { fromEnd = false }: { fromEnd?: boolean } = {},
): {
  shown: readonly T[];
  listRef: RefObject<E | null>;
  showMore: ReactNode;
} {
  const [count, setCount] = useState(ROWS_AT_ONCE);
  const listRef = useRef<E>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    (listRef.current?.children[from] as HTMLElement | undefined)?.focus();
  });

  // Rows are drawn while fewer than `count` are; the row that reaches it is drawn whole.
  let drawn = 0;
  let counted = 0;
  for (const row of fromEnd ? [...rows].reverse() : rows) {
    const more = size(row);
    if (more > 0 && counted >= count) break;
    counted += more;
    drawn += 1;
  }

  const showMore =
    rows.length > drawn ? (
      <Button
        variant="outline"
        className="w-full sm:w-auto sm:justify-self-start"
        onClick={() => {
          // Drawn from the end, the new rows come first.
          focusFrom.current = fromEnd ? 0 : drawn;
          setCount(counted + ROWS_AT_ONCE);
        }}
      >
        {fromEnd ? "Show earlier" : "Show more"}
      </Button>
    ) : null;
  return { shown: fromEnd ? rows.slice(rows.length - drawn) : rows.slice(0, drawn), listRef, showMore };
}
