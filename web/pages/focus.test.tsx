// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../shared/dates.ts";
import type { Task } from "../../shared/schemas.ts";
import { FocusModeProvider } from "../app/focus-mode.tsx";
import { zonedNow } from "../lib/dates.ts";
import { renderWithApp, resetApp, server, signUp } from "../testing/app-harness.tsx";
import { FocusPage } from "./focus.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

const addTask = (task: Partial<Task>) => server<Task>("POST", "/api/tasks", task);

function renderFocus() {
  renderWithApp(
    <FocusModeProvider>
      <FocusPage />
    </FocusModeProvider>,
  );
}

/** The tasks the Focus page offers, top to bottom, by their titles. */
async function offered(): Promise<string[]> {
  const list = await screen.findByRole("list", { name: "Focus Tasks" });
  return within(list)
    .getAllByRole("button")
    .map((button) => within(button).getByTestId("focus-task-title").textContent ?? "");
}

describe("Focus page's tasks", () => {
  it("are today's open tasks in the dashboard's focus order: due soonest first, then the oldest", async () => {
    await addTask({ title: "Tidy the desk", timeEstimate: 10 });
    await addTask({ title: "Write the report", timeEstimate: 60, dueTime: "16:00" });
    await addTask({ title: "Call the bank", timeEstimate: 5, dueTime: "09:00" });
    const later = await addTask({ title: "Plan the trip", timeEstimate: 30 });
    const today = zonedNow(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).date;
    await server("PATCH", `/api/tasks/${later.id}`, { notBefore: addDays(today, 1) });
    const done = await addTask({ title: "Water the plants", timeEstimate: 5 });
    await server("PATCH", `/api/tasks/${done.id}/toggle`);

    renderFocus();
    expect(await offered()).toEqual(["Call the bank", "Write the report", "Tidy the desk"]);
  });

  it("put the smallest first after a Tired mood, as the dashboard does", async () => {
    localStorage.setItem("user-mood", "Tired");
    await addTask({ title: "Write the report", timeEstimate: 60 });
    await addTask({ title: "Tidy the desk", timeEstimate: 10 });
    await addTask({ title: "Call the bank", timeEstimate: 5 });

    renderFocus();
    expect(await offered()).toEqual(["Call the bank", "Tidy the desk", "Write the report"]);
  });

  it("show a long title whole, with its category, estimate and due time", async () => {
    const title = "Draft the quarterly report's introduction with this year's figures and a short outlook";
    await addTask({ title, category: "Finance", timeEstimate: 45, dueTime: "13:30" });

    renderFocus();
    const button = await screen.findByRole("button", { name: new RegExp(title) });
    expect(within(button).getByTestId("focus-task-title")).toHaveTextContent(title);
    expect(within(button).getByTestId("focus-task-title")).not.toHaveClass("truncate");
    expect(button).toHaveTextContent("Finance");
    expect(button).toHaveTextContent("45 min");
    expect(button).toHaveTextContent("Due 1:30 PM");
  });
});

describe("a long list of focus tasks (docs/decisions/066-long-lists-in-steps.md)", () => {
  it("draws the first 20; Show more adds the rest and takes focus to the first of them", async () => {
    for (let i = 1; i <= 26; i++) await addTask({ title: `Task number ${i}`, timeEstimate: 10 });
    renderFocus();
    const list = await screen.findByRole("list", { name: "Focus Tasks" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(20));
    // Oldest first, as the dashboard ranks them: the newest wait behind Show more.
    expect(within(list).queryByText("Task number 21")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(26);
    expect(within(rows[20] as HTMLElement).getByRole("button")).toHaveTextContent("Task number 21");
    expect(rows[20]).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
