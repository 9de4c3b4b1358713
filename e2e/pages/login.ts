import type { Locator, Page } from "@playwright/test";

/** The local sign-in page (/login) with its register switch. */
export class LoginPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto("/login");
  }
  get username(): Locator {
    return this.page.getByLabel("Username");
  }
  get password(): Locator {
    return this.page.getByLabel("Password");
  }
  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.page.getByRole("button", { name: "Log in", exact: true }).click();
  }
  async register(username: string, password: string): Promise<void> {
    await this.page.getByRole("button", { name: "Create an account" }).click();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.page.getByRole("button", { name: "Create account" }).click();
  }
}
