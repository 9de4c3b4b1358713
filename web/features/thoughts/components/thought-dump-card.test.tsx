// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Thought, User } from "../../../../shared/schemas.ts";
import { InboxPage } from "../../../pages/inbox.tsx";
import {
  holdAnswers,
  renderWithApp,
  renderWithOutbox,
  resetApp,
  server,
  signUp,
} from "../../../testing/app-harness.tsx";
import { ThoughtDumpCard } from "./thought-dump-card.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

describe("Thought Dump: a day and time in the words (docs/decisions/022-dates-in-words.md)", () => {
  it("offers what it understood; used, the reminder keeps that day and time", async () => {
    renderWithApp(<ThoughtDumpCard requireUser={() => true} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Thought" }), "Bins out Thursday 8pm");
    await userEvent.click(screen.getByRole("button", { name: "Reminder" }));
    expect(await screen.findByText("Understood “Thursday 8pm”:", { exact: false })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Use it" }));
    await userEvent.click(screen.getByRole("button", { name: "Save & Organize" }));
    expect(await screen.findByText("Thought captured")).toBeVisible();
    const [saved] = await server<Thought[]>("GET", "/api/thoughts");
    expect(saved).toMatchObject({ content: "Bins out Thursday 8pm", type: "Reminder", whenTime: "20:00" });
    expect(new Date(`${saved?.whenDate}T12:00:00Z`).getUTCDay()).toBe(4);
    expect(screen.queryByText("From your words", { exact: false })).toBeNull();
  });
});

describe("Thought Dump: Save & Organize on a slow network", () => {
  it("the thought is in the Inbox as soon as it is saved, while the assistant still picks its type", async () => {
    const release = holdAnswers((url) => url.includes("/api/ai/categorize"));
    renderWithOutbox(
      <>
        <ThoughtDumpCard requireUser={() => true} />
        <InboxPage />
      </>,
      user,
    );
    expect(await screen.findByText("Your inbox is empty")).toBeVisible();
    await userEvent.type(screen.getByRole("textbox", { name: "Thought" }), "Call the plumber about the leak");
    await userEvent.click(screen.getByRole("button", { name: "Save & Organize" }));
    const inbox = within(screen.getByRole("tabpanel"));
    expect(await inbox.findByText("Call the plumber about the leak")).toBeVisible();
    expect(screen.queryByText("Thought captured")).toBeNull();
    release();
    expect(await screen.findByText("Thought captured")).toBeVisible();
  });
});
