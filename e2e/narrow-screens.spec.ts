import type { Locator, Page } from "@playwright/test";
import { expect, localDate, test } from "./fixtures.ts";

// On a phone nothing may make the page wider than the screen: a page that scrolls sideways hides
// its own buttons (the focus dialog's close button was off-screen at 390 px).
const WIDTHS = [320, 390] as const;

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page), { message: `${label} scrolls sideways` }).toBeLessThanOrEqual(0);
}

const LONG = "Renew the passport and book the photo appointment before the summer holidays";
// A pasted link is one long word: it wraps anywhere rather than push the buttons beside it away.
const LINK = "Webinar https://zoom.us/j/98765432101?pwd=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIj";

/** The control is drawn whole within the screen's width. */
async function expectOnScreen(control: Locator, width: number): Promise<void> {
  const box = await control.boundingBox();
  expect(box, "visible").not.toBeNull();
  if (box) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

for (const width of WIDTHS) {
  test(`every public screen fits a ${width} px phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 760 });
    for (const path of ["/", "/login", "/terms", "/privacy", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} at ${width}px`);
    }
  });

  for (const [words, text] of [
    ["long words", LONG],
    ["a long link", LINK],
  ] as const)
    test(`every signed-in screen fits a ${width} px phone, with ${words}`, async ({ page, api, app }) => {
      await page.setViewportSize({ width, height: 760 });
      const task = await api.task(text, { category: "Personal", timeEstimate: 45, dueTime: "17:30" });
      await api.quickWin(`${text} quickly`);
      await api.thought(`${text} — and ask about the visa`, "Task");
      const project = await api.project(text, {
        description: text,
        category: "Personal",
        tasks: [{ id: 1, title: text, completed: false }],
      });
      await api.event({ title: text, date: localDate(), startTime: "10:00", duration: 60, location: text });
      await api.taskSteps(task.id, [text]);
      // A running focus session adds its time to the phone's header.
      await page.addInitScript(() => {
        if (localStorage.getItem("focus-session")) return;
        const endsAt = Date.now() + 20 * 60 * 1000;
        localStorage.setItem(
          "focus-session",
          JSON.stringify({ phase: "focus", length: 1500, state: "running", endsAt, remaining: 1200 }),
        );
      });

      for (const [path, heading] of [
        ["/", /Good (morning|afternoon|evening)|Daily Compass/],
        ["/projects", "Projects"],
        [`/project-detail/${project.id}`, text],
        ["/inbox", "Capture Inbox"],
        ["/focus", "Focus Mode"],
        ["/calendar", "Calendar"],
        ["/settings", "Settings"],
        ["/help", /Help/],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${path} at ${width}px`);
        if (path === "/") {
          // Each mood's word fits its button ("Frustrated" ran past its border).
          const cut = await page
            .getByRole("group", { name: "Mood" })
            .getByRole("button")
            .evaluateAll((buttons) => buttons.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent));
          expect(cut).toEqual([]);
        }
        if (path === `/project-detail/${project.id}`) {
          // A task's own buttons stay beside it, on screen.
          await expectOnScreen(page.getByRole("button", { name: `Edit ${text}` }), width);
          await expectOnScreen(page.getByRole("button", { name: `Delete ${text}` }), width);
        }
      }

      // The focus dialog: its title and close button on screen.
      await app.focus.open();
      const dialog = await app.focus.chooseTask(task.title.slice(0, 20));
      await expect(dialog.root).toBeVisible();
      await expectNoSidewaysScroll(page, `focus dialog at ${width}px`);
      for (const control of [dialog.root.getByRole("heading", { name: text }), dialog.button("Close")]) {
        await expectOnScreen(control, width);
      }
    });
}

test("on a phone the menu holds the links and the hidden sidebar is not drawn; a wider window draws it", async ({
  page,
  user: _signedIn,
}) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto("/");
  await expect(page.getByText("How are you feeling today?")).toBeVisible();
  // Not merely hidden: not there at all.
  await expect(page.locator("aside nav")).toHaveCount(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Capture Inbox" })).toBeVisible();
  await menu.getByRole("button", { name: "Close menu" }).click();

  await page.setViewportSize({ width: 1280, height: 800 });
  const sidebar = page.getByRole("navigation", { name: "Main" });
  await expect(sidebar.getByRole("link", { name: "Capture Inbox" })).toBeVisible();
  await sidebar.getByRole("link", { name: "Capture Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Capture Inbox" })).toBeVisible();
});
