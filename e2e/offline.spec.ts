import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("offline: the app says so, a task added waits on this device, and is added once online", async ({
  page,
  context,
  api,
  app,
}) => {
  await app.dashboard.open();
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  const banner = page.getByText(
    "You're offline. What you add, tick, edit or delete is kept on this device until you're back; some changes need the connection.",
  );
  await expect(banner).toBeHidden();
  // The page has settled: the code it fetches after the first paint (Add Task's dialog among it)
  // has come. Without the service worker (blocked here) that is what works offline (decision 036).
  await page.waitForLoadState("networkidle");

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expectAccessible(page, "offline banner");

  // A task added now waits on this device (docs/decisions/029-installable-offline.md).
  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Post the parcel");
  await dialog.addButton.click();
  await expect(toastText(page, "Saved on this device")).toBeVisible();
  await expect(dialog.root).toBeHidden();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0, { timeout: 15_000 });
  const tasks = await api.get<Array<{ title: string }>>("/api/tasks");
  expect(tasks.map((t) => t.title)).toEqual(["Post the parcel"]);
});
