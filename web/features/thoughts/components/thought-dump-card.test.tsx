// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Thought } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { ThoughtDumpCard } from "./thought-dump-card.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await signUp();
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
