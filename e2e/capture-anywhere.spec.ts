import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

type Thought = { content: string; type: string; status: string };

test("quick capture from any screen: Alt+N, Ctrl+Enter saves, focus goes back where it was", async ({
  page,
  api,
  app,
}) => {
  await page.goto("/projects");
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  const projectsLink = app.shell.nav.getByRole("link", { name: "Projects" });
  await projectsLink.focus();

  const dialog = await app.shell.openCaptureByKey();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Capture text" })).toBeFocused();
  await expectAccessible(page, "capture dialog");
  await dialog.getByRole("button", { name: "Task" }).click();
  await dialog.getByRole("textbox", { name: "Capture text" }).fill("Call the dentist about the filling");
  await page.keyboard.press("Control+Enter");

  await expect(toastText(page, "Added to inbox")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(projectsLink).toBeFocused();
  const thoughts = await api.get<Thought[]>("/api/thoughts");
  expect(thoughts.map((t) => [t.content, t.type, t.status])).toEqual([
    ["Call the dentist about the filling", "Task", "inbox"],
  ]);
});

test("the capture key is not taken from a text field, and the Capture button opens it too", async ({ page, app }) => {
  await app.inbox.open();
  const field = page.getByRole("textbox", { name: "Capture text" });
  await field.click();
  await page.keyboard.press("Alt+N");
  await expect(page.getByRole("dialog", { name: "Capture a thought" })).toBeHidden();
  await expect(field).toBeFocused();

  const capture = app.shell.sidebar.getByRole("button", { name: "Capture" });
  await capture.click();
  const dialog = page.getByRole("dialog", { name: "Capture a thought" });
  await expect(dialog).toBeVisible();
  // Nothing typed: nothing to save.
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(capture).toBeFocused();
});

test("a phone: skip link first, the header's Capture button, and a menu that keeps focus inside", async ({
  page,
  app,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Capture Inbox", level: 1 })).toBeVisible();

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await page.getByRole("banner").getByRole("button", { name: "Capture" }).click();
  await expect(page.getByRole("dialog", { name: "Capture a thought" })).toBeVisible();
  await page.keyboard.press("Escape");

  await app.shell.menuButton.click();
  await expect(app.shell.menu).toBeVisible();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    await expect(app.shell.menu.locator(":focus")).toHaveCount(1);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Shift+Tab");
    await expect(app.shell.menu.locator(":focus")).toHaveCount(1);
  }
  await page.keyboard.press("Escape");
  await expect(app.shell.menu).toBeHidden();
  await expect(app.shell.menuButton).toBeFocused();
});

test("Calendar is in the sidebar; Help names it and the capture key", async ({ page, app }) => {
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help & Support", level: 1 })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Calendar$/ })).toBeVisible();
  await expect(page.getByText("Capture a thought from any screen (when you are not typing in a field)")).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Alt+N" })).toBeVisible();
  await app.shell.nav.getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
});

test("quick capture shows the day and time it understood; the thought keeps it only when used", async ({
  page,
  api,
  app,
}) => {
  const tomorrow = localDate(1);
  const day = new Date(`${tomorrow}T12:00:00`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
  });
  await app.inbox.open();
  await page.getByRole("heading", { name: "Capture Inbox", level: 1 }).click();
  const dialog = await app.shell.openCaptureByKey();
  const box = dialog.getByRole("textbox", { name: "Capture text" });

  // Removed: saved without a day.
  await box.fill("Call Mum on Sunday");
  await expect(dialog.getByText("Understood “on Sunday”")).toBeVisible();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog.getByText("Understood “on Sunday”")).toBeHidden();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toastText(page, "Added to inbox")).toBeVisible();

  // Used: the thought carries the day and time, and the inbox shows them.
  await app.shell.openCaptureByKey();
  await box.fill("Dentist tomorrow at 3pm");
  await expect(dialog.getByText(`${day} at 3:00 PM`)).toBeVisible();
  await dialog.getByRole("button", { name: "Use it" }).click();
  await expect(dialog.getByText("From your words “tomorrow at 3pm”")).toBeVisible();
  await expectAccessible(page, "capture dialog with a date chip");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toastText(page, "Added to inbox")).toBeVisible();

  const thoughts =
    await api.get<Array<{ content: string; whenDate: string | null; whenTime: string | null }>>("/api/thoughts");
  expect(thoughts.map((t) => [t.content, t.whenDate, t.whenTime])).toEqual([
    ["Dentist tomorrow at 3pm", tomorrow, "15:00"],
    ["Call Mum on Sunday", null, null],
  ]);
  await expect(app.inbox.card("Dentist tomorrow at 3pm").getByText(`${day} at 3:00 PM`)).toBeVisible();
});
