import { describe, expect, it } from "vitest";
import { type ToastData, toastReducer } from "./toast-store.ts";

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
