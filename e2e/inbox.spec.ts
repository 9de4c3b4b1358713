import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

test("inbox: quick capture, tabs with counts, archive and restore, live sidebar badge", async ({ page, api, app }) => {
  const { inbox, shell } = app;
  await api.thought("Buy a birthday card", "Reminder");
  await api.thought("App for plant swaps", "Idea");
  await inbox.open();
  await expect(inbox.heading).toBeVisible();
  await expect(shell.inboxLink).toContainText("2");

  await expect(inbox.sendButton).toBeDisabled();
  await inbox.captureType("Task").click();
  await expect(page.getByPlaceholder("Add a task...")).toBeVisible();
  await inbox.capture("Task", "Call the plumber");
  await expect(toastText(page, "Your task has been captured.")).toBeVisible();
  await expect(shell.inboxLink).toContainText("3");

  await expect(inbox.tab("All")).toContainText("3");
  await expect(inbox.tab("Idea")).toContainText("1");
  await inbox.tab("Reminder").click();
  await expect(inbox.panel.getByText("Buy a birthday card")).toBeVisible();
  await expect(inbox.panel.getByText("Call the plumber")).toBeHidden();
  await inbox.tab("Journal").click();
  await expect(page.getByText("Your inbox is empty")).toBeVisible();
  await inbox.tab("All").click();
  await expectAccessible(page, "inbox");

  // Archived by mistake: Undo brings it back.
  await inbox.archive("App for plant swaps");
  await expect(toastText(page, "Archived")).toBeVisible();
  await expect(inbox.panel.getByText("App for plant swaps")).toBeHidden();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(inbox.panel.getByText("App for plant swaps")).toBeVisible();
  await expect(shell.inboxLink).toContainText("3");

  await inbox.archive("App for plant swaps");
  await expect(inbox.panel.getByText("App for plant swaps")).toBeHidden();
  await expect(shell.inboxLink).toContainText("2");
  await inbox.openView("Archived (1)");
  await inbox.card("App for plant swaps").getByRole("button", { name: "Restore" }).click();
  await page.getByRole("button", { name: "Back to inbox" }).click();
  await expect(page.getByText("App for plant swaps")).toBeVisible();
});

test("inbox: convert a thought into a focus task and a quick win", async ({ page, api, app }) => {
  const { inbox } = app;
  await api.thought("Renew passport", "Task");
  await api.thought("Clear the desk", "Reminder");
  await inbox.open();
  let dialog = await inbox.openConvert("Renew passport");
  await dialog.getByRole("button", { name: "Convert to focus task" }).click();
  await expect(toastText(page, "The thought is now a focus task.")).toBeVisible();
  dialog = await inbox.openConvert("Clear the desk");
  await dialog.getByRole("button", { name: "Convert to quick win" }).click();
  await expect(toastText(page, "The thought is now a quick win.")).toBeVisible();
  await expect(page.getByText("Your inbox is empty")).toBeVisible();
  const tasks = await api.get<Array<{ title: string }>>("/api/tasks");
  const wins = await api.get<Array<{ text: string }>>("/api/quick-wins");
  expect(tasks.map((t) => t.title)).toContain("Renew passport");
  expect(wins.map((w) => w.text)).toContain("Clear the desk");
  await expect(app.shell.inboxLink).not.toContainText(/\d/);
  await inbox.openView("Converted (2)");
  await expect(inbox.card("Clear the desk")).toContainText("Converted to a quick win");
  await inbox.card("Renew passport").getByRole("link", { name: "Open focus tasks" }).click();
  await expect(page).toHaveURL("/");
  await expect(app.dashboard.focusTask(/^Renew passport/)).toBeVisible();
});

test("inbox: convert into a project task and a calendar event, then follow the links from Converted", async ({
  page,
  api,
  app,
}) => {
  const { inbox } = app;
  const shed = await api.project("Garden shed");
  await api.project("Tax return");
  await api.thought("Buy wood screws", "Task");
  await api.thought("Dentist appointment", "Reminder");
  await inbox.open();

  const dialog = await inbox.openConvert("Buy wood screws");
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

  await inbox.openConvert("Dentist appointment");
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

  await inbox.openView("Converted (2)");
  await expect(page.getByRole("heading", { name: "Converted", level: 2 })).toBeVisible();
  await expect(inbox.card("Buy wood screws")).toContainText("Converted to a project task");
  await expect(inbox.card("Dentist appointment")).toContainText("Converted to a calendar event");
  await expectAccessible(page, "converted view");
  await inbox.card("Buy wood screws").getByRole("link", { name: "Open project" }).click();
  await expect(page).toHaveURL(`/project-detail/${shed.id}`);
  await expect(page.getByRole("heading", { name: "Garden shed" })).toBeVisible();
  await expect(page.getByText("Buy wood screws")).toBeVisible();

  await inbox.open();
  await inbox.openView("Converted (2)");
  await inbox.card("Dentist appointment").getByRole("link", { name: "Open calendar" }).click();
  await expect(page).toHaveURL("/calendar");
  await expect(page.getByText("Dentist appointment")).toBeVisible();
});

test("inbox: the Converted view links earlier conversions too", async ({ page, api, app }) => {
  const thought = await api.thought("Water the ferns", "Task");
  const res = await page.request.patch(`/api/thoughts/${thought.id}`, {
    data: { status: "converted", convertedTo: "quick win #1" },
  });
  expect(res.ok()).toBeTruthy();
  await app.inbox.open();
  await app.inbox.openView("Converted (1)");
  await expect(app.inbox.card("Water the ferns")).toContainText("Converted to a quick win");
  await app.inbox.card("Water the ferns").getByRole("link", { name: "Open quick wins" }).click();
  await expect(page).toHaveURL("/");
});

test("inbox: Sort with Me shows the assistant's suggestion and sorts by keyboard", async ({ page, api, app }) => {
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

  await app.inbox.open();
  const dialog = await app.inbox.openSortWithMe();
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
  await expect(app.inbox.panel.getByText("Wifi password is on the router")).toBeVisible();
});

test("converting 'Dentist tomorrow at 3pm' makes an event tomorrow at 15:00, and the chip can take it back", async ({
  page,
  api,
  app,
}) => {
  await api.thought("Dentist tomorrow at 3pm", "Reminder");
  await app.inbox.open();
  const dialog = await app.inbox.openConvert("Dentist tomorrow at 3pm");
  await dialog.getByRole("button", { name: "Convert to calendar event" }).click();
  await expect(dialog.getByText(/^From your words “tomorrow at 3pm”: .+ at 3:00 PM$/)).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue("Dentist");
  await expect(dialog.getByLabel("Date")).toHaveValue(localDate(1));
  await expect(dialog.getByLabel("Start time")).toHaveValue("15:00");
  await expectAccessible(page, "convert with a date from the words");

  // Taken back, the fields are as before; used again, they follow the words.
  await dialog.getByRole("button", { name: "Don't use it" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("Dentist tomorrow at 3pm");
  await expect(dialog.getByLabel("Date")).toHaveValue(localDate());
  // Today's start is 9:00, or the next hour once 9:00 has passed, and in the day's last hour the
  // next quarter, at most 23:45: never one gone.
  const [hour, minute] = await page.evaluate(() => [new Date().getHours(), new Date().getMinutes()]);
  const pad = (n: number) => String(n).padStart(2, "0");
  const offered =
    hour < 9
      ? "09:00"
      : hour < 23
        ? `${pad(hour + 1)}:00`
        : `23:${pad(Math.min((Math.floor(minute / 15) + 1) * 15, 45))}`;
  await expect(dialog.getByLabel("Start time")).toHaveValue(offered);
  await dialog.getByRole("button", { name: "Use “tomorrow at 3pm”" }).click();
  await expect(dialog.getByLabel("Start time")).toHaveValue("15:00");

  await dialog.getByRole("button", { name: "Add to calendar" }).click();
  await expect(toastText(page, "The thought is now a calendar event.")).toBeVisible();
  const events = await api.get<Array<{ title: string; date: string; startTime: string }>>("/api/events");
  expect(events).toEqual([expect.objectContaining({ title: "Dentist", date: localDate(1), startTime: "15:00" })]);
});

test("inbox: a thought's words and type are fixed by keyboard alone, and an archived one can be deleted", async ({
  page,
  api,
  app,
}) => {
  const { inbox, shell } = app;
  await api.thought("Renew pasport before june", "Note");
  await api.thought("Old grocery list", "Note");
  await inbox.open();

  const card = inbox.card("Renew pasport before june");
  await card.getByRole("button", { name: "Edit" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit thought" });
  const words = dialog.getByLabel("Thought");
  await expect(words).toBeFocused();
  await expectAccessible(page, "edit thought");
  // Three words back, then three letters on: "pas|port".
  for (const key of ["Control+ArrowLeft", "Control+ArrowLeft", "Control+ArrowLeft"]) await page.keyboard.press(key);
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.type("s");
  await expect(words).toHaveValue("Renew passport before june");
  // Task, Idea, then Reminder.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Reminder" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Reminder" })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByRole("button", { name: "Save changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Thought updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  const fixed = inbox.card("Renew passport before june");
  await expect(fixed.getByText("Reminder")).toBeVisible();
  await expect(fixed.getByRole("button", { name: "Edit" })).toBeFocused();
  await expect(inbox.tab("Reminder")).toContainText("1");
  // Still in the inbox: the sidebar counts it as before.
  await expect(shell.inboxLink).toContainText("2");

  await inbox.archive("Old grocery list");
  await inbox.openView("Archived (1)");
  await inbox.card("Old grocery list").getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, '"Old grocery list" is gone from Archived.')).toBeVisible();
  await expect(page.getByText("Nothing archived.")).toBeVisible();
  // Once the toast has closed, the server has deleted it; a reload does not bring it back.
  await page.getByRole("button", { name: "Close notification" }).click();
  await expect
    .poll(async () => (await api.get<Array<{ content: string }>>("/api/thoughts")).map((t) => t.content))
    .toEqual(["Renew passport before june"]);
  await page.reload();
  await expect(page.getByRole("button", { name: "Archived (0)" })).toBeVisible();
});

test("inbox: a short thought beside a long one keeps its words and buttons together at the top", async ({
  page,
  api,
  app,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const long =
    "Plan the spring: the garden needs new soil, the shed roof leaks on the left side, the neighbours asked about sharing a new fence, and the bike needs a new chain before the commute gets busy again.";
  // Newest first: the short one is drawn first, the long one beside it.
  await api.thought(long, "Note");
  await api.thought("Buy batteries", "Reminder");
  await app.inbox.open();
  const short = app.inbox.card("Buy batteries");
  const tall = app.inbox.card("Plan the spring");
  const [shortBox, tallBox] = [await short.boundingBox(), await tall.boundingBox()];
  expect(shortBox && tallBox).toBeTruthy();
  if (!shortBox || !tallBox) return;
  // Side by side, as tall as each other.
  expect(shortBox.y).toBeCloseTo(tallBox.y, 0);
  expect(shortBox.height).toBeCloseTo(tallBox.height, 0);
  // The short card's words and its Convert button start where the long card's rows do: right under
  // its type, not spread over its height.
  const words = await short.getByText("Buy batteries", { exact: true }).boundingBox();
  const tallWords = await tall.getByText(long, { exact: true }).boundingBox();
  expect(words?.y).toBeCloseTo(tallWords?.y ?? Number.NaN, 0);
  const convert = await short.getByRole("button", { name: "Convert" }).boundingBox();
  expect(words && convert).toBeTruthy();
  if (words && convert) expect(convert.y - (words.y + words.height)).toBeLessThan(24);
});
