import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

test("dashboard layout, date line, mood check-in and empty states", async ({ page, user }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" }),
  );
  await expect(page.getByText(today)).toBeVisible();
  await expect(page.getByText(user.username).first()).toBeVisible();
  await expect(page.getByText("How are you feeling today?")).toBeVisible();
  await expect(page.getByText("Your energy affects your productivity. Let's adapt accordingly.")).toBeVisible();
  await expect(page.getByText("No focus tasks for today")).toBeVisible();
  await expect(page.getByText("Add your most important tasks to stay on track.")).toBeVisible();
  await expect(page.getByText("No quick wins yet. Add some!")).toBeVisible();
  await expect(page.getByText("No events scheduled")).toBeVisible();
  await expect(page.getByText("5-15 mins")).toBeVisible();

  await page.getByRole("button", { name: /Tired/ }).click();
  await expect(page.getByRole("button", { name: /Tired/ })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("user-mood"))).toBe("Tired");
  await expect
    .poll(async () => (await page.request.get("/api/mood")).json())
    .toEqual(expect.arrayContaining([expect.objectContaining({ mood: "Tired" })]));
  await expectAccessible(page, "dashboard");
});

test("Add Task dialog follows the validation rules", async ({ page, api }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  const add = dialog.getByRole("button", { name: "Add Task" });
  await expect(add).toBeDisabled();
  await dialog.getByLabel("Task title").fill("   ");
  await dialog.getByLabel("Task title").press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Time estimate (minutes)")).toHaveValue("15");
  await expect(dialog.getByLabel("Category")).toHaveValue("Work");
  await expectAccessible(page, "add task dialog");

  await dialog.getByLabel("Task title").fill("  Write the report  ");
  await dialog.getByLabel("Time estimate (minutes)").fill("");
  await dialog.getByLabel("Due time (optional)").fill("16:30");
  await dialog.getByLabel("Category").selectOption("Health");
  await add.click();
  await expect(toastText(page, "Task Added")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: /Write the report/ })).toBeVisible();
  const tasks =
    await api.get<Array<{ title: string; timeEstimate: number; dueTime: string; category: string }>>("/api/tasks");
  expect(tasks).toEqual([
    expect.objectContaining({ title: "Write the report", timeEstimate: 15, dueTime: "16:30", category: "Health" }),
  ]);
});

test("quick wins: add with Enter, toggle, and roll back when the server refuses", async ({ page, api }) => {
  await api.quickWin("Water the plants");
  await page.goto("/");
  const input = page.getByPlaceholder("Add a quick win...");
  await expect(page.getByRole("button", { name: "Add quick win" })).toBeDisabled();
  await input.fill("  Reply to Sam about the weekend trip plans  ");
  await input.press("Enter");
  await expect(toastText(page, 'Added "Reply to Sam about the weekend...".')).toBeVisible();
  await expect(input).toHaveValue("");
  await expect(page.getByText("Reply to Sam about the weekend trip plans")).toBeVisible();

  await page.route("**/api/quick-wins/*/toggle", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"nope","code":"INTERNAL"}' }),
  );
  await page.getByRole("checkbox", { name: "Water the plants" }).click();
  await expect(toastText(page, "Failed to update quick win")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Water the plants" })).not.toBeChecked();
  await page.unroute("**/api/quick-wins/*/toggle");

  await page.getByRole("checkbox", { name: "Water the plants" }).click();
  await expect(page.getByRole("region", { name: "Quick Wins" }).getByText("Water the plants")).toBeHidden();
  const wins = await api.get<Array<{ text: string; completed: boolean }>>("/api/quick-wins");
  expect(wins.find((w) => w.text === "Water the plants")?.completed).toBe(true);
});

test("focus task toggle rolls back on refusal; choosing a task opens focus", async ({ page, api }) => {
  await api.task("Plan the sprint", { category: "Education", timeEstimate: 30 });
  await page.goto("/");
  await page.route("**/api/tasks/*/toggle", (route) =>
    route.fulfill({ status: 403, contentType: "application/json", body: '{"message":"Forbidden"}' }),
  );
  await page.getByRole("checkbox", { name: "Complete Plan the sprint" }).click();
  await expect(toastText(page, "Failed to update task status")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Complete Plan the sprint" })).not.toBeChecked();
  await page.unroute("**/api/tasks/*/toggle");

  await page.getByRole("button", { name: /Plan the sprint/ }).click();
  await expect(page).toHaveURL(/\/focus$/);
  await expect(page.getByRole("dialog", { name: "Plan the sprint" })).toBeVisible();
  await expect(page.getByText("Education · 30 min")).toBeVisible();
});

test("schedule shows agenda sections and the event dialog saves events", async ({ page, api }) => {
  const today = localDate();
  const tomorrow = localDate(1);
  await api.event({ title: "Team offsite", date: today, startTime: "00:00", duration: 1440, category: "Work" });
  await api.event({ title: "Late dinner", date: today, startTime: "23:58", duration: 1, category: "Social" });
  await api.event({ title: "Early run", date: today, startTime: "00:00", duration: 1, category: "Health" });
  for (const [title, time] of [
    ["Dentist", "09:00"],
    ["Standup", "10:00"],
    ["Review", "15:00"],
  ]) {
    await api.event({ title, date: tomorrow, startTime: time, duration: 30, location: "Room 4" });
  }
  await page.goto("/");
  const schedule = page.getByRole("region", { name: "Schedule" });
  await expect(schedule.getByRole("heading", { name: "All Day" })).toBeVisible();
  await expect(schedule.getByText("Team offsite")).toBeVisible();
  await expect(schedule.getByRole("heading", { name: "Tomorrow" })).toBeVisible();
  await expect(schedule.getByText("Dentist")).toBeVisible();
  await expect(schedule.getByText("Standup")).toBeVisible();
  await expect(schedule.getByText("Review")).toBeHidden();
  await expect(schedule.getByText("9:00 AM", { exact: false }).first()).toBeVisible();
  await expect(schedule.getByRole("heading", { name: "Past Today" })).toBeVisible();
  await expect(schedule.getByRole("link", { name: "View All Events" })).toHaveAttribute("href", "/calendar");

  await page.getByRole("button", { name: "Add event" }).click();
  const dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByLabel("Title").fill("Call the bank");
  await dialog.getByLabel("Date").fill(today);
  await dialog.getByLabel("Start time").fill("23:59");
  await dialog.getByLabel("Category").selectOption("Finance");
  await dialog.getByRole("button", { name: "Save event" }).click();
  await expect(dialog).toBeHidden();
  await expect(schedule.getByText("Call the bank")).toBeVisible();
  await expectAccessible(page, "dashboard with events");
});

test("thought dump saves a thought and offers the image stub", async ({ page, api }) => {
  await page.goto("/");
  const save = page.getByRole("button", { name: "Save & Organize" });
  await expect(save).toBeDisabled();
  await page.getByRole("textbox", { name: "Thought" }).fill("Maybe learn the cello");
  await page.getByRole("button", { name: "Idea", exact: true }).click();
  await save.click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Thought" })).toHaveValue("");
  const thoughts = await api.get<Array<{ content: string; type: string }>>("/api/thoughts");
  expect(thoughts[0]).toMatchObject({ content: "Maybe learn the cello", type: "Idea" });

  await page.getByRole("button", { name: "Add image" }).click();
  await expect(toastText(page, "Image upload and analysis will be available in the next update.")).toBeVisible();
});

test("Task Breaker opens focus; a failing assistant degrades gracefully", async ({ page, api }) => {
  await api.task("Clean the garage");
  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"suggestions":["Start with one shelf"]}' }),
  );
  await page.route("**/api/ai/breakdown", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"steps":["Open the door","Sort one box"]}' }),
  );
  await page.goto("/");
  await expect(page.getByText("Start with one shelf")).toBeVisible();
  await expect(page.getByText(/Auto-refreshes in \d+h/)).toBeVisible();
  await page.getByRole("button", { name: "Task Breaker" }).click();
  await expect(page).toHaveURL(/\/focus$/);
  const dialog = page.getByRole("dialog", { name: "Clean the garage" });
  await expect(dialog.getByText("Open the door")).toBeVisible();

  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }),
  );
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: "Daily Compass" }).click();
  await page.getByRole("button", { name: "Refresh suggestions" }).click();
  await expect(toastText(page, "Error refreshing suggestions")).toBeVisible();
  await expect(page.getByText("Start with one shelf")).toBeVisible();
});

test("AI Assistant: manual refresh says so, and the hint counts the hours to midnight", async ({ page, api }) => {
  await api.task("Plan the week", { timeEstimate: 20 });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
  await page.getByRole("button", { name: "Refresh suggestions" }).click();
  await expect(toastText(page, "Suggestions refreshed")).toBeVisible();
  await expect(toastText(page, "AI suggestions have been updated based on your current context.")).toBeVisible();
  // Hours from the stored refresh time to the next local midnight, at least 1.
  const hours = await page.evaluate(() => {
    const last = new Date(localStorage.getItem("lastSuggestionRefresh") ?? "");
    const midnight = new Date(last);
    midnight.setHours(24, 0, 0, 0);
    return Math.max(1, Math.ceil((midnight.getTime() - last.getTime()) / 3_600_000));
  });
  await expect(page.getByText(`Auto-refreshes in ${hours}h`, { exact: true })).toBeVisible();
});

test("offline Task Breaker: the built-in assistant's steps become the focus checklist", async ({ page, api }) => {
  const task = await api.task("Clean the garage", { category: "Personal", timeEstimate: 45 });
  // What the offline assistant answers for this task, asked the way the dashboard asks.
  const res = await page.request.post("/api/ai/breakdown", {
    data: { task: { title: "Clean the garage", category: "Personal", timeEstimate: 45 } },
  });
  const answer = (await res.json()) as { steps: string[]; source: string };
  expect(answer.source).toBe("offline");
  expect(answer.steps.length).toBeGreaterThan(1);

  await page.goto("/");
  await page.getByRole("button", { name: "Task Breaker" }).click();
  await expect(page).toHaveURL(/\/focus$/);
  const dialog = page.getByRole("dialog", { name: task.title });
  await expect(dialog.getByRole("checkbox")).toHaveCount(answer.steps.length);
  for (const step of answer.steps) await expect(dialog.getByRole("checkbox", { name: step })).toBeVisible();
  await expectAccessible(page, "focus dialog with offline steps");
});
