import os from "node:os";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/routes/**/*.test.ts",
      "tests/faults/**/*.test.ts",
      "tests/security/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/setup.ts"],
    restoreMocks: true,
    // Vitest's default (cores − 1) is one worker on a 2-core CI machine: files then run one
    // after another (11 min). Each test has its own SQLite file or PostgreSQL schema, and
    // most wait on a database, so two workers take ~55 % of the time there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Generous: passing tests never wait for it, and a 2-core machine running two files
    // beside PostgreSQL can take 20 s for a test that seeds a hundred titles.
    testTimeout: 40_000,
    hookTimeout: 60_000,
  },
});
