// @vitest-environment jsdom
/**
 * Settings → Account → Delete account (docs/decisions/069-delete-account.md), against the real
 * API: the dialog says what goes, waits for the proof, says a wrong password under the field, and
 * once the account is gone this device is signed out and forgets the person.
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { openDB } from "idb";
import { afterEach, describe, expect, inject, it } from "vitest";
import { STORAGE_KEYS } from "../../../../shared/constants.ts";
import type { Task, User } from "../../../../shared/schemas.ts";
import { AuthProvider, useAuth } from "../../../app/auth.tsx";
import { ThemeProvider } from "../../../app/theme.tsx";
import { keepWaiting, newIdempotencyKey, type WaitingWrite } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { keepUnsent } from "../../../lib/voice-outbox.ts";
import { SettingsPage } from "../../../pages/settings.tsx";
import { renderWithApp, resetApp, server, signUp, storedDrafts } from "../../../testing/app-harness.tsx";
import { useDeleteTask, useShownTasks } from "../../tasks/api.ts";
import { DeleteAccountCard } from "./delete-account-card.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });
afterEach(resetApp);

const PASSWORD = "correct horse battery";
const platformFetch = globalThis.fetch;
const waitingWrites = async () => (await (await openDB("daily-compass-outbox", 1)).getAll("writes")) as WaitingWrite[];
/** Whose voice notes wait on this device to be sent. */
const recordingOwners = async () =>
  ((await (await openDB("daily-compass", 1)).getAll("unsent-recordings")) as Array<{ userId: number }>).map(
    (r) => r.userId,
  );

/** Says the session's state, as every screen reads it. */
function Session() {
  return <p>Session: {useAuth().status}</p>;
}

/** Settings as the signed-in shell shows it, and nothing once signed out. */
function Settings() {
  return useAuth().status === "authenticated" ? <SettingsPage /> : null;
}

/** One task with its Delete: the task shows while no delete of it waits on its toast. */
function OneTask({ task }: { task: Task }) {
  const remove = useDeleteTask();
  const shown = useShownTasks([task]);
  return (
    <p>
      {shown.length > 0 ? `Shown: ${task.title}` : "Not shown"}
      <button type="button" onClick={() => remove(task)}>
        Delete {task.title}
      </button>
    </p>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole("tab", { name: "Account" }));
  await userEvent.click(await screen.findByRole("button", { name: "Delete account" }));
  return screen.findByRole("dialog", { name: "Delete your account?" });
}

describe("Settings: Delete account", () => {
  it("says what goes, waits for the password, says a wrong one under the field, and deletes with the right one", async () => {
    const user = await signUp();
    await server("PUT", "/api/settings", { followDeviceTimeZone: false });
    await server("POST", "/api/tasks", { title: "Still here" });
    // What this browser keeps for the person, and for someone else who uses it too.
    localStorage.setItem(`${STORAGE_KEYS.draft}:${user.id}:new-quick-win`, JSON.stringify("Call the bank"));
    localStorage.setItem(STORAGE_KEYS.mood, "Happy");
    const waiting = { key: newIdempotencyKey(), path: "/api/quick-wins", body: { text: "Water" }, label: "Water" };
    await keepWaiting({ ...waiting, userId: user.id });
    await keepWaiting({ ...waiting, key: newIdempotencyKey(), userId: user.id + 100_000 });
    const voice = new Blob(["webm"], { type: "audio/webm" });
    await keepUnsent(user.id, voice);
    await keepUnsent(user.id + 100_000, voice);

    const { queryClient } = renderWithApp(
      <AuthProvider>
        <ThemeProvider>
          <Session />
          <Settings />
        </ThemeProvider>
      </AuthProvider>,
      { signedInAs: user },
    );
    const dialog = await openDialog();
    expect(within(dialog).getByText(/your tasks, quick wins, projects, thoughts/)).toBeVisible();
    expect(within(dialog).getByText(/each one signed in to this account is signed out/)).toBeVisible();
    expect(within(dialog).getByText(/this cannot be undone/)).toBeVisible();
    const field = within(dialog).getByLabelText("Your password");
    expect(field).toHaveAttribute("type", "password");
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();

    await userEvent.type(field, "not my password at all");
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    const error = await within(dialog).findByRole("alert");
    expect(error).toHaveTextContent("That password is not correct");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("That password is not correct");
    expect(screen.getByText("Session: authenticated")).toBeVisible();
    expect((await server<{ user: User }>("GET", "/api/auth/me")).user.id).toBe(user.id);
    expect(await server<unknown[]>("GET", "/api/tasks")).toHaveLength(1);

    await userEvent.clear(field);
    expect(confirm).toBeDisabled();
    await userEvent.type(field, `${PASSWORD}{Enter}`);

    expect(await screen.findByText("Account deleted")).toBeVisible();
    expect(screen.getByText("Your account and everything in it are gone, on every device. Take care.")).toBeVisible();
    expect(screen.getByText("Session: unauthenticated")).toBeVisible();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText("You've been signed out")).not.toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    // No read of the person is kept (the theme's settings query waits, empty, for a sign-in).
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined)
        .map((q) => q.queryKey),
    ).toEqual([queryKeys.me]);
    // Nothing of the person is left in this browser; another person's waiting write is.
    expect(storedDrafts()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.mood)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    await waitFor(async () => expect((await waitingWrites()).map((w) => w.userId)).toEqual([user.id + 100_000]));
    // Their voice notes recorded without a connection too (docs/decisions/088-a-voice-note-that-waits.md).
    expect(await recordingOwners()).toEqual([user.id + 100_000]);

    // The account is gone: the session answers 401, and the password opens nothing.
    expect((await fetch("/api/auth/me")).status).toBe(401);
    const login = await platformFetch(`${inject("apiOrigin")}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user.username, password: PASSWORD }),
    });
    expect(login.status).toBe(401);
  });

  it("a delete still waiting on its Undo toast is not kept on this device for the account that is gone", async () => {
    const user = await signUp();
    const task = await server<Task>("POST", "/api/tasks", { title: "Call the bank" });
    renderWithApp(
      <AuthProvider>
        <ThemeProvider>
          <Session />
          <OneTask task={task} />
          <Settings />
        </ThemeProvider>
      </AuthProvider>,
      { signedInAs: user },
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete Call the bank" }));
    expect(await screen.findByText("Task deleted")).toBeVisible();
    expect(screen.getByText("Not shown")).toBeVisible();

    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Your password"), `${PASSWORD}{Enter}`);
    expect(await screen.findByText("Account deleted")).toBeVisible();
    // The toast's delete was sent as the toast closed, and found no session: it is over once the
    // row shows again, and nothing waits for a person who cannot sign in again.
    expect(await screen.findByText("Shown: Call the bank")).toBeVisible();
    expect((await waitingWrites()).filter((w) => w.userId === user.id)).toEqual([]);
    expect(screen.queryByText("Waiting to sync")).not.toBeInTheDocument();
  });

  it("for an account without a password, asks for the username as shown, and for the password once the server says it has one", async () => {
    const user = await signUp();
    const providerOnly: User = { ...user, hasPassword: false, googleId: "provider-subject" };
    renderWithApp(<DeleteAccountCard user={providerOnly} onDeleted={async () => {}} />, { signedInAs: providerOnly });
    await userEvent.click(screen.getByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    const field = within(dialog).getByLabelText("Your username");
    expect(field).toHaveAttribute("type", "text");
    expect(field).toHaveAccessibleDescription(`Type ${user.username} to confirm.`);
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    await userEvent.type(field, "   ");
    expect(confirm).toBeDisabled();
    await userEvent.type(field, user.username);
    expect(confirm).toBeEnabled();

    // The account has had a password set since (on another device, as far as this page knows):
    // the server asks for it, and the field becomes a password field, said so beneath it.
    await userEvent.click(confirm);
    const password = await within(dialog).findByLabelText("Your password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveValue("");
    expect(password).toHaveAccessibleDescription("Enter your password to delete your account");
    expect((await server<{ user: User }>("GET", "/api/auth/me")).user.id).toBe(user.id);

    // Cancel closes it and forgets what was typed and asked.
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete account" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Delete account" }));
    const again = await screen.findByRole("dialog");
    expect(within(again).getByLabelText("Your username")).toHaveValue("");
    expect(within(again).queryByRole("alert")).not.toBeInTheDocument();
  });
});
