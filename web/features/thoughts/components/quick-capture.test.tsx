// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Thought } from "../../../../shared/schemas.ts";
import { fillUp, renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { QuickCapture } from "./quick-capture.tsx";

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

function open(signedIn = true) {
  const requireUser = vi.fn(() => signedIn);
  renderWithApp(<QuickCapture requireUser={requireUser} />);
  return {
    requireUser,
    input: screen.getByLabelText("Capture text"),
    send: screen.getByRole("button", { name: "Send" }),
  };
}

const thoughts = () => server<Thought[]>("GET", "/api/thoughts");

describe("Quick Capture (spec section 5)", () => {
  it("starts as a Note and names the chosen type in its placeholder", async () => {
    const { input } = open();
    expect(screen.getByRole("button", { name: "Note" })).toHaveAttribute("aria-pressed", "true");
    expect(input).toHaveAttribute("placeholder", "Add a note...");
    await userEvent.click(screen.getByRole("button", { name: "Idea" }));
    expect(screen.getByRole("button", { name: "Idea" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Note" })).toHaveAttribute("aria-pressed", "false");
    expect(input).toHaveAttribute("placeholder", "Add a idea...");
  });

  it("keeps Send disabled while the text is blank", async () => {
    const { input, send } = open();
    expect(send).toBeDisabled();
    await userEvent.type(input, "   ");
    expect(send).toBeDisabled();
  });

  it("sends the trimmed text with the chosen type on Enter, says so and empties the box", async () => {
    const { input } = open();
    await userEvent.click(screen.getByRole("button", { name: "Idea" }));
    await userEvent.type(input, "  A garden on the balcony  {Enter}");
    expect(await screen.findByText("Added to inbox")).toBeVisible();
    expect(screen.getByText("Your idea has been captured.")).toBeVisible();
    expect(input).toHaveValue("");
    expect(await thoughts()).toEqual([
      expect.objectContaining({ content: "A garden on the balcony", type: "Idea", status: "inbox" }),
    ]);
  });

  it("lets the assistant choose the type of a Note", async () => {
    const content = "Remember to call the dentist tomorrow at 9";
    const { type: suggested } = await server<{ type: Thought["type"] }>("POST", "/api/ai/categorize", { content });
    expect(suggested).not.toBe("Note");
    const { input, send } = open();
    await userEvent.type(input, content);
    await userEvent.click(send);
    expect(await screen.findByText("Your note has been captured.")).toBeVisible();
    await waitFor(async () =>
      expect(await thoughts()).toEqual([expect.objectContaining({ content, type: suggested })]),
    );
  });

  it("puts keyboard focus back in the box after sending with the button", async () => {
    const { input, send } = open();
    await userEvent.type(input, "Buy stamps");
    await userEvent.click(send);
    expect(await screen.findByText("Your note has been captured.")).toBeVisible();
    expect(input).toHaveValue("");
    expect(input).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });

  it("asks for sign-in instead of sending when nobody is signed in", async () => {
    const { input, send, requireUser } = open(false);
    await userEvent.type(input, "A thought");
    await userEvent.click(send);
    expect(requireUser).toHaveBeenCalled();
    expect(input).toHaveValue("A thought");
    expect(await thoughts()).toEqual([]);
  });

  it("keeps the text and says so when the server refuses it", async () => {
    const { input, send } = open();
    const tooLong = "x".repeat(10_001);
    await userEvent.click(input);
    await userEvent.paste(tooLong);
    await userEvent.click(send);
    expect(await screen.findByText("Error adding thought")).toBeVisible();
    expect(screen.getByText("Could not save thought.")).toBeVisible();
    expect(input).toHaveValue(tooLong);
    expect(await thoughts()).toEqual([]);
  });
});

describe("Quick Capture: a day and time in the words (docs/decisions/022-dates-in-words.md)", () => {
  it("offers what it understood; used, the thought keeps that day and time", async () => {
    const { input } = open();
    await userEvent.type(input, "Bins out Thursday 8pm");
    expect(await screen.findByText("Understood “Thursday 8pm”:", { exact: false })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Use it" }));
    expect(screen.getByText("From your words “Thursday 8pm”:", { exact: false })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Added to inbox")).toBeVisible();
    const [saved] = await thoughts();
    expect(saved).toMatchObject({ content: "Bins out Thursday 8pm", whenTime: "20:00" });
    expect(new Date(`${saved?.whenDate}T12:00:00Z`).getUTCDay()).toBe(4);
    // The next thought starts without it.
    expect(screen.queryByText("From your words", { exact: false })).toBeNull();
  });

  it("saves no day when the chip is removed or left alone", async () => {
    const { input } = open();
    await userEvent.type(input, "Call Mum on Sunday");
    await userEvent.click(await screen.findByRole("button", { name: "Remove" }));
    expect(screen.queryByText("Understood", { exact: false })).toBeNull();
    await userEvent.type(input, "{Enter}");
    expect(await screen.findByText("Added to inbox")).toBeVisible();
    await userEvent.type(input, "Dentist tomorrow at 3pm{Enter}");
    await waitFor(async () => expect(await thoughts()).toHaveLength(2));
    expect((await thoughts()).map((t) => [t.whenDate, t.whenTime])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe("Quick Capture past what one person keeps (docs/decisions/070-what-one-account-can-keep.md)", () => {
  it("says the server's words, which say what to do, keeps the text, and adds nothing", async () => {
    await fillUp("thoughts");
    const { input, send } = open();
    await userEvent.type(input, "One more thought");
    await userEvent.click(send);
    expect(await screen.findByText("Error adding thought", {}, { timeout: 5000 })).toBeVisible();
    expect(
      screen.getByText("At most 20,000 thoughts, archived ones included: delete some archived ones to add more"),
    ).toBeVisible();
    expect(screen.queryByText("Could not save thought.")).toBeNull();
    expect(input).toHaveValue("One more thought");
    expect((await thoughts()).some((t) => t.content === "One more thought")).toBe(false);
  }, 60_000);
});
