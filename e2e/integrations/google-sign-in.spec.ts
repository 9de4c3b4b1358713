// Sign-in through a real OpenID Connect provider (oidc-provider) started next to the server.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures.ts";

// Each test walks several full-page redirects and axe scans; a busy machine needs the room.
test.describe.configure({ timeout: 60_000 });

type Account = { sub: string; email?: string; name?: string };

let counter = 0;
const uniqueSub = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}`;

/** The provider's own sign-in screen: choose the account and submit. */
async function signInAtProvider(page: Page, account: Account) {
  await expect(page.getByRole("heading", { name: "Sign in to the test provider" })).toBeVisible();
  await page.getByLabel("Account id").fill(account.sub);
  if (account.email) await page.getByLabel("E-mail").fill(account.email);
  if (account.name) await page.getByLabel("Name").fill(account.name);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The provider's authorization URL for a fresh attempt, started in this browser. */
async function authorizationUrl(page: Page): Promise<URL> {
  const start = await page.request.get("/api/auth/google", { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  return new URL(start.headers().location);
}

async function expectSignedOutWith(page: Page, message: string) {
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole("alert")).toHaveText(message);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
}

test("Get Started signs in at the provider; a user without e-mail shows 'Google Connected'", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Get Started" }).click();
  await signInAtProvider(page, { sub: uniqueSub("nomail"), name: "Provider Person" });

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Daily Compass" })).toBeVisible();
  const sidebar = page.locator("aside");
  await expect(sidebar.getByText("Provider Person", { exact: true })).toBeVisible();
  await expect(sidebar.getByText("Google Connected", { exact: true })).toBeVisible();
  const me = await page.request.get("/api/auth/me");
  expect((await me.json()).user).toMatchObject({ displayName: "Provider Person", email: null, hasPassword: false });

  await page.goto("/settings");
  await page.getByRole("tab", { name: "Account" }).click();
  // The address of a provider account belongs to the provider.
  await expect(page.getByLabel("E-mail")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Password" })).toHaveCount(0);
  await expectAccessible(page, "settings account, provider user");

  // A provider user may add a password and then sign in either way.
  await page.getByRole("button", { name: "Set Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Set Password" });
  await expect(dialog.getByLabel("Current password")).toHaveCount(0);
  await dialog.getByLabel("New password").fill("a long new password");
  await dialog.getByRole("button", { name: "Update password" }).click();
  await expect(dialog).toBeHidden();
  const { user } = await (await page.request.get("/api/auth/me")).json();
  expect(user.hasPassword).toBe(true);
  const login = await page.request.post("/api/auth/login", {
    data: { username: user.username, password: "a long new password" },
  });
  expect(login.status()).toBe(200);
});

test("a provider user with a google address gets a locked e-mail and no Change Password", async ({ page }) => {
  const email = `${uniqueSub("sam")}@google.test`;
  await page.goto("/");
  await page.getByRole("button", { name: "Log in" }).click();
  await signInAtProvider(page, { sub: uniqueSub("withmail"), email });

  await expect(page.getByRole("heading", { level: 1, name: "Daily Compass" })).toBeVisible();
  await expect(page.locator("aside").getByText(email, { exact: true })).toBeVisible();
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Account" }).click();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("E-mail")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Change Password" })).toHaveCount(0);

  // Signing in again with the same provider account finds the same user.
  const first = await (await page.request.get("/api/auth/me")).json();
  await page.locator("aside").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  await page.getByRole("button", { name: "Get Started" }).click();
  // The provider still has its own session: it sends the browser straight back.
  await expect(page.getByRole("heading", { level: 1, name: "Daily Compass" })).toBeVisible();
  const again = await (await page.request.get("/api/auth/me")).json();
  expect(again.user.id).toBe(first.user.id);
});

test("a tampered state is refused and nobody is signed in", async ({ page }) => {
  const url = await authorizationUrl(page);
  url.searchParams.set("state", "a-state-this-browser-never-sent");
  await page.goto(url.href);
  await signInAtProvider(page, { sub: uniqueSub("state") });
  await expectSignedOutWith(page, "Sign-in could not be completed. Please try again.");
});

test("a wrong nonce in the ID token is refused and nobody is signed in", async ({ page }) => {
  const url = await authorizationUrl(page);
  url.searchParams.set("nonce", "a-nonce-this-server-never-issued");
  await page.goto(url.href);
  await signInAtProvider(page, { sub: uniqueSub("nonce") });
  await expectSignedOutWith(page, "Sign-in could not be completed. Please try again.");
});

test("a replayed callback (same code twice) is refused, in the same browser and in another", async ({
  page,
  browser,
  baseURL,
}) => {
  let callback = "";
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/google/callback")) callback = request.url();
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Get Started" }).click();
  await signInAtProvider(page, { sub: uniqueSub("replay") });
  await expect(page.getByRole("heading", { level: 1, name: "Daily Compass" })).toBeVisible();
  expect(callback).toContain("code=");

  await page.locator("aside").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  await page.goto(callback);
  await expectSignedOutWith(page, "Your sign-in attempt expired. Please try again.");

  // A callback URL copied into another browser carries no flow of its own.
  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(callback);
    await expectSignedOutWith(otherPage, "Your sign-in attempt expired. Please try again.");
  } finally {
    await other.close();
  }
});
