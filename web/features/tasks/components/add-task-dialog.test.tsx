// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task, User } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { AddTaskDialog } from "./add-task-dialog.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

function open(options: { signedIn?: boolean } = {}) {
  const signedIn = options.signedIn ?? true;
  const onOpenChange = vi.fn();
  const requireUser = vi.fn(() => signedIn);
  const view = renderWithApp(
    <AddTaskDialog open onOpenChange={onOpenChange} user={signedIn ? user : null} requireUser={requireUser} />,
    { signedInAs: signedIn ? user : undefined },
  );
  return { ...view, onOpenChange, requireUser };
}

const tasks = () => server<Task[]>("GET", "/api/tasks");

describe("Add Task dialog (spec section 5)", () => {
  it("keeps Add Task disabled until the title has more than spaces", async () => {
    open();
    const add = screen.getByRole("button", { name: "Add Task" });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Task title"), "   ");
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Task title"), "Write report");
    expect(add).toBeEnabled();
  });

  it("adds the task once for two clicks made before the button shows it is busy", async () => {
    const { onOpenChange } = open();
    await userEvent.type(screen.getByLabelText("Task title"), "Write report");
    const add = screen.getByRole("button", { name: "Add Task" });
    // Both clicks land in the same moment, before the screen is drawn again.
    fireEvent.click(add);
    fireEvent.click(add);
    expect(await screen.findByText("Task Added")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect((await tasks()).map((t) => t.title)).toEqual(["Write report"]);
  });

  it("saves the task with its fields, says so and closes", async () => {
    const { onOpenChange } = open();
    await userEvent.type(screen.getByLabelText("Task title"), "  Write report  ");
    const estimate = screen.getByLabelText("Time estimate (minutes)");
    await userEvent.clear(estimate);
    await userEvent.type(estimate, "45");
    await userEvent.type(screen.getByLabelText("Due time (optional)"), "14:30");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Health");
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));

    expect(await screen.findByText("Task Added")).toBeVisible();
    expect(screen.getByText("Your new focus task has been added.")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await tasks()).toEqual([
      expect.objectContaining({
        title: "Write report",
        timeEstimate: 45,
        dueTime: "14:30",
        category: "Health",
        completed: false,
      }),
    ]);
  });

  it("offers Repeat, not repeating by default, and saves a weekday task as a weekday rule", async () => {
    open();
    const repeat = screen.getByLabelText("Repeat");
    expect(repeat).toHaveDisplayValue("Does not repeat");
    expect(Array.from(repeat.querySelectorAll("option")).map((o) => o.textContent)).toEqual([
      "Does not repeat",
      "Every day",
      "Weekdays",
      // Today's own weekday, whichever day the test runs.
      `Every ${new Date().toLocaleDateString("en-US", { weekday: "long" })}`,
      "Weekly on…",
      "Every month",
    ]);
    await userEvent.type(screen.getByLabelText("Task title"), "Stand-up notes");
    await userEvent.selectOptions(repeat, "Weekdays");
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task Added")).toBeVisible();
    expect(await tasks()).toEqual([
      expect.objectContaining({ title: "Stand-up notes", repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }),
    ]);
  });

  it("sends an empty estimate as 15 minutes", async () => {
    open();
    await userEvent.type(screen.getByLabelText("Task title"), "No estimate");
    await userEvent.clear(screen.getByLabelText("Time estimate (minutes)"));
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task Added")).toBeVisible();
    expect(await tasks()).toEqual([expect.objectContaining({ title: "No estimate", timeEstimate: 15 })]);
  });

  it("lets the field refuse an estimate outside 5–120 minutes", async () => {
    open();
    await userEvent.type(screen.getByLabelText("Task title"), "Too long");
    const estimate = screen.getByLabelText("Time estimate (minutes)");
    await userEvent.clear(estimate);
    await userEvent.type(estimate, "500");
    expect(estimate).toBeInvalid();
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(screen.queryByText("Task Added")).not.toBeInTheDocument();
    expect(await tasks()).toEqual([]);
  });

  it("asks for sign-in instead of saving when nobody is signed in", async () => {
    const { requireUser, onOpenChange } = open({ signedIn: false });
    await userEvent.type(screen.getByLabelText("Task title"), "Write report");
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(requireUser).toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(await tasks()).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { onOpenChange } = open();
    const long = "x".repeat(201);
    await userEvent.click(screen.getByLabelText("Task title"));
    await userEvent.paste(long);
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Error Adding Task")).toBeVisible();
    expect(screen.getByText("title: At most 200 characters")).toBeVisible();
    expect(screen.getByLabelText("Task title")).toHaveValue(long);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(await tasks()).toEqual([]);
  });
});

describe("Cancel while the task is on its way", () => {
  it("closes the dialog; if the save then fails, the words are still there when Add Task opens again", async () => {
    const reachable = globalThis.fetch;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST" && String(input).endsWith("/api/tasks")) {
        await answered;
        // A refusal sending again would not mend (a server that can only serve later keeps the
        // task on the device instead: web/pages/tasks.test.tsx).
        return new Response('{"message":"Something went wrong on our side."}', {
          status: 500,
          headers: { "content-type": "application/json" },
        });
      }
      return reachable(input, init);
    });
    const { onOpenChange, unmount } = open();
    await userEvent.type(screen.getByLabelText("Task title"), "Renew passport");
    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByRole("button", { name: "Adding..." })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    answer();
    expect(await screen.findByText("Error Adding Task")).toBeVisible();
    unmount();
    open();
    expect(screen.getByLabelText("Task title")).toHaveValue("Renew passport");
  });
});
