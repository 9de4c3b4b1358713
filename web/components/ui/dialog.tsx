import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { shieldPointer } from "../../lib/pointer-shield.ts";
import { dialogOpened } from "./toast-store.ts";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes as it closes, when not back to what opened it: a choice made in the dialog
   * took that away (a deleted row's button). Nothing, and the opener has it as usual.
   */
  focusOnClose?: () => HTMLElement | null;
};

export function Dialog({ open, onOpenChange, title, description, children, className, focusOnClose }: DialogProps) {
  // The element that had focus when the dialog opened gets it back when it closes (Radix only
  // does this for its own Trigger, and these dialogs are opened from anywhere: buttons, list
  // rows, keyboard shortcuts).
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    // Read while rendering the opening, before anything inside the dialog takes focus.
    const active = typeof document === "undefined" ? null : document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  // A dialog is not mounted until it first opens, then stays mounted. Closed, Radix's dialog draws
  // nothing, but on mount its presence machinery updates its state in a layout effect; on a
  // screen's first draw that made React run every effect of the screen inside the same long task
  // as the draw (docs/decisions/036-dashboard-first-paint.md).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // Closed: the second click of a double click on Add or Save lands on the page a moment later.
  // Laid before the browser paints the page without the dialog, so no click falls in between.
  useLayoutEffect(() => {
    if (!open && opened) shieldPointer();
  }, [open, opened]);
  // A toast showing as it opens would be out of reach behind it: it waits for the dialog to close
  // (docs/decisions/076-toasts-over-dialogs.md). Before the browser paints the dialog.
  useLayoutEffect(() => (open ? dialogOpened() : undefined), [open]);
  if (!opened) return null;
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <D.Content
          className={cn(
            "fixed left-1/2 z-50 w-[calc(100%-min(2rem,32px))] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-[min(1.5rem,24px)] text-fg shadow-xl",
            // The dialog keeps clear of the toasts at the foot of the screen (across a phone's, in
            // the corner of a wider one, which reaches under a centred dialog up to about 1,300 px
            // wide): `--toast-space`, set by the Toaster while one shows, is taken off its height
            // and half of it off its middle, so its buttons are never under one.
            "top-[calc(50%-var(--toast-space,0px)/2)] max-h-[calc(90dvh-var(--toast-space,0px))]",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            const target = focusOnClose?.() ?? returnTo.current;
            returnTo.current = null;
            event.preventDefault();
            // Gone with the screen it was on (a dialog opened as a page opened, such as focus mode
            // from the dashboard): the page's main part takes focus, not the document's start.
            if (target?.isConnected) target.focus();
            else document.getElementById("main")?.focus();
          }}
        >
          <D.Title className="pr-8 text-xl font-semibold wrap-anywhere">{title}</D.Title>
          {description && (
            <D.Description className="mt-1 text-sm text-muted wrap-anywhere">{description}</D.Description>
          )}
          <div className="mt-4">{children}</div>
          <D.Close aria-label="Close" className="absolute top-4 right-4 rounded-md p-1 text-muted hover:text-fg">
            <X className="size-5" aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
