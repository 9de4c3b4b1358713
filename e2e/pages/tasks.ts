import type { Locator, Page } from "@playwright/test";
import { TaskFieldsDialog } from "./dashboard.ts";

/** The Tasks page (/tasks): every focus task a few at a time, Later, Done today, and the quick wins. */
export class TasksPage {
  constructor(readonly page: Page) {}
  async open(list?: "quick-wins"): Promise<void> {
    await this.page.goto(list ? `/tasks?list=${list}` : "/tasks");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { name: "Tasks", level: 1 });
  }
  tab(name: "Focus tasks" | "Quick wins"): Locator {
    return this.page.getByRole("tab", { name });
  }
  /** The find box over both lists (docs/decisions/052-find-a-task.md). */
  get find(): Locator {
    return this.page.getByRole("searchbox", { name: "Find a task or quick win" });
  }

  // Today: the open tasks in the dashboard's order.
  get today(): Locator {
    return this.page.getByRole("region", { name: "Today", exact: true });
  }
  get todayList(): Locator {
    return this.page.getByRole("list", { name: "Today's tasks" });
  }
  /** The titles of today's tasks on screen, in order. */
  async todayTitles(): Promise<string[]> {
    return this.rowTitles(this.todayList);
  }
  get showMore(): Locator {
    return this.today.getByRole("button", { name: "Show more" });
  }
  row(title: string): Locator {
    return this.page.getByRole("listitem").filter({ has: this.page.getByText(title, { exact: true }) });
  }
  checkbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Complete ${title}` });
  }
  notToday(title: string): Locator {
    return this.page.getByRole("button", { name: `Not today: ${title}` });
  }
  bringBack(title: string): Locator {
    return this.page.getByRole("button", { name: `Bring back: ${title}` });
  }
  deleteButton(title: string): Locator {
    return this.page.getByRole("button", { name: `Delete ${title}`, exact: true });
  }
  async edit(title: string): Promise<EditTaskDialog> {
    await this.page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
    return new EditTaskDialog(this.page);
  }

  // Later and Done today.
  get later(): Locator {
    return this.page.getByRole("region", { name: "Later" });
  }
  get doneToday(): Locator {
    return this.page.getByRole("region", { name: "Done today" });
  }
  /** 'Let go': closed until its button opens it. */
  get letGoToggle(): Locator {
    return this.page.getByRole("button", { name: "Let go", exact: true });
  }
  get letGoList(): Locator {
    return this.page.getByRole("list", { name: "Let go" });
  }

  // Quick wins.
  get quickWinsList(): Locator {
    return this.page.getByRole("list", { name: "Quick wins" });
  }
  get quickWinsShowMore(): Locator {
    return this.page.getByRole("region", { name: "Quick Wins" }).getByRole("button", { name: "Show more" });
  }

  private async rowTitles(list: Locator): Promise<string[]> {
    return list.getByRole("listitem").evaluateAll((items) =>
      items.map(
        (li) =>
          li
            .querySelector("input[type=checkbox]")
            ?.getAttribute("aria-label")
            ?.replace(/^Complete /, "") ?? "",
      ),
    );
  }
}

export class EditTaskDialog extends TaskFieldsDialog {
  constructor(page: Page) {
    super(page, "Edit task");
  }
  get save(): Locator {
    return this.root.getByRole("button", { name: "Save changes" });
  }
}
