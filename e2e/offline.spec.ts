import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("offline: the app says so, an action fails at once instead of spinning, and works again online", async ({
  page,
  context,
  api,
  app,
}) => {
  await app.dashboard.open();
  await expect(page.getByRole("heading", { name: "Daily Compass", level: 1 })).toBeVisible();
  const banner = page.getByText(
    "You're offline. What you add or change now can't be saved until the connection is back.",
  );
  await expect(banner).toBeHidden();

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expectAccessible(page, "offline banner");

  const dialog = await app.dashboard.openAddTask();
  await dialog.title.fill("Post the parcel");
  await dialog.addButton.click();
  await expect(toastText(page, "Error Adding Task")).toBeVisible();
  // Not stuck on "Adding...": the button is back and the words typed are still there.
  await expect(dialog.addButton).toBeEnabled();
  await expect(dialog.title).toHaveValue("Post the parcel");

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await dialog.addButton.click();
  await expect(toastText(page, "Task Added")).toBeVisible();
  const tasks = await api.get<Array<{ title: string }>>("/api/tasks");
  expect(tasks.map((t) => t.title)).toEqual(["Post the parcel"]);
});
