import type { Locator, Page } from "@playwright/test";

/** The capture inbox (/inbox): quick capture, type tabs, cards, Sort with Me, Convert. */
export class InboxPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto("/inbox");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { name: "Capture Inbox", level: 1 });
  }
  get sendButton(): Locator {
    return this.page.getByRole("button", { name: "Send" });
  }
  get captureBox(): Locator {
    return this.page.getByRole("textbox", { name: "Capture text" });
  }
  get micButton(): Locator {
    return this.page.getByRole("button", { name: "Record voice" });
  }
  captureType(type: string): Locator {
    return this.page.getByRole("button", { name: type, exact: true });
  }
  /** Picks the type (unless it is already chosen), types into the box named after it, and sends. */
  async capture(type: string, text: string): Promise<void> {
    const chip = this.captureType(type);
    if ((await chip.getAttribute("aria-pressed")) !== "true") await chip.click();
    await this.page.getByPlaceholder(`Add a ${type.toLowerCase()}...`).fill(text);
    await this.sendButton.click();
  }
  tab(name: string): Locator {
    return this.page.getByRole("tab", { name: new RegExp(name) });
  }
  get panel(): Locator {
    return this.page.getByRole("tabpanel");
  }
  card(text: string): Locator {
    return this.page.getByRole("listitem").filter({ hasText: text });
  }
  async archive(text: string): Promise<void> {
    await this.card(text).getByRole("button", { name: "Archive" }).click();
  }
  async openConvert(text: string): Promise<Locator> {
    await this.card(text).getByRole("button", { name: "Convert" }).click();
    return this.page.getByRole("dialog", { name: "Convert thought" });
  }
  /** 'Archived (n)' or 'Converted (n)'. */
  async openView(name: string): Promise<void> {
    await this.page.getByRole("button", { name }).click();
  }
  async openSortWithMe(): Promise<Locator> {
    await this.page.getByRole("button", { name: "Sort with Me" }).click();
    return this.page.getByRole("dialog", { name: "Sort with Me" });
  }
}
