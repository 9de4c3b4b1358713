import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, errors, expect, type Page } from "@playwright/test";
import { CalendarPage } from "./pages/calendar.ts";
import { DashboardPage } from "./pages/dashboard.ts";
import { FocusPage } from "./pages/focus.ts";
import { InboxPage } from "./pages/inbox.ts";
import { LoginPage } from "./pages/login.ts";
import { ProjectDetailPage, ProjectsPage } from "./pages/projects.ts";
import { SettingsPage } from "./pages/settings.ts";
import { AppShell } from "./pages/shell.ts";
import { TasksPage } from "./pages/tasks.ts";

export type TestUser = { id: number; username: string; password: string };

let counter = 0;
function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid}${counter}`;
}

/** Seeding through the API: the page's request context shares the browser's session cookie. */
export class Api {
  constructor(private readonly page: Page) {}

  private async send<T>(method: string, url: string, data?: unknown): Promise<T> {
    const res = await this.page.request.fetch(url, { method, data });
    expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBeTruthy();
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  task(title: string, extra: Record<string, unknown> = {}) {
    return this.send<{ id: number; title: string; dueDate: string | null }>("POST", "/api/tasks", { title, ...extra });
  }
  quickWin(text: string) {
    return this.send<{ id: number }>("POST", "/api/quick-wins", { text });
  }
  thought(content: string, type = "Idea") {
    return this.send<{ id: number }>("POST", "/api/thoughts", { content, type });
  }
  project(title: string, extra: Record<string, unknown> = {}) {
    return this.send<{ id: number; title: string }>("POST", "/api/projects", { title, ...extra });
  }
  updateProject(id: number, patch: Record<string, unknown>) {
    return this.send<{ id: number }>("PUT", `/api/projects/${id}`, patch);
  }
  event(input: Record<string, unknown>) {
    return this.send<{ id: number }>("POST", "/api/events", input);
  }
  updateEvent(id: number, patch: Record<string, unknown>) {
    return this.send<{ id: number }>("PUT", `/api/events/${id}`, patch);
  }
  patchTask(id: number, patch: Record<string, unknown>) {
    return this.send<{ id: number; title: string }>("PATCH", `/api/tasks/${id}`, patch);
  }
  taskSteps(taskId: number, steps: Array<string | { text: string; done: boolean }>) {
    return this.send<Array<{ id: number; text: string; done: boolean }>>("PUT", `/api/tasks/${taskId}/steps`, {
      steps,
    });
  }
  get<T>(url: string) {
    return this.send<T>("GET", url);
  }
  delete(url: string) {
    return this.send<null>("DELETE", url);
  }
}

/** Every screen of the signed-in app, as a person finds it. */
export type App = {
  shell: AppShell;
  dashboard: DashboardPage;
  tasks: TasksPage;
  projects: ProjectsPage;
  projectDetail: ProjectDetailPage;
  inbox: InboxPage;
  focus: FocusPage;
  calendar: CalendarPage;
  settings: SettingsPage;
};

type Fixtures = {
  /** A freshly registered person, signed in in this test's browser. */
  user: TestUser;
  /** Seeding and reading back through the API, as the signed-in user. */
  api: Api;
  /** The screens, with the user already signed in. */
  app: App;
  login: LoginPage;
};

export const test = base.extend<Fixtures>({
  user: async ({ page }, use) => {
    const username = uniqueName("u");
    const password = "correct horse battery";
    const res = await page.request.post("/api/auth/register", { data: { username, password } });
    expect(res.ok(), await res.text()).toBeTruthy();
    const body = (await res.json()) as { user: { id: number } };
    await use({ id: body.user.id, username, password });
  },
  // Depends on `user` so that the browser is signed in before anything is seeded.
  api: async ({ page, user: _signedIn }, use) => {
    await use(new Api(page));
  },
  app: async ({ page, user: _signedIn }, use) => {
    await use({
      shell: new AppShell(page),
      dashboard: new DashboardPage(page),
      tasks: new TasksPage(page),
      projects: new ProjectsPage(page),
      projectDetail: new ProjectDetailPage(page),
      inbox: new InboxPage(page),
      focus: new FocusPage(page),
      calendar: new CalendarPage(page),
      settings: new SettingsPage(page),
    });
  },
  login: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
});

export { expect };

/** Wall-clock date in the browser's zone, as the app computes "today". */
export function localDate(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** axe scan of the current screen in dark and in light: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours must be measured at rest, not halfway through a theme transition.
  const still = await page.addStyleTag({
    content: "*,*::before,*::after{transition:none!important;animation:none!important}",
  });
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    // @axe-core/playwright types its page against its own playwright-core copy; the runtime object is the same.
    const builder = new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]);
    const results = await builder.withTags(["wcag2a", "wcag2aa"]).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `${label} (${theme})`,
    ).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await still.evaluate((node) => (node as Element).remove());
}

/**
 * Screenshots of the whole page at a phone's width and a desktop's, dark and light, to look at:
 * test-results/screens/<name>-<width>-<theme>.png.
 */
/**
 * A screenshot for review. Chromium sometimes never delivers a capture on a loaded machine (the
 * page itself answering): one that has not come in 20 s is asked for once more, instead of the
 * test waiting out its whole time.
 */
export async function capture(page: Page, file: string, fullPage = true): Promise<void> {
  try {
    await page.screenshot({ path: file, fullPage, timeout: 20_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    console.warn(`No capture of ${path.basename(file)} in 20 s; asking again`);
    await page.screenshot({ path: file, fullPage, timeout: 20_000 });
  }
}

export async function shootWidths(page: Page, name: string): Promise<void> {
  const dir = path.join(import.meta.dirname, "../test-results/screens");
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  const still = await page.addStyleTag({
    content: "*,*::before,*::after{transition:none!important;animation:none!important}",
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await page.evaluate(() => window.scrollTo(0, 0));
      await capture(page, path.join(dir, `${name}-${width}-${theme}.png`));
    }
  }
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await still.evaluate((node) => (node as Element).remove());
  if (size) await page.setViewportSize(size);
}

/**
 * A notification's title or description. Located by attribute, not role: an open modal dialog
 * hides the rest of the page from the accessibility tree, toasts included.
 */
export function toastText(page: Page, text: string) {
  return page.locator("[data-toast]").getByText(text, { exact: true });
}

/** Waits until the worker controls the page and the reads it made again through it are kept. */
export async function waitForOfflineCopy(page: Page, paths: string[]): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        if (!(await caches.has("dc-api"))) return [];
        const keys = await (await caches.open("dc-api")).keys();
        return keys.map((k) => new URL(k.url).pathname);
      }),
    )
    .toEqual(expect.arrayContaining(paths));
}

/** A focus session already 5 minutes into its 25, as on a phone whose person started one earlier. */
export async function focusSessionRunning(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (localStorage.getItem("focus-session")) return;
    const endsAt = Date.now() + 20 * 60 * 1000;
    localStorage.setItem(
      "focus-session",
      JSON.stringify({ phase: "focus", length: 1500, state: "running", endsAt, remaining: 1200 }),
    );
  });
}
