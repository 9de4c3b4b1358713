import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fakeMicrophoneWav } from "./e2e/fake-microphone.ts";

// Several runs may share a machine: E2E_PORT_BASE moves every server of this run.
const BASE_PORT = Number(process.env.E2E_PORT_BASE ?? 3210);
const PORTS = { app: BASE_PORT, assistant: BASE_PORT + 1, google: BASE_PORT + 2 };
const url = (port: number) => `http://127.0.0.1:${port}`;

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // A fake microphone, allowed without a prompt, that plays a generated tone.
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-audio-capture=${fakeMicrophoneWav()}`,
];

/** One server per project; a fresh data folder per run so nothing leaks between runs. */
function server(name: string, command: string, port: number) {
  return {
    name,
    command,
    url: `${url(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `daily-compass-e2e-${name}-`)),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000",
      SIGN_UPS_PER_HOUR: "100000",
      // Reminders go to a push service the tests run on this machine (e2e/reminders.spec.ts).
      PUSH_ALLOW_PRIVATE_NETWORK: "true",
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  // The longest walks (a whole keyboard-only day, the calendar, the inbox's conversions) take 45–60 s
  // on a busy 2-core machine; the margin keeps them honest, not flaky.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/e2e-artifacts",
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    // The service worker answers the app's reads itself, where page.route cannot see them: specs
    // that stub answers need it off. e2e/installable.spec.ts turns it on.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    // Nothing configured: the offline assistant and the local sign-in page.
    {
      name: "app",
      testMatch: "*.spec.ts",
      testIgnore: ["integrations/**", "new-version.spec.ts"],
      use: { baseURL: url(PORTS.app) },
    },
    // It changes the build folder's sw.js while it runs, so no other test of the app's may be running.
    {
      name: "new-version",
      testMatch: "new-version.spec.ts",
      dependencies: ["app"],
      use: { baseURL: url(PORTS.app) },
    },
    {
      name: "assistant",
      testMatch: "integrations/assistant*.spec.ts",
      use: { baseURL: url(PORTS.assistant) },
    },
    {
      name: "google",
      testMatch: "integrations/google*.spec.ts",
      use: { baseURL: url(PORTS.google) },
    },
  ],
  // dist/web must already exist: the test script builds it first.
  webServer: [
    server("app", "npx tsx server/main.ts", PORTS.app),
    server("assistant", "npx tsx e2e/servers/with-assistant.ts", PORTS.assistant),
    server("google", "npx tsx e2e/servers/with-google.ts", PORTS.google),
  ],
});
