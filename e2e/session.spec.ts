import { expect, test, toastText } from "./fixtures.ts";

test("a list that fails to load after sign-in says so once, and the rest still shows", async ({ page, api }) => {
  await api.task("Still here");
  await page.route("**/api/quick-wins?**", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 500, body: "down" }) : route.continue(),
  );
  await page.goto("/");
  await expect(toastText(page, "Error Loading Data")).toBeVisible();
  await expect(toastText(page, "Could not load some of your data. Please try refreshing.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Still here/ })).toBeVisible();
});

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });
  test("the user's time zone follows the browser", async ({ page, api }) => {
    expect((await api.get<{ timeZone: string }>("/api/settings")).timeZone).toBe("UTC");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
    await expect.poll(async () => (await api.get<{ timeZone: string }>("/api/settings")).timeZone).toBe("Asia/Tokyo");
  });
});

test("a browser that never chose a theme takes the one saved on another device", async ({ page, api }) => {
  await page.request.put("/api/settings", { data: { theme: "light" } });
  expect((await api.get<{ theme: string }>("/api/settings")).theme).toBe("light");
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

test("adding a task: a refusal shows the server's words, a lost request waits on this device", async ({
  page,
  user: _signedIn,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await dialog.getByLabel("Task title").fill("Call the bank");

  await page.route("**/api/tasks", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 400, contentType: "application/json", body: '{"message":"title: Too long"}' })
      : route.continue(),
  );
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(toastText(page, "Error Adding Task")).toBeVisible();
  await expect(toastText(page, "title: Too long")).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.unroute("**/api/tasks");
  // A request that got no answer: the task waits on this device, to be sent when the server answers.
  await page.route("**/api/tasks", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();
});

test("creating a project the server refuses keeps the dialog and says why", async ({ page, user: _signedIn }) => {
  await page.goto("/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await dialog.getByLabel("Project name").fill("Move house");
  await page.route("**/api/projects", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
      : route.continue(),
  );
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(toastText(page, "Error Adding Project")).toBeVisible();
  await expect(dialog.getByLabel("Project name")).toHaveValue("Move house");

  // With no title the suggestions ask for one first.
  await dialog.getByLabel("Project name").fill("");
  await dialog.getByRole("button", { name: "Get AI suggestions" }).click();
  await expect(toastText(page, "Missing title")).toBeVisible();
  await expect(toastText(page, "Please enter a project title first.")).toBeVisible();
});

test("a session ended elsewhere: Add Task says so calmly, not 'Error Adding Task', and keeps the words", async ({
  page,
  browser,
  user: _signedIn,
}) => {
  // The dashboard's last reads (the assistant's context, asked for once the browser is idle) are
  // answered before the session ends elsewhere: Add Task is then the first call to find it gone.
  // Otherwise one of them finds it first, the app signs out, and the dialog closes before Add.
  const contextRead = (path: string) =>
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === path && url.searchParams.has("limit") && !url.searchParams.has("status");
    });
  const lastReads = Promise.all([contextRead("/api/projects"), contextRead("/api/thoughts")]);
  await page.goto("/");
  await page.getByRole("button", { name: "Add Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Task" });
  await dialog.getByLabel("Task title").fill("Renew passport");
  await lastReads;
  // Signed out from another device with the same session.
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await elsewhere.addCookies(await page.context().cookies());
  expect(
    (await elsewhere.request.post("/api/auth/logout", { headers: { origin: new URL(page.url()).origin } })).status(),
  ).toBeLessThan(300);
  await elsewhere.close();

  await dialog.getByRole("button", { name: "Add Task" }).click();
  await expect(toastText(page, "You've been signed out")).toBeVisible();
  await page.waitForTimeout(500);
  await expect(toastText(page, "You've been signed out")).toBeVisible();
  await expect(toastText(page, "Error Adding Task")).toHaveCount(0);
});
