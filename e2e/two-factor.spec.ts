import fs from "node:fs";
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, expectAccessible, type TestUser, test, toastText } from "./fixtures.ts";

const SHOTS = "test-results/screenshots/two-factor";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";

/** What an authenticator app would show for this key, `offsetSteps` 30-second steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

/** The part of the page to look at in light and dark, at a phone's and a laptop's width. */
async function shoot(page: Page, target: Locator, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const still = await page.addStyleTag({
    content: "*,*::before,*::after{transition:none!important;animation:none!important}",
  });
  const start = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await target.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}.png` });
    }
  }
  if (start) await page.setViewportSize(start);
  await still.evaluate((node) => (node as Element).remove());
}

async function openAccount(page: Page): Promise<void> {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Account" }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(toastText(page, "Logged out successfully")).toBeVisible();
}

async function passwordStep(page: Page, user: TestUser): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
}

test("two-factor sign-in: set up from the shown key; then signing in asks for a code, and a recovery code works once", async ({
  page,
  user,
}) => {
  await openAccount(page);
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(card.getByText("Add a second step to signing in")).toBeVisible();
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();

  await expect(card.getByRole("img", { name: "QR code to add Daily Compass to your authenticator app" })).toBeVisible();
  const secret = ((await card.locator("code").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = card.getByLabel("2. Enter the 6-digit code the app shows");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expectAccessible(page, "two-factor set-up");
  await shoot(page, card, "setup");

  // A wrong code says so and leaves it off.
  await codeField.fill(String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, "0"));
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByRole("alert")).toContainText("That code did not match");
  await codeField.fill(codeFor(secret));
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(toastText(page, "Two-factor sign-in is on")).toBeVisible();

  const codes = await card.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expectAccessible(page, "recovery codes");
  await shoot(page, card, "recovery-codes");
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download codes" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("daily-compass-recovery-codes.txt");
  const saved = fs.readFileSync(await file.path(), "utf8");
  for (const code of codes) expect(saved).toContain(code);
  await card.getByRole("button", { name: "I have saved them" }).click();
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  await expect(card.getByText("You have 10 recovery codes left.")).toBeVisible();
  await expect(card.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await shoot(page, card, "on");

  // The password alone no longer signs in.
  await signOut(page);
  await passwordStep(page, user);
  const input = page.getByLabel("6-digit code");
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute("autocomplete", "one-time-code");
  await expect(input).toHaveAttribute("inputmode", "numeric");
  await expectAccessible(page, "sign-in code step");
  await shoot(page, page.locator("main"), "sign-in-code");
  await input.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code did not work. Please check it and try again.");
  // The next step's code: the one used to turn it on is spent.
  await input.fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectSignedIn(page);

  // A recovery code instead of the app, once.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  const recovery = page.getByLabel("Recovery code");
  await expect(recovery).toBeFocused();
  await recovery.fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expectSignedIn(page);
  await openAccount(page);
  await expect(card.getByText("You have 9 recovery codes left.")).toBeVisible();

  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code did not work. Please check it and try again.");
  await page.getByRole("button", { name: "Back to password" }).click();
  await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});

test("two-factor sign-in: turning it off needs the password", async ({ page, user }) => {
  await openAccount(page);
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = ((await card.locator("code").textContent()) ?? "").replace(/\s/g, "");
  await card.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(secret));
  await card.getByRole("button", { name: "Turn on" }).click();
  await card.getByRole("button", { name: "I have saved them" }).click();

  await card.getByRole("button", { name: "Turn off" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn off two-factor sign-in" });
  await dialog.getByLabel("Current password").fill("not my password");
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That password is not correct");
  await expectAccessible(page, "turn off two-factor dialog");
  await dialog.getByLabel("Current password").fill(user.password);
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(toastText(page, "Two-factor sign-in is off")).toBeVisible();
  await expect(card.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
  await shoot(page, card, "off");
  const login = await page.request.post("/api/auth/login", {
    data: { username: user.username, password: user.password },
  });
  expect(Object.keys(await login.json())).toEqual(["user"]);
});

test("two-factor sign-in: an account that signs in only through its provider is told its provider's step applies", async ({
  page,
  user,
}) => {
  expect(user.id).toBeGreaterThan(0);
  // This server has no provider configured; the answer a provider-only account gets stands in
  // (the server side is covered in server/auth/two-factor.test.ts, the real provider account's
  // Account tab by the axe scan in e2e/integrations/google-sign-in.spec.ts).
  await page.route("**/api/auth/2fa", (route) =>
    route.fulfill({ json: { available: false, enabled: false, recoveryCodesLeft: 0 } }),
  );
  await openAccount(page);
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(card.getByText("its own two-step verification protects this account")).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
  await shoot(page, card, "provider");
});

/** Another browser signed in to the same account; answers its page. */
async function signInElsewhere(browser: Browser, testInfo: TestInfo, user: TestUser, userAgent: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, userAgent });
  const res = await context.request.post("/api/auth/login", {
    data: { username: user.username, password: user.password },
  });
  expect(res.ok()).toBe(true);
  const other = await context.newPage();
  await other.goto("/");
  await expectSignedIn(other);
  return other;
}

test("signed-in devices: this one is marked; ending another signs that browser out at once", async ({
  page,
  user,
  browser,
}, testInfo) => {
  const phone = await signInElsewhere(browser, testInfo, user, IPHONE);
  const laptop = await signInElsewhere(browser, testInfo, user, FIREFOX);

  await openAccount(page);
  const card = page.getByRole("region", { name: "Signed-in devices" });
  const devices = card.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(3);
  // Playwright's desktop Chrome says it runs on Windows.
  await expect(devices.first()).toContainText("Chrome on Windows");
  await expect(devices.first()).toContainText("This device");
  await expect(devices.first()).toContainText("Active now");
  await expect(card.getByText("This device")).toHaveCount(1);
  await expect(card.getByText("Safari on iOS")).toBeVisible();
  await expect(card.getByText("Firefox on Linux")).toBeVisible();
  await expectAccessible(page, "signed-in devices");
  await shoot(page, card, "devices");

  await card.getByRole("button", { name: /^Sign out Safari on iOS/ }).click();
  await expect(toastText(page, "Safari on iOS is no longer signed in.")).toBeVisible();
  await expect(devices).toHaveCount(2);
  // The phone's cookie stopped working: its next visit is signed out.
  await phone.goto("/settings");
  await expect(phone).toHaveURL(/\/$/);
  await expect(
    phone.getByRole("link", { name: "Get Started" }).or(phone.getByRole("button", { name: "Get Started" })),
  ).toBeVisible();
  expect((await phone.request.get("/api/auth/me")).status()).toBe(401);
  expect((await laptop.request.get("/api/auth/me")).status()).toBe(200);

  await card.getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(toastText(page, "1 other device is no longer signed in.")).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(card.getByText("This is the only device signed in.")).toBeVisible();
  expect((await laptop.request.get("/api/auth/me")).status()).toBe(401);
  expect((await page.request.get("/api/auth/me")).status()).toBe(200);
  await phone.context().close();
  await laptop.context().close();
});
