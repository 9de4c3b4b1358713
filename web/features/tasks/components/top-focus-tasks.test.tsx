// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../../../shared/dates.ts";
import type { Task, User } from "../../../../shared/schemas.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { keepDelete } from "../../../lib/undoable.ts";
import { loseConnection, renderWithOutbox, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { QuickWinsCard } from "../../quick-wins/components/quick-wins-card.tsx";
import { QuickWinsList } from "../../quick-wins/components/quick-wins-list.tsx";
import { TaskLists } from "./task-lists.tsx";
import { TopFocusTasks } from "./top-focus-tasks.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const card = (name: string) => within(screen.getByRole("region", { name }));
/** The card's 'Show all (N)', or null when it offers none. */
const showAll = (name: string) => card(name).queryByRole("link", { name: /^Show all/ })?.textContent ?? null;
const boxes = (name: string) => card(name).getAllByRole("checkbox").length;

/** Tasks "Task 1" … "Task n", oldest first: the dashboard's five are the first five. */
async function seedTasks(n: number): Promise<Task[]> {
  const made: Task[] = [];
  for (let i = 1; i <= n; i++) made.push(await server<Task>("POST", "/api/tasks", { title: `Task ${i}` }));
  return made;
}

/** The dashboard's Top Focus Tasks beside the Tasks page's lists, with the outbox, as on one device. */
const today = new Date().toISOString().slice(0, 10);
const renderTopAndTaskLists = () =>
  renderWithOutbox(
    <>
      <TopFocusTasks mood={null} onChoose={() => {}} onAddFocusTask={() => {}} />
      <TaskLists mood={null} today={today} tomorrow={addDays(today, 1)} />
    </>,
    user,
  );

describe("'Show all (N)' on the dashboard's short lists (docs/decisions/015-ranked-short-lists.md)", () => {
  it("counts a tick made here at once, also while it waits offline and through a read, and still offers the rest", async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) await server("POST", "/api/tasks", { title: `Task ${n}` });
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await server("POST", "/api/quick-wins", { text: `Win ${n}` });
    const { queryClient } = renderWithOutbox(
      <>
        <TopFocusTasks mood={null} onChoose={() => {}} onAddFocusTask={() => {}} />
        <QuickWinsCard user={user} requireUser={() => true} />
      </>,
      user,
    );
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (6)"));
    await waitFor(() => expect(showAll("Quick Wins")).toBe("Show all (7)"));

    loseConnection();
    await userEvent.click(card("Top Focus Tasks").getAllByRole("checkbox")[0] as HTMLElement);
    await userEvent.click(card("Quick Wins").getAllByRole("checkbox")[0] as HTMLElement);
    await waitFor(() => expect(screen.getByText("Waiting to sync: 2")).toBeInTheDocument());
    // Four tasks on show of five open: the fifth is still reached through 'Show all'.
    expect(boxes("Top Focus Tasks")).toBe(4);
    expect(showAll("Top Focus Tasks")).toBe("Show all (5)");
    expect(boxes("Quick Wins")).toBe(4);
    expect(showAll("Quick Wins")).toBe("Show all (6)");

    // Read again while the ticks wait (the server still counts them open): the same.
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks });
    await queryClient.refetchQueries({ queryKey: queryKeys.quickWins });
    expect(boxes("Top Focus Tasks")).toBe(4);
    expect(showAll("Top Focus Tasks")).toBe("Show all (5)");
    expect(showAll("Quick Wins")).toBe("Show all (6)");
  });

  it("counts ticks and deletes waiting offline for tasks beyond the five, as the server will once they are sent", async () => {
    const made = await seedTasks(8);
    const { queryClient } = renderTopAndTaskLists();
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (8)"));
    const todays = await screen.findByRole("list", { name: "Today's tasks" });
    await waitFor(() => expect(within(todays).getAllByRole("checkbox")).toHaveLength(8));

    loseConnection();
    // On the Tasks page, below the dashboard's five: one ticked, one deleted.
    await userEvent.click(within(todays).getByRole("checkbox", { name: "Complete Task 7" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 1")).toBeInTheDocument());
    expect(await keepDelete(queryClient, "/api/tasks", made[7] as Task, { was: { completed: false } })).toBe(true);
    await waitFor(() => expect(screen.getByText("Waiting to sync: 2")).toBeInTheDocument());
    expect(boxes("Top Focus Tasks")).toBe(5);
    expect(showAll("Top Focus Tasks")).toBe("Show all (6)");

    // Read again while they wait (the server still counts both open): the same.
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks });
    expect(showAll("Top Focus Tasks")).toBe("Show all (6)");

    // Ticked back before the connection returns: counted open again.
    await userEvent.click(screen.getByRole("checkbox", { name: "Complete Task 7" }));
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (7)"));
  });

  it("counts a quick win ticked offline beyond the five in 'Show all (N)' too", async () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await server("POST", "/api/quick-wins", { text: `Win ${n}` });
    renderWithOutbox(
      <>
        <QuickWinsCard user={user} requireUser={() => true} />
        <QuickWinsList />
      </>,
      user,
    );
    // The dashboard's card is the one that offers 'Show all'.
    const dashboardCard = async () =>
      (await screen.findAllByRole("link", { name: /^Show all/ }))[0]?.textContent ?? null;
    await waitFor(async () => expect(await dashboardCard()).toBe("Show all (7)"));
    const all = await screen.findByRole("list", { name: "Quick wins" });
    loseConnection();
    await userEvent.click(await within(all).findByRole("checkbox", { name: "Win 7" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 1")).toBeInTheDocument());
    expect(await dashboardCard()).toBe("Show all (6)");
  });

  it("leaves out tasks put off with 'Not today' while it waits offline, on show and beyond", async () => {
    await seedTasks(7);
    renderTopAndTaskLists();
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (7)"));
    await screen.findByRole("button", { name: "Not today: Task 7" });
    loseConnection();
    await userEvent.click(screen.getByRole("button", { name: "Not today: Task 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Not today: Task 7" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 2")).toBeInTheDocument());
    expect(card("Top Focus Tasks").queryByRole("checkbox", { name: "Complete Task 1" })).toBeNull();
    expect(boxes("Top Focus Tasks")).toBe(4);
    expect(showAll("Top Focus Tasks")).toBe("Show all (5)");

    // On the Tasks page both are under Later at once, to bring back from there.
    const later = within(await screen.findByRole("list", { name: "Later" }));
    expect(await later.findByRole("button", { name: "Bring back: Task 1" })).toBeVisible();
    expect(await later.findByRole("button", { name: "Bring back: Task 7" })).toBeVisible();

    // Brought back before the connection returns (Task 7's toast's Undo, then Bring back): counted again.
    const toast7 = (await screen.findByText('"Task 7" comes back tomorrow.')).closest("li") as HTMLElement;
    fireEvent.click(within(toast7).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (6)"));
    await userEvent.click(later.getByRole("button", { name: "Bring back: Task 1" }));
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (7)"));
    expect(card("Top Focus Tasks").getByRole("checkbox", { name: "Complete Task 1" })).toBeVisible();
    expect(within(screen.getByRole("list", { name: "Today's tasks" })).getAllByRole("checkbox")).toHaveLength(7);
    expect(screen.getByText("Waiting to sync: 2")).toBeInTheDocument();
  });

  it("a task under Later ticked offline does not change the count of today's: it was not among them", async () => {
    const made = await seedTasks(7);
    await server("PATCH", `/api/tasks/${made[6]?.id}`, { notBefore: addDays(today, 1) });
    renderTopAndTaskLists();
    await waitFor(() => expect(showAll("Top Focus Tasks")).toBe("Show all (6)"));
    const later = within(await screen.findByRole("list", { name: "Later" }));
    loseConnection();
    await userEvent.click(later.getByRole("checkbox", { name: "Complete Task 7" }));
    await waitFor(() => expect(screen.getByText("Waiting to sync: 1")).toBeInTheDocument());
    expect(showAll("Top Focus Tasks")).toBe("Show all (6)");
  });
});
