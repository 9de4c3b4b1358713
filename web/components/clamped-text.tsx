import { useId, useRef, useState } from "react";
import { cn } from "../lib/cn.ts";
import { useMeasure } from "../lib/resize.ts";

/**
 * Words that may run long (an event's description, up to 10,000 characters), shown in their first
 * three lines, with 'Show all' when there are more: a list stays a list, not a wall of text.
 * Whether the words are cut is measured, again whenever the box changes size (a phone turned).
 */
export function ClampedText({ children, about, className }: { children: string; about: string; className?: string }) {
  const id = useId();
  const text = useRef<HTMLParagraphElement>(null);
  const [whole, setWhole] = useState(false);
  const [cut, setCut] = useState(false);
  // Measured again when the words change, and when shown whole and cut again.
  useMeasure(
    text,
    (element) => {
      if (!whole) setCut(element.scrollHeight > element.clientHeight + 1);
    },
    [whole, children],
  );
  return (
    <div className={className}>
      <p ref={text} id={id} className={cn("text-sm", !whole && "line-clamp-3")}>
        {children}
      </p>
      {(cut || whole) && (
        <button
          type="button"
          aria-expanded={whole}
          aria-controls={id}
          className="mt-0.5 rounded text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setWhole(!whole)}
        >
          {whole ? "Show less" : "Show all"}
          <span className="sr-only"> of {about}</span>
        </button>
      )}
    </div>
  );
}
