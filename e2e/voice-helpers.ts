import { expect, type Page } from "@playwright/test";

/**
 * Notes every notification the page shows, in order. Only one toast is visible at a time, so a
 * quick succession ('Processing recording', 'Transcribing audio', …) is checked from this log.
 */
export async function logToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll("[data-toast]"))) {
        const title = el.querySelector("div > div")?.textContent ?? el.textContent ?? "";
        if (seen.at(-1) !== title) seen.push(title);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export function seenToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
}

/** The toast titles appear in this order (others may come between them). */
export async function expectToastsInOrder(page: Page, titles: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const seen = await seenToasts(page);
      let at = -1;
      for (const title of titles) {
        at = seen.indexOf(title, at + 1);
        if (at === -1) return seen;
      }
      return titles;
    })
    .toEqual(titles);
}

export type Recording = { thoughtId: number; mime: string; pending: boolean };

export async function recordingsOf(page: Page): Promise<Recording[]> {
  const res = await page.request.get("/api/ai/recordings");
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { recordings: Recording[] }).recordings;
}

/** The player's recording loads in the browser: the endpoint feeds it real audio. */
export async function expectPlayable(page: Page, label: RegExp | string): Promise<void> {
  const player = page.getByLabel(label);
  await expect(player).toBeVisible();
  const loaded = await player.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<string>((resolve) => {
        audio.addEventListener("loadedmetadata", () => resolve("loaded"), { once: true });
        audio.addEventListener("error", () => resolve(`error ${audio.error?.code}`), { once: true });
        audio.load();
      }),
  );
  expect(loaded).toBe("loaded");
}

/** Records on the dashboard's microphone for `ms` with Chromium's fake microphone, then stops. */
export async function recordOnDashboard(page: Page, ms = 1000): Promise<void> {
  await page.getByRole("button", { name: "Start voice recording" }).click();
  await expect(page.locator("[data-toast]").getByText("Voice recording active", { exact: true })).toBeVisible();
  await page.waitForTimeout(ms);
  await page.getByRole("button", { name: "Stop voice recording" }).click();
}
