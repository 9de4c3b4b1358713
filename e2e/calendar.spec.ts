import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";

const shortDay = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });

test("calendar page: add, edit and delete events, agenda by day, all-day events", async ({ page, api, app }) => {
  const { calendar } = app;
  await calendar.open();
  await expect(calendar.heading).toBeVisible();
  await expect(page.getByText("No events scheduled")).toBeVisible();
  await expect(page.getByText(/Not synced with an outside calendar/)).toBeVisible();
  await expectAccessible(page, "calendar empty");

  // A timed event tomorrow, through the dialog.
  const add = await calendar.openAddEvent();
  await add.fill({
    title: "Physio",
    date: localDate(1),
    startTime: "14:15",
    duration: 45,
    category: "Health",
    location: "Clinic",
  });
  await expectAccessible(page, "calendar add dialog");
  await add.save();
  await expect(toastText(page, "Event added")).toBeVisible();
  await expect(add.root).toBeHidden();

  // An all-day event today.
  await calendar.openAddEvent();
  await add.fill({ title: "Holiday", date: localDate(0), allDay: true });
  await expect(add.field("Start time")).toHaveCount(0);
  await add.save();
  await expect(add.root).toBeHidden();

  // An event from yesterday stays out of the agenda until past events are shown.
  await api.event({ title: "Old meeting", date: localDate(-1), startTime: "09:00", duration: 30 });
  await page.reload();

  const today = calendar.day(/^Today · /);
  const tomorrow = calendar.day(shortDay(localDate(1)));
  await expect(today.getByText("Holiday", { exact: true })).toBeVisible();
  await expect(today.getByText("All day")).toBeVisible();
  await expect(tomorrow.getByText("Physio", { exact: true })).toBeVisible();
  await expect(tomorrow.getByText("2:15 PM · 45 min · Health")).toBeVisible();
  await expect(tomorrow.getByText("Clinic")).toBeVisible();
  await expect(page.getByText("Old meeting")).toHaveCount(0);
  await page.getByRole("button", { name: "Show past events" }).click();
  await expect(calendar.day(shortDay(localDate(-1))).getByText("Old meeting")).toBeVisible();
  await page.getByRole("button", { name: "Hide past events" }).click();
  await expect(page.getByText("Old meeting")).toHaveCount(0);
  await expectAccessible(page, "calendar agenda");

  // Edit: moving the event to another day moves it to that day's section.
  const edit = await calendar.openEdit("Physio");
  await expect(edit.field("Title")).toHaveValue("Physio");
  await expect(edit.field("Duration (minutes)")).toHaveValue("45");
  await edit.fill({ title: "Physio (moved)", date: localDate(2) });
  await edit.save();
  await expect(toastText(page, "Event updated")).toBeVisible();
  await expect(calendar.day(shortDay(localDate(2))).getByText("Physio (moved)", { exact: true })).toBeVisible();
  await expect(tomorrow).toHaveCount(0);

  // Delete: gone from the agenda at once, from the server once the toast has had its time.
  await calendar.delete("Physio (moved)");
  await expect(toastText(page, "Event deleted")).toBeVisible();
  await expect(page.getByRole("main").getByText("Physio (moved)")).toHaveCount(0);
  const titles = async () =>
    (await api.get<Array<{ title: string }>>("/api/events"))
      .map((e) => e.title)
      .sort()
      .join(", ");
  await expect.poll(titles, { timeout: 15_000 }).toBe("Holiday, Old meeting");
  const stored = await api.get<Array<{ title: string; duration: number }>>("/api/events");
  expect(stored.find((e) => e.title === "Holiday")?.duration).toBe(1440);
});

test("an edit keeps a change made elsewhere while its dialog was open", async ({ page, api, app }) => {
  const { id } = await api.event({ title: "Choir", date: localDate(1), startTime: "19:00", duration: 60 });
  await app.calendar.open();
  const edit = await app.calendar.openEdit("Choir");
  await edit.fill({ title: "Choir practice" });
  // Meanwhile, on the phone: half past, in the church hall.
  await api.updateEvent(id, { startTime: "19:30", location: "Church hall" });
  await edit.save();
  await expect(toastText(page, "Event updated")).toBeVisible();
  const tomorrow = app.calendar.day(shortDay(localDate(1)));
  await expect(tomorrow.getByText("Choir practice", { exact: true })).toBeVisible();
  await expect(tomorrow.getByText(/^7:30 PM · 60 min/)).toBeVisible();
  await expect(tomorrow.getByText("Church hall")).toBeVisible();
  const stored = await api.get<Array<{ title: string; startTime: string; location: string | null }>>("/api/events");
  expect(stored.map((e) => [e.title, e.startTime, e.location])).toEqual([["Choir practice", "19:30", "Church hall"]]);
});

test("deleting an event is undoable from its toast; nothing is deleted on the server", async ({ page, api, app }) => {
  await page.clock.install();
  await api.event({ title: "Dentist", date: localDate(1), startTime: "15:00", duration: 30 });
  await app.calendar.open();
  await app.calendar.delete("Dentist");
  const notification = page.getByRole("region", { name: /Notifications/ });
  await expect(notification.getByText("Event deleted")).toBeVisible();
  await expect(page.getByRole("main").getByText("Dentist")).toHaveCount(0);
  // Resting the pointer on the notification holds its time, as it does for a person reading it.
  await notification.getByText("Event deleted").hover();
  await expectAccessible(page, "undo toast");
  await notification.getByRole("button", { name: "Undo" }).click();
  await expect(toastText(page, "Restored")).toBeVisible();
  await expect(page.getByRole("main").getByText("Dentist", { exact: true })).toBeVisible();
  // Well past the toast's 5 seconds, the event is still there.
  await page.clock.runFor(10_000);
  await expect(page.getByRole("main").getByText("Dentist", { exact: true })).toBeVisible();
  const stored = await api.get<Array<{ title: string }>>("/api/events");
  expect(stored.map((e) => e.title)).toEqual(["Dentist"]);
});

test("an event deleted just before the tab crashes, its toast still open, is deleted on the next start (decision 075)", async ({
  page,
  api,
  app,
}) => {
  await api.event({ title: "Dentist", date: localDate(1), startTime: "15:00", duration: 30 });
  await api.event({ title: "Choir", date: localDate(1), startTime: "19:00", duration: 90 });
  // Read through the browser's context: the crashed page's own requests go nowhere.
  const titlesStored = async () =>
    ((await (await page.context().request.get("/api/events")).json()) as Array<{ title: string }>).map((e) => e.title);
  await app.calendar.open();
  await app.calendar.delete("Dentist");
  await expect(toastText(page, "Event deleted")).toBeVisible();
  // The renderer dies at once: no pagehide, no toast closing, nothing sent.
  const cdp = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent("crash");
  void cdp.send("Page.crash").catch(() => undefined);
  await crashed;
  expect(await titlesStored()).toContain("Dentist");

  const again = await page.context().newPage();
  await again.goto("/calendar");
  await expect(again.getByRole("main").getByText("Choir", { exact: true })).toBeVisible();
  await expect.poll(titlesStored, { timeout: 20_000 }).toEqual(["Choir"]);
  await again.reload();
  await expect(again.getByRole("main").getByText("Choir", { exact: true })).toBeVisible();
  await expect(again.getByRole("main").getByText("Dentist")).toBeHidden();
});

test("the .ics export link downloads the user's events as a calendar file", async ({ page, api, app }) => {
  await api.event({ title: "Therapy", date: localDate(1), startTime: "10:00", duration: 50 });
  await api.event({ title: "Birthday", date: localDate(3), startTime: "00:00", duration: 1440 });
  await app.calendar.open();
  const link = page.getByRole("link", { name: "Export .ics" });
  await expect(link).toHaveAttribute("href", "/api/events.ics");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("daily-compass.ics");
  const text = await readFile(await download.path(), "utf8");
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  expect(events.map((e) => e.summary).sort()).toEqual(["Birthday", "Therapy"]);
  const birthday = events.find((e) => e.summary === "Birthday");
  expect(birthday?.startDate.isDate).toBe(true);
  expect(birthday?.startDate.toString()).toBe(localDate(3));
  const therapy = events.find((e) => e.summary === "Therapy");
  expect((therapy?.endDate.toJSDate().getTime() ?? 0) - (therapy?.startDate.toJSDate().getTime() ?? 0)).toBe(
    50 * 60_000,
  );
});

test("a date in the event's title shows as a chip to use or remove", async ({ page, api, app }) => {
  const { calendar } = app;
  const tomorrow = localDate(1);
  await calendar.open();
  let add = await calendar.openAddEvent();
  await add.fill({ title: "Dentist tomorrow at 3pm" });
  const chip = add.root.getByText("Understood “tomorrow at 3pm”");
  await expect(chip).toBeVisible();
  await expect(add.root.getByText(`${shortDay(tomorrow)} at 3:00 PM`)).toBeVisible();
  await expectAccessible(page, "event dialog with a date chip");
  // Removed: nothing changes, and the event keeps the date in the fields.
  await add.root.getByRole("button", { name: "Remove" }).click();
  await expect(chip).toBeHidden();
  await expect(add.field("Title")).toHaveValue("Dentist tomorrow at 3pm");
  await expect(add.field("Date")).toHaveValue(localDate(0));
  await add.root.getByRole("button", { name: "Cancel" }).click();

  add = await calendar.openAddEvent();
  await add.fill({ title: "Dentist tomorrow at 3pm" });
  await add.root.getByRole("button", { name: "Use it" }).click();
  await expect(add.field("Title")).toHaveValue("Dentist");
  await expect(add.field("Date")).toHaveValue(tomorrow);
  await expect(add.field("Start time")).toHaveValue("15:00");
  await expect(add.root.getByText("From your words “tomorrow at 3pm”")).toBeVisible();
  // "Don't use it" puts everything back; using it again is one press.
  await add.root.getByRole("button", { name: "Don't use it" }).click();
  await expect(add.field("Title")).toHaveValue("Dentist tomorrow at 3pm");
  await expect(add.field("Date")).toHaveValue(localDate(0));
  await add.field("Title").fill("Dentist tomorrow at 4pm");
  await add.root.getByRole("button", { name: "Use it" }).click();
  await add.save();
  await expect(toastText(page, "Event added")).toBeVisible();
  const events = await api.get<Array<{ title: string; date: string; startTime: string }>>("/api/events");
  expect(events).toEqual([expect.objectContaining({ title: "Dentist", date: tomorrow, startTime: "16:00" })]);
});

test("a long description shows its first lines, with Show all for the rest; a short one shows whole", async ({
  page,
  api,
}) => {
  const ending = "Bring the blue folder.";
  const long = `${"Parking is behind the building, enter from the side street and take a ticket. ".repeat(20)}${ending}`;
  await api.event({ title: "Dentist", date: localDate(1), startTime: "15:00", duration: 30, description: long });
  await api.event({ title: "Choir", date: localDate(1), startTime: "19:00", duration: 60, description: "Room 4" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/calendar");
  const dentist = page.getByRole("main").getByRole("listitem").filter({ hasText: "Dentist" });
  const choir = page.getByRole("main").getByRole("listitem").filter({ hasText: "Choir" });
  await expect(choir.getByText("Room 4")).toBeVisible();
  await expect(choir.getByRole("button", { name: /^Show all/ })).toHaveCount(0);

  // About 1,600 characters took some 40 lines of a phone's list; now three, and the card stays short.
  const words = dentist.getByText(/^Parking is behind/);
  const cut = await words.boundingBox();
  expect(cut?.height ?? 0).toBeLessThan(80);
  expect(await words.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  const showAll = dentist.getByRole("button", { name: "Show all of the description of Dentist" });
  await expect(showAll).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page, "calendar with a long description cut");

  await showAll.click();
  const less = dentist.getByRole("button", { name: "Show less of the description of Dentist" });
  await expect(less).toHaveAttribute("aria-expanded", "true");
  expect((await words.boundingBox())?.height ?? 0).toBeGreaterThan(300);
  expect(await words.evaluate((el) => el.scrollHeight > el.clientHeight + 1)).toBe(false);
  await less.click();
  await expect.poll(async () => (await words.boundingBox())?.height ?? 0).toBeLessThan(80);
});
