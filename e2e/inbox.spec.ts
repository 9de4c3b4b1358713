import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("inbox: quick capture, tabs with counts, archive and restore, live sidebar badge", async ({ page, api }) => {
  await api.thought("Buy a birthday card", "Reminder");
  await api.thought("App for plant swaps", "Idea");
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Capture Inbox", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /Capture Inbox/ })).toContainText("2");

  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await page.getByRole("button", { name: "Task", exact: true }).click();
  await expect(page.getByPlaceholder("Add a task...")).toBeVisible();
  await page.getByPlaceholder("Add a task...").fill("Call the plumber");
  await send.click();
  await expect(toastText(page, "Your task has been captured.")).toBeVisible();
  await expect(nav.getByRole("link", { name: /Capture Inbox/ })).toContainText("3");

  await expect(page.getByRole("tab", { name: /All/ })).toContainText("3");
  await expect(page.getByRole("tab", { name: /Idea/ })).toContainText("1");
  await page.getByRole("tab", { name: /Reminder/ }).click();
  await expect(page.getByRole("tabpanel").getByText("Buy a birthday card")).toBeVisible();
  await expect(page.getByRole("tabpanel").getByText("Call the plumber")).toBeHidden();
  await page.getByRole("tab", { name: /Journal/ }).click();
  await expect(page.getByText("Your inbox is empty")).toBeVisible();
  await page.getByRole("tab", { name: /All/ }).click();
  await expectAccessible(page, "inbox");

  const card = page.getByRole("listitem").filter({ hasText: "App for plant swaps" });
  await card.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("tabpanel").getByText("App for plant swaps")).toBeHidden();
  await expect(nav.getByRole("link", { name: /Capture Inbox/ })).toContainText("2");
  await page.getByRole("button", { name: "Archived (1)" }).click();
  await page
    .getByRole("listitem")
    .filter({ hasText: "App for plant swaps" })
    .getByRole("button", { name: "Restore" })
    .click();
  await page.getByRole("button", { name: "Back to inbox" }).click();
  await expect(page.getByText("App for plant swaps")).toBeVisible();
});

test("inbox: convert a thought into a focus task and a quick win", async ({ page, api }) => {
  await api.thought("Renew passport", "Task");
  await api.thought("Clear the desk", "Reminder");
  await page.goto("/inbox");
  await page
    .getByRole("listitem")
    .filter({ hasText: "Renew passport" })
    .getByRole("button", { name: "Convert" })
    .click();
  await page.getByRole("button", { name: "Convert to focus task" }).click();
  await expect(toastText(page, "The thought is now a focus task.")).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: "Clear the desk" })
    .getByRole("button", { name: "Convert" })
    .click();
  await page.getByRole("button", { name: "Convert to quick win" }).click();
  await expect(toastText(page, "The thought is now a quick win.")).toBeVisible();
  await expect(page.getByText("Your inbox is empty")).toBeVisible();
  const tasks = await api.get<Array<{ title: string }>>("/api/tasks");
  const wins = await api.get<Array<{ text: string }>>("/api/quick-wins");
  expect(tasks.map((t) => t.title)).toContain("Renew passport");
  expect(wins.map((w) => w.text)).toContain("Clear the desk");
  await expect(page.getByRole("link", { name: /Capture Inbox/ })).not.toContainText(/\d/);
});

test("inbox: Sort with Me walks through thoughts one at a time", async ({ page, api }) => {
  await api.thought("Old idea", "Idea");
  await api.thought("Pay rent", "Task");
  await page.goto("/inbox");
  await page.getByRole("button", { name: "Sort with Me" }).click();
  const dialog = page.getByRole("dialog", { name: "Sort with Me" });
  await expect(dialog.getByText("Pay rent")).toBeVisible();
  await page.keyboard.press("t");
  await expect(dialog.getByText("Old idea")).toBeVisible();
  await page.keyboard.press("a");
  await expect(dialog.getByText("All sorted. Nice work.")).toBeVisible();
  await expectAccessible(page, "sort with me");
});
