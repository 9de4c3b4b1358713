import type { Locator } from "@playwright/test";
import { expect, expectAccessible, localDate, test } from "./fixtures.ts";

/** Where a mark sits along the line, as a share of its width (0 to 1). */
async function shareAlong(line: Locator, mark: Locator): Promise<number> {
  const [l, m] = await Promise.all([line.boundingBox(), mark.boundingBox()]);
  if (!l || !m) throw new Error("timeline not drawn");
  return (m.x + m.width / 2 - l.x) / l.width;
}

test("the schedule draws today as a line with now marked and counts down to the next event", async ({
  page,
  api,
  app,
}) => {
  const today = localDate();
  await page.clock.install({ time: new Date(`${today}T14:40:00`) });
  await api.event({ title: "Standup", date: today, startTime: "09:00", duration: 30, category: "Work" });
  await api.event({ title: "Dentist", date: today, startTime: "15:00", duration: 30, category: "Health" });
  await api.event({ title: "Pick up parcel", date: today, startTime: "15:10", duration: 25, category: "Personal" });
  await app.dashboard.open();

  const timeline = app.dashboard.schedule.getByTestId("day-timeline");
  await expect(timeline.getByText(/Next:\s*Dentist\s*in 20 min/)).toBeVisible();
  const line = timeline.getByRole("img", { name: /Today from 8 AM to 6 PM, now 2:40 PM, 3 events/ });
  await expect(line).toBeVisible();
  // 2:40 PM is two thirds of the way from 8 AM to 6 PM.
  expect(await shareAlong(line, timeline.getByTestId("now-line"))).toBeCloseTo(2 / 3, 1);
  // Two events overlap, so they sit on two lanes: one block above the other.
  const dentist = timeline.locator('[title^="Dentist"]');
  const parcel = timeline.locator('[title^="Pick up parcel"]');
  const [d, p] = [await dentist.boundingBox(), await parcel.boundingBox()];
  expect(d && p && p.y > d.y).toBeTruthy();

  await page.clock.runFor(10 * 60_000);
  await expect(timeline.getByText(/Next:\s*Dentist\s*in 10 min/)).toBeVisible();
  await page.clock.runFor(25 * 60_000);
  await expect(timeline.getByText(/Now:\s*Dentist\s*· 15 min left/)).toBeVisible();
  await expectAccessible(page, "dashboard with the day's timeline");
});

test("focus shows on the day's line, and the timer's disc shrinks as time passes", async ({ page, api, app }) => {
  const today = localDate();
  await page.clock.install({ time: new Date(`${today}T10:00:00`) });
  await api.event({ title: "Lunch with Sam", date: today, startTime: "12:30", duration: 60, category: "Social" });
  await api.task("Write the report");
  await app.focus.open();
  const disc = page.getByTestId("time-disc");
  await expect(disc).toHaveAttribute("data-fraction", "1.000");
  // Time moves only when the test says so: the disc shows a thousandth of the session, which
  // real time passing would change within a second.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await app.focus.button("Start Focus Session").click();
  await page.clock.runFor(5 * 60_000);
  await expect(app.focus.timer).toHaveText("20:00");
  await expect(disc).toHaveAttribute("data-fraction", "0.800");
  const wedge = disc.locator("circle").nth(1);
  expect(await wedge.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("1s");
  await app.focus.button("Pause").click();
  await page.clock.resume();

  await app.dashboard.open();
  const timeline = app.dashboard.schedule.getByTestId("day-timeline");
  await expect(timeline.getByRole("img", { name: /1 event, 1 stretch of focus/ })).toBeVisible();
  await expect(timeline.locator('[data-kind="focus"]')).toHaveCount(1);
  await expect(timeline.getByText("Focus time")).toBeVisible();
  await expect(timeline.getByText(/Next:\s*Lunch with Sam\s*in 2 h 25 min/)).toBeVisible();
});

test("with reduced motion the disc is still shown and steps instead of gliding", async ({ page, api, app }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await api.task("Sort the post");
  await app.focus.open();
  await app.focus.chooseLength("5 min");
  await app.focus.button("Start Focus Session").click();
  await page.clock.runFor(60_000);
  const disc = page.getByTestId("time-disc");
  await expect(disc).toBeVisible();
  await expect(disc).toHaveAttribute("data-fraction", "0.800");
  const wedge = disc.locator("circle").nth(1);
  expect(await wedge.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
});
