import crypto from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pino from "pino";
import { createPgBossRunner } from "#app/modules/jobs/pgboss-runner.server.ts";
import { defineTestJobs, readTestRecords, TEST_TICK_EVERY_S, type TestJobRecord } from "#app/modules/jobs/test-jobs.server.ts";
import { withPgClient } from "#tests/helpers/database.ts";
import { startServer, tempDataDir, type RunningServer } from "#tests/helpers/server-process.ts";

// Two production servers on one PostgreSQL database run background jobs through
// one queue (ADR 028): a scheduled job runs once per slot, not once per instance,
// and a job whose instance is killed mid-run is retried by the other. The servers
// run the test jobs (JOBS_TEST_RECORD), which append every run to a file.

const PG_URL = process.env.TEST_DATABASE_URL;

test.describe("two instances on one PostgreSQL", () => {
  test.skip(!PG_URL, "needs TEST_DATABASE_URL");
  test.setTimeout(120_000);

  const database = `cinedex_jobs_${crypto.randomBytes(4).toString("hex")}`;
  let url = "";
  const servers: RunningServer[] = [];

  test.beforeAll(async () => {
    await withPgClient(PG_URL!, (c) => c.query(`create database ${database}`));
    const parsed = new URL(PG_URL!);
    parsed.pathname = `/${database}`;
    url = parsed.toString();
  });

  test.afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await Promise.all(servers.map((s) => s.exited));
    await withPgClient(PG_URL!, (c) => c.query(`drop database if exists ${database} with (force)`));
  });

  test("a scheduled job runs once, not twice; a job interrupted by kill -9 is retried by the other instance", async () => {
    const record = path.join(tempDataDir(), "runs.jsonl");
    const env = { DATABASE_URL: url, SEED_DEMO: "false", JOBS_TEST_RECORD: record };
    servers.push(await startServer(env), await startServer(env));
    const [a, b] = servers as [RunningServer, RunningServer];
    const pids = new Set([a.child.pid, b.child.pid]);
    const runs = (job: TestJobRecord["job"]) => readTestRecords(record).filter((r) => r.job === job);

    // Scheduled: both instances tick every half second, for slots of two seconds.
    await expect.poll(() => runs("test.tick").length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    const ticks = runs("test.tick");
    expect(ticks.every((t) => pids.has(t.pid))).toBe(true);
    // One run per slot, never two (a run may start late on a busy machine, but never before its slot):
    // no more runs than slots from the first run's slot to the last one's.
    expect(ticks.every((t) => t.slot !== null && Date.parse(t.slot) <= Date.parse(t.at))).toBe(true);
    expect(new Set(ticks.map((t) => t.slot)).size).toBe(ticks.length);
    const slots = ticks.map((t) => Date.parse(t.slot!));
    const slotSpan = (Math.max(...slots) - Math.min(...slots)) / 1000;
    expect(ticks.length).toBeLessThanOrEqual(slotSpan / TEST_TICK_EVERY_S + 1);

    // One-off: queued by a third party (a web-only runner, like JOBS=off), taken by one instance.
    const queue = createPgBossRunner(url, { logger: pino({ level: "silent" }) });
    defineTestJobs(queue, record);
    await queue.start({ work: false });
    let survivor: RunningServer | undefined;
    try {
      const id = await queue.enqueue("test.hold", {});
      await expect.poll(() => runs("test.hold").filter((r) => r.event === "start").length, { timeout: 15_000 }).toBe(1);
      const first = runs("test.hold")[0]!;
      expect(first).toMatchObject({ id, attempt: 1, event: "start" });
      const holder = first.pid === a.child.pid ? a : b;
      const other = holder === a ? b : a;
      survivor = other;
      holder.child.kill("SIGKILL");
      expect(await holder.exited).toBe(null);

      // The dead instance's run times out; the living one takes the retry and finishes it.
      await expect.poll(() => runs("test.hold").filter((r) => r.event === "end").length, { timeout: 30_000 }).toBe(1);
      const held = runs("test.hold");
      const retried = held.filter((r) => r.attempt > 1);
      expect(retried.length).toBeGreaterThanOrEqual(2);
      expect(retried.every((r) => r.pid === other.child.pid && r.id === id)).toBe(true);
      expect(held.find((r) => r.event === "end")).toMatchObject({ pid: other.child.pid, id });
      expect(held.some((r) => r.attempt === 1 && r.event === "end")).toBe(false);

      // Scheduled runs go on with one instance, still once per slot.
      const before = runs("test.tick").length;
      await expect.poll(() => runs("test.tick").length, { timeout: 15_000 }).toBeGreaterThan(before);
      expect(
        runs("test.tick")
          .slice(before)
          .every((t) => t.pid === other.child.pid),
      ).toBe(true);
    } finally {
      await queue.stop();
    }

    // The survivor shuts down cleanly, stopping its job runner.
    expect(await survivor!.stop()).toBe(0);
  });
});
