import type { PoolConfig } from "pg";
import PgBoss from "pg-boss";
import { POSTGRES_TIMEOUTS } from "#app/db/client.server.ts";
import { checkDefinition, errorText, JOBS_SHUTDOWN_WAIT_MS, type RunnerOptions, withTimeout } from "./engine.server.ts";
import {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_EVERY_SECONDS,
  type JobDefinition,
  type JobRunner,
  type JobStats,
} from "./jobs.server.ts";

const DEFAULT_TICK_MS = 5_000;
const DEFAULT_MAINTENANCE_SECONDS = 60;
/** Connections pg-boss may hold per instance (its own pool, apart from the app's). */
const POOL_SIZE = 3;
const POLL_MS = 2_000;
/**
 * The same bounded waits as the app's pool (ADR 022); pg-boss hands its whole configuration to
 * its pg.Pool (its types list only its own options). Without them a fetch on a database that
 * stopped answering never returned, and neither did stop().
 */
export const POOL_TIMEOUTS: Pick<
  PoolConfig,
  "connectionTimeoutMillis" | "statement_timeout" | "query_timeout" | "idleTimeoutMillis" | "keepAlive"
> = {
  connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
  statement_timeout: POSTGRES_TIMEOUTS.statementMs,
  query_timeout: POSTGRES_TIMEOUTS.queryMs,
  idleTimeoutMillis: POSTGRES_TIMEOUTS.idleMs,
  keepAlive: true,
};
const UNIQUE_VIOLATION = "23505";
const DEADLOCK = "40P01";
const QUEUE_CREATE_ATTEMPTS = 5;

/**
 * The PostgreSQL engine: pg-boss 10 (ADR 028). Every instance enqueues into the
 * same tables; workers take jobs with SKIP LOCKED, so each job runs on one
 * instance. A scheduled job is a send() per slot with pg-boss's singleton slot
 * (a unique index on name, slot), so N instances ticking enqueue it once. A job
 * whose instance died stays active until its timeout; the maintenance pass of
 * any living instance then fails it into a retry.
 */
export function createPgBossRunner(url: string, options: RunnerOptions): JobRunner {
  const { logger } = options;
  const reportError = options.onError ?? ((error: unknown) => logger.error({ err: errorText(error) }, "job queue error"));
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const schema = options.schema ?? "pgboss";
  const makeBoss = (work: boolean) => {
    const boss = new PgBoss({
      connectionString: url,
      schema,
      max: POOL_SIZE,
      application_name: "cinedex-jobs",
      ...POOL_TIMEOUTS,
      // Web-only instances (JOBS=off) leave expiry and archiving to the workers.
      supervise: work,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? DEFAULT_MAINTENANCE_SECONDS,
      // Finished runs stay (and hold their schedule slot) longer than the longest slot.
      archiveCompletedAfterSeconds: 2 * MAX_EVERY_SECONDS,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      // pg-boss's cron is not used: schedules are slots (see above).
      schedule: false,
    });
    boss.on("error", (error) => reportError(error));
    return boss;
  };
  let boss: PgBoss | undefined;
  const ready = () => {
    if (!boss) throw new Error("the job runner has not started");
    return boss;
  };
  const jobs = new Map<string, JobDefinition<unknown>>();
  const failures = new Map<string, number>();
  let started = false;
  let ticker: NodeJS.Timeout | undefined;

  async function ensureQueue(job: JobDefinition<unknown>) {
    const retry = job.retry ?? DEFAULT_RETRY;
    const queue = {
      name: job.name,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      expireInSeconds: job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    };
    const boss = ready();
    // Instances starting together race to create a queue (a unique violation, or a
    // deadlock while creating its partition): look again after a short pause.
    for (let attempt = 1; ; attempt++) {
      try {
        if (await boss.getQueue(job.name)) return await boss.updateQueue(job.name, queue);
        return await boss.createQueue(job.name, queue);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= QUEUE_CREATE_ATTEMPTS || (code !== UNIQUE_VIOLATION && code !== DEADLOCK)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }

  async function tick() {
    for (const job of jobs.values()) {
      if (!job.everySeconds) continue;
      try {
        // Returns null when another instance (or an earlier tick) already enqueued this slot.
        await ready().send(job.name, {}, { singletonKey: "schedule", singletonSeconds: job.everySeconds });
      } catch (error) {
        logger.error({ job: job.name, err: errorText(error) }, "could not enqueue a scheduled job");
      }
    }
  }

  // pg-boss 10's work() calls complete() and fail() without awaiting them: when the
  // database drops the connection at that moment, the rejection is unhandled and Node
  // exits (fixed upstream only in versions that need Node 22). So each job has its own
  // fetch loop here, and every queue call is awaited, its failure reported, never thrown.
  let stopping = false;
  const stopped = new AbortController();
  const loops = new Set<Promise<void>>();
  const wakers = new Map<string, () => void>();
  const inFlight = new Map<string, string>();

  function track(loop: Promise<void>) {
    loops.add(loop);
    void loop.finally(() => loops.delete(loop));
  }

  async function settle(call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (error) {
      reportError(error);
      return false;
    }
  }

  /** Waits a poll interval, or less when an enqueue or stop() wakes this job's loop. */
  function pause(name: string) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, POLL_MS);
      function done() {
        clearTimeout(timer);
        wakers.delete(name);
        resolve();
      }
      wakers.set(name, done);
    });
  }

  async function workLoop(job: JobDefinition<unknown>) {
    while (!stopping) {
      let run: PgBoss.JobWithMetadata<unknown> | undefined;
      await settle(async () => {
        [run] = await ready().fetch<unknown>(job.name, { batchSize: 1, includeMetadata: true });
      });
      if (!run) {
        if (!stopping) await pause(job.name);
        continue;
      }
      await execute(job, run);
    }
  }

  async function execute(job: JobDefinition<unknown>, run: PgBoss.JobWithMetadata<unknown>) {
    const attempt = run.retryCount + 1;
    inFlight.set(run.id, job.name);
    try {
      const slot = run.singletonOn ? new Date(run.singletonOn).toISOString() : null;
      await withTimeout(job.run(run.data, { id: run.id, attempt, slot, signal: stopped.signal }), job.timeoutSeconds);
    } catch (error) {
      inFlight.delete(run.id);
      failures.set(job.name, (failures.get(job.name) ?? 0) + 1);
      const retry = run.retryCount < run.retryLimit;
      logger.warn({ job: job.name, id: run.id, attempt, retry, err: errorText(error) }, "job failed");
      options.onOutcome?.(job.name, retry ? "retried" : "failed");
      // pg-boss records the failure and schedules the retry. Should that write fail too,
      // the run stays active until its timeout, and maintenance retries it then.
      await settle(() => ready().fail(job.name, run.id, { message: errorText(error) }));
      return;
    }
    inFlight.delete(run.id);
    options.onOutcome?.(job.name, "completed");
    await settle(() => ready().complete(job.name, run.id));
  }

  return {
    engine: "pg-boss",
    define(job) {
      checkDefinition(job as JobDefinition<never>, new Set(jobs.keys()), started);
      jobs.set(job.name, job as JobDefinition<unknown>);
    },
    async start({ work = true } = {}) {
      started = true;
      boss = makeBoss(work);
      await boss.start();
      for (const job of jobs.values()) await ensureQueue(job);
      if (!work) return;
      for (const job of jobs.values()) track(workLoop(job));
      await tick();
      ticker = setInterval(() => void tick(), tickMs);
    },
    async enqueue(name, data, { delaySeconds = 0 } = {}) {
      if (!jobs.has(name)) throw new Error(`unknown job ${name}`);
      const id = await ready().send(name, (data ?? {}) as object, delaySeconds > 0 ? { startAfter: delaySeconds } : {});
      if (!id) throw new Error(`job ${name} was not queued`);
      if (delaySeconds === 0) wakers.get(name)?.();
      return id;
    },
    async stats() {
      const { rows } = await ready()
        .getDb()
        .executeSql(`select name, state, count(*)::int as n from ${schema}.job where name = any($1) group by name, state`, [
          [...jobs.keys()],
        ]);
      const count = (name: string, states: string[]) =>
        (rows as { name: string; state: string; n: number }[])
          .filter((r) => r.name === name && states.includes(r.state))
          .reduce((sum, r) => sum + Number(r.n), 0);
      return [...jobs.keys()].sort().map((name): JobStats => ({
        name,
        queued: count(name, ["created", "retry"]),
        active: count(name, ["active"]),
        failed: count(name, ["failed"]),
        failures: failures.get(name) ?? 0,
      }));
    },
    async stop() {
      stopping = true;
      stopped.abort();
      if (ticker) clearInterval(ticker);
      for (const wake of wakers.values()) wake();
      if (!boss) return;
      const deadline = new Promise((resolve) => setTimeout(resolve, JOBS_SHUTDOWN_WAIT_MS).unref());
      await Promise.race([Promise.allSettled([...loops]), deadline]);
      // Runs cut off by the deadline are failed now, so they are retried without waiting out their timeout.
      for (const [id, name] of inFlight) await settle(() => ready().fail(name, id, { message: "the instance stopped while running" }));
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
