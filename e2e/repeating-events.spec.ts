import { expect, expectAccessible, localDate, test, toastText } from "./fixtures.ts";
import { EventDialog } from "./pages/event-dialog.ts";

const shortDay = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });

type Stored = { id: number; title: string; date: string; startTime: string; repeat: string | null };

test("an event made to repeat every day shows today and tomorrow; just this one is edited, all of them deleted", async ({
  page,
  api,
  app,
}) => {
  const { calendar } = app;
  await calendar.open();
  const add = await calendar.openAddEvent();
  await add.fill({ title: "Morning walk", date: localDate(0), startTime: "08:00", duration: 30, repeat: "Every day" });
  await expect(add.field("Repeat")).toHaveValue("FREQ=DAILY");
  await expectAccessible(page, "event dialog with Repeat");
  await add.save();
  await expect(toastText(page, "Event added")).toBeVisible();
  await expect(add.root).toBeHidden();

  const today = calendar.day(/^Today · /);
  const tomorrow = calendar.day(shortDay(localDate(1)));
  await expect(today.getByText("Morning walk", { exact: true })).toBeVisible();
  await expect(tomorrow.getByText("Morning walk", { exact: true })).toBeVisible();
  await expect(tomorrow.getByRole("img", { name: "Repeats every day" })).toBeVisible();
  const stored = await api.get<Stored[]>("/api/events");
  expect(stored.length).toBeGreaterThanOrEqual(56);
  expect(stored.every((e) => e.repeat === "FREQ=DAILY" && e.startTime === "08:00")).toBe(true);

  // Just tomorrow's: a later start, the rest stay as they were.
  await tomorrow.getByRole("button", { name: "Edit Morning walk" }).click();
  const dialog = new EventDialog(page, "Edit event");
  await expect(dialog.field("Repeat")).toHaveValue("FREQ=DAILY");
  await dialog.fill({ title: "Morning walk in the park", startTime: "09:30" });
  await dialog.save();
  const choice = calendar.occurrenceChoice("Change");
  await expect(choice).toBeVisible();
  await expectAccessible(page, "just this one or all of them");
  await choice.getByRole("button", { name: "Just this one" }).click();
  await expect(toastText(page, "Event updated")).toBeVisible();
  await expect(tomorrow.getByText("Morning walk in the park", { exact: true })).toBeVisible();
  await expect(tomorrow.getByText("9:30 AM · 30 min")).toBeVisible();
  await expect(today.getByText("Morning walk", { exact: true })).toBeVisible();
  await expect(today.getByText("8:00 AM · 30 min")).toBeVisible();
  const afterEdit = await api.get<Stored[]>("/api/events");
  expect(afterEdit.filter((e) => e.title !== "Morning walk").map((e) => [e.date, e.startTime])).toEqual([
    [localDate(1), "09:30"],
  ]);
  expect(afterEdit).toHaveLength(stored.length);

  // Another daily event, of a series of its own.
  await api.event({
    title: "Take the meds",
    date: localDate(0),
    startTime: "20:00",
    duration: 5,
    repeat: "FREQ=DAILY",
  });
  await page.reload();
  await expect(tomorrow.getByText("Take the meds", { exact: true })).toBeVisible();

  // All of them, from today's: gone from the agenda at once, from the server once the toast has had its time.
  await today.getByRole("button", { name: "Delete Morning walk" }).click();
  const del = calendar.occurrenceChoice("Delete");
  await expect(del).toBeVisible();
  await del.getByRole("button", { name: "All of them" }).click();
  await expect(toastText(page, "Repeating event deleted")).toBeVisible();
  await expect(page.getByRole("main").getByText(/^Morning walk/)).toHaveCount(0);
  // The other daily series stays on screen all along.
  await expect(tomorrow.getByText("Take the meds", { exact: true })).toBeVisible();
  await expect
    .poll(
      async () => (await api.get<Stored[]>("/api/events")).filter((e) => e.title.startsWith("Morning walk")).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(0);
  expect((await api.get<Stored[]>("/api/events")).every((e) => e.title === "Take the meds")).toBe(true);
  await page.reload();
  await expect(today.getByText("Take the meds", { exact: true })).toBeVisible();
});
