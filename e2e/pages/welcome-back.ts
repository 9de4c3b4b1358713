import type { Locator, Page } from "@playwright/test";

/** "Welcome back" on the dashboard after an absence: one older task at a time. */
export class WelcomeBackPanel {
  constructor(readonly page: Page) {}
  get region(): Locator {
    return this.page.getByRole("region", { name: "Welcome back" });
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { name: "Welcome back" });
  }
  /** The title of the task on offer. */
  task(title: string): Locator {
    return this.region.getByText(title, { exact: true });
  }
  get keep(): Locator {
    return this.region.getByRole("button", { name: "Keep for today" });
  }
  get later(): Locator {
    return this.region.getByRole("button", { name: "Later" });
  }
  get letGo(): Locator {
    return this.region.getByRole("button", { name: "Let go" });
  }
  get notNow(): Locator {
    return this.region.getByRole("button", { name: "Not now" });
  }
  get closingLine(): Locator {
    return this.page.getByText(/^That's all from before\./);
  }
}
