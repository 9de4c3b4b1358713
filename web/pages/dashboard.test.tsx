// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/dates.ts";
import type { User } from "../../shared/schemas.ts";
import { FocusModeProvider } from "../app/focus-mode.tsx";
import { TaskLists } from "../features/tasks/components/task-lists.tsx";
import {
  holdAnswers,
  loseConnection,
  renderWithOutbox,
  resetApp,
  server,
  signUpInUtc,
} from "../testing/app-harness.tsx";
import { DashboardPage } from "./dashboard.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUpInUtc();
});
afterEach(resetApp);

const today = new Date().toISOString().slice(0, 10);

/** The dashboard with the Tasks page's lists beside it, as the same device holds both. */
const renderDashboardAndTaskLists = () =>
  renderWithOutbox(
    <FocusModeProvider>
      <DashboardPage />
      <TaskLists mood={null} today={today} tomorrow={addDays(today, 1)} />
    </FocusModeProvider>,
    user,
  );

const seedTasks = async (...titles: string[]) => {
  for (const title of titles) await server("POST", "/api/tasks", { title });
};

describe("Task Breaker on the dashboard (docs/decisions/025-task-steps.md)", () => {
  it("offers only the tasks Top Focus Tasks shows: not one put off or deleted here, also while that waits offline", async () => {
    await seedTasks("Call the bank", "Water the plants", "Book the dentist");
    renderDashboardAndTaskLists();
    const breaker = await screen.findByRole("button", { name: "Task Breaker" });
    await screen.findByRole("button", { name: "Not today: Call the bank" });

    loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Not today: Call the bank" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete Water the plants" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 1")).toBeInTheDocument());

    await userEvent.click(breaker);
    const dialog = within(await screen.findByRole("dialog", { name: "Which task shall we break down?" }));
    expect(await dialog.findByText("Book the dentist")).toBeVisible();
    expect(dialog.queryByText("Call the bank")).toBeNull();
    expect(dialog.queryByText("Water the plants")).toBeNull();
  });
});

describe("The assistant's suggestions on the dashboard", () => {
  it("are asked for today's open tasks only: a task just put off is not among them, even before the lists are read again", async () => {
    await seedTasks("Call the bank", "Book the dentist");
    const reachable = globalThis.fetch;
    const asked: string[][] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("/api/ai/suggestions")) {
        const { context } = JSON.parse(String(init?.body)) as { context: { incompleteTasks: { title: string }[] } };
        asked.push(context.incompleteTasks.map((t) => t.title));
      }
      return reachable(input, init);
    });
    renderDashboardAndTaskLists();
    await screen.findByRole("button", { name: "Refresh suggestions" });
    expect(asked.at(-1)?.sort()).toEqual(["Book the dentist", "Call the bank"]);

    // The lists' new reads are slow to come: the dashboard still has the task, marked put off.
    holdAnswers((url, init) => (init.method ?? "GET") === "GET" && url.includes("/api/tasks"));
    await userEvent.click(await screen.findByRole("button", { name: "Not today: Call the bank" }));
    const topFocus = within(screen.getByRole("region", { name: "Top Focus Tasks" }));
    await waitFor(() => expect(topFocus.queryByRole("checkbox", { name: "Complete Call the bank" })).toBeNull());
    const before = asked.length;
    await userEvent.click(screen.getByRole("button", { name: "Refresh suggestions" }));
    await waitFor(() => expect(asked.length).toBe(before + 1));
    expect(asked.at(-1)).toEqual(["Book the dentist"]);
  });
});

describe("The date under the heading", () => {
  afterEach(() => vi.useRealTimers());

  it("is the person's date in their chosen time zone, not the browser's", async () => {
    await server("PUT", "/api/settings", { timeZone: "Pacific/Kiritimati" });
    vi.useFakeTimers({ toFake: ["Date"] });
    // Noon on Monday in UTC is already 02:00 on Tuesday in Kiritimati (UTC+14).
    vi.setSystemTime(new Date("2026-11-30T12:00:00Z"));
    renderWithOutbox(
      <FocusModeProvider>
        <DashboardPage />
      </FocusModeProvider>,
      user,
    );
    expect(await screen.findByText("Tuesday, December 1, 2026")).toBeVisible();
  });
});
