import type { Locator, Page } from "@playwright/test";

export type EventFields = {
  title?: string;
  date?: string;
  startTime?: string;
  duration?: number;
  allDay?: boolean;
  category?: string;
  location?: string;
  /** A Repeat choice's label: 'Every day', 'Weekdays', … */
  repeat?: string;
};

/** The event dialog, opened by 'Add event' or an event's Edit button, or the Convert step. */
export class EventDialog {
  readonly root: Locator;
  constructor(page: Page | Locator, name: string) {
    this.root = page.getByRole("dialog", { name });
  }
  field(label: string): Locator {
    return this.root.getByLabel(label);
  }
  async fill(fields: EventFields): Promise<void> {
    if (fields.title !== undefined) await this.field("Title").fill(fields.title);
    if (fields.date !== undefined) await this.field("Date").fill(fields.date);
    if (fields.allDay) await this.field("All day").check();
    if (fields.startTime !== undefined) await this.field("Start time").fill(fields.startTime);
    if (fields.duration !== undefined) await this.field("Duration (minutes)").fill(String(fields.duration));
    if (fields.category !== undefined) await this.field("Category").selectOption(fields.category);
    if (fields.location !== undefined) await this.field("Location (optional)").fill(fields.location);
    if (fields.repeat !== undefined) await this.field("Repeat").selectOption({ label: fields.repeat });
  }
  async save(): Promise<void> {
    await this.root.getByRole("button", { name: "Save event" }).click();
  }
}
