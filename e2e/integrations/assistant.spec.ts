// The app with an OpenAI-compatible provider (the local stand-in started by
// e2e/servers/with-assistant.ts): transcripts, steps and task suggestions come from it.
import { expect, expectAccessible, test, toastText } from "../fixtures.ts";
import { expectPlayable, expectToastsInOrder, logToasts, recordingsOf, recordOnDashboard } from "../voice-helpers.ts";

// The stand-in is shared by the whole server: tests that change its mode must not overlap.
test.describe.configure({ mode: "default" });

const TRANSCRIPT = "Buy oat milk tomorrow at 9am";

/** The stand-in's control server listens on the app's port + 1000. */
async function steer(baseURL: string | undefined, path: "/reset" | "/mode", body: Record<string, unknown> = {}) {
  const url = new URL(baseURL ?? "");
  url.port = String(Number(url.port) + 1000);
  url.pathname = path;
  const res = await fetch(url, { method: "POST", body: JSON.stringify(body) });
  expect(res.ok, await res.text()).toBeTruthy();
}

test.beforeEach(async ({ baseURL }) => {
  await steer(baseURL, "/reset");
});

test("dashboard: the provider transcribes the recording into the box, typed by the provider", async ({ page, api }) => {
  await logToasts(page);
  await page.goto("/");
  await recordOnDashboard(page);

  await expect(toastText(page, "Transcription complete")).toBeVisible();
  await expect(toastText(page, "Your voice has been transcribed. You can edit the text if needed.")).toBeVisible();
  await expectToastsInOrder(page, [
    "Voice recording active",
    "Processing recording",
    "Transcribing audio",
    "Transcription complete",
  ]);
  await expect(page.getByRole("textbox", { name: "Thought" })).toHaveValue(TRANSCRIPT);
  // The stand-in classifies a sentence without "idea" as a Task.
  await expect(page.getByRole("button", { name: "Task", exact: true })).toHaveAttribute("aria-pressed", "true");
  // Transcribed at once: nothing is kept waiting.
  expect(await recordingsOf(page)).toEqual([]);

  await page.getByRole("button", { name: "Save & Organize" }).click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  const thoughts = await api.get<Array<{ content: string; type: string }>>("/api/thoughts");
  expect(thoughts).toEqual([expect.objectContaining({ content: TRANSCRIPT, type: "Task" })]);
});

test("inbox: the 10-second recording fills the capture input with the transcript", async ({ page, baseURL, api }) => {
  test.setTimeout(60_000);
  await steer(baseURL, "/mode", { transcript: "Water the plants on Sunday" });
  await page.goto("/inbox");
  const mic = page.getByRole("button", { name: "Record voice" });
  await mic.click();
  await expect(toastText(page, "Recording started")).toBeVisible();
  await expect(mic).toBeDisabled();
  await expect(toastText(page, "Recording processed")).toBeVisible({ timeout: 20_000 });
  const input = page.getByRole("textbox", { name: "Capture text" });
  await expect(input).toHaveValue("Water the plants on Sunday");
  await expect(mic).toBeEnabled();

  await page.getByRole("button", { name: "Send" }).click();
  await expect(toastText(page, "Added to inbox")).toBeVisible();
  await expect(page.getByRole("listitem").getByText("Water the plants on Sunday")).toBeVisible();
  const thoughts = await api.get<Array<{ content: string }>>("/api/thoughts");
  expect(thoughts.map((t) => t.content)).toEqual(["Water the plants on Sunday"]);
  await expectAccessible(page, "inbox with the provider");
});

test("a failing provider keeps the recording; it is transcribed once the provider answers again", async ({
  page,
  baseURL,
  user: _signedIn,
}) => {
  await steer(baseURL, "/mode", { mode: "500" });
  await page.goto("/");
  await recordOnDashboard(page);
  await expect(toastText(page, "Voice note captured")).toBeVisible();
  expect(await recordingsOf(page)).toEqual([expect.objectContaining({ pending: true })]);

  await page.getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByText("Transcription is coming", { exact: true })).toBeVisible();

  // The provider is back: opening the inbox transcribes what was kept.
  await steer(baseURL, "/mode", { mode: "ok", transcript: "Renew the passport" });
  await page.reload();
  await expect(page.getByRole("listitem").getByText("Renew the passport")).toBeVisible();
  await expect(page.getByText("Transcription is coming", { exact: true })).toBeHidden();
  await expectPlayable(page, /^Voice note recorded/);
  expect(await recordingsOf(page)).toEqual([expect.objectContaining({ pending: false })]);
});

test("Task Breaker puts the provider's steps in the focus checklist", async ({ page, api, app }) => {
  await api.task("Plan the trip");
  await page.goto("/");
  await expect(page.getByText("Provider suggestion one")).toBeVisible();
  await app.dashboard.breakDown("Plan the trip");
  await expect(page).toHaveURL(/\/focus$/);
  const dialog = page.getByRole("dialog", { name: "Plan the trip" });
  for (const step of ["Open the provider plan", "Do the provider step", "Finish the provider plan"]) {
    await expect(dialog.getByRole("checkbox", { name: step })).toBeVisible();
  }
  await expectAccessible(page, "focus dialog with provider steps");
});

test("create project: 'Get AI suggestions' shows Generating... then the provider's tasks", async ({
  page,
  user: _signedIn,
}) => {
  // Held back a moment so the busy label can be seen; the answer still comes from the server.
  await page.route("**/api/ai/project-tasks", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto("/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await dialog.getByLabel("Project name").fill("Summer party");
  await dialog.getByRole("button", { name: "Get AI suggestions" }).click();
  await expect(dialog.getByRole("button", { name: "Generating..." })).toBeDisabled();
  await expect(dialog.getByText("Tasks received: 3")).toBeVisible();
  for (const task of ["Draft the provider outline", "Book the provider venue", "Send the provider invites"]) {
    await expect(dialog.getByText(task, { exact: true })).toBeVisible();
  }
  await expect(toastText(page, "Tasks generated")).toBeVisible();
});
