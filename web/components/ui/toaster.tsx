import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { useRef } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "../../../shared/constants.ts";
import { cn } from "../../lib/cn.ts";
import { useMeasure } from "../../lib/resize.ts";
import { dismissToast, useToasts, useToastsHeld, useToastsUnderDialogs } from "./toast-store.ts";

export function Toaster() {
  // Held toasts are not drawn, so their timers do not run: each starts its whole time again once
  // shown (docs/decisions/074-menu-over-toasts-and-all-password-errors.md).
  const held = useToastsHeld();
  const toasts = useToasts();
  // A dialog opened over a toast keeps it waiting the same way; one raised while a dialog is open
  // shows at once (decision 076).
  const underDialogs = useToastsUnderDialogs();
  const shown = held ? [] : toasts.filter((t) => !underDialogs.has(t.id));
  // The room the toasts take at the foot of the screen, which an open dialog leaves free
  // (`--toast-space`, web/components/ui/dialog.tsx), so none lies over its buttons. Measured
  // again whenever that room changes while one shows: another toast, a phone turned, a window
  // made narrower so the words take more lines.
  const viewport = useRef<HTMLOListElement>(null);
  const showing = shown.some((t) => t.open);
  useMeasure(
    viewport,
    (element) => {
      const height = showing ? element.getBoundingClientRect().height : 0;
      document.documentElement.style.setProperty("--toast-space", `${Math.ceil(height)}px`);
    },
    [showing],
  );
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notifications"
    >
      {shown.map((t) => (
        <Toast.Root
          key={t.id}
          data-toast=""
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full",
            t.variant === "destructive" ? "border-danger bg-danger text-danger-fg" : "border-border bg-card text-fg",
          )}
        >
          <div className="grid min-w-0 flex-1 gap-1 wrap-anywhere">
            {t.title && <Toast.Title className="font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-95">{t.description}</Toast.Description>}
          </div>
          {t.action && (
            <Toast.Action
              altText={t.action.altText}
              onClick={t.action.onClick}
              className="shrink-0 self-center rounded-lg border border-current/30 px-3 py-1.5 text-sm font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
