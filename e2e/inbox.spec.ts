import type { Page } from "@playwright/test";
import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

const card = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

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
  await page.getByRole("button", { name: "Converted (2)" }).click();
  await expect(card(page, "Clear the desk")).toContainText("Converted to a quick win");
  await card(page, "Renew passport").getByRole("link", { name: "Open focus tasks" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: /^Renew passport/ })).toBeVisible();
});

test("inbox: convert into a project task and a calendar event, then follow the links from Converted", async ({
  page,
  api,
}) => {
  // Two conversions, three screens and four accessibility scans.
  test.setTimeout(60_000);
  const shed = await api.project("Garden shed");
  await api.project("Tax return");
  await api.thought("Buy wood screws", "Task");
  await api.thought("Dentist appointment", "Reminder");
  await page.goto("/inbox");

  await card(page, "Buy wood screws").getByRole("button", { name: "Convert" }).click();
  const dialog = page.getByRole("dialog", { name: "Convert thought" });
  await dialog.getByRole("button", { name: "Convert to project task" }).click();
  await dialog.getByLabel("Project", { exact: true }).selectOption({ label: "Garden shed" });
  await expectAccessible(page, "convert to project task");
  await dialog.getByRole("button", { name: "Add to project" }).click();
  await expect(toastText(page, "The thought is now a task in Garden shed.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const saved = await api.get<{ tasks: Array<{ id: number; title: string; completed: boolean }> }>(
    `/api/projects/${shed.id}`,
  );
  expect(saved.tasks).toEqual([{ id: expect.any(Number), title: "Buy wood screws", completed: false }]);
  // Added outside the create dialog: the id is a timestamp.
  expect(saved.tasks[0].id).toBeGreaterThan(Date.parse("2020-01-01"));

  await card(page, "Dentist appointment").getByRole("button", { name: "Convert" }).click();
  await dialog.getByRole("button", { name: "Convert to calendar event" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("Dentist appointment");
  await expect(dialog.getByLabel("Date")).toHaveValue(localDate());
  await dialog.getByLabel("Date").fill(localDate(1));
  await dialog.getByLabel("Start time").fill("15:30");
  await expectAccessible(page, "convert to calendar event");
  await dialog.getByRole("button", { name: "Add to calendar" }).click();
  await expect(toastText(page, "The thought is now a calendar event.")).toBeVisible();
  const events = await api.get<Array<{ title: string; date: string; startTime: string }>>("/api/events");
  expect(events).toEqual([
    expect.objectContaining({ title: "Dentist appointment", date: localDate(1), startTime: "15:30" }),
  ]);
  await expect(page.getByText("Your inbox is empty")).toBeVisible();

  await page.getByRole("button", { name: "Converted (2)" }).click();
  await expect(page.getByRole("heading", { name: "Converted", level: 2 })).toBeVisible();
  await expect(card(page, "Buy wood screws")).toContainText("Converted to a project task");
  await expect(card(page, "Dentist appointment")).toContainText("Converted to a calendar event");
  await expectAccessible(page, "converted view");
  await card(page, "Buy wood screws").getByRole("link", { name: "Open project" }).click();
  await expect(page).toHaveURL(`/project-detail/${shed.id}`);
  await expect(page.getByRole("heading", { name: "Garden shed" })).toBeVisible();
  await expect(page.getByText("Buy wood screws")).toBeVisible();

  await page.goto("/inbox");
  await page.getByRole("button", { name: "Converted (2)" }).click();
  await card(page, "Dentist appointment").getByRole("link", { name: "Open calendar" }).click();
  await expect(page).toHaveURL("/calendar");
  await expect(page.getByText("Dentist appointment")).toBeVisible();
});

test("inbox: the Converted view links earlier conversions too", async ({ page, api }) => {
  const thought = await api.thought("Water the ferns", "Task");
  const res = await page.request.patch(`/api/thoughts/${thought.id}`, {
    data: { status: "converted", convertedTo: "quick win #1" },
  });
  expect(res.ok()).toBeTruthy();
  await page.goto("/inbox");
  await page.getByRole("button", { name: "Converted (1)" }).click();
  await expect(card(page, "Water the ferns")).toContainText("Converted to a quick win");
  await card(page, "Water the ferns").getByRole("link", { name: "Open quick wins" }).click();
  await expect(page).toHaveURL("/");
});

test("inbox: Sort with Me shows the assistant's suggestion and sorts by keyboard", async ({ page, api }) => {
  test.setTimeout(60_000);
  const thoughts = [
    { content: "Remember to water the ferns", type: "Note" },
    { content: "Wifi password is on the router", type: "Note" },
    { content: "What if the kitchen had a herb wall?", type: "Note" },
    { content: "I need to renew my library card", type: "Note" },
  ];
  // Created oldest first; the inbox lists the newest first, and so does the walk.
  for (const t of thoughts) await api.thought(t.content, t.type);
  const suggested = new Map<string, string>();
  for (const t of thoughts) {
    const res = await page.request.post("/api/ai/categorize", { data: { content: t.content } });
    suggested.set(t.content, ((await res.json()) as { type: string }).type);
  }
  // Accepting converts a Task and a Reminder; the walk below relies on those two answers.
  expect(suggested.get("I need to renew my library card")).toBe("Task");
  expect(suggested.get("Remember to water the ferns")).toBe("Reminder");

  await page.goto("/inbox");
  await page.getByRole("button", { name: "Sort with Me" }).click();
  const dialog = page.getByRole("dialog", { name: "Sort with Me" });
  const suggestion = (content: string) =>
    dialog.getByText(new RegExp(`^Suggested: ${suggested.get(content)} → `), { exact: false });

  await expect(dialog.getByText("1 of 4")).toBeVisible();
  await expect(dialog.getByText("I need to renew my library card")).toBeVisible();
  await expect(suggestion("I need to renew my library card")).toHaveText("Suggested: Task → make it a focus task");
  await expectAccessible(page, "sort with me");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("The thought is now a focus task.")).toBeVisible();

  await expect(dialog.getByText("2 of 4")).toBeVisible();
  await expect(dialog.getByText("What if the kitchen had a herb wall?")).toBeVisible();
  await expect(suggestion("What if the kitchen had a herb wall?")).toBeVisible();
  await page.keyboard.press("r");
  await expect(dialog.getByText("Archived.", { exact: true })).toBeVisible();

  await expect(dialog.getByText("3 of 4")).toBeVisible();
  await expect(dialog.getByText("Wifi password is on the router")).toBeVisible();
  await expect(suggestion("Wifi password is on the router")).toBeVisible();
  await page.keyboard.press("c");
  await expect(dialog.getByRole("button", { name: "Convert to calendar event" })).toBeVisible();
  await dialog.getByRole("button", { name: "Back to sorting" }).click();
  await expect(dialog.getByText("Wifi password is on the router")).toBeVisible();
  await page.keyboard.press("s");

  await expect(dialog.getByText("4 of 4")).toBeVisible();
  await expect(suggestion("Remember to water the ferns")).toHaveText("Suggested: Reminder → make it a quick win");
  await page.keyboard.press("a");
  await expect(dialog.getByText("All sorted. Nice work.")).toBeVisible();
  await expect(dialog.getByText("The thought is now a quick win.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const all = await api.get<Array<{ content: string; status: string; type: string }>>("/api/thoughts");
  const byContent = new Map(all.map((t) => [t.content, t]));
  expect(byContent.get("I need to renew my library card")).toMatchObject({ status: "converted", type: "Task" });
  expect(byContent.get("What if the kitchen had a herb wall?")?.status).toBe("archived");
  expect(byContent.get("Wifi password is on the router")?.status).toBe("inbox");
  expect(byContent.get("Remember to water the ferns")).toMatchObject({ status: "converted", type: "Reminder" });
  const tasks = await api.get<Array<{ title: string }>>("/api/tasks");
  const wins = await api.get<Array<{ text: string }>>("/api/quick-wins");
  expect(tasks.map((t) => t.title)).toEqual(["I need to renew my library card"]);
  expect(wins.map((w) => w.text)).toEqual(["Remember to water the ferns"]);
  // Skipped, so still waiting in the inbox.
  await expect(page.getByRole("tabpanel").getByText("Wifi password is on the router")).toBeVisible();
});
