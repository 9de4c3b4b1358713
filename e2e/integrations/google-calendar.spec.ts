// Connecting Google Calendar through the consent screen of the local Calendar API stand-in,
// then two-way sync between the app and the stand-in, then disconnecting.
import { type App, expect, expectAccessible, localDate, test, toastText } from "../fixtures.ts";

// The stand-in is shared by the whole server, and its injected faults and revocation apply to
// every grant: a test that revokes must not overlap one that syncs.
test.describe.configure({ mode: "default" });

type RemoteEvent = { id: string; summary?: string; start?: Record<string, string> };

/** Settings → Integrations → Connect → Allow at the stand-in; answers the stand-in's address. */
async function connectGoogleCalendar({ settings }: App): Promise<string> {
  const { page } = settings;
  await settings.open("Integrations");
  await expect(page.getByText("Connect Google Calendar to see your events")).toBeVisible();
  await settings.button("Connect Google Calendar").click();
  await expect(page.getByRole("heading", { name: /wants to access your Google Calendar/ })).toBeVisible();
  const google = new URL(page.url()).origin;
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(toastText(page, "Google Calendar Connected")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await settings.tab("Integrations");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  return google;
}

test("connect, sync both ways, refresh and disconnect", async ({ page, app, request }) => {
  test.setTimeout(60_000);
  const suffix = `${Date.now().toString(36)}${process.pid}`;
  const google = await connectGoogleCalendar(app);
  await expect(page.getByText(/Two-way sync is on/)).toBeVisible();
  await expect(page.getByText(/Last synced: /)).toBeVisible();
  await expectAccessible(page, "settings integrations, google connected");

  // An event made in the app reaches Google.
  const local = `Dentist ${suffix}`;
  await app.calendar.open();
  await expect(page.getByText("Synced with Google Calendar", { exact: false })).toBeVisible();
  const dialog = await app.calendar.openAddEvent();
  await dialog.fill({ title: local, date: localDate(1), startTime: "10:30" });
  await dialog.save();
  await expect(toastText(page, "Event added")).toBeVisible();
  await expect
    .poll(async () => {
      const live = (await (await request.get(`${google}/control/events`)).json()) as RemoteEvent[];
      return live.find((e) => e.summary === local)?.start?.dateTime ?? null;
    })
    .toMatch(new RegExp(`^${localDate(1)}T`));

  // An event made at Google shows up after Refresh Calendar.
  const remote = `Team lunch ${suffix}`;
  const created = await request.post(`${google}/control/events`, {
    data: {
      summary: remote,
      start: { dateTime: `${localDate(2)}T12:00:00Z` },
      end: { dateTime: `${localDate(2)}T13:00:00Z` },
    },
  });
  expect(created.ok()).toBe(true);
  await app.settings.open("Integrations");
  const reloaded = page.waitForEvent("load");
  // The toast shows for the second before the page reloads. Looked for at every frame, it is seen
  // however long the sync takes (a sync is a few calls to the stand-in; slow on a loaded machine).
  const refreshed = page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll("[data-toast]")).some((t) => t.textContent?.includes("Calendar Refreshed")),
    undefined,
    { polling: "raf", timeout: 15_000 },
  );
  await app.settings.button("Refresh Calendar").click();
  await refreshed;
  await reloaded;
  await app.calendar.open();
  await expect(page.getByText(remote, { exact: true })).toBeVisible();
  await expect(page.getByText(local, { exact: true })).toBeVisible();

  // Disconnect: the card offers to connect again and the events stay.
  await app.settings.open("Integrations");
  await app.settings.googleCard.getByRole("button", { name: "Disconnect" }).click();
  await expect(app.settings.button("Connect Google Calendar")).toBeVisible();
  expect(await (await page.request.get("/api/google/status")).json()).toMatchObject({ connected: false });
  await app.calendar.open();
  await expect(page.getByText(remote, { exact: true })).toBeVisible();
  await expect(page.getByText(/Not synced with an outside calendar/)).toBeVisible();
});

test("denying consent at Google returns to settings with the reason", async ({ page, app }) => {
  await app.settings.open("Integrations");
  await app.settings.button("Connect Google Calendar").click();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(toastText(page, "Google Calendar Connection Failed")).toBeVisible();
  await expect(toastText(page, "Access was not granted.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await (await page.request.get("/api/google/status")).json()).toMatchObject({ connected: false });
});

test("a failed refresh shows Sync Error and the problem; a revoked grant disconnects", async ({
  page,
  app,
  request,
}) => {
  test.setTimeout(60_000);
  const google = await connectGoogleCalendar(app);
  const card = app.settings.googleCard;
  await expect(card.getByText(/Last synced: /)).toBeVisible();

  // Google refuses the next call: the run fails and the card says so.
  expect((await request.post(`${google}/control/fail`, { data: { count: 1, status: 400 } })).ok()).toBe(true);
  await card.getByRole("button", { name: "Refresh Calendar" }).click();
  await expect(toastText(page, "Sync Error")).toBeVisible();
  await expect(toastText(page, "Failed to refresh Google Calendar data. Please try again.")).toBeVisible();
  await expect(card.getByText("Last sync problem: The last sync did not finish; it will be retried.")).toBeVisible();
  await expectAccessible(page, "settings integrations, sync problem");

  // Access revoked at Google: the next refresh fails and the connection is gone.
  expect((await request.post(`${google}/control/revoke`)).ok()).toBe(true);
  await card.getByRole("button", { name: "Refresh Calendar" }).click();
  await expect(toastText(page, "Sync Error")).toBeVisible();
  await expect(card.getByRole("button", { name: "Connect Google Calendar" })).toBeVisible();
  expect(await (await page.request.get("/api/google/status")).json()).toMatchObject({ connected: false });
});
