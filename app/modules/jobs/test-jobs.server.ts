import fs from "node:fs";
import type { JobRunner } from "./jobs.server.ts";

/**
 * Test only (JOBS_TEST_RECORD, never set in production): jobs that append each
 * run to a file, so a test that runs several instances sees which one ran what.
 * - test.tick runs every TEST_TICK_EVERY_S seconds.
 * - test.hold holds its first attempt for a minute (long enough to kill its
 *   instance) and times out after TEST_HOLD_TIMEOUT_S; later attempts finish at once.
 */
export const TEST_TICK_EVERY_S = 2;
export const TEST_HOLD_TIMEOUT_S = 3;
const HOLD_MS = 60_000;

export interface TestJobRecord {
  job: "test.tick" | "test.hold";
  event: "start" | "end";
  id: string;
  attempt: number;
  /** The schedule slot (test.tick); null for test.hold. */
  slot: string | null;
  pid: number;
  at: string;
}

export function defineTestJobs(runner: JobRunner, file: string): void {
  const record = (entry: Omit<TestJobRecord, "pid" | "at">) =>
    fs.appendFileSync(file, `${JSON.stringify({ ...entry, pid: process.pid, at: new Date().toISOString() })}\n`);
  runner.define({
    name: "test.tick",
    everySeconds: TEST_TICK_EVERY_S,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
    async run(_data, { id, attempt, slot }) {
      record({ job: "test.tick", event: "start", id, attempt, slot });
    },
  });
  runner.define({
    name: "test.hold",
    retry: { limit: 3, delaySeconds: 1, backoff: false },
    timeoutSeconds: TEST_HOLD_TIMEOUT_S,
    async run(_data, { id, attempt }) {
      record({ job: "test.hold", event: "start", id, attempt, slot: null });
      if (attempt === 1) await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      record({ job: "test.hold", event: "end", id, attempt, slot: null });
    },
  });
}

export function readTestRecords(file: string): TestJobRecord[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TestJobRecord);
}
