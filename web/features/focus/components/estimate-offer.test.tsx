// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task, User } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { learn } from "../../../testing/learn-estimates.ts";
import { AddTaskDialog } from "../../tasks/components/add-task-dialog.tsx";
import { KinderEstimateOffer } from "./kinder-estimate-offer.tsx";
import { TaskBreakerDialog } from "./task-breaker-dialog.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/** The Add Task dialog as the pages compose it, with the kinder estimate under the estimate. */
function openAddTask() {
  renderWithApp(
    <AddTaskDialog
      open
      onOpenChange={vi.fn()}
      user={user}
      requireUser={() => true}
      estimateOffer={(form, use) => <KinderEstimateOffer {...form} onUse={use} />}
    />,
  );
}

const OFFER = "Work tasks usually take you about 1.5× your guess — use 45 min?";

async function typeEstimate(minutes: string) {
  const estimate = screen.getByLabelText("Time estimate (minutes)");
  await userEvent.clear(estimate);
  await userEvent.type(estimate, minutes);
}

describe("A kinder estimate in the Add Task dialog", () => {
  it("offers the learnt estimate once three tasks are done, and uses it only when asked", async () => {
    await learn("Work", 20, 30, 3);
    openAddTask();
    await userEvent.type(screen.getByLabelText("Task title"), "Write report");
    await typeEstimate("30");
    expect(await screen.findByText(OFFER)).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Use 45 min" }));
    expect(screen.getByLabelText("Time estimate (minutes)")).toHaveValue(45);
    // Taken: it does not offer again on the new estimate.
    expect(screen.queryByText(/usually take you/)).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task Added")).toBeVisible();
    const saved = await server<Task[]>("GET", "/api/tasks");
    expect(saved.find((t) => t.title === "Write report")?.timeEstimate).toBe(45);
  });

  it("can be ignored: the task keeps the person's own guess", async () => {
    await learn("Work", 20, 30, 3);
    openAddTask();
    await userEvent.type(screen.getByLabelText("Task title"), "My guess");
    await typeEstimate("30");
    expect(await screen.findByText(OFFER)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task Added")).toBeVisible();
    const saved = await server<Task[]>("GET", "/api/tasks");
    expect(saved.find((t) => t.title === "My guess")?.timeEstimate).toBe(30);
  });

  it("says nothing with too few tasks, a factor close to 1, or when it would change nothing", async () => {
    await learn("Work", 20, 30, 2);
    await learn("Health", 20, 22, 3);
    await learn("Finance", 10, 5, 3);
    openAddTask();
    await typeEstimate("30");
    const category = screen.getByLabelText("Category");
    await userEvent.selectOptions(category, "Health");
    await userEvent.selectOptions(category, "Finance");
    // Quicker than guessed, said kindly: 30 × 0.5.
    expect(
      await screen.findByText("Finance tasks often go quicker than you guess (about 0.5×) — use 15 min?"),
    ).toBeVisible();
    // 5 minutes is already the shortest estimate: halving it changes nothing.
    await typeEstimate("5");
    await waitFor(() => expect(screen.queryByText(/quicker than you guess/)).toBeNull());
    await userEvent.selectOptions(category, "Health");
    await typeEstimate("30");
    await userEvent.selectOptions(category, "Work");
    expect(screen.queryByText(/usually take you|quicker than you guess/)).toBeNull();
  });
});

function Breaker({ tasks }: { tasks: Task[] }) {
  const [list, setList] = useState(tasks);
  return (
    <TaskBreakerDialog
      open
      onOpenChange={() => undefined}
      tasks={list}
      onChoose={async () => undefined}
      onUseEstimate={async (task, minutes) => {
        const saved = await server<Task>("PATCH", `/api/tasks/${task.id}`, { timeEstimate: minutes });
        setList((l) => l.map((t) => (t.id === saved.id ? saved : t)));
      }}
    />
  );
}

describe("A kinder estimate in Task Breaker", () => {
  it("offers it for the tasks it would change, and updates that task's estimate when taken", async () => {
    await learn("Work", 20, 30, 3);
    const report = await server<Task>("POST", "/api/tasks", { title: "Report", category: "Work", timeEstimate: 30 });
    const walk = await server<Task>("POST", "/api/tasks", { title: "Walk", category: "Health", timeEstimate: 30 });
    renderWithApp(<Breaker tasks={[report, walk]} />);
    expect(await screen.findByText(OFFER)).toBeVisible();
    expect(screen.getAllByRole("button", { name: /^Use \d+ min/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Use 45 min for Report" }));
    await waitFor(() => expect(screen.queryByText(OFFER)).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: /Report/ })).toHaveTextContent("45 min"));
    const saved = await server<Task[]>("GET", "/api/tasks");
    expect(saved.find((t) => t.id === report.id)?.timeEstimate).toBe(45);
    expect(saved.find((t) => t.id === walk.id)?.timeEstimate).toBe(30);
  });
});
