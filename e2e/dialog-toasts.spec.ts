import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, toastText } from "./fixtures.ts";
import { EventDialog } from "./pages/event-dialog.ts";

// A toast at the foot of a phone's screen lay over an open dialog's own buttons, and one showing
// as a dialog opened could be seen but not pressed: Radix makes all outside a modal dialog inert,
// so its Undo ran out in plain sight. Now an open dialog keeps clear of a toast raised meanwhile
// on a phone, and one showing as it opens waits for it to close
// (docs/decisions/076-toasts-over-dialogs.md).

/** The controls of `dialog` in its view over which something else is drawn, by their words. */
const coveredIn = (dialog: Locator) =>
  dialog.locator("button, input, select, textarea").evaluateAll((elements) =>
    elements
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const view = el.closest("[role='dialog']")?.getBoundingClientRect();
        const y = box.y + box.height / 2;
        if (box.width === 0 || !view || y < view.top || y > view.bottom) return false;
        const top = document.elementFromPoint(box.x + box.width / 2, y);
        return !top || !el.contains(top);
      })
      .map((el) => el.textContent?.trim() || el.getAttribute("aria-label") || el.getAttribute("name")),
  );

/** Opens Add event on the Calendar page and has the server refuse its save, which says so in a toast. */
async function refusedSave(page: Page) {
  await page.goto("/calendar");
  await page.getByRole("button", { name: "Add event" }).click();
  const dialog = new EventDialog(page, "Add event");
  // A day the server does not keep: it refuses the save, and the dialog stays open.
  await dialog.fill({ title: "Dentist", date: "9999-01-01" });
  await dialog.save();
  await expect(toastText(page, "Error")).toBeVisible();
  await expect(dialog.root).toBeVisible();
  return dialog;
}

/** How far above the toast the dialog ends, in pixels (less than 0 when it reaches under it). */
const roomAbove = async (page: Page, dialog: EventDialog) => {
  const toastBox = await page.locator("[data-toast]").boundingBox();
  const dialogBox = await dialog.root.boundingBox();
  return toastBox && dialogBox ? toastBox.y - (dialogBox.y + dialogBox.height) : Number.NaN;
};

test("on a phone, a refused save's error leaves the dialog's buttons free, and Save takes one tap", async ({
  page,
  api,
}) => {
  void api;
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await refusedSave(page);
  // Nothing lies over a control in the dialog's view, at its top or at its foot with its buttons.
  expect(await coveredIn(dialog.root)).toEqual([]);
  await dialog.root.getByRole("button", { name: "Save event" }).scrollIntoViewIfNeeded();
  expect(await coveredIn(dialog.root)).toEqual([]);
  expect(await roomAbove(page, dialog)).toBeGreaterThanOrEqual(0);
  await expectAccessible(page, "event dialog with its save refused");

  await dialog.fill({ date: "2026-12-01" });
  // A real tap: Playwright refuses to click a button something else lies over.
  await dialog.root.getByRole("button", { name: "Save event" }).click({ timeout: 2_000 });
  await expect(dialog.root).toBeHidden();
  await expect
    .poll(async () => (await api.get<Array<{ title: string }>>("/api/events")).map((e) => e.title))
    .toEqual(["Dentist"]);
});

for (const [name, size] of [
  ["a phone on its side", { width: 844, height: 390 }],
  ["a small laptop", { width: 1280, height: 720 }],
] as const) {
  test(`on ${name}, the corner toast of a refused save leaves the dialog's buttons free`, async ({ page, api }) => {
    void api;
    await page.setViewportSize(size);
    const dialog = await refusedSave(page);
    expect(await coveredIn(dialog.root)).toEqual([]);
    await dialog.root.getByRole("button", { name: "Save event" }).scrollIntoViewIfNeeded();
    expect(await coveredIn(dialog.root)).toEqual([]);
    expect(await roomAbove(page, dialog)).toBeGreaterThanOrEqual(0);
    await dialog.fill({ date: "2026-12-01" });
    await dialog.root.getByRole("button", { name: "Save event" }).click({ timeout: 2_000 });
    await expect(dialog.root).toBeHidden();
  });
}

test("a phone turned while a toast shows fits the open dialog to the toast as it now is", async ({ page, api }) => {
  void api;
  await page.setViewportSize({ width: 844, height: 390 });
  const dialog = await refusedSave(page);
  const toast = page.locator("[data-toast]");
  const wide = await toast.boundingBox();
  await page.setViewportSize({ width: 320, height: 700 });
  // Narrower, the toast's words take more lines; the dialog ends the same calm gap above it as
  // when it showed first (its 5 % of the screen, and the toasts' own margin), no less, no more.
  await expect.poll(async () => (await toast.boundingBox())?.height ?? 0).toBeGreaterThan(wide?.height ?? 0);
  await expect.poll(async () => Math.round(await roomAbove(page, dialog))).toBe(Math.round(700 * 0.05 + 16));
  await expect(toastText(page, "Error")).toBeVisible();
});

test("on a phone, a toast with Undo showing as a dialog opens waits for it, whole, and its Undo works after", async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await api.quickWin("Water the plants");
  await page.goto("/");
  await page.getByRole("checkbox", { name: "Water the plants" }).click();
  await expect(toastText(page, "Quick win done")).toBeVisible();

  await page.getByRole("button", { name: "Add Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await expectAccessible(page, "Add Task opened over a toast");
  // Longer than a toast stays (5 s): its Undo could not have been pressed meanwhile.
  await page.waitForTimeout(6_000);
  await dialog.getByRole("button", { name: "Cancel" }).click({ timeout: 2_000 });
  await expect(dialog).toBeHidden();

  await expect(toastText(page, "Quick win done")).toBeVisible();
  await page.locator("[data-toast]").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("checkbox", { name: "Water the plants" })).not.toBeChecked();
  await expect
    .poll(async () => (await api.get<Array<{ completed: boolean }>>("/api/quick-wins"))[0]?.completed)
    .toBe(false);
});
