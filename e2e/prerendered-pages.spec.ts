import zlib from "node:zlib";
import type { Browser, ConsoleMessage, Page, TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, expectAccessible, test } from "./fixtures.ts";

/** What each public page says, as the server sends it: a visitor sees it before any script runs. */
const PUBLIC_PAGES = [
  {
    path: "/",
    heading: "Find your direction, one day at a time.",
    texts: ["Intelligent task breakdown", "Voice notes and AI assistance", "Smart task management", "Quick wins"],
  },
  { path: "/login", heading: "Log in", texts: ["Welcome back. Let's plan a calm day.", "New here?"] },
  {
    path: "/terms",
    heading: "Terms of Service",
    texts: [
      "Last updated April 14, 2025",
      "These terms are governed by the laws of the United States of America (USA).",
      // The operator's details come from the server's configuration (defaults in the e2e run).
      "provided by the operator of this Daily Compass service",
    ],
  },
  {
    path: "/privacy",
    heading: "Privacy Policy",
    texts: ["AI cache data is kept for about 5 minutes", "Session data is kept until the session cookie expires."],
  },
  {
    path: "/help",
    heading: "Help & Support",
    texts: ["What each area does", "Keyboard shortcuts", "Privacy in short"],
  },
  {
    path: "/no-such-page",
    heading: "404 Page Not Found",
    texts: ["Did you forget to add the page to the router?"],
  },
];

/** Something in a script only the signed-in app has: the query library, the dashboard, the toasts. */
const SIGNED_IN_APP_MARKERS = ["No QueryClient set", "No focus tasks for today", "Error Loading Data"];
const SCRIPT_BUDGET_BYTES = 100 * 1000;

async function signedOutBrowser(browser: Browser, testInfo: TestInfo, javaScriptEnabled = true) {
  return browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled });
}

/** Console errors and warnings, and uncaught errors (React reports a hydration mismatch as one). */
function collectComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on("pageerror", (error) => complaints.push(`pageerror: ${error.message}`));
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // The not-found page answers 404 on purpose; Chromium logs that for the document itself.
    if (message.text().includes("404 (Not Found)") && message.location().url.endsWith("/no-such-page")) return;
    complaints.push(`${message.type()}: ${message.text()}`);
  });
  return complaints;
}

test("every public page's heading and text are in the HTML the server sends", async ({ browser }, testInfo) => {
  const context = await signedOutBrowser(browser, testInfo, false);
  const page = await context.newPage();
  for (const { path, heading, texts } of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
    for (const text of texts) await expect(page.getByText(text).first(), `${path}: ${text}`).toBeVisible();
  }
  // The legal footer works without scripts too: plain links between prerendered pages.
  await page.goto("/");
  await page.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await context.close();
});

test("public pages come alive without a complaint from React or the browser", async ({ browser }, testInfo) => {
  const context = await signedOutBrowser(browser, testInfo);
  const page = await context.newPage();
  const complaints = collectComplaints(page);
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
  }
  // Alive: the landing page's buttons and the sign-in form answer.
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Learn More" }).click();
  await expect(page.getByRole("heading", { name: "Features" })).toBeInViewport();
  await page.goto("/login", { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeDisabled();
  await page.getByLabel("Username").fill("someone");
  await page.getByLabel("Password").fill("a password");
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeEnabled();
  await page.getByRole("button", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create account" })).toBeVisible();
  expect(complaints).toEqual([]);
  await context.close();
});

test("the landing page loads no code of the signed-in app and at most 100 KB of script compressed", async ({
  browser,
  page,
  user: _signedIn,
}, testInfo) => {
  /** Every script a first visit to `path` loads, with its body. */
  const scriptsOf = async (visitor: Page, path: string) => {
    const scripts: { url: string; body: Buffer; wireBytes: number }[] = [];
    const pending: Promise<void>[] = [];
    visitor.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      // The signed-in app's date-formatter worker closes itself at once, taking its body with it;
      // it holds no code of the app (e2e/dashboard.spec.ts checks it).
      if (new URL(response.url()).pathname === "/intl-warm.js") return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.push({ url: response.url(), body, wireBytes: sizes.responseBodySize + sizes.responseHeadersSize });
        })(),
      );
    });
    await visitor.goto(path, { waitUntil: "networkidle" });
    await Promise.all(pending);
    return scripts;
  };

  // The markers are real: the signed-in app's first load has each of them.
  const appScripts = Buffer.concat((await scriptsOf(page, "/")).map((s) => s.body)).toString();
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  for (const marker of SIGNED_IN_APP_MARKERS) expect(appScripts, marker).toContain(marker);

  const context = await signedOutBrowser(browser, testInfo);
  for (const path of ["/", "/login"]) {
    const visitor = await context.newPage();
    const scripts = await scriptsOf(visitor, path);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const { url, body } of scripts) {
      for (const marker of SIGNED_IN_APP_MARKERS)
        expect(body.toString(), `${url} has "${marker}"`).not.toContain(marker);
    }
    const raw = scripts.reduce((sum, s) => sum + s.body.length, 0);
    const gzip = scripts.reduce((sum, s) => sum + zlib.gzipSync(s.body).length, 0);
    const wire = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
    testInfo.annotations.push({
      type: "script bytes",
      description: `${path}: ${scripts.length} scripts, ${raw} raw, ${gzip} gzip, ${wire} over the wire in this run`,
    });
    expect(gzip, `${path}: script bytes, gzip`).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
    await visitor.close();
  }
  await context.close();
});

test("the stored theme is on before the page is drawn", async ({ browser }, testInfo) => {
  const context = await signedOutBrowser(browser, testInfo);
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem("theme", "light");
    // The moment <body> starts: nothing can have been drawn before it.
    new MutationObserver((_changes, observer) => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { darkAtBody: boolean }).darkAtBody = document.documentElement.classList.contains("dark");
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ["/", "/terms"]) {
    await page.goto(path);
    expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody), path).toBe(false);
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  }
  await context.close();
});

test("signed in, / is the dashboard and /help the help inside the app", async ({ page, user: _signedIn }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help & Support", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("button", { name: "Sign out" }).first()).toBeAttached();
});

test("signed out, /help is the public help and the app's pages lead to the landing page", async ({
  browser,
}, testInfo) => {
  const context = await signedOutBrowser(browser, testInfo);
  const page = await context.newPage();
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help & Support", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Legal" })).toBeVisible();
  await expectAccessible(page, "public help");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  await context.close();
});

test("a stale session cookie still ends at the landing page", async ({ browser }, testInfo) => {
  const context = await signedOutBrowser(browser, testInfo);
  await context.addCookies([
    { name: "dc_session", value: "no-longer-valid", url: String(testInfo.project.use.baseURL) },
  ]);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help & Support", level: 1 })).toBeVisible();
  await context.close();
});

test("signing in from the prerendered page, even typed before its script ran", async ({ page, user, login }) => {
  await page.context().clearCookies();
  // Hold the page's script back while the visitor types.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/public-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  await login.username.fill(user.username);
  await login.password.fill(user.password);
  release();
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
});

test("signing in with a two-factor code from the prerendered page", async ({ page, user, login }) => {
  const setup = await page.request.post("/api/auth/2fa/setup");
  expect(setup.ok()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const codeFor = (offsetSteps: number) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
  const enable = await page.request.post("/api/auth/2fa/enable", { data: { code: codeFor(0) } });
  expect(enable.ok(), await enable.text()).toBe(true);

  await page.context().clearCookies();
  await login.open();
  await login.signIn(user.username, user.password);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
  // The next step's code: the one used to turn it on is spent.
  await page.getByLabel("6-digit code").fill(codeFor(1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
});
