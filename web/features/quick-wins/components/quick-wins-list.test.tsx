// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../../../shared/dates.ts";
import { OCCURRENCE_MOVED_ON, type QuickWin } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { QuickWinsList } from "./quick-wins-list.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

// The test server's users live in UTC until they say otherwise.
const today = new Date().toISOString().slice(0, 10);

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

const add = (text: string, repeat?: string) => server<QuickWin>("POST", "/api/quick-wins", { text, repeat });
const quickWins = () => server<QuickWin[]>("GET", "/api/quick-wins");
const shown = () =>
  within(screen.getByRole("list", { name: "Quick wins" }))
    .getAllByRole("checkbox")
    .map((box) => box.closest("label")?.textContent);

async function editDialog(text: string) {
  renderWithApp(<QuickWinsList />);
  await userEvent.click(await screen.findByRole("button", { name: `Edit ${text}` }));
  return screen.findByRole("dialog", { name: "Edit quick win" });
}

describe("Edit quick win (docs/decisions/046-edit-quick-wins.md)", () => {
  it("changes a quick win's words in place, and gives focus back to its Edit button", async () => {
    const win = await add("Bye milk");
    await add("Water the plants");
    const dialog = await editDialog("Bye milk");
    const text = within(dialog).getByLabelText("Quick win");
    expect(text).toHaveValue("Bye milk");
    // Nothing to ask for a quick win that does not repeat.
    expect(within(dialog).queryByRole("group", { name: "It repeats. Which ones to change?" })).toBeNull();
    await userEvent.clear(text);
    expect(within(dialog).getByRole("button", { name: "Save changes" })).toBeDisabled();
    await userEvent.type(text, "  Buy milk ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your changes are saved.")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Edit quick win" })).toBeNull();
    expect(shown()).toEqual(["Buy milk", "Water the plants"]);
    expect(await quickWins()).toEqual([
      expect.objectContaining({ id: win.id, text: "Buy milk", completed: false }),
      expect.objectContaining({ text: "Water the plants" }),
    ]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Buy milk" })).toHaveFocus());
  });

  it("asks about a repeating one; just this one changes today's and leaves the routine as it was", async () => {
    const series = await add("Stretch", "FREQ=DAILY");
    const dialog = await editDialog("Stretch");
    expect(within(dialog).getByLabelText("Repeat")).toHaveDisplayValue("Every day");
    const choice = within(dialog).getByRole("group", { name: "It repeats. Which ones to change?" });
    expect(within(choice).getByRole("radio", { name: /All of them/ })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText("Quick win"), " for ten minutes");
    await userEvent.click(within(choice).getByRole("radio", { name: /Just this one/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changed for today only. The routine stays as it was.")).toBeVisible();
    await waitFor(() => expect(shown()).toEqual(["Stretch for ten minutes"]));
    const rows = await quickWins();
    expect(rows.find((q) => q.id === series.id)).toMatchObject({
      text: "Stretch",
      repeat: "FREQ=DAILY",
      occursOn: addDays(today, 1),
    });
    expect(rows.find((q) => q.id !== series.id)).toMatchObject({ text: "Stretch for ten minutes", repeat: null });
    // Focus goes to the quick win that holds the change.
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Stretch for ten minutes" })).toHaveFocus());
  });

  it("just this one, when today's was already changed from another tab, says so and makes no one-off of tomorrow's", async () => {
    const series = await add("Stretch", "FREQ=DAILY");
    const dialog = await editDialog("Stretch");
    await userEvent.type(within(dialog).getByLabelText("Quick win"), " for ten minutes");
    await userEvent.click(within(dialog).getByRole("radio", { name: /Just this one/ }));
    await server("PATCH", `/api/quick-wins/${series.id}?scope=this`, { text: "Stretch twice" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(OCCURRENCE_MOVED_ON)).toBeVisible();
    await waitFor(() => expect(shown()).toEqual(["Stretch twice"]));
    const rows = await quickWins();
    expect(rows).toHaveLength(2);
    expect(rows.find((q) => q.id === series.id)).toMatchObject({ text: "Stretch", occursOn: addDays(today, 1) });
  });

  it("a new repeat is for all of them, and says so instead of asking", async () => {
    const series = await add("Stretch", "FREQ=DAILY");
    const dialog = await editDialog("Stretch");
    await userEvent.selectOptions(within(dialog).getByLabelText("Repeat"), "Weekdays");
    expect(within(dialog).getByText("A new repeat changes all of them.")).toBeVisible();
    expect(within(dialog).queryByRole("group", { name: "It repeats. Which ones to change?" })).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your changes are saved.")).toBeVisible();
    expect((await quickWins()).find((q) => q.id === series.id)).toMatchObject({
      repeat: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    });
  });

  it("says why the server refused, keeps the dialog open and the quick win as it was", async () => {
    await add("Call Mum");
    const dialog = await editDialog("Call Mum");
    const text = within(dialog).getByLabelText("Quick win");
    await userEvent.clear(text);
    await userEvent.click(text);
    await userEvent.paste("x".repeat(201));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(/200/)).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Edit quick win" })).toBeVisible();
    expect(text).toHaveValue("x".repeat(201));
    // The list, shown changed while the server was asked, is as it was again.
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(shown()).toEqual(["Call Mum"]);
    expect((await quickWins()).map((q) => q.text)).toEqual(["Call Mum"]);
  });
});

describe("deleting a repeating quick win by keyboard", () => {
  it("gives focus to the row that stays once just this one, or all of them, is chosen: not to the page's body", async () => {
    await add("Vitamins", "FREQ=DAILY");
    await add("Stretch", "FREQ=DAILY");
    await add("Water the plants");
    renderWithApp(<QuickWinsList />);
    const list = await screen.findByRole("list", { name: "Quick wins" });
    for (const [text, choice] of [
      ["Vitamins", "Just this one"],
      ["Stretch", "All of them"],
    ] as const) {
      (await within(list).findByRole("button", { name: `Delete ${text}` })).focus();
      await userEvent.keyboard("{Enter}");
      const dialog = await screen.findByRole("dialog", { name: `Delete "${text}"?` });
      within(dialog).getByRole("button", { name: choice }).focus();
      await userEvent.keyboard("{Enter}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(within(list).queryByRole("button", { name: `Delete ${text}` })).toBeNull());
      await waitFor(() => expect(within(list).getAllByRole("listitem")).toContain(document.activeElement));
    }
    expect(document.activeElement).toHaveTextContent("Water the plants");
  });
});
