import { useEffect, useState } from "react";
import { CAPTURE_SHORTCUT } from "../../../shared/constants.ts";

export { CAPTURE_SHORTCUT };

/** Typing in a field, the shortcut belongs to the field. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

/**
 * Opens quick capture (components/capture-dialog.tsx) on Alt+N anywhere but in a text field;
 * returns the open state for the caller's button.
 */
export function useCaptureShortcut(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== "KeyN" || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.repeat) return;
      if (isTyping(e.target) || document.querySelector("[role='dialog'][aria-modal='true'], [role='alertdialog']"))
        return;
      e.preventDefault();
      setOpen(true);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return [open, setOpen];
}
