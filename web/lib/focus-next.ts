import { useCallback, useEffect, useState } from "react";
import { shieldPointer } from "./pointer-shield.ts";

/** How long a row that was just ticked or deleted counts as on its way out (a refusal brings it back). */
const LEAVING_MS = 3000;

/** Where the rows that `from`'s row is one of are, and which others leave with it. */
export type RowScope = {
  /**
   * The rows are every `li` inside the nearest element `from` is in that matches this, in the order
   * they are drawn, rather than only `from`'s own list: focus goes on into the next list (the
   * calendar's next day).
   */
  across?: string;
  /** Rows that leave at the same moment as `from`'s (a series' later occurrences): passed over. */
  leaving?: Iterable<Element | null | undefined>;
};

/**
 * The same control (`selector`) in the nearest row that stays when `from`'s row leaves — the next
 * ones first, then the ones before — or null. Rows marked as leaving a moment ago (they may still
 * be drawn when ticks come quickly) are passed over.
 */
export function nearestStayingRow(from: HTMLElement, selector: string, scope: RowScope = {}): HTMLElement | null {
  const row = from.closest("li");
  if (!row) return null;
  const going = new Set<Element | null | undefined>(scope.leaving);
  const rows = scope.across
    ? [...(row.closest(scope.across)?.querySelectorAll("li") ?? [])]
    : [...(row.parentElement?.children ?? [])];
  const at = rows.indexOf(row);
  for (const li of [...rows.slice(at + 1), ...rows.slice(0, Math.max(at, 0)).reverse()]) {
    const left = Number(li.getAttribute("data-leaving-at") ?? 0);
    if (going.has(li) || Date.now() - left < LEAVING_MS) continue;
    const target = li.querySelector<HTMLElement>(selector);
    if (target) return target;
  }
  return null;
}

/**
 * Before a row leaves a list (ticked done, deleted), the pointer is held back a moment (the next
 * row slides under it, and a double tap's second half would press it), and focus moves to the
 * same control in the nearest row that stays (`nearestStayingRow`), or else to `fallbackId`:
 * never to the page body, where a keyboard or screen-reader user would lose their place. The row
 * is marked as leaving, so that the next quick tick passes over it while it is still drawn.
 */
export function focusNextRow(from: HTMLElement, selector: string, fallbackId: string): void {
  shieldPointer();
  const target = nearestStayingRow(from, selector);
  from.closest("li")?.setAttribute("data-leaving-at", String(Date.now()));
  (target ?? document.getElementById(fallbackId))?.focus();
}

/**
 * The row after the one `from` is in, else the one before, else `fallback`, else the list's card:
 * where focus goes when a row leaves a list whose rows are focusable themselves.
 */
export function neighbourOf(from: HTMLElement, fallback?: HTMLElement | null): HTMLElement | null {
  const row = from.closest("li");
  const next = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null;
  return next ?? fallback ?? (row?.closest("section") as HTMLElement | null);
}

/**
 * Moves focus to `neighbourOf(from, fallback)` before `from`'s row leaves: never lost to the
 * page. The next row slides under the pointer meanwhile: a second tap is held back a moment.
 */
export function focusNeighbour(from: HTMLElement, fallback?: HTMLElement | null): void {
  shieldPointer();
  neighbourOf(from, fallback)?.focus();
}

/** An element to focus: its id, and what takes focus instead when it is gone (a CSS selector). */
type FocusTarget = { id: string; otherwise?: string };

/**
 * Focus to give once the lists on screen are read again (`settled`): after an edit, back to the
 * row's Edit button, which the new answer may have moved or replaced. Returns the function that
 * asks for it; until the lists settle, nothing moves.
 */
export function useFocusWhenSettled(settled: boolean): (target: FocusTarget) => void {
  const [target, setTarget] = useState<FocusTarget | null>(null);
  useEffect(() => {
    if (target === null || !settled) return;
    const el =
      document.getElementById(target.id) ??
      (target.otherwise ? document.querySelector<HTMLElement>(target.otherwise) : null);
    el?.focus();
    setTarget(null);
  }, [target, settled]);
  return useCallback((next: FocusTarget) => setTarget(next), []);
}
