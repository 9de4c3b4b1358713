import type { Locator, Page } from "@playwright/test";
import { EventDialog } from "./event-dialog.ts";

/** The home dashboard, 'Daily Compass'. */
export class DashboardPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto("/");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { name: "Daily Compass", level: 1 });
  }
  mood(name: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(name) });
  }

  // Top Focus Tasks
  focusTask(title: string | RegExp): Locator {
    return this.page.getByRole("button", { name: typeof title === "string" ? new RegExp(title) : title });
  }
  focusTaskCheckbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Complete ${title}` });
  }
  get focusTaskList(): Locator {
    return this.page.getByRole("list", { name: "Top Focus Tasks" });
  }
  /** The titles Top Focus Tasks shows, in order. */
  async focusTaskTitles(): Promise<string[]> {
    return this.focusTaskList
      .getByRole("checkbox")
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("aria-label")?.replace(/^Complete /, "") ?? ""));
  }
  /** 'Show all (N)' under Top Focus Tasks. */
  get showAllTasks(): Locator {
    return this.page.getByRole("region", { name: "Top Focus Tasks" }).getByRole("link", { name: /^Show all/ });
  }
  async openAddTask(): Promise<AddTaskDialog> {
    await this.page.getByRole("button", { name: "Add Task" }).click();
    return new AddTaskDialog(this.page);
  }

  // Quick Wins
  get quickWins(): Locator {
    return this.page.getByRole("region", { name: "Quick Wins" });
  }
  get quickWinInput(): Locator {
    return this.page.getByPlaceholder("Add a quick win...");
  }
  get addQuickWinButton(): Locator {
    return this.page.getByRole("button", { name: "Add quick win" });
  }
  async addQuickWin(text: string): Promise<void> {
    await this.quickWinInput.fill(text);
    await this.quickWinInput.press("Enter");
  }
  quickWin(text: string): Locator {
    return this.page.getByRole("checkbox", { name: text });
  }
  /** 'Show all (N)' under Quick Wins. */
  get showAllQuickWins(): Locator {
    return this.quickWins.getByRole("link", { name: /^Show all/ });
  }

  // Schedule
  get schedule(): Locator {
    return this.page.getByRole("region", { name: "Schedule" });
  }
  /** An event's row in the schedule's agenda (an event under way is also named in the timeline's "Now:" line). */
  scheduleEvent(title: string): Locator {
    return this.schedule.getByRole("listitem").filter({ hasText: title });
  }
  async openAddEvent(): Promise<EventDialog> {
    await this.page.getByRole("button", { name: "Add event" }).click();
    return new EventDialog(this.page, "Add event");
  }

  // Thought Dump
  get thoughtBox(): Locator {
    return this.page.getByRole("textbox", { name: "Thought" });
  }
  get saveThoughtButton(): Locator {
    return this.page.getByRole("button", { name: "Save & Organize" });
  }
  thoughtType(type: string): Locator {
    return this.page.getByRole("button", { name: type, exact: true });
  }
  get micButton(): Locator {
    return this.page.getByRole("button", { name: "Start voice recording" });
  }
  get stopMicButton(): Locator {
    return this.page.getByRole("button", { name: "Stop voice recording" });
  }

  // AI Assistant
  async refreshSuggestions(): Promise<void> {
    await this.page.getByRole("button", { name: "Refresh suggestions" }).click();
  }
  async openTaskBreaker(): Promise<void> {
    await this.page.getByRole("button", { name: "Task Breaker" }).click();
  }
  /** Task Breaker, then the task to break down from its list. */
  async breakDown(title: string): Promise<void> {
    await this.openTaskBreaker();
    const chooser = this.taskBreakerChooser;
    await chooser.getByRole("button", { name: new RegExp(title) }).click();
  }
  get taskBreakerChooser(): Locator {
    return this.page.getByRole("dialog", { name: "Which task shall we break down?" });
  }
}

/** The task fields both the Add Task and the Edit task dialogs show, found by their labels. */
export class TaskFieldsDialog {
  readonly root: Locator;
  constructor(page: Page, name: string) {
    this.root = page.getByRole("dialog", { name });
  }
  get title(): Locator {
    return this.root.getByLabel("Task title");
  }
  get estimate(): Locator {
    return this.root.getByLabel("Time estimate (minutes)");
  }
  get dueTime(): Locator {
    return this.root.getByLabel("Due time (optional)");
  }
  get repeat(): Locator {
    return this.root.getByLabel("Repeat");
  }
  get category(): Locator {
    return this.root.getByLabel("Category");
  }
}

export class AddTaskDialog extends TaskFieldsDialog {
  constructor(page: Page) {
    super(page, "Add Task");
  }
  get addButton(): Locator {
    return this.root.getByRole("button", { name: "Add Task" });
  }
}
