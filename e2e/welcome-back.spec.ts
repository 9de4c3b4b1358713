/**
 * A welcome back instead of a pile (docs/decisions/033-welcome-back.md). The last day of use lives
 * in the database, so this spec runs its own server on a data folder it can reach and moves that
 * day back four days there, as four days away would have left it.
 */
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { type OwnServer, ownServerPort, startOwnServer } from "./own-server.ts";
import { WelcomeBackPanel } from "./pages/welcome-back.ts";

// Past the ports playwright.config.ts, production-server.spec.ts and server-process.spec.ts use.
const PORT_OFFSET = 10;
const base = `http://127.0.0.1:${ownServerPort(PORT_OFFSET)}`;
let server: OwnServer | undefined;
let dataDir = "";

test.use({ baseURL: base });
// One server on one port for the file: its tests run in one worker, one after the other.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({
    portOffset: PORT_OFFSET,
    args: ["--import", "tsx", "server/main.ts"],
    dataPrefix: "welcome",
    timeoutMs: 110_000,
    env: { RATE_LIMIT_PER_MINUTE: "100000", SIGN_UPS_PER_HOUR: "100000" },
  });
  dataDir = server.dataDir;
});

test.afterAll(async () => {
  await server?.stop();
});

const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Four days away: the last day of use moved back, and the tasks made well before it. */
function awayFourDays(userId: number, titles: string[]): void {
  const db = new Database(path.join(dataDir, "daily-compass.sqlite"));
  try {
    db.prepare("update days_of_use set last_day = ?, away_since = null where user_id = ?").run(isoDay(-4), userId);
    const made = db.prepare("update tasks set created_at = ? where user_id = ? and title = ?");
    titles.forEach((title, i) => {
      made.run(new Date(Date.now() - (10 - i) * DAY).toISOString(), userId, title);
    });
  } finally {
    db.close();
  }
}

/** Presses Tab until the target has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Could not reach ${target} with Tab`);
}

test("after four days away: a welcome back, one older task at a time, keyboard only", async ({
  page,
  app,
  api,
  user,
}) => {
  const older = ["Call the dentist", "Sort the photos", "Renew the library card"];
  for (const title of older) await api.task(title);
  await api.task("Buy oat milk");
  // The day of use is noted on the first signed-in visit; then the absence is written in.
  await api.get("/api/welcome-back");
  awayFourDays(user.id, older);

  await app.dashboard.open();
  const welcome = new WelcomeBackPanel(page);
  await expect(welcome.heading).toBeVisible();
  await expect(welcome.task("Call the dentist")).toBeVisible();
  // One at a time, and instead of the pile: no other older task, no card of the usual dashboard.
  await expect(welcome.task("Sort the photos")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Top Focus Tasks" })).toHaveCount(0);
  const words = (await page.locator("main").innerText()).toLowerCase();
  expect(words).not.toContain("overdue");
  expect(words).not.toMatch(/\b\d+\s+(tasks?|things|items)\b/);
  await expectAccessible(page, "Welcome back");

  // Keep for today, by keyboard; focus moves to the next task's first choice.
  await tabTo(page, welcome.keep);
  await page.keyboard.press("Enter");
  await expect(welcome.task("Sort the photos")).toBeVisible();
  await expect(welcome.keep).toBeFocused();
  // Later.
  await page.keyboard.press("Tab");
  await expect(welcome.later).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(welcome.task("Renew the library card")).toBeVisible();
  await expect(welcome.keep).toBeFocused();
  // Let go.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(welcome.letGo).toBeFocused();
  await page.keyboard.press("Enter");

  // A kind closing line, then the usual dashboard: the kept task is there, the others are not.
  await expect(welcome.closingLine).toBeFocused();
  await expect(welcome.heading).toHaveCount(0);
  await expect.poll(() => app.dashboard.focusTaskTitles()).toEqual(["Call the dentist", "Buy oat milk"]);
  expect((await page.locator("main").innerText()).toLowerCase()).not.toContain("overdue");
  await expectAccessible(page, "Dashboard after the welcome");

  // The task let go waits on the Tasks page and comes back from there.
  await app.tasks.open();
  await expect(app.tasks.heading).toBeVisible();
  expect(await app.tasks.todayTitles()).not.toContain("Renew the library card");
  await expect(app.tasks.letGoToggle).toHaveAttribute("aria-expanded", "false");
  await tabTo(page, app.tasks.letGoToggle);
  await page.keyboard.press("Enter");
  await expect(app.tasks.letGoList.getByText("Renew the library card")).toBeVisible();
  await expectAccessible(page, "Tasks page with Let go open");
  await tabTo(page, app.tasks.bringBack("Renew the library card"));
  await page.keyboard.press("Enter");
  await expect.poll(() => app.tasks.todayTitles()).toContain("Renew the library card");
  await expect(app.tasks.letGoList).toHaveCount(0);
  // "Later" put the other one off for a week.
  await expect(app.tasks.later.getByText("Sort the photos")).toBeVisible();

  // A second visit the same day: the usual dashboard.
  await app.dashboard.open();
  await expect(page.getByRole("region", { name: "Top Focus Tasks" })).toBeVisible();
  await expect(welcome.heading).toHaveCount(0);
});

test("Not now (or Escape) sets the welcome aside until the next absence", async ({ page, app, api, user }) => {
  await api.task("Plan the weekend");
  await api.get("/api/welcome-back");
  awayFourDays(user.id, ["Plan the weekend"]);

  await app.dashboard.open();
  const welcome = new WelcomeBackPanel(page);
  await expect(welcome.task("Plan the weekend")).toBeVisible();
  await welcome.keep.focus();
  await page.keyboard.press("Escape");
  await expect(welcome.heading).toHaveCount(0);
  await expect(app.dashboard.heading).toBeFocused();
  await expect.poll(() => app.dashboard.focusTaskTitles()).toEqual(["Plan the weekend"]);

  await page.reload();
  await expect(page.getByRole("region", { name: "Top Focus Tasks" })).toBeVisible();
  await expect(welcome.heading).toHaveCount(0);
});
