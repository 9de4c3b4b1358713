import { expect, expectAccessible, test } from "./fixtures.ts";

type Settings = { textSize: string; lowStimulation: boolean; timeZone: string; followDeviceTimeZone: boolean };

test("display and comfort: text size, reading font, contrast and low stimulation apply at once and stay", async ({
  page,
  api,
  app,
}) => {
  await api.thought("Something to sort later", "Idea");
  for (let i = 1; i <= 6; i++) await api.task(`Task ${i}`);
  await app.settings.open();
  const card = page.getByRole("region", { name: "Display and comfort" });
  await expect(card).toBeVisible();
  await expectAccessible(page, "display settings");

  await card.getByLabel("Text size").selectOption("larger");
  await expect(card.getByRole("status")).toHaveText("Saved.");
  await expect(page.locator("html")).toHaveAttribute("data-text-size", "larger");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("20px");

  await card.getByLabel("Reading font").selectOption("hyperlegible");
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily))
    .toContain("Atkinson Hyperlegible");

  await card.getByRole("switch", { name: "Higher contrast" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");

  // Low stimulation: the inbox count in the sidebar goes away.
  const badge = app.shell.inboxLink.getByText("1");
  await expect(badge).toBeVisible();
  await card.getByRole("switch", { name: "Low stimulation" }).click();
  await expect(card.getByRole("status")).toHaveText("Saved.");
  await expect(badge).toBeHidden();
  await expectAccessible(page, "display settings, low stimulation and high contrast");

  const stored = await api.get<Settings>("/api/settings");
  expect(stored).toMatchObject({ textSize: "larger", lowStimulation: true });

  // Drawn that way from the first paint after a reload, and on another device of the same person.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-text-size", "larger");
  const other = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (other) {
    await other.addCookies(await page.context().cookies());
    const second = await other.newPage();
    await second.goto("/");
    await expect(second.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
    await expect(second.locator("html")).toHaveAttribute("data-calm", "");
    // No count anywhere: 'Show all' without its number, the inbox's views without theirs.
    await expect(second.getByRole("link", { name: "Show all", exact: true })).toBeVisible();
    await second.goto("/inbox");
    await expect(second.getByRole("button", { name: "Archived", exact: true })).toBeVisible();
    await expect(second.getByRole("button", { name: "Converted", exact: true })).toBeVisible();
    await other.close();
  }
});

test("a time zone picked in Settings stays, instead of following the device", async ({ page, api, app }) => {
  await app.settings.open();
  const card = page.getByRole("region", { name: "Display and comfort" });
  await card.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await expect(card.getByRole("status")).toHaveText("Saved.");
  expect(await api.get<Settings>("/api/settings")).toMatchObject({
    timeZone: "Asia/Tokyo",
    followDeviceTimeZone: false,
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect((await api.get<Settings>("/api/settings")).timeZone).toBe("Asia/Tokyo");

  await app.settings.open();
  await card.getByLabel("Time zone").selectOption("device");
  await expect(card.getByRole("status")).toHaveText("Saved.");
  expect(await api.get<Settings>("/api/settings")).toMatchObject({ followDeviceTimeZone: true });
});
