import type { Locator, Page } from "@playwright/test";
import { expect, test, toastText } from "./fixtures.ts";

/** Presses Tab until the target has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Could not reach ${target} with Tab`);
}

test("a whole day, keyboard only", async ({ page }) => {
  const username = `kb${Date.now().toString(36)}`;
  const password = "keyboard only day";
  const reg = await page.request.post("/api/auth/register", { data: { username, password } });
  expect(reg.ok()).toBe(true);
  await page.context().clearCookies();

  // Sign in.
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Username"));
  await page.keyboard.type(username);
  await page.keyboard.press("Tab");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();

  // Add a task.
  await tabTo(page, page.getByRole("button", { name: "Add Task" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await expect(dialog.getByLabel("Task title")).toBeFocused();
  await page.keyboard.type("Finish the slides");
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Task Added")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Add a quick win.
  await tabTo(page, page.getByPlaceholder("Add a quick win..."));
  await page.keyboard.type("Refill water bottle");
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Quick Win Added!")).toBeVisible();

  // Capture a thought.
  await tabTo(page, page.getByRole("textbox", { name: "Thought" }));
  await page.keyboard.type("Ask about the team lunch");
  await tabTo(page, page.getByRole("button", { name: "Reminder", exact: true }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Save & Organize" }));
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Thought captured")).toBeVisible();

  // Open focus on the task and complete it.
  await tabTo(page, page.getByRole("button", { name: /Finish the slides/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/focus$/);
  const focus = page.getByRole("dialog", { name: "Finish the slides" });
  await expect(focus).toBeVisible();
  // Escape closes it; the button it was opened from is gone with the dashboard, so the page's
  // main part takes focus and the next Tab goes on from there, not from the page's start.
  await page.keyboard.press("Escape");
  await expect(focus).toBeHidden();
  await expect(page.locator("#main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).not.toBeFocused();
  expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(true);
  await tabTo(page, page.getByRole("button", { name: /Finish the slides/ }));
  await page.keyboard.press("Enter");
  await expect(focus).toBeVisible();
  await tabTo(page, focus.getByRole("button", { name: "Complete Task" }));
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Task completed")).toBeVisible();
  await expect(page.getByText("No tasks available for focus")).toBeVisible();

  // Sign out.
  await tabTo(page, page.getByRole("button", { name: "Sign out" }));
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Logged out successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
});

test("mobile: hamburger opens a full-screen menu that navigates and closes", async ({ page, api }) => {
  await api.thought("One thing", "Note");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: /Capture Inbox/ })).toContainText("1");
  await menu.getByRole("link", { name: "Projects" }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
});

test("help page explains the app", async ({ page, user: _signedIn }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Help & Support" }).click();
  await expect(page.getByRole("heading", { name: "Help & Support", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  const { expectAccessible } = await import("./fixtures.ts");
  await expectAccessible(page, "help");
});

test("a project deleted by keyboard leaves focus on the Projects page's main part, not the document's start", async ({
  page,
  api,
}) => {
  const project = await api.project("Garden");
  await page.goto(`/project-detail/${project.id}`);
  await expect(page.getByRole("heading", { name: "Garden", level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Delete project" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await expect(toastText(page, "Project deleted")).toBeVisible();
  await expect(page.locator("#main")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(true);
});
