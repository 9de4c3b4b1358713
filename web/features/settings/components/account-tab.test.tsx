// @vitest-environment jsdom
/**
 * Settings → Account → Change Password, against the real API: every problem the form can know is
 * said at once, each under its own field, before anything is sent; what only the server knows (a
 * wrong current password, a common new one) comes back all together too, each under its field.
 */
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { AccountTab } from "./account-tab.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });
afterEach(resetApp);

const PASSWORD = "correct horse battery";
const TOO_SHORT = "At least 8 characters";
const IS_NAME =
  "That password is your display name, so it is easy to guess. Try a phrase that has nothing to do with your account.";
const COMMON =
  "That password is one of the most common ones, so it is easy to guess. Try a longer phrase only you would think of.";
const WRONG_CURRENT = "The current password is not correct";

async function openChangePassword(user: User) {
  renderWithApp(<AccountTab user={user} onUserChange={() => undefined} />, { signedInAs: user });
  await userEvent.click(screen.getByRole("button", { name: "Change Password" }));
  const dialog = await screen.findByRole("dialog", { name: "Change Password" });
  return {
    dialog,
    current: within(dialog).getByLabelText("Current password"),
    next: within(dialog).getByLabelText("New password"),
    submit: within(dialog).getByRole("button", { name: "Update password" }),
  };
}

/** Signs in with this password on the test server: true when it is the account's. */
async function canSignInWith(user: User, password: string): Promise<boolean> {
  const res = await fetch("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.username, password }),
  });
  return res.ok;
}

describe("Settings: Change Password says every problem at once", () => {
  it("says each problem it can know under its field, all together, and sends nothing", async () => {
    await signUp();
    const { user } = await server<{ user: User }>("PATCH", "/api/auth/me", { displayName: "Kit" });
    const sent = vi.spyOn(globalThis, "fetch");
    const { dialog, current, next, submit } = await openChangePassword(user);
    // The rules are said before anything is typed.
    expect(within(dialog).getByText(/^At least 8 characters, not a common password/)).toBeVisible();

    // Current password left empty, and a new one both too short and the display name.
    await userEvent.type(next, "Kit");
    await userEvent.click(submit);

    expect(current).toHaveAttribute("aria-invalid", "true");
    expect(current).toHaveAccessibleDescription("Please enter your current password");
    expect(next).toHaveAttribute("aria-invalid", "true");
    expect(next).toHaveAccessibleDescription(expect.stringContaining(TOO_SHORT));
    expect(next).toHaveAccessibleDescription(expect.stringContaining(IS_NAME));
    const alerts = within(dialog).getAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toEqual(["Please enter your current password", `${TOO_SHORT}${IS_NAME}`]);
    expect(sent.mock.calls.filter(([url]) => String(url).includes("/api/auth/password"))).toEqual([]);

    // Typing in one field takes its own message away; the other's stays until it is fixed.
    await userEvent.type(current, "x");
    expect(current).toHaveAttribute("aria-invalid", "false");
    expect(within(dialog).queryByText("Please enter your current password")).not.toBeInTheDocument();
    expect(within(dialog).getByText(TOO_SHORT)).toBeVisible();
    sent.mockRestore();
  });

  it("shows both of the server's refusals at once: a wrong current password and a common new one", async () => {
    const user = await signUp();
    const { dialog, current, next, submit } = await openChangePassword(user);
    await userEvent.type(current, "not my password at all");
    await userEvent.type(next, "football");
    await userEvent.click(submit);

    await waitFor(() => expect(current).toHaveAccessibleDescription(WRONG_CURRENT));
    expect(current).toHaveAttribute("aria-invalid", "true");
    expect(next).toHaveAttribute("aria-invalid", "true");
    expect(next).toHaveAccessibleDescription(expect.stringContaining(COMMON));
    expect(
      within(dialog)
        .getAllByRole("alert")
        .map((a) => a.textContent),
    ).toEqual([WRONG_CURRENT, COMMON]);
    // No field names from the API in what the person reads.
    expect(dialog).not.toHaveTextContent(/currentPassword|newPassword/);

    // Both fixed, one press: the password changes.
    await userEvent.clear(current);
    await userEvent.type(current, PASSWORD);
    await userEvent.clear(next);
    await userEvent.type(next, "a brand new secret phrase");
    await userEvent.click(submit);
    expect(await screen.findByText("Password changed")).toBeVisible();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await canSignInWith(user, "a brand new secret phrase")).toBe(true);
  });

  it("a refusal about neither field is said once, below them both", async () => {
    const user = await signUp();
    const { dialog, current, next, submit } = await openChangePassword(user);
    const platform = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes("/api/auth/password")
        ? Promise.resolve(
            Response.json(
              { message: "Too many attempts. Please wait a minute and try again.", code: "RATE_LIMITED" },
              { status: 429 },
            ),
          )
        : platform(input, init),
    );
    await userEvent.type(current, PASSWORD);
    await userEvent.type(next, "a brand new secret phrase");
    await userEvent.click(submit);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait a minute and try again.",
    );
    expect(current).toHaveAttribute("aria-invalid", "false");
    expect(next).toHaveAttribute("aria-invalid", "false");
  });
});
