// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task, User } from "../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp, storedDrafts } from "../../testing/app-harness.tsx";
import { AddTaskDialog } from "./components/add-task-dialog.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/** Add Task, open, with the session known as the app's shell knows it. */
function open() {
  const onOpenChange = vi.fn();
  renderWithApp(<AddTaskDialog open onOpenChange={onOpenChange} user={user} requireUser={() => true} />, {
    signedInAs: user,
  });
  return { title: screen.getByLabelText("Task title"), onOpenChange };
}

const today = () => new Date().toLocaleDateString("en-US", { weekday: "long" });

describe("a new task typed into Add Task and not added", () => {
  it("comes back with its fields when the dialog is drawn again, and is forgotten once added", async () => {
    let { title } = open();
    await userEvent.type(title, "Call the dentist");
    const estimate = screen.getByLabelText("Time estimate (minutes)");
    await userEvent.clear(estimate);
    await userEvent.type(estimate, "10");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "Health");
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), `Every ${today()}`);
    // The page goes away (a reload, a discarded tab, the dialog closed) and comes back.
    cleanup();
    ({ title } = open());
    expect(title).toHaveValue("Call the dentist");
    expect(screen.getByLabelText("Time estimate (minutes)")).toHaveValue(10);
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("Health");
    expect(screen.getByLabelText("Repeat")).toHaveDisplayValue(`Every ${today()}`);
    // The title has focus with the caret after it: typing goes on from the kept words.
    expect(title).toHaveFocus();
    await userEvent.keyboard(" today");
    expect(title).toHaveValue("Call the dentist today");

    await userEvent.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task Added")).toBeVisible();
    expect(await server<Task[]>("GET", "/api/tasks")).toEqual([
      expect.objectContaining({ title: "Call the dentist today", timeEstimate: 10, category: "Health" }),
    ]);
    cleanup();
    ({ title } = open());
    expect(title).toHaveValue("");
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("Work");
    expect(storedDrafts()).toEqual([]);
  });

  it("keeps the days chosen for 'Weekly on…'", async () => {
    const { title } = open();
    await userEvent.type(title, "Swim");
    await userEvent.selectOptions(screen.getByLabelText("Repeat"), "Weekly on…");
    // Saturday added to today's day (or, on a Saturday, Sunday).
    const other = today() === "Saturday" ? "Sunday" : "Saturday";
    await userEvent.click(screen.getByRole("button", { name: other }));
    const chosen = () =>
      screen
        .getAllByRole("button", { pressed: true })
        .map((day) => day.getAttribute("aria-label"))
        .sort();
    expect(chosen()).toEqual([today(), other].sort());
    const before = chosen();
    cleanup();
    open();
    expect(screen.getByLabelText("Repeat")).toHaveDisplayValue("Weekly on…");
    expect(chosen()).toEqual(before);
  });

  it("is given up with Cancel, and kept when the dialog is only closed", async () => {
    let { title, onOpenChange } = open();
    await userEvent.type(title, "Sort the mail");
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    cleanup();
    ({ title, onOpenChange } = open());
    expect(title).toHaveValue("Sort the mail");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    cleanup();
    ({ title } = open());
    expect(title).toHaveValue("");
    expect(storedDrafts()).toEqual([]);
  });

  it("is not kept once its title is emptied by hand", async () => {
    const { title } = open();
    await userEvent.type(title, "Maybe");
    expect(storedDrafts()).toHaveLength(1);
    await userEvent.clear(title);
    expect(storedDrafts()).toEqual([]);
  });
});
