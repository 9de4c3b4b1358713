/**
 * Before a row leaves a list (ticked done, deleted), focus moves to the same control in the next
 * row, or the one before, or else to `fallbackId`: never to the page body, where a keyboard or
 * screen-reader user would lose their place.
 */
export function focusNextRow(from: HTMLElement, selector: string, fallbackId: string): void {
  const row = from.closest("li");
  const near = [row?.nextElementSibling, row?.previousElementSibling];
  for (const li of near) {
    const target = li?.querySelector<HTMLElement>(selector);
    if (target) {
      target.focus();
      return;
    }
  }
  document.getElementById(fallbackId)?.focus();
}
