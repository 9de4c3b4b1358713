import { expect, expectAccessible, test, toastText } from "./fixtures.ts";

test("delete account: the dialog asks for the password, says a wrong one, then deletes everything and signs out for good", async ({
  page,
  user,
  api,
  app,
  login,
}) => {
  await api.task("Something of mine");
  await app.settings.open("Account");
  await app.settings.button("Delete account").click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText(/this cannot be undone/)).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  // Reached from the keyboard: the field takes focus as the dialog opens, and Tab goes on to the buttons.
  await expect(dialog.getByLabel("Your password")).toBeFocused();
  await expectAccessible(page, "delete account dialog");

  await page.keyboard.type("not my password at all");
  await expect(confirm).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("That password is not correct");
  await expect(dialog.getByLabel("Your password")).toHaveAccessibleDescription("That password is not correct");
  await expectAccessible(page, "delete account dialog, wrong password");
  expect(await api.get<unknown[]>("/api/tasks")).toHaveLength(1);

  await dialog.getByLabel("Your password").fill(user.password);
  await confirm.click();
  await expect(toastText(page, "Account deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Settings" })).toHaveCount(0);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);

  // The old password no longer signs in.
  await login.open();
  await login.signIn(user.username, user.password);
  await expect(page.getByRole("alert")).toHaveText("Wrong username or password");
  await expect(page).toHaveURL(/\/login$/);
});
