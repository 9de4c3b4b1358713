import type { Locator, Page } from "@playwright/test";
import { EventDialog } from "./event-dialog.ts";

/** The calendar (/calendar): the agenda by day, with create, edit and delete. */
export class CalendarPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto("/calendar");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: "Calendar" });
  }
  /**
   * A day's section, named like 'Today · …', 'Tomorrow · Tue, Jun 2' or 'Wed, Jun 3'. A day given as
   * 'Tue, Jun 2' finds it with or without its 'Tomorrow · ', and never 'Tue, Jun 23'.
   */
  day(name: string | RegExp): Locator {
    const whole =
      typeof name === "string" ? new RegExp(`^(Tomorrow · )?${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : name;
    return this.page.getByRole("region", { name: whole });
  }
  async openAddEvent(): Promise<EventDialog> {
    await this.page.getByRole("button", { name: "Add event" }).click();
    return new EventDialog(this.page, "Add event");
  }
  async openEdit(title: string): Promise<EventDialog> {
    await this.page.getByRole("button", { name: `Edit ${title}` }).click();
    return new EventDialog(this.page, "Edit event");
  }
  async delete(title: string): Promise<void> {
    await this.page.getByRole("button", { name: `Delete ${title}` }).click();
  }
  /** "Just this one, or all of them?", asked for an occurrence of a repeating event. */
  occurrenceChoice(action: "Change" | "Delete"): Locator {
    return this.page.getByRole("dialog", { name: `${action} a repeating event` });
  }
}
