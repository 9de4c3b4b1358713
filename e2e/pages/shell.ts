import { expect, type Locator, type Page } from "@playwright/test";

/** What every signed-in screen shares: the sidebar (or the phone menu) and the sign-out button. */
export class AppShell {
  constructor(readonly page: Page) {}
  get nav(): Locator {
    return this.page.getByRole("navigation", { name: "Main" });
  }
  get sidebar(): Locator {
    return this.page.locator("aside");
  }
  /** The sidebar's Capture Inbox link, which carries the live count of unsorted thoughts. */
  get inboxLink(): Locator {
    return this.nav.getByRole("link", { name: /Capture Inbox/ });
  }
  link(name: string | RegExp): Locator {
    return this.page.getByRole("link", { name });
  }
  async go(name: string | RegExp): Promise<void> {
    await this.link(name).click();
  }
  async signOut(): Promise<void> {
    await this.sidebar.getByRole("button", { name: "Sign out" }).click();
  }
  /** The running focus session's time, shown on every other screen; it leads back to /focus. */
  get focusSession(): Locator {
    return this.page.getByRole("link", { name: /^(Focus|Break) \d\d:\d\d/ }).first();
  }
  get captureDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Capture a thought" });
  }
  /**
   * Alt+N until the capture dialog is open with focus in its box. The shortcut listens once the
   * app's frame has drawn, which a loaded machine can put after the page's heading; it only ever
   * opens the dialog, so pressing it again is harmless.
   */
  async openCaptureByKey(): Promise<Locator> {
    const dialog = this.captureDialog;
    await expect(async () => {
      await this.page.keyboard.press("Alt+N");
      await expect(dialog.getByRole("textbox", { name: "Capture text" })).toBeFocused({ timeout: 1_000 });
    }).toPass();
    return dialog;
  }
  get menuButton(): Locator {
    return this.page.getByRole("button", { name: "Open menu" });
  }
  get menu(): Locator {
    return this.page.getByRole("dialog", { name: "Menu" });
  }
}
