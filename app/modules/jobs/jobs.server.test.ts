import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseTarget } from "#app/db/client.server.ts";
import { createTestDatabase, testDialects, withPgClient, type TestDatabase } from "#tests/helpers/database.ts";
import { checkDefinition, retryDelayMs, slotOf, type JobOutcome } from "./engine.server.ts";
import type { JobRun, JobRunner } from "./jobs.server.ts";
import { createJobRunner } from "./runner.server.ts";

const logger = pino({ level: "silent" });
const WAIT = { timeout: 15_000, interval: 100 };

describe("the job interface", () => {
  it("back-off doubles per failed attempt, with up to as much again of jitter", () => {
    const policy = { limit: 5, delaySeconds: 5, backoff: true };
    expect(retryDelayMs(policy, 1, 0)).toBe(5_000);
    expect(retryDelayMs(policy, 2, 0)).toBe(10_000);
    expect(retryDelayMs(policy, 3, 0.5)).toBe(30_000);
    expect(retryDelayMs({ ...policy, backoff: false }, 3, 0.9)).toBe(5_000);
  });

  it("a slot starts on a multiple of its length since the epoch", () => {
    expect(slotOf(3600, Date.parse("2026-11-26T10:59:59.999Z"))).toBe("2026-11-26T10:00:00.000Z");
    expect(slotOf(86_400, Date.parse("2026-11-26T10:59:59.999Z"))).toBe("2026-11-26T00:00:00.000Z");
  });

  it("refuses bad names, duplicates, schedules longer than a day and definitions after start", () => {
    const run = async () => {};
    expect(() => checkDefinition({ name: "has space", run }, new Set(), false)).toThrow(/must be letters/);
    expect(() => checkDefinition({ name: "a", run }, new Set(["a"]), false)).toThrow(/defined twice/);
    expect(() => checkDefinition({ name: "a", run, everySeconds: 86_401 }, new Set(), false)).toThrow(/everySeconds/);
    expect(() => checkDefinition({ name: "a", run, everySeconds: 0.5 }, new Set(), false)).toThrow(/everySeconds/);
    expect(() => checkDefinition({ name: "a", run }, new Set(), true)).toThrow(/after the runner started/);
  });
});

for (const dialect of testDialects) {
  describe(`job runner [${dialect}]`, () => {
    let handle: TestDatabase;
    let target: DatabaseTarget;
    const runners: JobRunner[] = [];
    let queueSchema: string | undefined;

    beforeAll(async () => {
      handle = await createTestDatabase(dialect);
      if (dialect === "postgres") {
        // createTestDatabase made a schema of its own; pg-boss gets one beside it.
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
        target = { dialect: "postgres", url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema };
        queueSchema = `${rows[0]!.schema}_jobs`;
      } else {
        target = { dialect: "sqlite", file: "unused" };
      }
    });
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
    });
    afterAll(async () => {
      await handle.destroy();
      if (queueSchema) await withPgClient(process.env.TEST_DATABASE_URL!, (c) => c.query(`drop schema if exists ${queueSchema} cascade`));
    });

    /** Every attempt's outcome as the runners report it for metrics. */
    const outcomes: [string, JobOutcome][] = [];
    afterEach(() => {
      outcomes.length = 0;
    });

    /** A runner on the test database; fast ticks so schedules and polls show within seconds. */
    function runner(): JobRunner {
      const onOutcome = (name: string, outcome: JobOutcome) => void outcomes.push([name, outcome]);
      const r = createJobRunner(handle, target, { logger, tickMs: 200, maintenanceSeconds: 1, onOutcome });
      runners.push(r);
      return r;
    }

    it("retries a failing job with back-off until it succeeds", async () => {
      const r = runner();
      const runs: { at: number; run: JobRun }[] = [];
      r.define<{ n: number }>({
        name: "t.retry",
        retry: { limit: 3, delaySeconds: 1, backoff: true },
        async run(data, run) {
          expect(data).toEqual({ n: 7 });
          runs.push({ at: Date.now(), run });
          if (run.attempt < 3) throw new Error(`attempt ${run.attempt} fails`);
        },
      });
      await r.start();
      const id = await r.enqueue("t.retry", { n: 7 });
      await vi.waitFor(() => expect(runs).toHaveLength(3), WAIT);
      expect(runs.map((x) => [x.run.id, x.run.attempt, x.run.slot])).toEqual([
        [id, 1, null],
        [id, 2, null],
        [id, 3, null],
      ]);
      // The first retry waits at least the delay, the second at least twice it.
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(950);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(1_950);
      await vi.waitFor(
        async () => expect((await r.stats()).find((s) => s.name === "t.retry")).toMatchObject({ queued: 0, active: 0 }),
        WAIT,
      );
      const stats = (await r.stats()).find((s) => s.name === "t.retry");
      expect(stats).toMatchObject({ failed: 0, failures: 2 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(runs).toHaveLength(3);
      expect(outcomes).toEqual([
        ["t.retry", "retried"],
        ["t.retry", "retried"],
        ["t.retry", "completed"],
      ]);
    });

    it("a job whose retries are used up is counted as failed and not run again", async () => {
      const r = runner();
      let runs = 0;
      r.define({
        name: "t.fail",
        retry: { limit: 1, delaySeconds: 1, backoff: false },
        async run() {
          runs += 1;
          throw new Error("always");
        },
      });
      await r.start();
      await r.enqueue("t.fail", {});
      await vi.waitFor(
        async () => expect((await r.stats()).find((s) => s.name === "t.fail")).toMatchObject({ failed: 1, failures: 2 }),
        WAIT,
      );
      expect(runs).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toBe(2);
      expect(outcomes).toEqual([
        ["t.fail", "retried"],
        ["t.fail", "failed"],
      ]);
    });

    it("a scheduled job runs once per slot with two runners on one database", async () => {
      const slots: string[] = [];
      const define = (r: JobRunner) =>
        r.define({
          name: "t.tick",
          everySeconds: 1,
          retry: { limit: 0, delaySeconds: 1, backoff: false },
          async run(_data, run) {
            slots.push(run.slot ?? "none");
          },
        });
      const [a, b] = [runner(), runner()];
      define(a);
      define(b);
      await Promise.all([a.start(), b.start()]);
      await vi.waitFor(() => expect(slots.length).toBeGreaterThanOrEqual(3), WAIT);
      await Promise.all([a.stop(), b.stop()]);
      expect(slots).not.toContain("none");
      expect(new Set(slots).size).toBe(slots.length);
    });

    it("a web-only runner queues a job that a working runner runs; its queue depth shows meanwhile", async () => {
      const seen: unknown[] = [];
      const define = (r: JobRunner) =>
        r.define({
          name: "t.queued",
          async run(data) {
            seen.push(data);
          },
        });
      const web = runner();
      define(web);
      await web.start({ work: false });
      await web.enqueue("t.queued", { hello: "world" });
      expect((await web.stats()).find((s) => s.name === "t.queued")).toMatchObject({ queued: 1, active: 0, failed: 0 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seen).toEqual([]);

      const worker = runner();
      define(worker);
      await worker.start();
      await vi.waitFor(() => expect(seen).toEqual([{ hello: "world" }]), WAIT);
      await expect(web.enqueue("t.unknown", {})).rejects.toThrow(/unknown job/);
    });

    if (dialect === "postgres") {
      it("a connection dropped while a run is recorded is reported, not thrown, and the runner goes on", async () => {
        const errors: { code?: string }[] = [];
        const r = createJobRunner(handle, target, {
          logger,
          tickMs: 200,
          maintenanceSeconds: 1,
          onError: (e) => void errors.push(e as { code?: string }),
        });
        runners.push(r);
        const seen: string[] = [];
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        r.define<{ n: string }>({
          name: "t.drop",
          async run({ n }) {
            seen.push(n);
            if (n === "first") await held;
          },
        });
        await r.start();
        await r.enqueue("t.drop", { n: "first" });
        await vi.waitFor(() => expect(seen).toEqual(["first"]), WAIT);
        // Hold the queue's table so the runner's "completed" write waits, then cut that connection.
        await withPgClient(process.env.TEST_DATABASE_URL!, async (locker) => {
          await locker.query("begin");
          await locker.query(`lock table ${queueSchema}.job in exclusive mode`);
          release();
          await vi.waitFor(async () => {
            const { rows } = await locker.query(
              `select pg_terminate_backend(pid) as cut from pg_stat_activity
               where application_name = 'cinedex-jobs' and wait_event_type = 'Lock' and query like '%' || $1 || '.job%'`,
              [queueSchema],
            );
            expect(rows.length).toBeGreaterThan(0);
          }, WAIT);
          await locker.query("rollback");
        });
        await vi.waitFor(() => expect(errors.map((e) => e.code)).toContain("57P01"), WAIT);
        await r.enqueue("t.drop", { n: "second" });
        await vi.waitFor(() => expect(seen).toContain("second"), WAIT);
        expect(seen[0]).toBe("first");
      });
    }

    if (dialect === "sqlite") {
      it("a run that was active when the process stopped runs again at the next start", async () => {
        const first = runner();
        first.define({ name: "t.crash", async run() {} });
        await first.start({ work: false });
        const id = await first.enqueue("t.crash", {});
        // What a process killed mid-run leaves behind.
        await handle.db.updateTable("jobs").set({ state: "active", attempts: 1 }).where("id", "=", Number(id)).execute();

        const attempts: number[] = [];
        const second = runner();
        second.define({
          name: "t.crash",
          async run(_data, run) {
            attempts.push(run.attempt);
          },
        });
        await second.start();
        await vi.waitFor(() => expect(attempts).toEqual([2]), WAIT);
      });
    }
  });
}
