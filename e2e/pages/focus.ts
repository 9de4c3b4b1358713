import type { Locator, Page } from "@playwright/test";

/** The focus page (/focus) and the focus mode dialog it opens for a task. */
export class FocusPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto("/focus");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { name: "Focus Mode", level: 1 });
  }
  get timer(): Locator {
    return this.page.getByRole("timer");
  }
  button(name: string): Locator {
    return this.page.getByRole("button", { name });
  }
  /** A choice of the session length ("5 min" … "45 min", "Task estimate (N min)"). */
  length(name: string): Locator {
    return this.page.getByRole("group", { name: "Session length" }).getByRole("radio", { name });
  }
  /** Chooses a length the way a person does: by its visible label. */
  async chooseLength(name: string): Promise<void> {
    await this.page.getByRole("group", { name: "Session length" }).getByText(name, { exact: true }).click();
  }
  async chooseTask(title: string): Promise<FocusDialog> {
    await this.page.getByRole("button", { name: new RegExp(title) }).click();
    return new FocusDialog(this.page, title);
  }
  dialog(title: string): FocusDialog {
    return new FocusDialog(this.page, title);
  }
}

export class FocusDialog {
  readonly root: Locator;
  constructor(page: Page, title: string) {
    this.root = page.getByRole("dialog", { name: title });
  }
  get timer(): Locator {
    return this.root.getByRole("timer", { name: "Focus countdown" });
  }
  button(name: string): Locator {
    return this.root.getByRole("button", { name });
  }
  step(name: string): Locator {
    return this.root.getByRole("checkbox", { name });
  }
  get steps(): Locator {
    return this.root.getByRole("region", { name: "Steps" }).getByRole("checkbox");
  }
  get voiceCommands(): Locator {
    return this.root.getByRole("region", { name: "Voice commands" });
  }
}
