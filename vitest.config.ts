import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: argon2 hashing and SQLite files per test file do not gain from more workers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // Components run in jsdom against the real API: one app on a fresh database, listening on
        // an ephemeral port for the whole run (server/testing/web-api-server.ts).
        extends: true,
        test: {
          name: "components",
          include: ["web/**/*.test.tsx"],
          environment: "jsdom",
          globalSetup: ["server/testing/web-api-server.ts"],
          setupFiles: ["web/testing/cleanup.ts"],
        },
      },
    ],
  },
});
