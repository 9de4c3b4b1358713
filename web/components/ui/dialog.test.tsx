// @vitest-environment jsdom
/**
 * The dialog every screen uses: closed, it costs a screen's first draw nothing; opened from a
 * button, it takes focus and gives it back when it closes.
 */
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog } from "./dialog.tsx";

afterEach(cleanup);

function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Task
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Add Task">
        <input aria-label="Title" />
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("draws a screen with a closed dialog in one commit, with no update scheduled by the dialog", async () => {
    // A state update during the first commit makes React draw again at once, and run every
    // effect of the screen in that same task (docs/decisions/036-dashboard-first-paint.md).
    const commits: string[] = [];
    await act(async () => {
      render(
        <Profiler id="screen" onRender={(_id, phase) => commits.push(phase)}>
          <Screen />
        </Profiler>,
      );
    });
    expect(commits).toEqual(["mount"]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("opens, takes focus, closes with Escape and gives focus back, and opens again", async () => {
    const person = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole("button", { name: "Add Task" });
    for (let round = 0; round < 2; round++) {
      await person.click(opener);
      const dialog = await screen.findByRole("dialog", { name: "Add Task" });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      await person.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
    }
  });
});
