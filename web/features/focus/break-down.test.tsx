// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Task, TaskStep } from "../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../testing/app-harness.tsx";
import { taskStepsQuery, useBreakDownTask } from "./api.ts";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

function BreakDown({ taskId, ask }: { taskId: number; ask: () => Promise<string[]> }) {
  const breakDown = useBreakDownTask();
  return (
    <button type="button" onClick={() => void breakDown(taskId, ask)}>
      Break it down
    </button>
  );
}

describe("breaking a task down before focus mode (docs/decisions/055-versions.md)", () => {
  it("keeps the steps written elsewhere while the assistant was thinking, instead of its own", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Write the report" });
    const ask = async () => {
      // Another device writes the task's steps while the breakdown is on its way.
      await server("PUT", `/api/tasks/${task.id}/steps`, { steps: ["Open the draft", "Send it"] });
      return ["Gather the numbers", "Write a first line"];
    };
    const { queryClient } = renderWithApp(<BreakDown taskId={task.id} ask={ask} />);
    await userEvent.click(screen.getByRole("button", { name: "Break it down" }));

    await waitFor(() =>
      expect(queryClient.getQueryData(taskStepsQuery(task.id).queryKey)?.map((s) => s.text)).toEqual([
        "Open the draft",
        "Send it",
      ]),
    );
    expect((await server<TaskStep[]>("GET", `/api/tasks/${task.id}/steps`)).map((s) => s.text)).toEqual([
      "Open the draft",
      "Send it",
    ]);
  });

  it("saves the assistant's steps when nothing was written meanwhile", async () => {
    const task = await server<Task>("POST", "/api/tasks", { title: "Clean the kitchen" });
    const { queryClient } = renderWithApp(
      <BreakDown taskId={task.id} ask={async () => ["Clear the counter", "Wipe it down"]} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Break it down" }));
    await waitFor(() =>
      expect(queryClient.getQueryData(taskStepsQuery(task.id).queryKey)?.map((s) => s.text)).toEqual([
        "Clear the counter",
        "Wipe it down",
      ]),
    );
    expect((await server<TaskStep[]>("GET", `/api/tasks/${task.id}/steps`)).map((s) => s.text)).toEqual([
      "Clear the counter",
      "Wipe it down",
    ]);
  });
});
