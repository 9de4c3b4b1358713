import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "web/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: argon2 hashing and SQLite files per test file do not gain from more workers.
    maxWorkers: 2,
  },
});
