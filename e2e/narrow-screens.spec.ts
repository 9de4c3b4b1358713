import type { Locator, Page } from "@playwright/test";
import { expect, focusSessionRunning, localDate, test } from "./fixtures.ts";

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
      await focusSessionRunning(page);

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

// Larger text (WCAG 1.4.4): the browser's text at 200 %, as a person who raised its default font
// size has it; the app's sizes are in rem, so its root font size is what changes. Zoom (WCAG
// 1.4.10): a page at 200 % on a 390 px phone is laid out as a 195 px one.
const LARGER_TEXT = "html{font-size:200%}";
const ENLARGED = [
  { label: "200 % text on a 390 px phone", width: 390, largerText: true },
  { label: "200 % zoom (a 195 px window)", width: 195, largerText: false },
] as const;

/** Every page the test opens from now on has the browser's text at 200 %. */
async function withLargerText(page: Page): Promise<void> {
  await page.addInitScript((css) => {
    const put = () => document.head.append(Object.assign(document.createElement("style"), { textContent: css }));
    if (document.head) put();
    else document.addEventListener("DOMContentLoaded", put);
  }, LARGER_TEXT);
}

/** The control is drawn whole inside the box (a dialog) once scrolled to. */
async function expectInside(control: Locator, box: Locator, label = String(control)): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const outer = await box.boundingBox();
  const inner = await control.boundingBox();
  expect(outer && inner, `${label}: visible`).toBeTruthy();
  if (outer && inner) {
    expect(inner.x, `${label}: left edge`).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(inner.x + inner.width, `${label}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    expect(inner.y, `${label}: top edge`).toBeGreaterThanOrEqual(outer.y - 0.5);
    expect(inner.y + inner.height, `${label}: bottom edge`).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
  }
}

/** The dialog is within the screen, scrolls up and down only, and its buttons can be reached. */
async function expectDialogFits(page: Page, dialog: Locator, buttons: Locator[], label: string): Promise<void> {
  await expect(dialog).toBeVisible();
  const size = page.viewportSize();
  const box = await dialog.boundingBox();
  expect(box, label).not.toBeNull();
  if (box && size) {
    expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${label}: right edge`).toBeLessThanOrEqual(size.width);
    expect(box.y, `${label}: top edge`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${label}: bottom edge`).toBeLessThanOrEqual(size.height);
  }
  const sideways = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways, `${label} scrolls sideways inside`).toBeLessThanOrEqual(0);
  await expectNoSidewaysScroll(page, label);
  for (const button of buttons) await expectInside(button, dialog);
}

type Shown = { text: string; whole: boolean };

/**
 * What a select shows of its chosen option, and whether all of it is drawn. Chromium draws the
 * choice in an element of the select's own (user-agent) shadow tree, which neither the page nor
 * Playwright can reach: the DevTools protocol can.
 */
async function chosenShown(page: Page, select: Locator): Promise<Shown> {
  const cdp = await page.context().newCDPSession(page);
  await select.evaluate((el) => el.setAttribute("data-measured", ""));
  try {
    type Node = { backendNodeId: number; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
    const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: Node };
    const find = (node: Node, test: (n: Node) => boolean): Node | undefined =>
      test(node)
        ? node
        : [...(node.shadowRoots ?? []), ...(node.children ?? [])].reduce<Node | undefined>(
            (found, child) => found ?? find(child, test),
            undefined,
          );
    const host = find(root, (n) => n.attributes?.includes("data-measured") ?? false);
    const inner = host && find(host, (n) => n.attributes?.includes("-internal-select-inner-element") ?? false);
    if (!inner) throw new Error("Chromium no longer draws a select's choice in the element this test measures");
    const { object } = await cdp.send("DOM.resolveNode", { backendNodeId: inner.backendNodeId });
    const { result } = await cdp.send("Runtime.callFunctionOn", {
      objectId: object.objectId,
      returnByValue: true,
      functionDeclaration: `function () {
        const select = this.getRootNode().host;
        const box = select.getBoundingClientRect();
        const style = getComputedStyle(select);
        const bottom = box.bottom - parseFloat(style.borderBottomWidth);
        const own = this.getBoundingClientRect();
        return {
          text: this.textContent,
          whole: this.scrollWidth <= this.clientWidth && this.scrollHeight <= this.clientHeight + 1 &&
            own.top >= box.top - 0.5 && own.bottom <= bottom + 0.5 && own.right <= box.right + 0.5,
        };
      }`,
    });
    return result.value as Shown;
  } finally {
    await select.evaluate((el) => el.removeAttribute("data-measured"));
    await cdp.detach();
  }
}

/** Every choice of the select, once chosen, is shown whole; the select keeps the choice it had. */
async function expectEveryChoiceWhole(page: Page, select: Locator, label: string): Promise<void> {
  const was = await select.inputValue();
  const values = await select
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const cut: string[] = [];
  for (const value of values) {
    await select.selectOption(value);
    const shown = await chosenShown(page, select);
    if (!shown.whole) cut.push(shown.text);
  }
  await select.selectOption(was);
  expect(cut, `${label}: choices cut short`).toEqual([]);
}

for (const { label, width, largerText } of ENLARGED)
  test(`with ${label} every signed-in screen fits, and the dialogs' buttons can be reached`, async ({
    page,
    api,
    app,
  }) => {
    await page.setViewportSize({ width, height: 760 });
    if (largerText) await withLargerText(page);
    await api.task(LONG, { category: "Personal", timeEstimate: 45, dueTime: "17:30" });
    await api.quickWin(`${LONG} quickly`);
    await api.thought(`${LONG} — and ask about the visa`, "Task");
    await api.project(LONG, { description: LONG, category: "Personal" });
    await api.event({ title: LONG, date: localDate(), startTime: "10:00", duration: 60, location: LONG });
    // A running focus session adds its time to the phone's header.
    await focusSessionRunning(page);

    for (const [path, heading] of [
      ["/", /Good (morning|afternoon|evening)|Daily Compass/],
      ["/tasks", "Tasks"],
      ["/inbox", "Capture Inbox"],
      ["/projects", "Projects"],
      ["/calendar", "Calendar"],
      ["/focus", "Focus Mode"],
      ["/settings", "Settings"],
      // Its longest shortcut, "Enter or A / C / R / S", ran past its card's edge.
      ["/help", "Help & Support"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
      if (largerText) {
        const root = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
        expect(root).toBe("32px");
      }
      await expectNoSidewaysScroll(page, `${path} with ${label}`);
      // The header's controls stay on screen (they may take a second line).
      const header = page.getByRole("banner");
      for (const control of [
        header.getByRole("button", { name: "Capture" }),
        header.getByRole("button", { name: "Open menu" }),
        ...(path === "/focus" ? [] : [header.getByRole("link", { name: /^Focus \d\d:\d\d/ })]),
      ]) {
        await expectOnScreen(control, width);
      }
      if (path === "/settings") {
        // Settings' choices ("The system's font", "Follow my device", a time zone) read whole.
        for (const select of await page.getByRole("main").getByRole("combobox").all()) {
          const shown = await chosenShown(page, select);
          expect(shown.whole, `"${shown.text}" is shown whole with ${label}`).toBe(true);
        }
      }
      if (path === "/tasks") {
        // A task's row keeps its title and its buttons on screen; the buttons may go under it.
        for (const control of [
          page.getByText(LONG, { exact: true }),
          page.getByRole("button", { name: `Not today: ${LONG}` }),
          page.getByRole("button", { name: `Edit ${LONG}`, exact: true }),
          page.getByRole("button", { name: `Delete ${LONG}`, exact: true }),
        ]) {
          await expectOnScreen(control, width);
        }
      }
    }

    // Add Task: its Cancel and Add Task can be scrolled to and pressed.
    await page.goto("/");
    const addTask = await app.dashboard.openAddTask();
    const cancel = addTask.root.getByRole("button", { name: "Cancel" });
    await expectDialogFits(page, addTask.root, [cancel, addTask.addButton], `Add Task with ${label}`);
    // Each choice of Repeat reads whole (it was cut to "Does not repea"); so does the category.
    await expectEveryChoiceWhole(page, addTask.repeat, `Add Task's Repeat with ${label}`);
    await expectEveryChoiceWhole(page, addTask.category, `Add Task's Category with ${label}`);
    await cancel.click();
    await expect(addTask.root).toBeHidden();
    await app.dashboard.openAddTask();
    await addTask.root.getByLabel("Task title").fill("Water the plants");
    await expectInside(addTask.addButton, addTask.root);
    await addTask.addButton.click();
    await expect(addTask.root).toBeHidden();
    expect((await api.get<Array<{ title: string }>>("/api/tasks")).map((t) => t.title)).toContain("Water the plants");

    // Add event and Create Project.
    await app.calendar.open();
    const event = await app.calendar.openAddEvent();
    await expectDialogFits(
      page,
      event.root,
      [event.root.getByRole("button", { name: "Cancel" }), event.root.getByRole("button", { name: "Save event" })],
      `Add event with ${label}`,
    );
    await expectEveryChoiceWhole(page, event.field("Repeat"), `Add event's Repeat with ${label}`);
    await event.root.getByRole("button", { name: "Cancel" }).click();
    await expect(event.root).toBeHidden();

    await app.projects.open();
    const project = await app.projects.openCreate();
    await expectDialogFits(
      page,
      project.root,
      [project.suggestButton, project.root.getByRole("button", { name: "Cancel" }), project.createButton],
      `Create Project with ${label}`,
    );
    await project.root.getByRole("button", { name: "Cancel" }).click();
    await expect(project.root).toBeHidden();
  });

// A title of a dozen words, and a word of 40 letters (a name, a pasted code), wrap and are shown
// whole where they were cut to one line with an ellipsis.
const WORD_40 = "Donaudampfschifffahrtsgesellschaftskapit";
const WRAPPED = [
  { label: "at normal text on a 390 px phone", width: 390, largerText: false },
  { label: "with 200 % text on a 390 px phone", width: 390, largerText: true },
  { label: "at normal text on a 1280 px desktop", width: 1280, largerText: false },
] as const;

/** How a text is drawn: on how many lines, and whether any of it is cut off (an ellipsis, a clamp, past its box). */
function drawn(text: Locator): Promise<{ lines: number; cut: boolean; sideways: boolean }> {
  return text.evaluate((el) => {
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
    const sideways = el.scrollWidth > el.clientWidth + 1;
    return {
      lines: Math.round(el.getBoundingClientRect().height / lineHeight),
      cut: sideways || el.scrollHeight > el.clientHeight + 1,
      sideways,
    };
  });
}

/** The words of a usual length (up to 12 letters) that are split across two lines. */
function brokenWords(text: Locator): Promise<string[]> {
  return text.evaluate((el) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
        if (word[0].length > 12) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** The input has room for a few words: at least six times its text's size across. */
async function expectRoomToType(input: Locator, label: string): Promise<void> {
  const room = await input.evaluate((el) => el.clientWidth / Number.parseFloat(getComputedStyle(el).fontSize));
  expect(room, `${label}: room to type`).toBeGreaterThanOrEqual(6);
}

async function expectWrappedWhole(text: Locator, whole: string, label: string): Promise<void> {
  await expect(text, label).toBeVisible();
  await expect(text, label).toHaveText(whole);
  const { lines, cut } = await drawn(text);
  expect(cut, `${label}: cut off`).toBe(false);
  expect(lines, `${label}: on more than one line`).toBeGreaterThan(1);
}

for (const { label, width, largerText } of WRAPPED)
  test(`${label} the schedule's events, a project's next task and the person's name wrap, whole`, async ({
    page,
    api,
  }) => {
    const event = `Parent-teacher evening at the primary school about the trip to the ${WORD_40}`;
    const place = `Room 12, ${WORD_40} building, Lindenstrasse 5`;
    const next = `Ask the garden centre about ${WORD_40} seeds and a delivery before May`;
    const name = `Maximiliana ${WORD_40} von Hohenstein`;
    await page.request.patch("/api/auth/me", { data: { displayName: name } });
    await api.event({ title: event, date: localDate(), startTime: "23:30", duration: 15, location: place });
    await api.event({ title: WORD_40, date: localDate(), startTime: "23:45", duration: 10 });
    await api.project("Garden", { category: "Personal", tasks: [{ id: 1, title: next, completed: false }] });
    await page.setViewportSize({ width, height: 800 });
    if (largerText) await withLargerText(page);

    await page.goto("/");
    const schedule = page.getByRole("region", { name: "Schedule" }).getByRole("listitem");
    await expectWrappedWhole(schedule.getByText(event, { exact: true }), event, `The event's title ${label}`);
    await expectWrappedWhole(schedule.getByText(place, { exact: true }), place, `The event's place ${label}`);
    const word = schedule.getByText(WORD_40, { exact: true });
    await expect(word).toHaveText(WORD_40);
    expect((await drawn(word)).cut, `A title of one long word ${label}: cut off`).toBe(false);
    await expectNoSidewaysScroll(page, `the dashboard ${label}`);

    const nav = width < 1024 ? page.getByRole("dialog", { name: "Menu" }) : page.locator("aside");
    if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
    await expectWrappedWhole(nav.getByText(name, { exact: true }), name, `The person's name ${label}`);
    if (width < 1024) await nav.getByRole("button", { name: "Close menu" }).click();

    await page.goto("/projects");
    const nextLine = page.getByText(`Next: ${next}`, { exact: true });
    await expectWrappedWhole(nextLine, `Next: ${next}`, `A project's next task ${label}`);
    await expectNoSidewaysScroll(page, `the projects ${label}`);
  });

test("with 200 % text on a 390 px phone every button stays inside its card, and the focus clock inside its panel", async ({
  page,
  api,
  app,
}) => {
  const task = await api.task("Water the plants", { category: "Personal", timeEstimate: 15 });
  await page.setViewportSize({ width: 390, height: 760 });
  await withLargerText(page);

  // Buttons whose words were wider than their card ran past its edge.
  await page.goto("/");
  const thoughts = page.getByRole("region", { name: "Thought Dump" });
  await expectInside(thoughts.getByRole("button", { name: "Save & Organize" }), thoughts);
  const assistant = page.getByRole("region", { name: "AI Assistant" });
  await expectInside(assistant.getByRole("button", { name: "Task Breaker" }), assistant);

  await page.goto("/projects");
  const addProject = page.getByRole("button", { name: "Add Project" });
  await expect(addProject).toHaveCount(4);
  for (const button of await addProject.all()) await expectInside(button, button.locator(".."));

  await page.goto("/focus");
  const timerCard = page.getByRole("region", { name: "Focus Session" });
  await expectInside(timerCard.getByRole("button", { name: "Start Focus Session" }), timerCard);
  const play = timerCard.getByRole("button", { name: "Start Focus Session" }).locator("svg");
  expect((await play.boundingBox())?.width).toBeCloseTo(32, 0);
  await expectInside(timerCard.getByRole("timer"), timerCard);
  expect((await drawn(timerCard.getByRole("timer"))).sideways, "the clock's digits fit").toBe(false);

  const dialog = await app.focus.chooseTask(task.title);
  const panel = dialog.timer.locator("..");
  await expectInside(dialog.timer, panel);
  expect((await drawn(dialog.timer)).sideways, "the dialog's clock's digits fit").toBe(false);
  await expectInside(dialog.button("Complete Task"), panel);
  // Its icon keeps its size beside the wrapped words (1 rem: 32 px with 200 % text).
  expect((await dialog.button("Complete Task").locator("svg").boundingBox())?.width).toBeCloseTo(32, 0);
  await expectNoSidewaysScroll(page, "the focus dialog with 200 % text");
});

test("with 200 % text on a 390 px phone the page's margins and the cards' padding stay as at normal text, and the words get the room", async ({
  page,
  api,
}) => {
  const title = "Call the insurance company about the hail damage claim";
  await api.task(title, { category: "Finance", timeEstimate: 30 });
  await api.thought(`${title} — ask about the deadline`, "Task");
  await api.event({ title, date: localDate(), startTime: "23:30", duration: 15 });
  await page.setViewportSize({ width: 390, height: 760 });
  await withLargerText(page);

  /** How wide the words are drawn: grown with the text, the margins and paddings left them 130 to 190 px of 390. */
  const width = async (text: Locator) => (await text.boundingBox())?.width ?? 0;
  const cases: Array<[string, string, (page: Page) => Locator]> = [
    ["/", "a title in Top Focus Tasks", (p) => p.getByRole("list", { name: "Top Focus Tasks" }).getByText(title)],
    [
      "/",
      "an event in the schedule",
      (p) => p.getByRole("region", { name: "Schedule" }).getByRole("listitem").getByText(title),
    ],
    ["/tasks", "a title on the Tasks page", (p) => p.getByRole("list", { name: "Today's tasks" }).getByText(title)],
    ["/inbox", "a thought in the inbox", (p) => p.getByText(`${title} — ask about the deadline`)],
  ];
  for (const [path, what, text] of cases) {
    await page.goto(path);
    await expect(text(page)).toBeVisible();
    expect(await width(text(page)), `${what} is drawn wide enough`).toBeGreaterThanOrEqual(220);
  }
});

test("with 200 % text on a 390 px phone a row's words keep their room, its buttons go under them", async ({
  page,
  api,
}) => {
  const project = await api.project("Garden", {
    category: "Personal",
    tasks: [{ id: 1, title: LONG, completed: false }],
  });
  await api.event({ title: LONG, date: localDate(), startTime: "23:30", duration: 15, location: "Town hall" });
  await page.setViewportSize({ width: 390, height: 760 });
  await withLargerText(page);

  // An event on the Calendar page: its title was one or two letters a line beside Edit and Delete.
  await page.goto("/calendar");
  const event = page.getByRole("main").getByRole("listitem").filter({ hasText: LONG });
  expect(await brokenWords(event.getByText(LONG, { exact: true })), "the event's title").toEqual([]);
  for (const name of [`Edit ${LONG}`, `Delete ${LONG}`]) await expectOnScreen(event.getByRole("button", { name }), 390);

  // A project's task, its header's buttons and the box for a new task.
  await page.goto(`/project-detail/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Garden" })).toBeVisible();
  for (const name of ["Edit project", "Delete project"]) await expectOnScreen(page.getByRole("button", { name }), 390);
  await expectRoomToType(page.getByRole("textbox", { name: "New task" }), "A project's new task");
  const task = page.getByRole("listitem").filter({ hasText: LONG });
  expect(await brokenWords(task.getByText(LONG, { exact: true })), "the project task's title").toEqual([]);
  await expectOnScreen(task.getByRole("checkbox", { name: `Mark ${LONG} complete` }), 390);
  for (const name of [`Edit ${LONG}`, `Delete ${LONG}`]) await expectOnScreen(task.getByRole("button", { name }), 390);

  // A quick win on the Tasks page, beside its Edit and Delete.
  await api.quickWin(LONG);
  await page.goto("/tasks?list=quick-wins");
  const win = page.getByRole("list", { name: "Quick wins" }).getByRole("listitem").filter({ hasText: LONG });
  expect(await brokenWords(win.getByText(LONG, { exact: true })), "the quick win's words").toEqual([]);
  for (const name of [`Edit ${LONG}`, `Delete ${LONG}`]) await expectOnScreen(win.getByRole("button", { name }), 390);

  // The dashboard's box for a new quick win, beside its Repeat and Add.
  await page.goto("/");
  await expectRoomToType(page.getByRole("textbox", { name: "New quick win" }), "A new quick win");
  await expectOnScreen(page.getByRole("button", { name: /^Repeat: / }), 390);
  await expectOnScreen(page.getByRole("button", { name: "Add quick win" }), 390);
  await expectNoSidewaysScroll(page, "the dashboard with 200 % text");
});

test("with 200 % text on a 390 px phone a project's task list grows with the words, up to three quarters of the screen", async ({
  page,
  api,
}) => {
  const tasks = Array.from({ length: 8 }, (_, i) => ({
    id: i + 1,
    title: `Step ${i + 1} of the garden plan`,
    completed: false,
  }));
  const project = await api.project("Garden", { category: "Personal", tasks });
  /** The task list's scroll box: its height, and how many tasks it shows whole. */
  const listBox = () =>
    page
      .getByRole("listitem")
      .filter({ hasText: "Step 1 of the garden plan" })
      .evaluate((row) => {
        let box = row.parentElement;
        while (box && getComputedStyle(box).overflowY !== "auto") box = box.parentElement;
        if (!box) throw new Error("no scroll box around the tasks");
        const outer = box.getBoundingClientRect();
        const whole = Array.from(box.querySelectorAll("li")).filter((li) => {
          const r = li.getBoundingClientRect();
          return r.top >= outer.top - 0.5 && r.bottom <= outer.bottom + 0.5;
        }).length;
        return { height: Math.round(outer.height), whole };
      });

  // At normal text the list is the spec's 400 px, on a phone and on a desktop.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/project-detail/${project.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Garden" })).toBeVisible();
    expect((await listBox()).height, `the list at ${width} px`).toBe(400);
  }

  // With 200 % text a 400 px box showed one task and a half; it grows, but leaves a quarter of the
  // screen to scroll the page by.
  await page.setViewportSize({ width: 390, height: 844 });
  await withLargerText(page);
  await page.goto(`/project-detail/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Garden" })).toBeVisible();
  const large = await listBox();
  expect(large.height).toBeGreaterThan(600);
  expect(large.height).toBeLessThanOrEqual(Math.round(844 * 0.75));
  expect(large.whole, "tasks shown whole").toBeGreaterThanOrEqual(3);
  // The count, on a line of its own under the heading, starts at the card's edge as the heading does.
  const heading = await page.getByRole("heading", { level: 2, name: "Tasks" }).boundingBox();
  const count = await page.getByText("0 of 8 completed", { exact: true }).boundingBox();
  expect(count && heading && count.y >= heading.y + heading.height).toBe(true);
  expect(Math.abs((count?.x ?? 0) - (heading?.x ?? -99)), "the count's indent").toBeLessThanOrEqual(1);
  await expectNoSidewaysScroll(page, "a project with 200 % text");
});

test("with 200 % text on a 390 px phone a placeholder wider than its box ends in an ellipsis, not a cut letter", async ({
  page,
  api,
}) => {
  await api.quickWin("Water plants");
  await page.setViewportSize({ width: 390, height: 844 });
  await withLargerText(page);
  let cut = 0;
  for (const path of ["/", "/tasks"]) {
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
    for (const box of await page.locator("main input[placeholder]").all()) {
      const { wider, overflow, placeholder } = await box.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
        context.font = style.font;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return {
          wider: context.measureText(input.placeholder).width > room,
          overflow: style.textOverflow,
          placeholder: input.placeholder,
        };
      });
      if (!wider) continue;
      cut += 1;
      expect(overflow, `"${placeholder}" on ${path}`).toBe("ellipsis");
    }
  }
  // The search box's "Find a task or quick win..." at least is wider than a phone's box at 200 %.
  expect(cut).toBeGreaterThan(0);
});

test("with 200 % text on a 390 px phone the Task Breaker's tasks and the focus dialog's steps keep their room, and Listen its card", async ({
  page,
  api,
  app,
}) => {
  const title = "Water the plants on the balcony";
  const task = await api.task(title, { category: "Personal", timeEstimate: 15 });
  await api.taskSteps(task.id, ["Water the tomatoes"]);
  await page.setViewportSize({ width: 390, height: 760 });
  await withLargerText(page);

  // The Task Breaker's choice of task: its title was two or three letters a line beside its estimate.
  await page.goto("/");
  await app.dashboard.openTaskBreaker();
  const chooser = app.dashboard.taskBreakerChooser;
  const choice = chooser.getByRole("button", { name: new RegExp(title) });
  expect(await brokenWords(choice.getByText(title, { exact: true })), "the task's title").toEqual([]);
  await expectInside(choice.getByText("15 min"), choice, "the estimate");
  await page.keyboard.press("Escape");

  // The focus dialog: the box for a new step was a few letters wide beside Add step, and Listen ran
  // past the edge of the voice commands' card.
  await app.focus.open();
  const dialog = await app.focus.chooseTask(title);
  // A step's words were three or four letters a line beside its remove button.
  const step = dialog.root.getByRole("region", { name: "Steps" }).getByRole("listitem");
  expect(await brokenWords(step.getByText("Water the tomatoes", { exact: true })), "the step's words").toEqual([]);
  await expectInside(step.getByRole("button", { name: "Remove step: Water the tomatoes" }), dialog.root, "Remove step");
  await expectRoomToType(dialog.root.getByRole("textbox", { name: "New step" }), "A new step");
  await expectInside(dialog.button("Add step"), dialog.root, "Add step");
  const voice = dialog.voiceCommands;
  await expectInside(voice.getByRole("button", { name: "Listen" }), voice, "Listen");
  await expectNoSidewaysScroll(page, "the focus dialog with 200 % text");
});

test("with 200 % text on a 390 px phone the schedule's line shows the hours that fit, none over another", async ({
  page,
  api,
  app,
}) => {
  const today = localDate();
  await page.clock.install({ time: new Date(`${today}T10:00:00`) });
  await api.event({ title: "Standup", date: today, startTime: "08:00", duration: 30 });
  await api.event({ title: "Call Sam", date: today, startTime: "21:00", duration: 60 });

  for (const largerText of [false, true]) {
    await page.setViewportSize({ width: 390, height: 760 });
    if (largerText) await withLargerText(page);
    await app.dashboard.open();
    const timeline = app.dashboard.schedule.getByTestId("day-timeline");
    const line = await timeline.getByRole("img").boundingBox();
    const labels = await timeline
      .getByTestId("hour-labels")
      .locator("span")
      .evaluateAll((spans) =>
        spans
          .filter((s) => getComputedStyle(s).visibility !== "hidden")
          .map((s) => ({
            text: s.textContent,
            left: s.getBoundingClientRect().left,
            right: s.getBoundingClientRect().right,
          })),
      );
    const label = largerText ? "with 200 % text" : "at normal text";
    expect(labels.length, `hours shown ${label}`).toBeGreaterThanOrEqual(3);
    for (const [i, hour] of labels.entries()) {
      expect(hour.left, `${hour.text} ${label}`).toBeGreaterThanOrEqual((line?.x ?? 0) - 0.5);
      expect(hour.right, `${hour.text} ${label}`).toBeLessThanOrEqual((line?.x ?? 0) + (line?.width ?? 0) + 0.5);
      if (i > 0)
        expect(hour.left, `${hour.text} clear of ${labels[i - 1]?.text} ${label}`).toBeGreaterThan(
          labels[i - 1]?.right ?? 0,
        );
    }
  }
});

for (const { label, height, largerText } of [
  { label: "at normal text in a 1280 × 480 window", height: 480, largerText: false },
  { label: "with 200 % text in a 1280 × 800 window", height: 800, largerText: true },
] as const)
  test(`${label} the sidebar scrolls to its last link and to Sign out`, async ({ page, user: _signedIn }) => {
    await page.setViewportSize({ width: 1280, height });
    if (largerText) await withLargerText(page);
    await page.goto("/");
    const sidebar = page.locator("aside");
    for (const control of [
      sidebar.getByRole("link", { name: "Help & Support" }),
      sidebar.getByRole("button", { name: "Sign out" }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, "drawn").not.toBeNull();
      if (box)
        expect(box.y + box.height, `${await control.textContent()} is in the window`).toBeLessThanOrEqual(height);
    }
  });

test("at normal text a select keeps its one line, 40 px high, on a phone and on a desktop", async ({
  page,
  app,
  user: _signedIn,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    const addTask = await app.dashboard.openAddTask();
    for (const select of [addTask.repeat, addTask.category]) {
      const box = await select.boundingBox();
      expect(box?.height, `at ${width}px`).toBeCloseTo(40, 0);
      expect((await chosenShown(page, select)).whole).toBe(true);
    }
    await addTask.root.getByRole("button", { name: "Cancel" }).click();
  }
});

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

test("on a phone Top Focus Tasks shows a long title on up to three lines, its tick box beside the first", async ({
  page,
  api,
}) => {
  const long = "Call the insurance company about the hail damage claim for the car";
  const longer = `${LONG}, and then ${LONG.toLowerCase()}`;
  await api.task(long, { category: "Finance", timeEstimate: 30 });
  await api.task(longer, { category: "Personal", timeEstimate: 15 });
  await api.task(LINK, { category: "Work", timeEstimate: 5 });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto("/");
  const list = page.getByRole("list", { name: "Top Focus Tasks" });
  await expect(list.getByRole("listitem")).toHaveCount(3);

  /** The title's drawn lines and whether any of it is cut off. */
  const shown = (title: string) =>
    list
      .getByRole("button", { name: title })
      .locator("span")
      .first()
      .evaluate((el) => {
        const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
        return {
          lines: Math.round(el.getBoundingClientRect().height / lineHeight),
          clamped: el.scrollHeight > el.clientHeight + 1,
          sideways: el.scrollWidth > el.clientWidth + 1,
          hover: el.getAttribute("title"),
          firstLineMiddle: el.getBoundingClientRect().top + lineHeight / 2,
        };
      });

  // A title of a dozen words is shown whole, on more than one line, not cut to its first few words.
  const dozen = await shown(long);
  expect(dozen).toMatchObject({ clamped: false, sideways: false, hover: long });
  expect(dozen.lines).toBeGreaterThan(1);
  // A very long title, and a pasted link (wrapped anywhere), stop at three lines; each is whole on hover.
  expect(await shown(longer)).toMatchObject({ lines: 3, clamped: true, sideways: false, hover: longer });
  expect(await shown(LINK)).toMatchObject({ lines: 3, sideways: false, hover: LINK });

  for (const title of [long, longer, LINK]) {
    // The whole title names the row's button for assistive technology.
    await expect(list.getByRole("button", { name: title })).toBeVisible();
    // The tick box keeps its size, on screen, level with the title's first line.
    const box = await page.getByRole("checkbox", { name: `Complete ${title}` }).boundingBox();
    const { firstLineMiddle } = await shown(title);
    expect(box).not.toBeNull();
    if (box) {
      expect(box.width).toBeCloseTo(20, 0);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(Math.abs(box.y + box.height / 2 - firstLineMiddle)).toBeLessThanOrEqual(2);
    }
  }
  await expectNoSidewaysScroll(page, "dashboard with long focus task titles");
});

test("with 200 % text on a 390 px phone a routine's edit choices, and the focus timer's switches, are drawn at one size", async ({
  page,
  api,
  app,
}) => {
  await api.task("Morning walk", { repeat: "FREQ=DAILY" });
  await page.setViewportSize({ width: 390, height: 844 });
  await withLargerText(page);
  await app.tasks.open();
  const dialog = await app.tasks.edit("Morning walk");
  const choice = dialog.root.getByRole("group", { name: "It repeats. Which ones to change?" });
  const sizes = [];
  for (const name of [/All of them/, /Just this one/]) {
    const radio = choice.getByRole("radio", { name });
    await radio.scrollIntoViewIfNeeded();
    const box = await radio.boundingBox();
    sizes.push([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]);
  }
  // The radio beside the longer words was drawn narrower (squeezed by them) than the other.
  expect(sizes[1]).toEqual(sizes[0]);
  expect(sizes[0]?.[0]).toBeGreaterThanOrEqual(16);
  await dialog.root.getByRole("button", { name: "Cancel" }).click();

  // The focus timer's two switches the same way: the longer words squeezed theirs.
  await page.goto("/focus");
  const switches = [];
  for (const name of ["Play a sound when time is up", "Show a notification when I'm in another tab"]) {
    const box = await page.getByRole("checkbox", { name }).boundingBox();
    switches.push([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]);
  }
  expect(switches[1]).toEqual(switches[0]);
});
