import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// Tests that run several production servers (tests/scale): they need `npm run build`
// first, so `npm test` runs them after the build rather than with the unit tests.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Not the unit suite's two projects: those would bring every unit test file back in.
    projects: undefined,
    include: ["tests/scale/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
