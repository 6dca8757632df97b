import { configDefaults, defineConfig } from "vitest/config";

const TESTS = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "db/**/*.test.ts",
  "tests/integration/**/*.test.ts",
  "tests/routes/**/*.test.ts",
  "tests/faults/**/*.test.ts",
  "tests/security/**/*.test.ts",
];

/** Fault suites that act on the whole PostgreSQL cluster (CREATE/DROP DATABASE, terminations). */
const CLUSTER_FAULTS = ["tests/faults/exactly-once.test.ts", "tests/faults/database-faults.test.ts"];

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  test: {
    environment: "node",
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/setup.ts"],
    restoreMocks: true,
    // Generous: passing tests never wait for it, and a busy 2-core machine running tests
    // beside PostgreSQL can take 20 s for a test that seeds a hundred titles.
    testTimeout: 40_000,
    hookTimeout: 60_000,
    // Two groups, one after the other. Most files run two at a time (Vitest's default on two
    // cores is one: 11 min on CI instead of 6). The fault suites that create and drop whole
    // databases and cut every backend run alone afterwards: beside other files, a DROP
    // DATABASE waited on a cluster-wide checkpoint for over a minute, and another file lost
    // its schema mid-migration in the same run.
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: TESTS,
          exclude: [...configDefaults.exclude, ...CLUSTER_FAULTS],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: "cluster faults", include: CLUSTER_FAULTS, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
