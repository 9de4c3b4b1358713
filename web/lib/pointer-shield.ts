/**
 * How long the screen ignores the pointer after what was under it went away: a closing dialog, a
 * row that left its list. The second tap of a double tap, landing a moment later, would otherwise
 * press whatever took its place (the task under a dialog, the next row's Delete).
 */
export const CLICK_SHIELD_MS = 600;

let layer: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function lift(): void {
  clearTimeout(timer);
  layer?.remove();
  layer = null;
}

/**
 * Lays a transparent layer over the page for `CLICK_SHIELD_MS` (from this call: a later call
 * lengthens it). Keys are not held back, and toasts stay above it.
 */
export function shieldPointer(): void {
  if (!layer) {
    layer = document.createElement("div");
    // Catches the pointer even while a closing dialog still holds the page's pointer events off.
    layer.className = "pointer-events-auto fixed inset-0 z-50";
    layer.setAttribute("data-click-shield", "");
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
  }
  clearTimeout(timer);
  timer = setTimeout(lift, CLICK_SHIELD_MS);
}
