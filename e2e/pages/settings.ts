import type { Locator, Page } from "@playwright/test";

export type SettingsTab = "General" | "Account" | "Data" | "Integrations" | "API";

/** Settings (/settings) with its five tabs and the calendar connection cards. */
export class SettingsPage {
  constructor(readonly page: Page) {}
  /** Opens Settings, on a tab other than General when one is named. */
  async open(tab?: SettingsTab): Promise<void> {
    await this.page.goto("/settings");
    if (tab) await this.tab(tab);
  }
  async tab(name: SettingsTab): Promise<void> {
    await this.page.getByRole("tab", { name }).click();
  }
  button(name: string, opts: { exact?: boolean } = {}): Locator {
    return this.page.getByRole("button", { name, ...opts });
  }
  get googleCard(): Locator {
    return this.page.getByRole("region", { name: "Google Calendar" });
  }
  get caldavCard(): Locator {
    return this.page.getByRole("region", { name: "CalDAV calendar" });
  }
  get importFile(): Locator {
    return this.page.getByLabel("Import file");
  }
}
