import type { Db } from "#app/db/client.server.ts";
import {
  checkDefinition,
  errorText,
  JOBS_SHUTDOWN_WAIT_MS,
  retryDelayMs,
  type RunnerOptions,
  slotOf,
  withTimeout,
} from "./engine.server.ts";
import { DEFAULT_RETRY, type JobDefinition, type JobRunner, type JobStats } from "./jobs.server.ts";

const DEFAULT_TICK_MS = 1_000;
/** Finished rows are kept this long (longer than the longest schedule slot, so a slot is never enqueued twice). */
const KEEP_FINISHED_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The SQLite engine: jobs are rows in the jobs table, polled by one loop per job
 * name in this process, so queued work (an operator alert waiting for its webhook)
 * survives a restart. One instance only: a run that was active when the process
 * stopped is taken up again at the next start.
 */
export function createTableRunner(db: Db, options: RunnerOptions): JobRunner {
  const { logger } = options;
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const jobs = new Map<string, JobDefinition<unknown>>();
  const failures = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const wakers = new Map<string, () => void>();
  let started = false;
  let working = false;
  let stopping = false;
  let timers: NodeJS.Timeout[] = [];
  const stopped = new AbortController();

  const now = () => new Date().toISOString();

  async function claim(name: string) {
    // A plain read first: transactions here begin immediate (they take the write lock), and an idle
    // tick must not wait out the busy timeout synchronously while another connection writes.
    const due = await db
      .selectFrom("jobs")
      .select("id")
      .where("name", "=", name)
      .where("state", "=", "pending")
      .where("run_at", "<=", now())
      .limit(1)
      .executeTakeFirst();
    if (!due) return undefined;
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("jobs")
        .selectAll()
        .where("name", "=", name)
        .where("state", "=", "pending")
        .where("run_at", "<=", now())
        .orderBy("run_at")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .updateTable("jobs")
        .set({ state: "active", attempts: row.attempts + 1, started_at: now() })
        .where("id", "=", row.id)
        .execute();
      return { ...row, attempts: row.attempts + 1 };
    });
  }

  async function runOne(job: JobDefinition<unknown>): Promise<boolean> {
    const row = await claim(job.name);
    if (!row) return false;
    try {
      await withTimeout(
        job.run(JSON.parse(row.data), { id: String(row.id), attempt: row.attempts, slot: row.slot, signal: stopped.signal }),
        job.timeoutSeconds,
      );
      await db.updateTable("jobs").set({ state: "done", finished_at: now(), last_error: null }).where("id", "=", row.id).execute();
      options.onOutcome?.(job.name, "completed");
    } catch (error) {
      failures.set(job.name, (failures.get(job.name) ?? 0) + 1);
      const policy = { limit: row.retry_limit, delaySeconds: row.retry_delay_s, backoff: Boolean(row.retry_backoff) };
      const retry = row.attempts <= policy.limit;
      logger.warn({ job: job.name, id: row.id, attempt: row.attempts, retry, err: errorText(error) }, "job failed");
      await db
        .updateTable("jobs")
        .set(
          retry
            ? {
                state: "pending",
                run_at: new Date(Date.now() + retryDelayMs(policy, row.attempts)).toISOString(),
                last_error: errorText(error),
              }
            : { state: "failed", finished_at: now(), last_error: errorText(error) },
        )
        .where("id", "=", row.id)
        .execute();
      options.onOutcome?.(job.name, retry ? "retried" : "failed");
    }
    return true;
  }

  /** One loop per job name: runs due jobs one after another, then sleeps a tick (or until woken by an enqueue). */
  function loop(job: JobDefinition<unknown>) {
    const step = async () => {
      if (stopping) return;
      try {
        if (job.everySeconds) await enqueueSlot(job, job.everySeconds);
        while (!stopping && (await runOne(job)));
      } catch (error) {
        if (options.onError) options.onError(error);
        else logger.error({ job: job.name, err: errorText(error) }, "job queue error");
      }
      if (stopping) return;
      const timer = setTimeout(() => wake(), tickMs);
      timers.push(timer);
      let woken = false;
      const wake = () => {
        if (woken) return;
        woken = true;
        clearTimeout(timer);
        timers = timers.filter((t) => t !== timer);
        track(step());
      };
      wakers.set(job.name, wake);
    };
    track(step());
  }

  function track(work: Promise<void>) {
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  async function enqueueSlot(job: JobDefinition<unknown>, everySeconds: number) {
    const slot = slotOf(everySeconds);
    // Read first: an idle tick never asks for the write lock. better-sqlite3 waits for a
    // busy lock synchronously, so a write per tick would stall the whole process whenever
    // another connection holds the lock (a backup, a long import).
    const queued = await db.selectFrom("jobs").select("id").where("name", "=", job.name).where("slot", "=", slot).executeTakeFirst();
    if (queued) return;
    const retry = job.retry ?? DEFAULT_RETRY;
    const at = now();
    await db
      .insertInto("jobs")
      .values({
        name: job.name,
        data: "{}",
        state: "pending",
        slot,
        retry_limit: retry.limit,
        retry_delay_s: retry.delaySeconds,
        retry_backoff: retry.backoff,
        run_at: at,
        created_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  return {
    engine: "table",
    define(job) {
      checkDefinition(job as JobDefinition<never>, new Set(jobs.keys()), started);
      jobs.set(job.name, job as JobDefinition<unknown>);
    },
    async start({ work = true } = {}) {
      started = true;
      if (!work) return;
      working = true;
      // Runs that were active when the process stopped: nobody else can be running them.
      await db.updateTable("jobs").set({ state: "pending" }).where("state", "=", "active").execute();
      await pruneFinishedJobs(db);
      for (const job of jobs.values()) loop(job);
    },
    async enqueue(name, data, { delaySeconds = 0 } = {}) {
      const job = jobs.get(name);
      if (!job) throw new Error(`unknown job ${name}`);
      const retry = job.retry ?? DEFAULT_RETRY;
      const at = new Date();
      const row = await db
        .insertInto("jobs")
        .values({
          name,
          data: JSON.stringify(data ?? {}),
          state: "pending",
          slot: null,
          retry_limit: retry.limit,
          retry_delay_s: retry.delaySeconds,
          retry_backoff: retry.backoff,
          run_at: new Date(at.getTime() + delaySeconds * 1000).toISOString(),
          created_at: at.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (working && delaySeconds === 0) wakers.get(name)?.();
      return String(row.id);
    },
    async stats() {
      const rows = await db
        .selectFrom("jobs")
        .select((eb) => ["name", "state", eb.fn.countAll<number>().as("n")])
        .where("state", "in", ["pending", "active", "failed"])
        .groupBy(["name", "state"])
        .execute();
      return [...jobs.keys()].sort().map((name): JobStats => {
        const count = (state: string) => Number(rows.find((r) => r.name === name && r.state === state)?.n ?? 0);
        return { name, queued: count("pending"), active: count("active"), failed: count("failed"), failures: failures.get(name) ?? 0 };
      });
    },
    async stop() {
      stopping = true;
      stopped.abort();
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      const deadline = new Promise((resolve) => setTimeout(resolve, JOBS_SHUTDOWN_WAIT_MS).unref());
      await Promise.race([Promise.allSettled([...running]), deadline]);
    },
  };
}

/** Removes finished rows of the SQLite queue past their keeping time (at start and by the prune job); returns how many. */
export async function pruneFinishedJobs(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("state", "in", ["done", "failed"])
    .where("finished_at", "<", new Date(now.getTime() - KEEP_FINISHED_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
