import type { Locator, Page } from "@playwright/test";
import { type Api, expect, expectAccessible, test, toastText } from "./fixtures.ts";

// A toast showing when the phone menu opens must not lie over the menu's buttons (it covered
// Sign out at the bottom), and what it offers (Undo) must still be there once the menu closes.

/** What is drawn at the middle of each control is the control itself, not something laid over it. */
async function expectUncovered(controls: Locator): Promise<void> {
  const covered = await controls.evaluateAll((elements) =>
    elements
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !top || !el.contains(top);
      })
      .map((el) => el.textContent?.trim() || el.getAttribute("aria-label")),
  );
  expect(covered, "menu controls with something drawn over them").toEqual([]);
}

/** A quick win ticked on a 390 px phone: its "Quick win done" toast, with Undo, is showing. */
async function tickQuickWinOnPhone(page: Page, api: Api, text: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await api.quickWin(text);
  await page.goto("/");
  await page.getByRole("checkbox", { name: text }).click();
  await expect(toastText(page, "Quick win done")).toBeVisible();
}

test("on a phone, a toast never covers the open menu: Sign out takes one tap", async ({ page, api, app }) => {
  await tickQuickWinOnPhone(page, api, "Water the plants");
  await app.shell.menuButton.click();
  const menu = app.shell.menu;
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectUncovered(menu.locator("a[href], button"));
  await expectAccessible(page, "phone menu opened over a toast");

  // Closing the menu brings the toast back, Undo and all.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.locator("[data-toast]").getByRole("button", { name: "Undo" })).toBeVisible();

  // A real tap: Playwright refuses to click a button something else lies over.
  await app.shell.menuButton.click();
  await menu.getByRole("button", { name: "Sign out" }).click({ timeout: 2_000 });
  await expect(toastText(page, "Logged out successfully")).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});

test("on a phone, a toast waits while the menu is open: its Undo still works after", async ({ page, api, app }) => {
  await tickQuickWinOnPhone(page, api, "Refill the water bottle");
  await app.shell.menuButton.click();
  await expect(app.shell.menu).toBeVisible();
  // Longer than a toast stays (5 s): the person was reading the menu, not the toast.
  await page.waitForTimeout(6_000);
  await app.shell.menu.getByRole("button", { name: "Close menu" }).click();
  await expect(app.shell.menu).toBeHidden();
  await expect(toastText(page, "Quick win done")).toBeVisible();
  await page.locator("[data-toast]").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("checkbox", { name: "Refill the water bottle" })).not.toBeChecked();
  await expect
    .poll(async () => (await api.get<Array<{ completed: boolean }>>("/api/quick-wins"))[0]?.completed)
    .toBe(false);
});
