// @vitest-environment jsdom
// Fake timers drive the clock; user-event waits on real ones, so presses go through fireEvent.
import "@testing-library/jest-dom/vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS } from "../../../shared/constants.ts";
import { renderWithApp, resetApp } from "../../testing/app-harness.tsx";
import { Dialog } from "./dialog.tsx";
import { holdToasts, toast } from "./toast-store.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  resetApp();
  vi.useRealTimers();
});

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Toaster (spec: one at a time, 5 s, F8)", () => {
  it("shows one toast at a time: the newest replaces the one before", () => {
    renderWithApp(<p>page</p>);
    act(() => {
      toast({ title: "Task Added", description: "Your new focus task has been added." });
    });
    expect(screen.getByText("Task Added")).toBeVisible();
    act(() => {
      toast({ title: "Error", description: "Could not save task.", variant: "destructive" });
    });
    expect(screen.getByText("Could not save task.")).toBeVisible();
    expect(screen.queryByText("Task Added")).not.toBeInTheDocument();
    expect(document.querySelectorAll("[data-toast]")).toHaveLength(1);
  });

  it("closes a toast after 5 seconds", async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    renderWithApp(<p>page</p>);
    act(() => {
      toast({ title: "Settings saved" });
    });
    await wait(TOAST_DURATION_MS - 100);
    expect(screen.getByText("Settings saved")).toBeVisible();
    await wait(200);
    expect(screen.queryByText("Settings saved")).not.toBeInTheDocument();
  });

  it("closes with its Close button", async () => {
    renderWithApp(<p>page</p>);
    act(() => {
      toast({ title: "Archived" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByText("Archived")).not.toBeInTheDocument();
  });

  it("F8 moves focus to the notifications", async () => {
    renderWithApp(<button type="button">Somewhere else</button>);
    act(() => {
      toast({ title: "Recording started" });
    });
    screen.getByRole("button", { name: "Somewhere else" }).focus();
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(region).toContainElement(document.activeElement as HTMLElement);
  });
});

describe("Toaster while a full-screen menu is open", () => {
  it("draws no toast while held, and none runs out: released, it shows its whole time and its Undo works", async () => {
    const undone = vi.fn();
    const closed = vi.fn();
    renderWithApp(<p>page</p>);
    act(() => {
      toast({
        title: "Project deleted",
        action: { label: "Undo", altText: "Undo the delete", onClick: undone },
        onClose: closed,
      });
    });
    expect(screen.getByText("Project deleted")).toBeVisible();
    let release = () => {};
    act(() => {
      release = holdToasts();
    });
    expect(screen.queryByText("Project deleted")).not.toBeInTheDocument();
    await wait(TOAST_DURATION_MS * 3);
    expect(closed).not.toHaveBeenCalled();

    act(() => release());
    expect(screen.getByText("Project deleted")).toBeVisible();
    await wait(TOAST_DURATION_MS - 100);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(undone).toHaveBeenCalledOnce();
    expect(screen.queryByText("Project deleted")).not.toBeInTheDocument();
  });

  it("a toast raised while held waits to be shown; two holders both have to let go", () => {
    renderWithApp(<p>page</p>);
    let first = () => {};
    let second = () => {};
    act(() => {
      first = holdToasts();
      second = holdToasts();
      toast({ title: "Saved on this device" });
    });
    expect(screen.queryByText("Saved on this device")).not.toBeInTheDocument();
    act(() => first());
    act(() => first());
    expect(screen.queryByText("Saved on this device")).not.toBeInTheDocument();
    act(() => second());
    expect(screen.getByText("Saved on this device")).toBeVisible();
  });
});

describe("Toaster and a dialog (decision 076)", () => {
  function WithDialog() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Add event
        </button>
        <Dialog open={open} onOpenChange={setOpen} title="Add event">
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </Dialog>
      </>
    );
  }

  it("a toast showing as a dialog opens waits behind it, whole, its Undo with it, till the dialog closes", async () => {
    const undone = vi.fn();
    const closed = vi.fn();
    renderWithApp(<WithDialog />);
    act(() => {
      toast({
        title: "Quick win done",
        action: { label: "Undo", altText: "Undo ticking the quick win", onClick: undone },
        onClose: closed,
      });
    });
    fireEvent.click(screen.getByRole("button", { name: "Add event" }));
    expect(screen.getByRole("dialog", { name: "Add event" })).toBeVisible();
    expect(screen.queryByText("Quick win done")).not.toBeInTheDocument();
    await wait(TOAST_DURATION_MS * 3);
    expect(closed).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("Quick win done")).toBeVisible();
    await wait(TOAST_DURATION_MS - 100);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(undone).toHaveBeenCalledOnce();
  });

  it("a toast raised while a dialog is open shows at once, as the spec has it", () => {
    renderWithApp(<WithDialog />);
    fireEvent.click(screen.getByRole("button", { name: "Add event" }));
    act(() => {
      toast({ title: "Focus session completed!" });
    });
    expect(screen.getByText("Focus session completed!")).toBeVisible();
  });
});
