// Voice capture with Chromium's fake microphone and no speech-to-text provider: every recording
// is kept with a thought and waits for its transcript.
import { expect, expectAccessible, shootWidths, test, toastText } from "./fixtures.ts";
import {
  expectPlayable,
  expectToastsInOrder,
  logToasts,
  recordingsOf,
  recordOnDashboard,
  seenToasts,
} from "./voice-helpers.ts";

test("dashboard: the microphone records, the voice note is kept and shows in the inbox with a player", async ({
  page,
  user: _signedIn,
}) => {
  await logToasts(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Start voice recording" }).click();
  await expect(toastText(page, "Voice recording active")).toBeVisible();
  await expect(toastText(page, "Recording... Click the microphone again to stop.")).toBeVisible();
  const stop = page.getByRole("button", { name: "Stop voice recording" });
  await expect(stop).toHaveAttribute("aria-pressed", "true");
  await page.waitForTimeout(1500);
  await stop.click();

  await expect(toastText(page, "Voice note captured")).toBeVisible();
  await expect(toastText(page, "Transcription is coming. Your recording is saved in your inbox.")).toBeVisible();
  await expectToastsInOrder(page, [
    "Voice recording active",
    "Processing recording",
    "Transcribing audio",
    "Voice note captured",
  ]);
  expect(await seenToasts(page)).not.toContain("Transcription failed");
  await expect(page.getByRole("button", { name: "Start voice recording" })).toBeEnabled();
  await expect(page.getByRole("textbox", { name: "Thought" })).toHaveValue("");

  const recordings = await recordingsOf(page);
  expect(recordings).toHaveLength(1);
  expect(recordings[0]).toMatchObject({ pending: true, mime: "audio/webm" });

  await page.getByRole("link", { name: "Inbox" }).click();
  const card = page.getByRole("listitem").filter({ has: page.getByLabel(/^Voice note recorded/) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Voice note", { exact: true })).toBeVisible();
  await expect(card.getByText("Transcription is coming")).toBeVisible();
  await expectPlayable(page, /^Voice note recorded/);
  await expectAccessible(page, "inbox with a kept voice note");
});

test("inbox: recording stops by itself after 10 seconds and the kept note appears at once", async ({
  page,
  user: _signedIn,
}) => {
  await page.goto("/inbox");
  await expect(page.getByText("Your inbox is empty").first()).toBeVisible();
  const mic = page.getByRole("button", { name: "Record voice" });
  const started = Date.now();
  await mic.click();
  await expect(toastText(page, "Recording started")).toBeVisible();
  await expect(mic).toBeDisabled();
  await expect(mic).toHaveClass(/animate-pulse/);

  // No stop control while recording: it ends on its own.
  await expect(toastText(page, "Your voice was captured; transcription is coming.")).toBeVisible({ timeout: 20_000 });
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(9_500);
  expect(elapsed).toBeLessThan(20_000);
  await expect(toastText(page, "Recording processed")).toBeVisible();
  await expect(mic).toBeEnabled();
  await expect(page.getByRole("textbox", { name: "Capture text" })).toHaveValue("");

  // The list refreshed without a reload: the kept note is there with its player.
  await expect(page.getByText("Transcription is coming", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^All/ })).toContainText("1");
  await expectPlayable(page, /^Voice note recorded/);
  const recordings = await recordingsOf(page);
  expect(recordings).toEqual([expect.objectContaining({ pending: true })]);
  const audio = await page.request.get(`/api/thoughts/${recordings[0]?.thoughtId}/audio`);
  expect(audio.headers()["content-type"]).toContain("audio/webm");
  // Ten seconds of audio: more than a stray chunk or two.
  expect((await audio.body()).length).toBeGreaterThan(10_000);
  await expectAccessible(page, "inbox after a voice capture");
});

test("with the browser's own speech recognition, its words fill the box and the recording is still kept", async ({
  page,
  api,
}) => {
  // Headless Chromium cannot recognise speech: a stand-in hears a fixed sentence.
  await page.addInitScript(() => {
    class FakeRecognition {
      continuous = false;
      interimResults = false;
      lang = "";
      onresult: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      start() {}
      stop() {
        const result = Object.assign([{ transcript: "Call the dentist on Monday" }], { isFinal: true });
        setTimeout(() => {
          this.onresult?.({ resultIndex: 0, results: [result] });
          this.onend?.();
        }, 50);
      }
    }
    Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
  });
  await page.goto("/");
  await recordOnDashboard(page);
  await expect(toastText(page, "Transcription complete")).toBeVisible();
  await expect(toastText(page, "Your voice has been transcribed. You can edit the text if needed.")).toBeVisible();
  const box = page.getByRole("textbox", { name: "Thought" });
  await expect(box).toHaveValue("Call the dentist on Monday");

  // The recording was kept with a thought; saving the text fills that thought instead of adding one.
  const [kept] = await recordingsOf(page);
  expect(kept).toMatchObject({ pending: true });
  await box.fill("Call the dentist on Monday morning");
  await page.getByRole("button", { name: "Save & Organize" }).click();
  await expect(toastText(page, "Thought captured")).toBeVisible();
  const thoughts = await api.get<Array<{ id: number; content: string }>>("/api/thoughts");
  expect(thoughts).toEqual([
    expect.objectContaining({ id: kept?.thoughtId, content: "Call the dentist on Monday morning" }),
  ]);

  await page.goto("/inbox");
  await expect(page.getByText("Call the dentist on Monday morning")).toBeVisible();
  await expectPlayable(page, /^Voice note recorded/);
});

test("a recorder that captures nothing cancels calmly", async ({ page, user: _signedIn }) => {
  // A recorder that never delivers audio, as when the recording is too short.
  await page.addInitScript(() => {
    class SilentRecorder extends EventTarget {
      static isTypeSupported() {
        return true;
      }
      state = "inactive";
      mimeType = "audio/webm";
      ondataavailable: ((e: unknown) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = "recording";
      }
      stop() {
        this.state = "inactive";
        setTimeout(() => this.onstop?.(), 10);
      }
    }
    Object.assign(window, { MediaRecorder: SilentRecorder });
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Start voice recording" }).click();
  await page.getByRole("button", { name: "Stop voice recording" }).click();
  await expect(toastText(page, "Recording cancelled")).toBeVisible();
  await expect(toastText(page, "No audio was recorded or the recording was too short.")).toBeVisible();
  expect(await recordingsOf(page)).toEqual([]);
});

test("microphone refused or missing: the dashboard and the inbox say so", async ({ page, user: _signedIn }) => {
  await page.addInitScript(() => {
    const mode = sessionStorage.getItem("mic-mode");
    if (mode === "denied") {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    } else if (mode === "unsupported") {
      Object.assign(window, { MediaRecorder: undefined });
    } else if (mode === "broken") {
      Object.assign(window, {
        MediaRecorder: Object.assign(
          () => {
            throw new Error("no codec");
          },
          { isTypeSupported: () => false },
        ),
      });
    }
  });
  const setMode = async (mode: string, path: string) => {
    await page.goto(path);
    await page.evaluate((m) => sessionStorage.setItem("mic-mode", m), mode);
    await page.reload();
  };

  await setMode("denied", "/");
  await page.getByRole("button", { name: "Start voice recording" }).click();
  await expect(toastText(page, "Voice feature unavailable")).toBeVisible();
  await expect(toastText(page, "Could not access microphone. Please check your browser permissions.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Start voice recording" })).toHaveAttribute("aria-pressed", "false");

  await setMode("denied", "/inbox");
  await page.getByRole("button", { name: "Record voice" }).click();
  await expect(toastText(page, "Voice capture failed")).toBeVisible();
  await expect(toastText(page, "Microphone access denied")).toBeVisible();
  await expect(page.getByRole("button", { name: "Record voice" })).toBeEnabled();

  await setMode("unsupported", "/inbox");
  await page.getByRole("button", { name: "Record voice" }).click();
  await expect(toastText(page, "Voice recording not supported in this browser")).toBeVisible();

  await setMode("broken", "/inbox");
  await page.getByRole("button", { name: "Record voice" }).click();
  await expect(toastText(page, "Failed to create media recorder")).toBeVisible();
  expect(await recordingsOf(page)).toEqual([]);
});

test("a recording the server cannot take waits on this device, listed with what waits, can be taken back, and reaches the inbox once the server takes it", async ({
  page,
  user: _signedIn,
}) => {
  await page.goto("/");
  await page.route("**/api/ai/transcribe*", (route) => route.abort("internetdisconnected"));
  await recordOnDashboard(page, 1500);
  await expect(toastText(page, "Voice note saved on this device")).toBeVisible();
  await expect(toastText(page, "It will reach your inbox as soon as the connection is back.")).toBeVisible();
  expect(await recordingsOf(page)).toEqual([]);

  // Listed with the rest of what waits (docs/decisions/088-a-voice-note-that-waits.md); a second
  // one, recorded by mistake, is taken back.
  await recordOnDashboard(page, 1000);
  // One toast at a time: this is the second one's, once it is kept.
  await expect(toastText(page, "Voice note saved on this device")).toBeVisible();
  await page.getByText("Waiting to sync: 2").click();
  const waiting = page.getByRole("list", { name: "What is waiting to sync" }).getByRole("listitem");
  await expect(waiting).toHaveText([
    /^Voice note:recorded \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]MDon't add$/,
    /^Voice note:/,
  ]);
  await expectAccessible(page, "voice notes waiting to sync");
  await shootWidths(page, "voice-waiting");
  await waiting
    .nth(1)
    .getByRole("button", { name: /^Don't add the voice note recorded / })
    .click();
  await expect(toastText(page, "Not added")).toBeVisible();
  await expect(waiting).toHaveCount(1);
  await page.reload();
  await expect(page.getByText("Waiting to sync: 1")).toBeVisible();
  // The inbox it will reach shows it, marked, with a player of what this device kept.
  await page.getByRole("link", { name: "Inbox" }).first().click();
  const waitingNotes = page.getByRole("list", { name: "Voice notes waiting to sync" }).getByRole("listitem");
  await expect(waitingNotes).toHaveText([/^Voice note recorded .*Waiting to sync$/]);
  await expect(page.getByText("Your inbox is empty")).toHaveCount(0);
  await expectPlayable(page, /^Voice note recorded .*, waiting to sync$/);
  await expectAccessible(page, "inbox with a voice note waiting to sync");
  await shootWidths(page, "voice-waiting-inbox");

  // The server takes recordings again: the one kept is sent while the app runs, once, with no
  // reload and no change of the browser's online state.
  await page.unroute("**/api/ai/transcribe*");
  await expect(toastText(page, "Voice notes sent")).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0);
  await expect(waitingNotes).toHaveCount(0);
  await expect(page.getByLabel(/^Voice note recorded/)).toHaveCount(1);
  await expectPlayable(page, /^Voice note recorded/);
  await page.reload();
  await expect(page.getByLabel(/^Voice note recorded/)).toHaveCount(1);
  expect(await recordingsOf(page)).toHaveLength(1);
});
