import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test.describe("signed out", () => {
  test("landing page shows benefits, six features, and starts sign-in", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/dark/);
    for (const benefit of ["Intelligent task breakdown", "Voice notes and AI assistance", "Calendar integration"]) {
      await expect(page.getByText(benefit, { exact: true }).first()).toBeVisible();
    }
    const features = page.locator("#features li");
    await expect(features).toHaveCount(6);
    // Code splitting: the signed-in app is not downloaded for the landing page.
    expect(requested.some((u) => /\/assets\/(dashboard|settings|app-layout)-/.test(u))).toBe(false);

    await page.getByRole("button", { name: "Learn More" }).click();
    await expect(page.getByRole("heading", { name: "Features" })).toBeInViewport();

    await expect(page.getByRole("img", { name: "Daily Compass dashboard preview" })).toBeVisible();
    await expectAccessible(page, "landing");

    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
    await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
    // The password rule is there before a first try, tied to the field.
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/^At least 8 characters/);
    await expectAccessible(page, "register form");
  });

  test("preview image falls back to a placeholder when it cannot load", async ({ page }) => {
    // Every format of it: the WebP versions and the PNG fallback.
    await page.route(/\/preview[^/]*\.(webp|png)$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    await expect(page.getByText("Your day, calmly laid out")).toBeVisible();
    await expect(page.getByRole("img", { name: "Daily Compass dashboard preview" })).toBeVisible();
  });

  test("footer links reach terms and privacy with configured placeholders", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByText("Last updated April 14, 2025")).toBeVisible();
    await expect(page.getByText(/laws of the United States of America \(USA\)/)).toBeVisible();
    await expectAccessible(page, "terms");
    await page.goto("/privacy");
    await expect(page.getByText(/AI cache data is kept for about 5 minutes/)).toBeVisible();
    await expect(page.getByText(/until the session cookie expires/)).toBeVisible();
    // Every cookie and what the browser keeps is named.
    await expect(page.getByRole("heading", { name: "Cookies and this device" })).toBeVisible();
    await expect(page.getByText(/device cookie that remembers for 180 days/)).toBeVisible();
    await expect(page.getByText(/a copy of the day you last saw/)).toBeVisible();
    await expectAccessible(page, "privacy");
  });

  test("unknown paths show the not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expectAccessible(page, "not found");
  });

  test("protected routes send signed-out visitors to /", async ({ page }) => {
    for (const path of ["/projects", "/settings", "/inbox", "/focus", "/project-detail/1"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });
});

test.describe("sign-in page", () => {
  test("registers, lands on the dashboard, signs out", async ({ page, login }) => {
    await login.open();
    await expectAccessible(page, "login");
    const username = `reg${Date.now().toString(36)}`;
    await login.register(username, "a good long password");
    await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
    await expect(page.getByText("No focus tasks for today")).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem("user"));
    expect(JSON.parse(stored ?? "{}").username).toBe(username);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(toastText(page, "Logged out successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  });

  test("shows the server's message on a failed log-in", async ({ page, user, login }) => {
    await page.context().clearCookies();
    await login.open();
    await login.signIn(user.username, "wrong password!");
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await login.signIn(user.username, user.password);
    await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  });
});
