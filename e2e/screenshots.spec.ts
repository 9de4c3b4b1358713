import fs from "node:fs";
import { capture, expect, localDate, test } from "./fixtures.ts";

const OUT = "test-results/screenshots";
const SIGNED_OUT = [
  ["landing", "/"],
  ["terms", "/terms"],
  ["privacy", "/privacy"],
  ["login", "/login"],
  ["not-found", "/nowhere"],
  ["help-public", "/help"],
] as const;
const SIGNED_IN = [
  ["dashboard", "/"],
  ["tasks", "/tasks"],
  ["projects", "/projects"],
  ["inbox", "/inbox"],
  ["focus", "/focus"],
  ["settings", "/settings"],
  ["help", "/help"],
  ["calendar", "/calendar"],
] as const;

// These take forty captures for review, and assert only that each screen opens (the other specs
// check what is on them): a browser that stops delivering captures altogether gets a fresh
// browser once.
test.describe.configure({ retries: 1 });

for (const theme of ["dark", "light"] as const) {
  for (const width of [390, 1280]) {
    test(`screens in ${theme} at ${width}px`, async ({ page, api }) => {
      fs.mkdirSync(OUT, { recursive: true });
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await api.task("Write project brief", { category: "Work", timeEstimate: 45, dueTime: "15:00" });
      await api.task("Book doctor appointment", { category: "Health", timeEstimate: 10 });
      await api.quickWin("Reply to Alex");
      await api.thought("Idea: weekly review ritual", "Idea");
      await api.thought("Buy batteries", "Reminder");
      await api.event({
        title: "Design sync",
        date: localDate(1),
        startTime: "10:00",
        duration: 45,
        category: "Work",
        location: "Room 2",
      });
      await api.event({
        title: "Holiday",
        date: localDate(),
        startTime: "00:00",
        duration: 1440,
        category: "Personal",
      });
      const project = await api.project("Launch newsletter", {
        bucket: "work",
        description: "Monthly letter for readers",
        deadline: "2030-03-01",
        notes: "Keep it short.",
        tasks: [
          { id: 1, title: "Pick a name", completed: true },
          { id: 2, title: "Write first issue", completed: false },
        ],
      });
      const shots: Array<readonly [string, string]> = [
        ...SIGNED_IN,
        ["project-detail", `/project-detail/${project.id}`],
      ];
      for (const [name, path] of shots) {
        await page.goto(path);
        await expect(page.locator("main h1").first()).toBeVisible();
        await capture(page, `${OUT}/${name}-${theme}-${width}.png`);
      }
      await page.goto("/focus");
      await page.getByRole("button", { name: /Write project brief/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await capture(page, `${OUT}/focus-dialog-${theme}-${width}.png`, false);

      await page.context().clearCookies();
      for (const [name, path] of SIGNED_OUT) {
        await page.goto(path);
        await expect(page.locator("h1").first()).toBeVisible();
        await capture(page, `${OUT}/${name}-${theme}-${width}.png`);
      }
    });
  }
}
