// @vitest-environment jsdom
/** A dialog whose code comes after the first paint, when that code cannot be fetched (offline). */
import "@testing-library/jest-dom/vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { lazyDialog } from "./lazy-dialog.tsx";
import { useToasts } from "./ui/toast-store.ts";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };
function RealDialog({ open }: Props) {
  return open ? <div role="dialog" aria-label="Add event" /> : null;
}

describe("lazyDialog", () => {
  it("calls an opening off calmly when its code cannot come, keeps the page, and tries again next time", async () => {
    let online = false;
    const Dialog = lazyDialog<Props>(async () => {
      if (!online) throw new TypeError("Failed to fetch dynamically imported module");
      return RealDialog;
    });
    function Toasts() {
      return (
        <ul>
          {useToasts().map((t) => (
            <li key={t.id}>{t.title}</li>
          ))}
        </ul>
      );
    }
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <main>
          <h1>Calendar</h1>
          <button type="button" onClick={() => setOpen(true)}>
            Add event
          </button>
          <Dialog open={open} onOpenChange={setOpen} />
          <Toasts />
        </main>
      );
    }
    render(<Page />);
    await userEvent.click(screen.getByRole("button", { name: "Add event" }));
    expect(await screen.findByText("That needs the connection")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Calendar" })).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();

    online = true;
    await act(async () => {
      await userEvent.click(screen.getByRole("button", { name: "Add event" }));
    });
    expect(await screen.findByRole("dialog", { name: "Add event" })).toBeInTheDocument();
  });
});
