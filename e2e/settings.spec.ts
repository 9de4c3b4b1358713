import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("general: theme switch, tone, help level persist", async ({ page, api, app }) => {
  await app.settings.open();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "settings general");
  await page.getByRole("switch", { name: "Dark mode" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  await expect.poll(async () => (await api.get<{ theme: string }>("/api/settings")).theme).toBe("light");

  await expect(page.getByRole("radio", { name: "Friendly" })).toBeChecked();
  await expect(page.getByLabel("Level of help")).toHaveValue("moderate");
  await page.getByRole("radio", { name: "Coachy" }).click();
  await page.getByLabel("Level of help").selectOption("proactive");
  await app.settings.button("Save Settings").click();
  await expect(toastText(page, "Settings saved")).toBeVisible();
  expect(await api.get("/api/settings")).toMatchObject({ tone: "coachy", helpLevel: "proactive", theme: "light" });

  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(page.getByRole("radio", { name: "Coachy" })).toBeChecked();
});

test("account: save profile and change password", async ({ page, user, app }) => {
  await app.settings.open("Account");
  await page.getByLabel("Display name").fill("Robin");
  await page.getByLabel("E-mail").fill("robin@example.com");
  await app.settings.button("Save Changes").click();
  await expect(toastText(page, "Account updated")).toBeVisible();
  await expect(app.shell.sidebar.getByText("Robin", { exact: true })).toBeVisible();
  await expect(app.shell.sidebar.getByText("robin@example.com")).toBeVisible();
  await expect(page.getByText("Not Connected")).toBeVisible();
  await expectAccessible(page, "settings account");

  await app.settings.button("Change Password").click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  // Each refusal in words, under the field it is about.
  await dialog.getByLabel("Current password").fill("not the password");
  await dialog.getByLabel("New password").fill("short");
  await dialog.getByRole("button", { name: "Update password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^At least 8 characters/);
  await expect(dialog.getByLabel("New password")).toHaveAccessibleDescription(/^At least 8 characters/);
  await dialog.getByLabel("New password").fill("a brand new secret");
  await dialog.getByRole("button", { name: "Update password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The current password is not correct");
  await expect(dialog.getByLabel("Current password")).toHaveAccessibleDescription(
    "The current password is not correct",
  );
  await expectAccessible(page, "change password, refused");
  await dialog.getByLabel("Current password").fill(user.password);
  await dialog.getByRole("button", { name: "Update password" }).click();
  await expect(toastText(page, "Password changed")).toBeVisible();
  const login = await page.request.post("/api/auth/login", {
    data: { username: user.username, password: "a brand new secret" },
  });
  expect(login.ok()).toBe(true);
});

test("data: export downloads JSON; delete all asks, deletes and returns home", async ({ page, api, app }) => {
  await api.task("Something to delete");
  await api.quickWin("Another thing");
  await app.settings.open("Data");
  await expectAccessible(page, "settings data");
  const downloadPromise = page.waitForEvent("download");
  await app.settings.button("Export", { exact: true }).click();
  const download = await downloadPromise;
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const exported = JSON.parse(await readFile(path, "utf8"));
  expect(exported.tasks[0].title).toBe("Something to delete");

  await app.settings.button("Delete All Data").click();
  const dialog = page.getByRole("dialog", { name: "Delete All Data" });
  await expect(
    dialog.getByText("Are you sure you want to delete all your data? This action cannot be undone."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, delete everything" }).click();
  await expect(toastText(page, "Data Deleted")).toBeVisible();
  await expect(page.locator("[data-toast]")).toContainText("Deleted 1 task and 1 quick win.");
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  await expect(page.getByText("No focus tasks for today")).toBeVisible();
  expect(await api.get("/api/tasks")).toEqual([]);
});

test("data: an export imported after deleting everything brings it all back; calendar exports as .ics", async ({
  page,
  api,
  app,
}) => {
  await api.task("Plan the week", { category: "Personal" });
  await api.event({ title: "Yoga", date: "2030-05-04", startTime: "18:00", duration: 60 });
  await app.settings.open("Data");

  const ics = page.waitForEvent("download");
  await app.settings.button("Export calendar (.ics)").click();
  const { readFile } = await import("node:fs/promises");
  const calendar = await readFile(await (await ics).path(), "utf8");
  expect(calendar).toContain("BEGIN:VCALENDAR");
  expect(calendar).toContain("SUMMARY:Yoga");

  const json = page.waitForEvent("download");
  await app.settings.button("Export", { exact: true }).click();
  const file = await (await json).path();

  expect(
    (await page.request.post("/api/data/delete-all", { headers: { "content-type": "application/json" } })).ok(),
  ).toBe(true);
  await app.settings.importFile.setInputFiles(file);
  await expect(toastText(page, "Import complete")).toBeVisible();
  await expect(toastText(page, "2 items added.")).toBeVisible();
  const tasks = await api.get<{ title: string; category: string }[]>("/api/tasks");
  expect(tasks.map((t) => [t.title, t.category])).toEqual([["Plan the week", "Personal"]]);

  // The same file again adds nothing.
  await app.settings.importFile.setInputFiles(file);
  await expect(toastText(page, "Everything in this file was already here.")).toBeVisible();

  // A file that is not an export is refused with a message, and nothing changes.
  await app.settings.importFile.setInputFiles({
    name: "notes.json",
    mimeType: "application/json",
    buffer: Buffer.from("not json"),
  });
  await expect(toastText(page, "Import failed")).toBeVisible();
  await expect(toastText(page, "This file is not a Daily Compass export.")).toBeVisible();
  expect(await api.get<unknown[]>("/api/tasks")).toHaveLength(1);
});

test("integrations and API key tabs", async ({ page, app }) => {
  await page.route("**/api/google/auth-url", (route) => route.fulfill({ status: 500, body: "x" }));
  await app.settings.open("Integrations");
  await app.settings.button("Connect Google Calendar").click();
  await expect(toastText(page, "Failed to connect to Google Calendar. Please try again.")).toBeVisible();
  await expectAccessible(page, "settings integrations");

  await app.settings.tab("API");
  const save = app.settings.button("Save", { exact: true });
  await page.getByLabel("API key").fill("  pk-123");
  await expect(save).toBeDisabled();
  await page.getByLabel("API key").fill("  sk-test-123  ");
  await expect(save).toBeEnabled();
  await expectAccessible(page, "settings api");
});

test("returning from the provider with an error shows it and cleans the URL", async ({ page, user: _signedIn }) => {
  await page.goto(`/settings?google_error=true&error_message=${encodeURIComponent("Access was not granted.")}`);
  await expect(toastText(page, "Access was not granted.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
});

test("a link cannot put its own words in the connection failure: only the server's are shown", async ({
  page,
  user: _signedIn,
}) => {
  const planted = "Your account is locked. Call +1 555 0100 to unlock it.";
  await page.goto(`/settings?google_error=true&error_message=${encodeURIComponent(planted)}`);
  await expect(toastText(page, "There was an error connecting your Google Calendar. Please try again.")).toBeVisible();
  await expect(page.getByText(planted)).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);
});
