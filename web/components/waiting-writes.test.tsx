// @vitest-environment jsdom
/**
 * A voice note that waits on this device (docs/decisions/088-a-voice-note-that-waits.md): listed
 * with the rest of what waits, and taken back with "Don't add", Undo keeping it again.
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../shared/schemas.ts";
import { keepUnsent, sendUnsent } from "../lib/voice-outbox.ts";
import { renderWithOutbox, resetApp, signUp } from "../testing/app-harness.tsx";

configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const recording = () => new Blob(["webm"], { type: "audio/webm" });
/** The page, with what waits on this device shown above it, as in the app. */
const renderPage = () => renderWithOutbox(<main id="main" tabIndex={-1} />, user);

describe("a voice note recorded while the server could not be reached", () => {
  it("is counted and listed with what waits, by when it was recorded", async () => {
    await keepUnsent(user.id, recording());
    renderPage();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    const [row] = within(screen.getByRole("list", { name: "What is waiting to sync" })).getAllByRole("listitem");
    expect(row).toHaveTextContent(/^Voice note:recorded \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]MDon't add$/);
    // One recorded while the page is open joins the list at once.
    await keepUnsent(user.id, recording());
    expect(await screen.findByText("Waiting to sync: 2")).toBeInTheDocument();
  });

  it("taken back with 'Don't add', it is not sent; Undo keeps it again, and it is sent", async () => {
    await keepUnsent(user.id, recording());
    renderPage();
    await userEvent.click(await screen.findByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: /^Don't add the voice note recorded / }));
    expect(await screen.findByText("Not added")).toBeInTheDocument();
    expect(screen.getByText(/^The voice note recorded .* will not be sent\.$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument());
    expect(screen.getByRole("main")).toHaveFocus();
    const send = vi.fn(async () => {});
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 0, refused: [], left: 0 });
    expect(send).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Waiting to sync: 1")).toBeInTheDocument();
    expect(await sendUnsent(user.id, send)).toEqual({ sent: 1, refused: [], left: 0 });
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).not.toBeInTheDocument());
  });

  it("someone else's, kept on this shared browser, is not shown", async () => {
    await keepUnsent(user.id + 100_000, recording());
    await keepUnsent(user.id, recording());
    renderPage();
    expect(await screen.findByText("Waiting to sync: 1")).toBeInTheDocument();
  });
});
