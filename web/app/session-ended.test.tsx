// @vitest-environment jsdom
/**
 * A session ended elsewhere (signed out from another device, or expired) signs this device out
 * calmly, keeping what was typed and what waits to sync (docs/decisions/058-session-ended-elsewhere.md).
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import type { QueryClient } from "@tanstack/react-query";
import { cleanup, configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { openDB } from "idb";
import { type ReactNode, useEffect, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { QuickWin, User } from "../../shared/schemas.ts";
import { useTopQuickWins } from "../features/quick-wins/api.ts";
import { QuickWinsCard } from "../features/quick-wins/components/quick-wins-card.tsx";
import { QuickWinsList } from "../features/quick-wins/components/quick-wins-list.tsx";
import { AddTaskDialog } from "../features/tasks/components/add-task-dialog.tsx";
import { api, onSessionEnded } from "../lib/api.ts";
import { forgetWritesOf, keepWaiting, newIdempotencyKey, sendWaiting, type WaitingWrite } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { renderWithApp, resetApp, server, signInAgain, signUp, storedDrafts } from "../testing/app-harness.tsx";
import { AuthProvider, useAuth } from "./auth.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
  // Nothing is saved on its own meanwhile (the time zone following this browser).
  await server("PUT", "/api/settings", { followDeviceTimeZone: false });
});
afterEach(async () => {
  resetApp();
  // What one test left waiting on this device is not the next one's.
  await forgetWritesOf(user.id);
});

const SIGNED_OUT = "You've been signed out";
const wins = () => server<QuickWin[]>("GET", "/api/quick-wins");
const waitingWrites = async () => (await (await openDB("daily-compass-outbox", 1)).getAll("writes")) as WaitingWrite[];

/** The keys of every read the app holds. */
const heldReads = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey);

/** Says the session's state, as every screen reads it. */
function Session() {
  return <p>Session: {useAuth().status}</p>;
}

/** What only a signed-in person sees, as the app's signed-in shell holds it. */
function SignedIn({ children }: { children: ReactNode }) {
  return useAuth().status === "authenticated" ? children : null;
}

/**
 * The dashboard's Quick Wins card (or, with `all`, the list of all quick wins), and `also`, for
 * the signed-in person, once its first reads are in.
 */
async function dashboard({ all = false, also }: { all?: boolean; also?: ReactNode } = {}) {
  const view = renderWithApp(
    <AuthProvider>
      <Session />
      <SignedIn>
        {all ? <QuickWinsList /> : <QuickWinsCard user={user} requireUser={() => true} />}
        {also}
      </SignedIn>
    </AuthProvider>,
    { signedInAs: user },
  );
  if (!all && !also) await screen.findByRole("heading", { name: "Quick Wins" });
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  expect(screen.getByText("Session: authenticated")).toBeVisible();
  return view;
}

/**
 * A screen of the person's whose own state changes as the session ends, so that it is drawn once
 * more before the signed-out screens replace it (as a form whose send was just refused is).
 */
function DrawnAgainAsItEnds() {
  useTopQuickWins();
  const [, setTimes] = useState(0);
  useEffect(() => onSessionEnded(() => queueMicrotask(() => setTimes((n) => n + 1))), []);
  return null;
}

describe("a session ended elsewhere", () => {
  it("signs this device out at the first refused action, says so calmly, and keeps what was typed and what waits", async () => {
    await keepWaiting({
      userId: user.id,
      key: newIdempotencyKey(),
      path: "/api/quick-wins",
      body: { text: "Water the plants" },
      label: "Water the plants",
    });
    const { queryClient } = await dashboard();
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(1);
    // Signed out from another device.
    await server("POST", "/api/auth/logout");

    await userEvent.type(screen.getByLabelText("New quick win"), "Call the bank");
    await userEvent.click(screen.getByRole("button", { name: "Add quick win" }));

    expect(await screen.findByText(SIGNED_OUT)).toBeVisible();
    expect(
      screen.getByText("Your session on this device ended. Please log in again: what you typed here is kept."),
    ).toBeVisible();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(screen.queryByText("Error Adding Quick Win")).not.toBeInTheDocument();
    expect(screen.getByText(SIGNED_OUT)).toBeVisible();
    expect(screen.getByText("Session: unauthenticated")).toBeVisible();
    expect(screen.queryByLabelText("New quick win")).not.toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
    expect(heldReads(queryClient)).toEqual([queryKeys.me]);
    expect(storedDrafts()).toEqual([`draft:${user.id}:new-quick-win`]);
    expect((await waitingWrites()).map((w) => [w.userId, w.label])).toEqual([[user.id, "Water the plants"]]);

    // Signed in again, the same person finds the words in the box, and what waited is sent.
    await signInAgain(user);
    cleanup();
    renderWithApp(<QuickWinsCard user={user} requireUser={() => true} />, { signedInAs: user });
    expect(screen.getByLabelText("New quick win")).toHaveValue("Call the bank");
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect((await wins()).map((w) => w.text)).toEqual(["Water the plants"]);
  });

  it("forgets the person's lists even when a screen of theirs is drawn once more as the session ends", async () => {
    await server("POST", "/api/quick-wins", { text: "Reply to Sam" });
    const { queryClient } = await dashboard({ also: <DrawnAgainAsItEnds /> });
    await server("POST", "/api/auth/logout");
    await queryClient.invalidateQueries({ queryKey: queryKeys.quickWins });
    expect(await screen.findByText(SIGNED_OUT)).toBeVisible();
    expect(screen.getByText("Session: unauthenticated")).toBeVisible();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(heldReads(queryClient)).toEqual([queryKeys.me]);
  });

  it("a tick refused: the calm word is the one left on screen, not the tick's error", async () => {
    await server("POST", "/api/quick-wins", { text: "Reply to Sam" });
    const { queryClient } = await dashboard();
    await server("POST", "/api/auth/logout");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Reply to Sam" }));
    expect(await screen.findByText(SIGNED_OUT)).toBeVisible();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(screen.queryByText("Failed to update quick win")).not.toBeInTheDocument();
    expect(screen.getByText(SIGNED_OUT)).toBeVisible();
    expect(screen.getByText("Session: unauthenticated")).toBeVisible();
  });

  it("a delete waiting on its Undo toast is kept for the person's next sign-in, then sent", async () => {
    const floss = await server<QuickWin>("POST", "/api/quick-wins", { text: "Floss" });
    const { queryClient } = await dashboard({ all: true });
    await server("POST", "/api/auth/logout");
    await userEvent.click(await screen.findByRole("button", { name: "Delete Floss" }));
    expect(await screen.findByRole("button", { name: "Undo" })).toBeVisible();
    // A list read meanwhile finds the session gone: its calm word closes the Undo toast.
    await queryClient.invalidateQueries({ queryKey: queryKeys.quickWins });
    expect(await screen.findByText(SIGNED_OUT)).toBeVisible();
    await waitFor(async () =>
      expect((await waitingWrites()).map((w) => [w.userId, w.method, w.path, w.label])).toEqual([
        [user.id, "DELETE", `/api/quick-wins/${floss.id}`, "Floss"],
      ]),
    );
    expect(screen.getByText(SIGNED_OUT)).toBeVisible();

    await signInAgain(user);
    await sendWaiting(user.id, { onSent: () => {}, onRefused: () => {} });
    expect(await wins()).toEqual([]);
  });

  it("Add Task refused: the calm word is the one left on screen, not 'Error Adding Task'", async () => {
    const { queryClient } = await dashboard({
      also: <AddTaskDialog open onOpenChange={() => {}} user={user} requireUser={() => true} />,
    });
    await server("POST", "/api/auth/logout");
    await userEvent.type(screen.getByLabelText("Task title"), "Book the van");
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText(SIGNED_OUT)).toBeVisible();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("Error Adding Task")).not.toBeInTheDocument();
    expect(screen.getByText(SIGNED_OUT)).toBeVisible();
  });

  it.each([
    [
      "a list read again",
      (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.quickWins }),
    ],
    ["the session's own check", (queryClient: QueryClient) => queryClient.refetchQueries({ queryKey: queryKeys.me })],
  ])("is noticed by %s", async (_, read) => {
    const { queryClient } = await dashboard();
    await server("POST", "/api/auth/logout");
    await read(queryClient);
    expect(await screen.findByText(SIGNED_OUT)).toBeVisible();
    expect(screen.getByText("Session: unauthenticated")).toBeVisible();
  });
});

describe("a refusal while no one is signed in", () => {
  it("changes nothing and says nothing new: the session's check, a wrong password", async () => {
    localStorage.setItem(`draft:${user.id}:new-quick-win`, JSON.stringify({ text: "Call the bank" }));
    await server("POST", "/api/auth/logout");
    renderWithApp(
      <AuthProvider>
        <Session />
      </AuthProvider>,
    );
    expect(await screen.findByText("Session: unauthenticated")).toBeVisible();
    await expect(api.post("/api/auth/login", { username: user.username, password: "not the one" })).rejects.toThrow(
      "Wrong username or password",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(SIGNED_OUT)).not.toBeInTheDocument();
    expect(storedDrafts()).toEqual([`draft:${user.id}:new-quick-win`]);
  });
});
