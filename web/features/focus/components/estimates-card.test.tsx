// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../../../lib/query-keys.ts";
import { renderWithApp, resetApp, signUp } from "../../../testing/app-harness.tsx";
import { factorOf, learn } from "../../../testing/learn-estimates.ts";
import { EstimatesCard } from "./estimates-card.tsx";

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

const rows = () => within(screen.getByRole("list", { name: "Learnt estimates" })).getAllByRole("listitem");

describe("Settings: Estimates card", () => {
  it("says nothing is learnt yet for a new account, with nothing to reset", async () => {
    renderWithApp(<EstimatesCard />);
    expect(await screen.findByRole("list", { name: "Learnt estimates" }, { timeout: 5000 })).toBeVisible();
    expect(rows().map((r) => r.textContent)).toEqual([
      "Work: Nothing learnt yet",
      "Personal: Nothing learnt yet",
      "Health: Nothing learnt yet",
      "Finance: Nothing learnt yet",
      "Education: Nothing learnt yet",
    ]);
    expect(screen.queryByRole("button", { name: /^Reset (Work|Personal|Health|Finance|Education)$/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Reset all" })).toBeDisabled();
  });

  it("shows each learnt factor in words, and resets one category", async () => {
    await learn("Work", 20, 30, 4);
    await learn("Health", 30, 30, 1);
    renderWithApp(<EstimatesCard />);
    expect(await screen.findByText("about 1.5× your guess, from 4 tasks", { exact: false })).toBeVisible();
    expect(rows()[0]).toHaveTextContent("Work: about 1.5× your guess, from 4 tasks");
    expect(rows()[2]).toHaveTextContent("Health: close to your guess, from 1 task");

    await userEvent.click(screen.getByRole("button", { name: "Reset Work" }));
    expect(await screen.findByText("Work starts afresh.")).toBeVisible();
    expect(rows()[0]).toHaveTextContent("Work: Nothing learnt yet");
    expect(rows()[2]).toHaveTextContent("Health: close to your guess, from 1 task");
    expect(await factorOf("Work")).toMatchObject({ factor: 1, tasks: 0 });
    expect(await factorOf("Health")).toMatchObject({ tasks: 1 });
  });

  it("resets all only after asking, and Cancel keeps everything", async () => {
    await learn("Work", 20, 30, 3);
    await learn("Finance", 10, 5, 3);
    renderWithApp(<EstimatesCard />);
    // Drawn at once, it can be pressed once what was learnt has been read.
    const resetAll = await screen.findByRole("button", { name: "Reset all" });
    await waitFor(() => expect(resetAll).toBeEnabled());
    await userEvent.click(resetAll);
    const ask = screen.getByRole("dialog", { name: "Reset all estimates?" });
    await userEvent.click(within(ask).getByRole("button", { name: "Cancel" }));
    expect(await factorOf("Work")).toMatchObject({ tasks: 3 });

    await userEvent.click(screen.getByRole("button", { name: "Reset all" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, reset all" }));
    expect(await screen.findByText("Every category starts afresh.")).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rows().every((r) => r.textContent?.endsWith("Nothing learnt yet"))).toBe(true);
    expect(await factorOf("Finance")).toMatchObject({ factor: 1, tasks: 0 });
  });
});

describe("Settings: Estimates card when reading it again fails", () => {
  it("keeps what was learnt on show", async () => {
    await learn("Work", 20, 30, 4);
    const { queryClient } = renderWithApp(<EstimatesCard />);
    expect(await screen.findByText("about 1.5× your guess, from 4 tasks", { exact: false })).toBeVisible();
    vi.stubGlobal("fetch", () => Promise.resolve(new Response('{"message":"Not now"}', { status: 503 })));
    await queryClient.refetchQueries({ queryKey: queryKeys.estimates });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.estimates)?.status).toBe("error"));
    expect(rows()[0]).toHaveTextContent("Work: about 1.5× your guess, from 4 tasks");
    expect(screen.queryByText("Could not load what was learnt. Please try again later.")).toBeNull();
  });

  it("says it could not load when it was never read", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(new Response('{"message":"Not now"}', { status: 503 })));
    renderWithApp(<EstimatesCard />);
    expect(
      await screen.findByText("Could not load what was learnt. Please try again later.", {}, { timeout: 5000 }),
    ).toBeVisible();
  });
});
