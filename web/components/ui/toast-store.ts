import { useSyncExternalStore } from "react";
import { QUICK_WIN_TOAST_CHARS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "../../../shared/constants.ts";

/** A name as a toast quotes it: its first 30 characters and "..." when longer (spec section 9). */
export const inToast = (text: string): string =>
  text.length > QUICK_WIN_TOAST_CHARS ? `${text.slice(0, QUICK_WIN_TOAST_CHARS)}...` : text;

/** A button in the toast, e.g. Undo; `altText` says how to do the same without the toast. */
export type ToastButton = { label: string; altText: string; onClick: () => void };

export type ToastData = {
  id: string;
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
  action?: ToastButton;
  /**
   * Called once when the toast closes for any reason: its time is up, it is dismissed or swiped
   * away, its action is pressed, or a newer toast takes its place (limit 1).
   */
  onClose?: () => void;
  /**
   * Says why what follows fails (the session ended): while it is open, an error toast that
   * arrives is not shown, as it would say less and take its place.
   */
  holds?: boolean;
  open: boolean;
};

export type ToastInput = Omit<ToastData, "id" | "open">;

export type ToastAction =
  | { type: "add"; toast: ToastData }
  | { type: "update"; toast: Partial<ToastData> & { id: string } }
  | { type: "dismiss"; id?: string }
  | { type: "remove"; id?: string };

/** At most TOAST_LIMIT toasts; the newest wins. Dismissed toasts stay closed until removed. */
export function toastReducer(state: ToastData[], action: ToastAction): ToastData[] {
  switch (action.type) {
    case "add":
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case "update":
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case "dismiss":
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case "remove":
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let state: ToastData[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  const before = state;
  state = toastReducer(state, action);
  for (const t of before) {
    if (!t.open || !t.onClose) continue;
    const after = state.find((x) => x.id === t.id);
    if (!after?.open) t.onClose();
  }
  if (action.type === "dismiss") {
    for (const t of state) {
      if ((action.id === undefined || t.id === action.id) && !removalTimers.has(t.id)) {
        removalTimers.set(
          t.id,
          setTimeout(() => {
            removalTimers.delete(t.id);
            dispatch({ type: "remove", id: t.id });
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
    }
  }
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (t: ToastInput) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  if (input.variant === "destructive" && state.some((t) => t.open && t.holds)) {
    return { id, dismiss: () => {}, update: () => {} };
  }
  dispatch({ type: "add", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: "dismiss", id }),
    update: (t) => dispatch({ type: "update", toast: { ...t, id } }),
  };
}

export function dismissToast(id?: string): void {
  dispatch({ type: "dismiss", id });
}

let holders = 0;
const holdListeners = new Set<() => void>();

/**
 * Keeps the toasts off the screen while something fills it (the phone's menu), so none lies over
 * its buttons: a held toast is not drawn and its time does not run. Released (by every holder),
 * each toast still open shows again for its whole time, its Undo with it; one raised meanwhile
 * waits the same way. Dismissing still works while held (signing out closes them all).
 * Returns the release; calling it more than once releases once.
 */
export function holdToasts(): () => void {
  let held = true;
  holders += 1;
  for (const listener of holdListeners) listener();
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    for (const listener of holdListeners) listener();
  };
}

/** The toasts an open dialog opened over, by how many did: not drawn until none is left open. */
let overlaid: ReadonlyMap<string, number> = new Map();

function changeOverlaid(by: 1 | -1, ids: string[]): void {
  const next = new Map(overlaid);
  for (const id of ids) {
    const count = (next.get(id) ?? 0) + by;
    if (count > 0) next.set(id, count);
    else next.delete(id);
  }
  overlaid = next;
  for (const listener of holdListeners) listener();
}

/**
 * A modal dialog opened (web/components/ui/dialog.tsx). Everything outside it is inert, so a toast
 * already showing could be seen but not pressed: its Undo ran out in plain sight, and a tap on it
 * went through to the overlay and closed the dialog. Those toasts wait, not drawn and their time
 * not running, and come back with their whole time and their Undo once the dialog closes. A toast
 * raised while the dialog is open shows at once, as the spec has it ("Focus session completed!");
 * on a phone the dialog keeps clear of it (`--toast-space`). Returns what to call as it closes.
 * docs/decisions/076-toasts-over-dialogs.md
 */
export function dialogOpened(): () => void {
  const ids = state.filter((t) => t.open).map((t) => t.id);
  if (ids.length > 0) changeOverlaid(1, ids);
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    if (ids.length > 0) changeOverlaid(-1, ids);
  };
}

/** The toasts waiting for the dialogs opened over them to close (dialogOpened). */
export function useToastsUnderDialogs(): ReadonlyMap<string, number> {
  return useSyncExternalStore(
    (listener) => {
      holdListeners.add(listener);
      return () => holdListeners.delete(listener);
    },
    () => overlaid,
    () => overlaid,
  );
}

/** Whether the toasts are held off the screen (holdToasts). */
export function useToastsHeld(): boolean {
  return useSyncExternalStore(
    (listener) => {
      holdListeners.add(listener);
      return () => holdListeners.delete(listener);
    },
    () => holders > 0,
    () => false,
  );
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
