// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../../../shared/dates.ts";
import { WEEKDAY_NAMES, weekdayOf } from "../../../../shared/repeat.ts";
import { OCCURRENCE_MOVED_ON, type Task } from "../../../../shared/schemas.ts";
import { holdAnswers, readsFail, renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { TaskLists } from "./task-lists.tsx";
import { TopFocusTasks } from "./top-focus-tasks.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

// The test server's users live in UTC until they say otherwise.
const today = new Date().toISOString().slice(0, 10);
const tomorrow = addDays(today, 1);

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

async function seed(...specs: Array<string | [string, number]>): Promise<Task[]> {
  const made: Task[] = [];
  for (const spec of specs) {
    const [title, timeEstimate] = typeof spec === "string" ? [spec, 15] : spec;
    made.push(await server<Task>("POST", "/api/tasks", { title, timeEstimate }));
  }
  return made;
}
const tasks = () => server<Task[]>("GET", "/api/tasks");
/** A toast's own button. Clicked without pointer events, which Radix Toast's swipe reads and jsdom lacks. */
const clickInToast = async (name: string) => fireEvent.click(await screen.findByRole("button", { name }));

/** Top Focus Tasks with the dashboard's mood, which a button sets as the mood picker does. */
function WithMood() {
  const [mood, setMood] = useState<"Tired" | null>(null);
  return (
    <>
      <button type="button" onClick={() => setMood("Tired")}>
        Feeling tired
      </button>
      <TopFocusTasks mood={mood} onChoose={() => {}} onAddFocusTask={() => {}} />
    </>
  );
}
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole("checkbox")
    .map((box) => box.getAttribute("aria-label")?.replace(/^Complete /, ""));

describe("Top Focus Tasks", () => {
  it("shows five of seven, 'Show all (7)', and the smallest first for a tired mood", async () => {
    await seed(["a", 60], ["b", 45], ["c", 30], ["d", 90], ["e", 120], ["f", 5], ["g", 10]);
    renderWithApp(<WithMood />);
    const list = await screen.findByRole("list", { name: "Top Focus Tasks" });
    expect(titlesIn(list)).toEqual(["a", "b", "c", "d", "e"]);
    expect(screen.getByRole("link", { name: /Show all \(7\)/ })).toHaveAttribute("href", "/tasks");

    await userEvent.click(screen.getByRole("button", { name: "Feeling tired" }));
    await waitFor(() =>
      expect(titlesIn(screen.getByRole("list", { name: "Top Focus Tasks" }))).toEqual(["f", "g", "c", "b", "a"]),
    );
  });

  it("offers no 'Show all' when the five are all there is", async () => {
    await seed("a", "b", "c", "d", "e");
    renderWithApp(<TopFocusTasks mood={null} onChoose={() => {}} onAddFocusTask={() => {}} />);
    expect(titlesIn(await screen.findByRole("list", { name: "Top Focus Tasks" }))).toHaveLength(5);
    expect(screen.queryByRole("link", { name: /Show all/ })).not.toBeInTheDocument();
  });
});

describe("the Tasks page's lists", () => {
  it("puts a task off to tomorrow, says so kindly, and Undo brings it back", async () => {
    const [first] = await seed("Call the bank", "Tidy the desk");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Not today: Call the bank" }));
    expect(await screen.findByText("Saved for tomorrow")).toBeVisible();
    expect(screen.getByText('"Call the bank" comes back tomorrow.')).toBeVisible();
    const later = await screen.findByRole("region", { name: "Later" });
    expect(within(later).getByText("Call the bank")).toBeVisible();
    expect(within(later).getByText("Back tomorrow")).toBeVisible();
    expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Tidy the desk"]);
    expect((await tasks()).find((t) => t.id === first?.id)?.notBefore).toBe(tomorrow);

    await clickInToast("Undo");
    await waitFor(() =>
      expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Call the bank", "Tidy the desk"]),
    );
    expect(screen.queryByRole("region", { name: "Later" })).not.toBeInTheDocument();
    expect((await tasks()).find((t) => t.id === first?.id)?.notBefore).toBeNull();
  });

  it("deletes only when the toast closes, and Undo keeps the task", async () => {
    await seed("Keep me", "Let me go");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Keep me" }));
    expect(await screen.findByText("Task deleted")).toBeVisible();
    expect(screen.queryByText("Keep me")).not.toBeInTheDocument();
    expect((await tasks()).map((t) => t.title)).toContain("Keep me");
    await clickInToast("Undo");
    expect(await screen.findByText("Keep me")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Delete Let me go" }));
    await clickInToast("Close notification");
    await waitFor(async () => expect((await tasks()).map((t) => t.title)).toEqual(["Keep me"]));
    expect(screen.queryByText("Let me go")).not.toBeInTheDocument();
  });

  it("marks a repeating task with a labelled repeat icon, and a ticked one goes to 'Done today'", async () => {
    await server<Task>("POST", "/api/tasks", { title: "Vitamins", repeat: "FREQ=DAILY" });
    await seed("Read");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const open = await screen.findByRole("list", { name: "Today's tasks" });
    expect(await within(open).findByRole("img", { name: "Repeats every day" })).toBeInTheDocument();
    expect(within(open).getAllByRole("img", { name: /^Repeats/ })).toHaveLength(1);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Complete Vitamins" }));
    const done = await screen.findByRole("region", { name: "Done today" });
    expect(await within(done).findByRole("checkbox", { name: "Complete Vitamins" })).toBeChecked();
  });

  it("moves a ticked task to 'Done today' and back when unticked", async () => {
    await seed("Stretch", "Read");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const done = await screen.findByRole("region", { name: "Done today" });
    expect(await within(done).findByText("Tasks you finish today gather here.")).toBeVisible();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Complete Stretch" }));
    expect(await within(done).findByRole("checkbox", { name: "Complete Stretch" })).toBeChecked();
    expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Read"]);

    await userEvent.click(within(done).getByRole("checkbox", { name: "Complete Stretch" }));
    expect(await within(done).findByText("Tasks you finish today gather here.")).toBeVisible();
    await waitFor(() =>
      expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Stretch", "Read"]),
    );
  });

  it("a ticked task stays in 'Done today' while the lists are read again, whichever answer comes first", async () => {
    await seed("Stretch", "Read");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const done = await screen.findByRole("region", { name: "Done today" });
    expect(await within(done).findByText("Tasks you finish today gather here.")).toBeVisible();
    // Today's list is read again at once; Done today's answer is slow to come.
    const release = holdAnswers((url, init) => (init.method ?? "GET") === "GET" && url.includes("completedOn="));
    const today_ = screen.getByRole("list", { name: "Today's tasks" });
    await userEvent.click(await screen.findByRole("checkbox", { name: "Complete Stretch" }));
    expect(await screen.findByText("Task completed")).toBeVisible();
    // Today's list as read again no longer holds it; the tick must not vanish meanwhile.
    await waitFor(() => expect(titlesIn(today_)).toEqual(["Read"]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(done).getByRole("checkbox", { name: "Complete Stretch" })).toBeChecked();
    release();
    await waitFor(() => expect(within(done).getByRole("checkbox", { name: "Complete Stretch" })).toBeChecked());
  });

  it("edits a task with the Add Task dialog's fields", async () => {
    await seed("Draft");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Draft" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    const title = within(dialog).getByLabelText("Task title");
    await userEvent.clear(title);
    await userEvent.type(title, "Draft the letter");
    await userEvent.clear(within(dialog).getByLabelText("Time estimate (minutes)"));
    await userEvent.type(within(dialog).getByLabelText("Time estimate (minutes)"), "25");
    await userEvent.selectOptions(within(dialog).getByLabelText("Category"), "Personal");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Task updated")).toBeVisible();
    expect(await screen.findByText("Draft the letter")).toBeVisible();
    expect(await tasks()).toEqual([
      expect.objectContaining({ title: "Draft the letter", timeEstimate: 25, category: "Personal" }),
    ]);
  });

  it("an edit keeps what another device changed while the dialog was open (docs/decisions/056-edits-over-what-is-there.md)", async () => {
    const [draft] = await seed(["Draft", 15]);
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Draft" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    await userEvent.type(within(dialog).getByLabelText("Task title"), " the letter");
    // Meanwhile, on the phone: it is due at four and belongs to Personal.
    await server("PATCH", `/api/tasks/${draft?.id}`, { dueTime: "16:00", category: "Personal" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Task updated")).toBeVisible();
    expect(await tasks()).toEqual([
      expect.objectContaining({ title: "Draft the letter", timeEstimate: 15, dueTime: "16:00", category: "Personal" }),
    ]);
  });

  it("Save with nothing changed closes the dialog and changes nothing", async () => {
    const [draft] = await seed(["Draft", 15]);
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit Draft" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit task" });
    await server("PATCH", `/api/tasks/${draft?.id}`, { timeEstimate: 30 });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit task" })).toBeNull());
    expect(screen.queryByText("Task updated")).toBeNull();
    expect(await tasks()).toEqual([expect.objectContaining({ title: "Draft", timeEstimate: 30 })]);
  });

  it("keeps the rows on show when reading them again fails (the server restarting)", async () => {
    await seed("Draft", "Post");
    const { queryClient } = renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await screen.findByRole("button", { name: "Edit Draft" });
    readsFail("/api/tasks");
    await queryClient.refetchQueries({ queryKey: ["/api/tasks"] });
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ queryKey: ["/api/tasks"] })
          .some((q) => q.state.status === "error"),
      ).toBe(true),
    );
    expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Draft", "Post"]);
    expect(screen.queryByText("This list could not load just now.")).toBeNull();
  });

  it("a list that could not be read at all says so, and Try again reads it", async () => {
    await seed("Draft");
    const readAgain = readsFail("/api/tasks");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const todays = within(await screen.findByRole("region", { name: "Today" }));
    expect(await todays.findByText("This list could not load just now.")).toBeVisible();
    readAgain();
    await userEvent.click(todays.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Edit Draft" })).toBeVisible();
    expect(todays.queryByText("This list could not load just now.")).toBeNull();
  });

  it("shows ten at a time and the rest with 'Show more'", async () => {
    await seed(...Array.from({ length: 12 }, (_, i) => `t${String(i + 1).padStart(2, "0")}`));
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const list = await screen.findByRole("list", { name: "Today's tasks" });
    await waitFor(() => expect(titlesIn(list)).toHaveLength(10));
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(titlesIn(list)).toHaveLength(12));
    expect(titlesIn(list).at(-1)).toBe("t12");
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });
});

describe("routines on the Tasks page", () => {
  const routine = (title: string, repeat: string) => server<Task>("POST", "/api/tasks", { title, repeat });
  const editDialog = async (title: string) => {
    await userEvent.click(await screen.findByRole("button", { name: `Edit ${title}` }));
    return screen.findByRole("dialog", { name: "Edit task" });
  };

  it("asks whether an edit is for all of them or just this one, and just this one leaves the routine as it was", async () => {
    const series = await routine("Walk", "FREQ=DAILY");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const dialog = await editDialog("Walk");
    const choice = within(dialog).getByRole("group", { name: "It repeats. Which ones to change?" });
    expect(within(choice).getByRole("radio", { name: /All of them/ })).toBeChecked();
    const title = within(dialog).getByLabelText("Task title");
    await userEvent.clear(title);
    await userEvent.type(title, "Walk to the park");
    await userEvent.click(within(choice).getByRole("radio", { name: /Just this one/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changed for today only. The routine stays as it was.")).toBeVisible();
    await waitFor(() =>
      expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Walk to the park"]),
    );
    const rows = await tasks();
    expect(rows).toHaveLength(2);
    expect(rows.find((t) => t.id === series.id)).toMatchObject({
      title: "Walk",
      repeat: "FREQ=DAILY",
      dueDate: tomorrow,
    });
    expect(rows.find((t) => t.id !== series.id)).toMatchObject({ title: "Walk to the park", repeat: null });
    // Focus is back on the Edit button of the task that holds the change, not lost with the dialog.
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Walk to the park" })).toHaveFocus());
  });

  it("just this one, when the day was already changed from another tab, says so and leaves the routine's next day as it was", async () => {
    const series = await routine("Walk", "FREQ=DAILY");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const dialog = await editDialog("Walk");
    const title = within(dialog).getByLabelText("Task title");
    await userEvent.clear(title);
    await userEvent.type(title, "Walk to the park");
    await userEvent.click(within(dialog).getByRole("radio", { name: /Just this one/ }));
    // Meanwhile another tab changed today's walk on its own.
    await server("PATCH", `/api/tasks/${series.id}?scope=this`, { title: "Walk with Sam" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(OCCURRENCE_MOVED_ON)).toBeVisible();
    expect(screen.getByText("Already changed")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit task" })).toBeNull());
    await waitFor(() =>
      expect(titlesIn(screen.getByRole("list", { name: "Today's tasks" }))).toEqual(["Walk with Sam"]),
    );
    // Tomorrow's walk is still the routine's: no second one-off was made of it.
    const rows = await tasks();
    expect(rows).toHaveLength(2);
    expect(rows.find((t) => t.id === series.id)).toMatchObject({ title: "Walk", dueDate: tomorrow });
  });

  it("edits all of them by default, on the routine itself", async () => {
    const series = await routine("Walk", "FREQ=DAILY");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const dialog = await editDialog("Walk");
    await userEvent.type(within(dialog).getByLabelText("Task title"), " outside");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your changes are saved.")).toBeVisible();
    expect(await tasks()).toEqual([
      expect.objectContaining({ id: series.id, title: "Walk outside", repeat: "FREQ=DAILY", dueDate: today }),
    ]);
  });

  it("a new repeat rule is for all of them: weekly on chosen days, at least one kept, opening with its days", async () => {
    const series = await routine("Gym", "FREQ=DAILY");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    let dialog = await editDialog("Gym");
    await userEvent.selectOptions(within(dialog).getByLabelText("Repeat"), "Weekly on…");
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(dialog).getByText("A new repeat changes all of them.")).toBeVisible();
    const days = within(dialog).getByRole("group", { name: "On these days" });
    const pressed = () =>
      within(days)
        .getAllByRole("button")
        .filter((b) => b.getAttribute("aria-pressed") === "true")
        .map((b) => b.getAttribute("aria-label"));
    // It starts on today's weekday (the browser's, here the same as the server's UTC day).
    expect(pressed()).toEqual([WEEKDAY_NAMES[weekdayOf(today)]]);
    await userEvent.click(within(days).getByRole("button", { name: WEEKDAY_NAMES[weekdayOf(today)] }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose at least one day.");
    expect(within(dialog).getByRole("button", { name: "Save changes" })).toBeDisabled();
    await userEvent.click(within(days).getByRole("button", { name: "Thursday" }));
    await userEvent.click(within(days).getByRole("button", { name: "Monday" }));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(pressed()).toEqual(["Monday", "Thursday"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your changes are saved.")).toBeVisible();
    await waitFor(async () =>
      expect(await tasks()).toEqual([expect.objectContaining({ id: series.id, repeat: "FREQ=WEEKLY;BYDAY=MO,TH" })]),
    );

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    dialog = await editDialog("Gym");
    expect(within(dialog).getByLabelText("Repeat")).toHaveDisplayValue("Weekly on…");
    expect(
      within(within(dialog).getByRole("group", { name: "On these days" }))
        .getAllByRole("button")
        .filter((b) => b.getAttribute("aria-pressed") === "true")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Monday", "Thursday"]);
  });

  it("asks before deleting a routine: just this one skips today and says kindly when it comes back", async () => {
    const series = await routine("Yoga", "FREQ=DAILY");
    await routine("Journal", "FREQ=DAILY");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Yoga" }));
    const ask = await screen.findByRole("dialog", { name: 'Delete "Yoga"?' });
    expect(ask).toHaveAccessibleDescription(
      "It repeats. You can skip just this one — it comes back tomorrow — or delete all of them.",
    );
    expect((await tasks()).map((t) => t.title)).toEqual(["Yoga", "Journal"]);
    await userEvent.click(within(ask).getByRole("button", { name: "Just this one" }));
    expect(await screen.findByText("Skipped for today")).toBeVisible();
    expect(screen.getByText('"Yoga" comes back tomorrow.')).toBeVisible();
    await clickInToast("Close notification");
    await waitFor(async () =>
      expect((await tasks()).find((t) => t.id === series.id)).toMatchObject({
        dueDate: tomorrow,
        repeat: "FREQ=DAILY",
      }),
    );

    await userEvent.click(await screen.findByRole("button", { name: "Delete Journal" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: 'Delete "Journal"?' })).getByRole("button", {
        name: "All of them",
      }),
    );
    expect(await screen.findByText("Task deleted")).toBeVisible();
    await clickInToast("Close notification");
    await waitFor(async () => expect((await tasks()).map((t) => t.title)).toEqual(["Yoga"]));
  });

  it("'Not today' on a weekly routine skips today and names the day it really comes back", async () => {
    const back = addDays(today, 3);
    const series = await routine("Swim", `FREQ=WEEKLY;BYDAY=${[weekdayOf(today), weekdayOf(back)].join(",")}`);
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    await userEvent.click(await screen.findByRole("button", { name: "Not today: Swim" }));
    expect(await screen.findByText("Skipped for today")).toBeVisible();
    expect(screen.getByText(`"Swim" comes back on ${WEEKDAY_NAMES[weekdayOf(back)]}.`)).toBeVisible();
    await clickInToast("Close notification");
    await waitFor(async () =>
      expect((await tasks()).find((t) => t.id === series.id)).toMatchObject({ dueDate: back, notBefore: back }),
    );
  });
});

describe("deleting a routine on the Tasks page by keyboard", () => {
  it("gives focus to the row that stays once just this one, or all of them, is chosen: not to the page's body", async () => {
    await server<Task>("POST", "/api/tasks", { title: "Vitamins", repeat: "FREQ=DAILY" });
    await server<Task>("POST", "/api/tasks", { title: "Stretch", repeat: "FREQ=DAILY" });
    await seed("Read");
    renderWithApp(<TaskLists mood={null} today={today} tomorrow={tomorrow} />);
    const open = await screen.findByRole("list", { name: "Today's tasks" });
    const rowOf = (title: string) =>
      within(open)
        .getByRole("checkbox", { name: `Complete ${title}` })
        .closest("li");

    for (const [title, choice] of [
      ["Vitamins", "Just this one"],
      ["Stretch", "All of them"],
    ] as const) {
      await waitFor(() => expect(within(open).getByRole("button", { name: `Delete ${title}` })).toBeVisible());
      within(open)
        .getByRole("button", { name: `Delete ${title}` })
        .focus();
      await userEvent.keyboard("{Enter}");
      const dialog = await screen.findByRole("dialog", { name: `Delete "${title}"?` });
      within(dialog).getByRole("button", { name: choice }).focus();
      await userEvent.keyboard("{Enter}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(within(open).queryByRole("button", { name: `Delete ${title}` })).toBeNull());
      const left = within(open)
        .getAllByRole("checkbox")
        .map((box) => box.closest("li"));
      await waitFor(() => expect(left).toContain(document.activeElement));
      expect(document.activeElement).not.toBe(document.body);
    }
    expect(document.activeElement).toBe(rowOf("Read"));
  });
});
