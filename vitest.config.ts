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
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
