// CalDAV in the browser against a real Radicale started by the test (the server of this project
// allows calendars on this machine's addresses).
import { startRadicale, type TestRadicale } from "../../server/testing/radicale.ts";
import { expect, expectAccessible, localDate, test, toastText } from "../fixtures.ts";

let dav: TestRadicale;
test.beforeAll(async () => {
  dav = await startRadicale();
});
test.afterAll(async () => {
  await dav?.close();
});

const ics = (uid: string, title: string, date: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Another client//EN",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `LAST-MODIFIED:${new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "")}`,
    `DTSTART:${date.replace(/-/g, "")}T120000Z`,
    `DTEND:${date.replace(/-/g, "")}T130000Z`,
    `SUMMARY:${title}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

test("connect a CalDAV calendar, sync both ways and disconnect", async ({ page, app }) => {
  test.setTimeout(90_000);
  const suffix = `${Date.now().toString(36)}${process.pid}`;
  const calendarUrl = await dav.makeCalendar(`Planner${suffix}`);

  await app.settings.open("Integrations");
  const card = app.settings.caldavCard;
  await card.getByLabel("Server URL").fill(dav.url);
  await card.getByLabel("Username").fill(dav.username);
  await expect(card.getByLabel("App password")).toHaveAttribute("type", "password");
  await card.getByLabel("App password").fill("not-the-app-password");
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(card.getByRole("alert")).toHaveText("App password: The server refused this user name or password");
  await expectAccessible(page, "settings integrations, caldav error");

  await card.getByLabel("App password").fill(dav.password);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(toastText(page, "Calendar connected")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText(`Planner${suffix}`, { exact: true })).toBeVisible();
  await expect(card.getByText(`Signed in as ${dav.username} at ${dav.url}`)).toBeVisible();
  await expectAccessible(page, "settings integrations, caldav connected");
  // After a reload the card still names the calendar.
  await page.reload();
  await app.settings.tab("Integrations");
  await expect(card.getByText(`Planner${suffix}`, { exact: true })).toBeVisible();

  // An event made in the app reaches the CalDAV server.
  const local = `Standup ${suffix}`;
  await app.calendar.open();
  await expect(page.getByText("Synced with your CalDAV calendar", { exact: false })).toBeVisible();
  const dialog = await app.calendar.openAddEvent();
  await dialog.fill({ title: local, date: localDate(1) });
  await dialog.save();
  await expect(toastText(page, "Event added")).toBeVisible();
  await expect
    .poll(async () => (await (await dav.request(calendarUrl)).text()).includes(`SUMMARY:${local}`), {
      timeout: 15_000,
    })
    .toBe(true);

  // An event made by another client appears after Sync now.
  const remote = `Book club ${suffix}`;
  const put = await dav.request(`${calendarUrl}remote-${suffix}.ics`, {
    method: "PUT",
    headers: { "content-type": "text/calendar" },
    body: ics(`remote-${suffix}`, remote, localDate(2)),
  });
  expect(put.status).toBe(201);
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(toastText(page, "Calendar Refreshed")).toBeVisible();
  await expect(page.getByText(remote, { exact: true })).toBeVisible();

  // Disconnect: the form comes back and the events stay.
  await app.settings.open("Integrations");
  await card.getByRole("button", { name: "Disconnect" }).click();
  await expect(card.getByLabel("Server URL")).toBeVisible();
  expect(await (await page.request.get("/api/caldav/status")).json()).toMatchObject({ connected: false });
  await app.calendar.open();
  await expect(page.getByText(remote, { exact: true })).toBeVisible();
});
