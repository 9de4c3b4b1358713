import type { Locator, Page } from "@playwright/test";

/** The project list (/projects) and its create dialog. */
export class ProjectsPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto("/projects");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { name: "Projects", level: 1 });
  }
  bucket(name: string): Locator {
    return this.page.getByRole("button", { name: new RegExp(`^${name}`) });
  }
  async openCreate(): Promise<CreateProjectDialog> {
    await this.page.getByRole("button", { name: "Create Project" }).click();
    return new CreateProjectDialog(this.page);
  }
  /** The 'Add Project' button of the n-th empty bucket (from 0, in the order Work, Personal, Health, Finance). */
  async openCreateFromEmptyBucket(index: number): Promise<CreateProjectDialog> {
    await this.page.getByRole("button", { name: "Add Project" }).nth(index).click();
    return new CreateProjectDialog(this.page);
  }
}

export class CreateProjectDialog {
  readonly root: Locator;
  constructor(page: Page) {
    this.root = page.getByRole("dialog", { name: "Create Project" });
  }
  field(label: string): Locator {
    return this.root.getByLabel(label);
  }
  get name(): Locator {
    return this.field("Project name");
  }
  get createButton(): Locator {
    return this.root.getByRole("button", { name: "Create Project" });
  }
  get suggestButton(): Locator {
    return this.root.getByRole("button", { name: "Get AI suggestions" });
  }
  async addTask(title: string): Promise<void> {
    await this.field("New project task").fill(title);
    await this.field("New project task").press("Enter");
  }
}

/** One project (/project-detail/{id}): tasks and notes. */
export class ProjectDetailPage {
  constructor(readonly page: Page) {}
  async open(id: number | string): Promise<void> {
    await this.page.goto(`/project-detail/${id}`);
  }
  get newTask(): Locator {
    return this.page.getByRole("textbox", { name: "New task" });
  }
  get addButton(): Locator {
    return this.page.getByRole("button", { name: "Add", exact: true });
  }
  async addTask(title: string): Promise<void> {
    await this.newTask.fill(title);
    await this.newTask.press("Enter");
  }
  taskCheckbox(title: string): Locator {
    return this.page.getByRole("checkbox", { name: `Mark ${title} complete` });
  }
  async startEdit(title: string): Promise<Locator> {
    await this.page.getByRole("button", { name: `Edit ${title}` }).click();
    return this.page.getByRole("textbox", { name: "Edit task title" });
  }
  async deleteTask(title: string): Promise<void> {
    await this.page.getByRole("button", { name: `Delete ${title}` }).click();
  }
  async saveNotes(text: string): Promise<void> {
    await this.page.getByRole("button", { name: "Edit Notes" }).click();
    await this.page
      .getByPlaceholder("Add notes, references, ideas, or any other information about this project...")
      .fill(text);
    await this.page.getByRole("button", { name: "Save Notes" }).click();
  }
}
