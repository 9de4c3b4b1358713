import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

test("dashboard layout, date line, mood check-in and empty states", async ({ page, user, app }) => {
  await app.dashboard.open();
  await expect(app.dashboard.heading).toBeVisible();
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

  await app.dashboard.mood("Tired").click();
  await expect(app.dashboard.mood("Tired")).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("user-mood"))).toBe("Tired");
  await expect
    .poll(async () => (await page.request.get("/api/mood")).json())
    .toEqual(expect.arrayContaining([expect.objectContaining({ mood: "Tired" })]));
  await expectAccessible(page, "dashboard");
});

test("Add Task dialog follows the validation rules", async ({ page, api, app }) => {
  await app.dashboard.open();
  const dialog = await app.dashboard.openAddTask();
  await expect(dialog.addButton).toBeDisabled();
  await dialog.title.fill("   ");
  await dialog.title.press("Enter");
  await expect(dialog.root).toBeVisible();
  await expect(dialog.estimate).toHaveValue("15");
  await expect(dialog.category).toHaveValue("Work");
  await expectAccessible(page, "add task dialog");

  await dialog.title.fill("  Write the report  ");
  await dialog.estimate.fill("");
  await dialog.dueTime.fill("16:30");
  await dialog.category.selectOption("Health");
  await dialog.addButton.click();
  await expect(toastText(page, "Task Added")).toBeVisible();
  await expect(dialog.root).toBeHidden();
  await expect(app.dashboard.focusTask("Write the report")).toBeVisible();
  const tasks =
    await api.get<Array<{ title: string; timeEstimate: number; dueTime: string; category: string }>>("/api/tasks");
  expect(tasks).toEqual([
    expect.objectContaining({ title: "Write the report", timeEstimate: 15, dueTime: "16:30", category: "Health" }),
  ]);
});

test("quick wins: add with Enter, toggle, and roll back when the server refuses", async ({ page, api, app }) => {
  await api.quickWin("Water the plants");
  await app.dashboard.open();
  const input = app.dashboard.quickWinInput;
  await expect(app.dashboard.addQuickWinButton).toBeDisabled();
  await app.dashboard.addQuickWin("  Reply to Sam about the weekend trip plans  ");
  await expect(toastText(page, 'Added "Reply to Sam about the weekend...".')).toBeVisible();
  await expect(input).toHaveValue("");
  // In the card: the assistant may name it too, once its suggestions are asked for again.
  await expect(app.dashboard.quickWins.getByText("Reply to Sam about the weekend trip plans")).toBeVisible();

  await page.route("**/api/quick-wins/*/toggle", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"nope","code":"INTERNAL"}' }),
  );
  await app.dashboard.quickWin("Water the plants").click();
  await expect(toastText(page, "Failed to update quick win")).toBeVisible();
  await expect(app.dashboard.quickWin("Water the plants")).not.toBeChecked();
  await page.unroute("**/api/quick-wins/*/toggle");

  await app.dashboard.quickWin("Water the plants").click();
  await expect(app.dashboard.quickWins.getByText("Water the plants")).toBeHidden();
  const wins = await api.get<Array<{ text: string; completed: boolean }>>("/api/quick-wins");
  expect(wins.find((w) => w.text === "Water the plants")?.completed).toBe(true);
});

test("ticking a focus task or a quick win done can be undone from the toast", async ({ page, api, app }) => {
  await api.task("Send the invoice");
  await api.quickWin("Refill the water bottle");
  await app.dashboard.open();

  await app.dashboard.focusTaskCheckbox("Send the invoice").click();
  await expect(toastText(page, "Task completed")).toBeVisible();
  await expect(toastText(page, '"Send the invoice" is done.')).toBeVisible();
  await expect(app.dashboard.focusTaskCheckbox("Send the invoice")).toBeHidden();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(app.dashboard.focusTaskCheckbox("Send the invoice")).toBeVisible();
  await expect(app.dashboard.focusTaskCheckbox("Send the invoice")).not.toBeChecked();
  await expect.poll(async () => (await api.get<Array<{ completed: boolean }>>("/api/tasks"))[0]?.completed).toBe(false);

  await app.dashboard.quickWin("Refill the water bottle").click();
  await expect(toastText(page, "Quick win done")).toBeVisible();
  await expect(app.dashboard.quickWins.getByText("Refill the water bottle")).toBeHidden();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(app.dashboard.quickWin("Refill the water bottle")).not.toBeChecked();
  await expect
    .poll(async () => (await api.get<Array<{ completed: boolean }>>("/api/quick-wins"))[0]?.completed)
    .toBe(false);

  // Once the toast is gone, the tick stays.
  await app.dashboard.quickWin("Refill the water bottle").click();
  await expect(toastText(page, "Quick win done")).toBeVisible();
  await page.locator("[data-toast]").getByRole("button", { name: "Close notification" }).click();
  await page.reload();
  await expect(app.dashboard.quickWins.getByText("No quick wins yet. Add some!")).toBeVisible();
});

test("focus task toggle rolls back on refusal; choosing a task opens focus", async ({ page, api, app }) => {
  await api.task("Plan the sprint", { category: "Education", timeEstimate: 30 });
  await app.dashboard.open();
  await page.route("**/api/tasks/*/toggle", (route) =>
    route.fulfill({ status: 403, contentType: "application/json", body: '{"message":"Forbidden"}' }),
  );
  await app.dashboard.focusTaskCheckbox("Plan the sprint").click();
  await expect(toastText(page, "Failed to update task status")).toBeVisible();
  await expect(app.dashboard.focusTaskCheckbox("Plan the sprint")).not.toBeChecked();
  await page.unroute("**/api/tasks/*/toggle");

  await app.dashboard.focusTask("Plan the sprint").click();
  await expect(page).toHaveURL(/\/focus$/);
  await expect(page.getByRole("dialog", { name: "Plan the sprint" })).toBeVisible();
  await expect(page.getByText("Education · 30 min")).toBeVisible();
});

test("schedule shows agenda sections and the event dialog saves events", async ({ page, api, app }) => {
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
  await app.dashboard.open();
  const schedule = app.dashboard.schedule;
  await expect(schedule.getByRole("heading", { name: "All Day" })).toBeVisible();
  await expect(app.dashboard.scheduleEvent("Team offsite")).toBeVisible();
  await expect(schedule.getByRole("heading", { name: "Tomorrow" })).toBeVisible();
  await expect(app.dashboard.scheduleEvent("Dentist")).toBeVisible();
  await expect(app.dashboard.scheduleEvent("Standup")).toBeVisible();
  await expect(app.dashboard.scheduleEvent("Review")).toBeHidden();
  await expect(schedule.getByText("9:00 AM", { exact: false }).first()).toBeVisible();
  await expect(schedule.getByRole("heading", { name: "Past Today" })).toBeVisible();
  await expect(schedule.getByRole("link", { name: "View All Events" })).toHaveAttribute("href", "/calendar");

  const dialog = await app.dashboard.openAddEvent();
  await dialog.fill({ title: "Call the bank", date: today, startTime: "23:59", category: "Finance" });
  await dialog.save();
  await expect(dialog.root).toBeHidden();
  await expect(app.dashboard.scheduleEvent("Call the bank")).toBeVisible();
  await expectAccessible(page, "dashboard with events");
});

test("thought dump saves a thought and offers the image stub", async ({ page, api, app }) => {
  await app.dashboard.open();
  const save = app.dashboard.saveThoughtButton;
  await expect(save).toBeDisabled();
  await app.dashboard.thoughtBox.fill("Maybe learn the cello");
  await app.dashboard.thoughtType("Idea").click();
  await save.click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  await expect(app.dashboard.thoughtBox).toHaveValue("");
  const thoughts = await api.get<Array<{ content: string; type: string }>>("/api/thoughts");
  expect(thoughts[0]).toMatchObject({ content: "Maybe learn the cello", type: "Idea" });

  await page.getByRole("button", { name: "Add image" }).click();
  await expect(toastText(page, "Image upload and analysis will be available in the next update.")).toBeVisible();
});

test("Task Breaker opens focus; a failing assistant degrades gracefully", async ({ page, api, app }) => {
  await api.task("Clean the garage");
  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"suggestions":["Start with one shelf"]}' }),
  );
  await page.route("**/api/ai/breakdown", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"steps":["Open the door","Sort one box"]}' }),
  );
  await app.dashboard.open();
  await expect(page.getByText("Start with one shelf")).toBeVisible();
  await expect(page.getByText(/Auto-refreshes in \d+h/)).toBeVisible();
  await app.dashboard.breakDown("Clean the garage");
  await expect(page).toHaveURL(/\/focus$/);
  const dialog = page.getByRole("dialog", { name: "Clean the garage" });
  await expect(dialog.getByText("Open the door")).toBeVisible();

  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }),
  );
  await page.keyboard.press("Escape");
  await app.shell.go("Daily Compass");
  await app.dashboard.refreshSuggestions();
  await expect(toastText(page, "Error refreshing suggestions")).toBeVisible();
  await expect(page.getByText("Start with one shelf")).toBeVisible();
});

test("the assistant's first suggestions are asked with the newest thoughts and the active projects", async ({
  page,
  api,
  app,
}) => {
  await api.task("Water the plants");
  await api.thought("Call grandma on Sunday", "Reminder");
  await api.project("Garden shed", { description: "Paint it green" });
  const asked: Array<{ context: { recentThoughts: { content: string }[]; activeProjects: { title: string }[] } }> = [];
  await page.route("**/api/ai/suggestions", async (route) => {
    asked.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, contentType: "application/json", body: '{"suggestions":["Plants first"]}' });
  });
  await app.dashboard.open();
  await expect(page.getByText("Plants first")).toBeVisible();
  // These two reads wait until the first screen is drawn; the suggestions wait for them.
  expect(asked).toHaveLength(1);
  expect(asked[0]?.context.recentThoughts).toEqual([{ content: "Call grandma on Sunday", type: "Reminder" }]);
  expect(asked[0]?.context.activeProjects).toEqual([expect.objectContaining({ title: "Garden shed" })]);
});

test("Task Breaker asks which task, and the steps belong to the task chosen", async ({ page, api, app }) => {
  await api.task("Pay the electricity bill");
  await api.task("Book the vet");
  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"suggestions":["One thing at a time"]}' }),
  );
  await page.route("**/api/ai/breakdown", async (route) => {
    const { task } = route.request().postDataJSON() as { task: { title: string } };
    const steps = task.title === "Book the vet" ? ["Find the vet's number", "Call at nine"] : ["Log in to the bank"];
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ steps }) });
  });
  await app.dashboard.open();
  await app.dashboard.openTaskBreaker();
  const chooser = app.dashboard.taskBreakerChooser;
  await expect(chooser.getByRole("button", { name: /Pay the electricity bill/ })).toBeVisible();
  await expectAccessible(page, "task breaker chooser");
  await chooser.getByRole("button", { name: /Book the vet/ }).click();
  await expect(page).toHaveURL(/\/focus$/);
  const vet = app.focus.dialog("Book the vet");
  await expect(vet.steps).toHaveCount(2);
  await expect(vet.step("Find the vet's number")).toBeVisible();

  // The other task opens with no checklist of its own, never the vet's.
  await page.keyboard.press("Escape");
  const bill = await app.focus.chooseTask("Pay the electricity bill");
  await expect(bill.root).toBeVisible();
  await expect(bill.steps).toHaveCount(0);
  await expect(bill.root.getByText("Find the vet's number")).toBeHidden();
});

test("Task Breaker with no open task says so kindly", async ({ page, app }) => {
  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"suggestions":["Rest is productive too"]}' }),
  );
  await app.dashboard.open();
  await app.dashboard.openTaskBreaker();
  await expect(toastText(page, "No tasks found")).toBeVisible();
  await expect(toastText(page, "You don't have any incomplete tasks to break down.")).toBeVisible();
  await expect(app.dashboard.taskBreakerChooser).toBeHidden();
});

test("AI Assistant: manual refresh says so, and the hint counts the hours to midnight", async ({ page, api, app }) => {
  await api.task("Plan the week", { timeEstimate: 20 });
  await app.dashboard.open();
  await expect(page.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
  await app.dashboard.refreshSuggestions();
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

test("offline Task Breaker: the built-in assistant's steps become the focus checklist", async ({ page, api, app }) => {
  const task = await api.task("Clean the garage", { category: "Personal", timeEstimate: 45 });
  // What the offline assistant answers for this task, asked the way the dashboard asks.
  const res = await page.request.post("/api/ai/breakdown", {
    data: { task: { title: "Clean the garage", category: "Personal", timeEstimate: 45 } },
  });
  const answer = (await res.json()) as { steps: string[]; source: string };
  expect(answer.source).toBe("offline");
  expect(answer.steps.length).toBeGreaterThan(1);

  await app.dashboard.open();
  await app.dashboard.breakDown("Clean the garage");
  await expect(page).toHaveURL(/\/focus$/);
  const dialog = app.focus.dialog(task.title);
  await expect(dialog.steps).toHaveCount(answer.steps.length);
  for (const step of answer.steps) await expect(dialog.step(step)).toBeVisible();
  await expectAccessible(page, "focus dialog with offline steps");
});

test("low stimulation folds the assistant to one line that opens on request", async ({ page, app }) => {
  const res = await page.request.put("/api/settings", { data: { lowStimulation: true } });
  expect(res.ok()).toBeTruthy();
  await page.route("**/api/ai/suggestions", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: '{"suggestions":["Start with the smallest task","Drink some water"]}',
    }),
  );
  await app.dashboard.open();
  const card = page.getByRole("region", { name: "AI Assistant" });
  await expect(card.getByText("Start with the smallest task")).toBeVisible();
  await expect(card.getByText("Drink some water")).toBeHidden();
  await expect(card.getByRole("button", { name: "Task Breaker" })).toBeHidden();
  const more = card.getByRole("button", { name: "Show more" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page, "dashboard, assistant folded");

  await more.click();
  await expect(card.getByText("Drink some water")).toBeVisible();
  await expect(card.getByRole("button", { name: "Task Breaker" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
});

test("keyboard focus stays in place after saving a thought, adding a task or ticking an item", async ({
  page,
  api,
  app,
}) => {
  await api.task("Answer Jo's email");
  await api.task("Book a haircut");
  await api.quickWin("Put the mugs away");
  await app.dashboard.open();
  const active = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el === document.body || !el ? "BODY" : (el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "");
    });

  await app.dashboard.thoughtBox.fill("Ask about the library card");
  await app.dashboard.saveThoughtButton.click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  await expect(app.dashboard.thoughtBox).toBeFocused();

  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Call the dentist");
  await dialog.addButton.click();
  await expect(dialog.root).toBeHidden();
  await expect(page.getByRole("button", { name: "Add Task" })).toBeFocused();

  // Ticking a task moves focus to the next task's box; the last one to 'Add a focus task'.
  const first = (await app.dashboard.focusTaskTitles())[0] ?? "";
  await app.dashboard.focusTaskCheckbox(first).focus();
  await page.keyboard.press("Space");
  await expect(app.dashboard.focusTaskCheckbox(first)).toBeHidden();
  expect(await active()).toMatch(/^Complete /);
  for (let left = 2; left > 0; left--) await page.keyboard.press("Space");
  await expect(page.getByText("No focus tasks for today")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a focus task" })).toBeFocused();

  await app.dashboard.quickWin("Put the mugs away").focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("No quick wins yet. Add some!")).toBeVisible();
  await expect(app.dashboard.quickWinInput).toBeFocused();
  expect(await active()).not.toBe("BODY");
});

/** Something only the validation library, the date reader and the public pages have in their code. */
const NOT_ON_THE_DASHBOARD = {
  validation: "Encountered Promise during synchronous parse",
  dateReader: "twenty seventh",
  publicPages: "Find your direction, one day at a time.",
};

test("the dashboard's first load leaves out the validation library, the date reader and the public pages", async ({
  page,
  app,
}) => {
  // The scripts the page asks for, read again by URL (a response's own body may be gone once the
  // page has moved on).
  const asked = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") asked.add(request.url());
  });
  const bodies = new Map<string, string>();
  const loaded = async (marker: string) => {
    for (const url of asked) if (!bodies.has(url)) bodies.set(url, await (await page.request.get(url)).text());
    return [...bodies.values()].some((body) => body.includes(marker));
  };
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByText("How are you feeling today?")).toBeVisible();
  for (const [what, marker] of Object.entries(NOT_ON_THE_DASHBOARD)) expect(await loaded(marker), what).toBe(false);

  // The markers are real: each arrives with what needs it.
  const dialog = await app.dashboard.openAddEvent();
  await expect(dialog.root).toBeVisible();
  await expect.poll(() => loaded(NOT_ON_THE_DASHBOARD.dateReader)).toBe(true);
  await page.keyboard.press("Escape");
  await app.settings.open();
  await expect.poll(() => loaded(NOT_ON_THE_DASHBOARD.validation)).toBe(true);
  await page.context().clearCookies();
  await page.goto("/", { waitUntil: "networkidle" });
  await expect.poll(() => loaded(NOT_ON_THE_DASHBOARD.publicPages)).toBe(true);
});

test("the dialogs' library is not in the dashboard's first load: Add Task and capture open once it has come", async ({
  page,
  app,
}) => {
  // The first load is what the signed-in page's HTML names: its entry and the chunks it preloads.
  const html = await (await page.request.get("/")).text();
  const named = [...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  expect(named.some((url) => /app-first-/.test(url))).toBe(true);
  const firstLoad = await Promise.all(named.map(async (url) => (await page.request.get(url)).text()));
  const DIALOG_LIBRARY = "__scopeDialog";
  expect(firstLoad.some((body) => body.includes(DIALOG_LIBRARY))).toBe(false);

  // Both still open from the first screen, by keyboard too, and the library's code is what they use.
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await app.dashboard.open();
  const addTask = await app.dashboard.openAddTask();
  await expect(addTask.title).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(addTask.root).toBeHidden();
  await app.shell.openCaptureByKey();
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(bodies.some((body) => body.includes(DIALOG_LIBRARY))).toBe(true);
});

test("the signed-in app has its first date formatter made in a worker while it loads; the public pages start none", async ({
  page,
  user: _signedIn,
}) => {
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByText("How are you feeling today?")).toBeVisible();
  expect(workers).toEqual(["/intl-warm.js"]);
  const file = await page.request.get("/intl-warm.js");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toMatch(/javascript/);

  workers.length = 0;
  await page.context().clearCookies();
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(workers).toEqual([]);
});

test("the dashboard's reads start from the page's head while the app's code downloads, and each is made once", async ({
  page,
  user: _signedIn,
}) => {
  await page.addInitScript(() => localStorage.setItem("user-mood", "Tired"));
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) reads.push(url.pathname + url.search);
  });
  // The app's code comes only once its first screen's reads are on their way, or after 10 s.
  let readsBeforeTheApp: string[] = [];
  await page.route(/\/assets\/app-first-[^/]+\.js$/, async (route) => {
    for (let waited = 0; reads.length < 7 && waited < 10_000; waited += 50) await page.waitForTimeout(50);
    readsBeforeTheApp = [...reads];
    await route.continue();
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByText("How are you feeling today?")).toBeVisible();
  const firstReads = [
    "/api/auth/me",
    "/api/welcome-back",
    "/api/tasks?completed=false&order=focus&mood=Tired&limit=5",
    "/api/quick-wins?completed=false&order=focus&limit=5",
    `/api/events?from=${localDate()}&to=${localDate(1)}&limit=200`,
    "/api/thoughts?status=inbox&limit=1",
    "/api/settings",
  ];
  expect(readsBeforeTheApp).toEqual(firstReads);
  for (const read of firstReads)
    expect(
      reads.filter((url) => url === read),
      read,
    ).toHaveLength(1);
  await expect(page.getByText("No focus tasks for today")).toBeVisible();
  await expect(page.getByText("No events scheduled")).toBeVisible();
});

test("a read that hangs never keeps the cards away: thoughts can be captured while the schedule still loads", async ({
  page,
  app,
}) => {
  // The schedule's read answers only when the test lets it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/events?*", async (route) => {
    await held;
    await route.continue();
  });
  await app.dashboard.open();
  await expect(app.dashboard.thoughtBox).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText("No focus tasks for today")).toBeVisible();
  await app.dashboard.thoughtBox.fill("Call the vet about the booster");
  await app.dashboard.saveThoughtButton.click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  release();
  await expect(page.getByText("No events scheduled")).toBeVisible();
});

test("a double click on Add Task adds the task and presses nothing beneath the closing dialog", async ({
  page,
  api,
  app,
}) => {
  await api.task("Call the dentist");
  await app.dashboard.open();
  const beneath = app.dashboard.focusTask("Call the dentist");
  await expect(beneath).toBeVisible();
  // When the dialog left and when the second click came, as the page saw them (on every page
  // loaded from now on too: a try whose click went through opens the dashboard again).
  const watch = () => {
    const w = window as unknown as { closedAt?: number; clickedAt?: number; watching?: boolean };
    if (w.watching) return;
    w.watching = true;
    addEventListener(
      "pointerdown",
      () => {
        if (!document.querySelector("[role=dialog]")) w.clickedAt ??= performance.now();
      },
      { capture: true },
    );
    new MutationObserver(() => {
      if (!document.querySelector("[role=dialog]")) w.closedAt ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  };
  await page.addInitScript(watch);
  await page.evaluate(watch);
  const timing = () =>
    page.evaluate(() => {
      const w = window as unknown as { closedAt?: number; clickedAt?: number };
      const gap = w.clickedAt === undefined || w.closedAt === undefined ? Number.NaN : w.clickedAt - w.closedAt;
      w.closedAt = undefined;
      w.clickedAt = undefined;
      return gap;
    });

  // A busy machine may deliver the second click later than any double click comes (the page
  // ignores the pointer for 600 ms after a dialog closes): that try tells nothing, and the
  // double click is made again. Past 550 ms it tells nothing for sure.
  const DOUBLE_CLICK_MS = 550;
  for (let attempt = 1; ; attempt++) {
    // Where the second click lands: on a task, under where the dialog was.
    const box = await beneath.boundingBox();
    if (!box) throw new Error("the task is not drawn");
    const dialog = await app.dashboard.openAddTask();
    await dialog.title.fill(`Water the plants ${attempt}`);
    await timing();
    await dialog.addButton.click();
    await page.waitForFunction(() => !document.querySelector("[role=dialog]"), null, { polling: "raf" });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const gap = await timing();
    if (gap < DOUBLE_CLICK_MS || attempt === 5) {
      expect(gap, "the second click came within a double click's time").toBeLessThan(DOUBLE_CLICK_MS);
      break;
    }
    await page.waitForTimeout(1000);
    if (!page.url().endsWith("/")) await app.dashboard.open();
  }
  await expect(toastText(page, "Task Added").first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // A moment later the page takes clicks again.
  await beneath.click();
  await expect(page).toHaveURL(/\/focus$/);
});

test("beside a long schedule, Top Focus Tasks keeps its own height at the top, not stretched into an empty card", async ({
  page,
  api,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const title of ["Call the bank", "Tidy the desk"]) await api.task(title);
  for (let hour = 9; hour < 17; hour++) {
    await api.event({
      title: `Meeting ${hour}`,
      date: localDate(0),
      startTime: `${String(hour).padStart(2, "0")}:00`,
      duration: 30,
    });
  }
  await page.goto("/");
  const focus = page.getByRole("region", { name: "Top Focus Tasks" });
  const schedule = page.getByRole("region", { name: "Schedule" });
  await expect(focus.getByRole("checkbox")).toHaveCount(2);
  await expect(schedule.getByRole("listitem").filter({ hasText: /^Meeting/ })).toHaveCount(8);
  const [focusBox, scheduleBox] = [await focus.boundingBox(), await schedule.boundingBox()];
  expect(focusBox?.y).toBeCloseTo(scheduleBox?.y ?? Number.NaN, 0);
  expect((focusBox?.height ?? 0) + 200).toBeLessThan(scheduleBox?.height ?? 0);
});
