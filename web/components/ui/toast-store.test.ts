import { describe, expect, it, vi } from "vitest";
import { dismissToast, type ToastData, toast, toastReducer } from "./toast-store.ts";

const t = (id: string): ToastData => ({ id, title: `t${id}`, open: true });

describe("toastReducer", () => {
  it("keeps only the newest toast (limit 1)", () => {
    const s = toastReducer(toastReducer([], { type: "add", toast: t("1") }), { type: "add", toast: t("2") });
    expect(s.map((x) => x.id)).toEqual(["2"]);
  });
  it("updates a toast by id", () => {
    const s = toastReducer([t("1")], { type: "update", toast: { id: "1", title: "changed" } });
    expect(s[0].title).toBe("changed");
  });
  it("closes on dismiss but keeps it until removed", () => {
    const s = toastReducer([t("1")], { type: "dismiss", id: "1" });
    expect(s).toHaveLength(1);
    expect(s[0].open).toBe(false);
    expect(toastReducer(s, { type: "remove", id: "1" })).toEqual([]);
  });
  it("dismisses all when no id is given", () => {
    expect(toastReducer([t("1")], { type: "dismiss" })[0].open).toBe(false);
  });
});

describe("a toast's onClose", () => {
  it("runs once when the toast is dismissed", () => {
    const onClose = vi.fn();
    const t1 = toast({ title: "Task deleted", onClose });
    expect(onClose).not.toHaveBeenCalled();
    t1.dismiss();
    dismissToast(t1.id);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("runs when a newer toast takes its place", () => {
    const onClose = vi.fn();
    toast({ title: "Task deleted", onClose });
    toast({ title: "Task Added" });
    expect(onClose).toHaveBeenCalledTimes(1);
    dismissToast();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("a holding toast", () => {
  it("is not replaced by an error toast while open; another toast replaces it, and errors show once it closed", () => {
    const heldClosed = vi.fn();
    toast({ title: "You've been signed out", holds: true, onClose: heldClosed });
    const dropped = vi.fn();
    toast({ title: "Error Adding Task", variant: "destructive", onClose: dropped });
    expect(heldClosed).not.toHaveBeenCalled();
    toast({ title: "Logged out successfully" });
    expect(heldClosed).toHaveBeenCalledOnce();
    const shown = vi.fn();
    toast({ title: "Error Adding Task", variant: "destructive", onClose: shown });
    dismissToast();
    expect(shown).toHaveBeenCalledOnce();
    expect(dropped).not.toHaveBeenCalled();
  });
});
