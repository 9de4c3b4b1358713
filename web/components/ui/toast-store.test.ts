import { describe, expect, it } from "vitest";
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

describe("a toast's onClose (what an undoable deletion waits for)", () => {
  it("runs once when the toast is dismissed, and not again when it is removed", () => {
    let closed = 0;
    const shown = toast({ title: "Event deleted", onClose: () => closed++ });
    expect(closed).toBe(0);
    shown.dismiss();
    shown.dismiss();
    dismissToast();
    expect(closed).toBe(1);
  });

  it("runs when a newer toast takes its place", () => {
    const closed: string[] = [];
    toast({ title: "first", onClose: () => closed.push("first") });
    toast({ title: "second", onClose: () => closed.push("second") });
    expect(closed).toEqual(["first"]);
    dismissToast();
    expect(closed).toEqual(["first", "second"]);
  });
});
