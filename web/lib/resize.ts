import { type RefObject, useEffectEvent, useLayoutEffect } from "react";

/**
 * Runs `measure` on the element before the browser paints it, again whenever one of `redo`
 * changes, and again whenever the element changes size (with `children`, or one of its children
 * does): a phone turned, the text size changed, words that now take more lines. Where the browser
 * has no ResizeObserver, only the first two.
 */
export function useMeasure<E extends HTMLElement>(
  ref: RefObject<E | null>,
  measure: (element: E) => void,
  redo: readonly unknown[],
  { children = false }: { children?: boolean } = {},
): void {
  const run = useEffectEvent(measure);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    run(element);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => run(element));
    observer.observe(element);
    if (children) for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, children, ...redo]);
}
