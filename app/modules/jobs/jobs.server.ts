import type { Logger } from "pino";

/**
 * One interface for background work (ADR 028): what a job is, how it is queued, and
 * the rules both engines share. The engines (pgboss-runner.server.ts on PostgreSQL,
 * table-runner.server.ts on SQLite) implement JobRunner and import this file;
 * runner.server.ts picks one. Nothing here imports an engine, so a module that
 * defines or queues a job never loads pg-boss.
 */

/** How a failed run is retried: `limit` more attempts, the n-th after about delay·2^(n-1)·(1..2) seconds with back-off. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

export interface JobRun {
  /** The queue's id of the job, the same on every attempt. */
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** A scheduled run's slot (when it starts, ISO 8601); null for a one-off job. */
  slot: string | null;
  /**
   * Aborted when the runner stops (the process is shutting down): a long run (the link
   * sweep) stops starting work and cancels what it has under way instead of holding
   * the shutdown up. What it leaves undone is taken up by a later run.
   */
  signal: AbortSignal;
}

export interface JobDefinition<T = unknown> {
  /** Letters, digits, dots, dashes and underscores. */
  name: string;
  /** Throws to fail the attempt; the retry policy decides what comes next. */
  run(data: T, job: JobRun): Promise<void>;
  retry?: RetryPolicy;
  /**
   * Runs once per slot of this many seconds (slots are aligned to the Unix epoch:
   * 86400 means once per UTC day), whatever the number of instances. At most a day.
   */
  everySeconds?: number;
  /** A run still active after this long is presumed dead (its instance stopped) and retried. */
  timeoutSeconds?: number;
}

export interface EnqueueOptions {
  /** Not before this many seconds from now. */
  delaySeconds?: number;
}

export interface JobStats {
  name: string;
  /** Waiting to run, including retries not yet due. */
  queued: number;
  active: number;
  /** Stored jobs whose retries are used up. */
  failed: number;
  /** Failed attempts seen by this process since it started (a counter for metrics). */
  failures: number;
}

export interface JobRunner {
  readonly engine: "pg-boss" | "table";
  /** Adds a job; every job is defined before start(). */
  define<T>(job: JobDefinition<T>): void;
  /**
   * Prepares the queue; with `work` (the default) this instance also runs jobs and
   * enqueues scheduled ones. Without it, it only enqueues (JOBS=off: a web-only instance).
   */
  start(options?: { work?: boolean }): Promise<void>;
  /** Queues a one-off run; resolves with its id. */
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  /** Queue depth and failures per defined job, for metrics. */
  stats(): Promise<JobStats[]>;
  /** Stops taking jobs, aborts the running ones' signal and waits (bounded) for them; jobs cut off are retried later. */
  stop(): Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 30, backoff: true };
export const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
/** The longest schedule: finished runs are kept longer than a slot, so a slot never runs twice (ADR 028). */
export const MAX_EVERY_SECONDS = 24 * 60 * 60;
/** How long a stopping runner waits for the jobs it is running. */
export const JOBS_SHUTDOWN_WAIT_MS = 10_000;

const NAME = /^[\w.-]{1,100}$/;

export interface RunnerOptions {
  logger: Logger;
  /** How often a scheduled job's slot is checked, and how often the table runner polls. */
  tickMs?: number;
  /** pg-boss: how often one instance looks for runs that outlived their timeout. */
  maintenanceSeconds?: number;
  /** pg-boss's schema; defaults to "pgboss" (tests give each run its own). */
  schema?: string;
  /**
   * Told when the queue itself fails (the database is away); polls keep failing
   * until it is back, so the server passes a logger that does not flood.
   */
  onError?: (error: unknown) => void;
  /**
   * Told how each attempt this process ran ended (for metrics): completed, failed for
   * good, or failed with a retry to come. A run cut off by its instance's death is
   * not seen here: the instance that retries it reports the next attempt.
   */
  onOutcome?: (name: string, outcome: JobOutcome) => void;
}

export type JobOutcome = "completed" | "failed" | "retried";

/** Checks a definition once, for both engines. */
export function checkDefinition(job: JobDefinition<never>, defined: ReadonlySet<string>, started: boolean): void {
  if (started) throw new Error(`job ${job.name} defined after the runner started`);
  if (!NAME.test(job.name)) throw new Error(`job name ${JSON.stringify(job.name)} must be letters, digits, dots, dashes or underscores`);
  if (defined.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
  if (
    job.everySeconds !== undefined &&
    !(Number.isInteger(job.everySeconds) && job.everySeconds >= 1 && job.everySeconds <= MAX_EVERY_SECONDS)
  )
    throw new Error(`job ${job.name}: everySeconds must be a whole number from 1 to ${MAX_EVERY_SECONDS}`);
}

/** The slot a scheduled run belongs to at `now`: its start, as an ISO timestamp. */
export function slotOf(everySeconds: number, now = Date.now()): string {
  const ms = everySeconds * 1000;
  return new Date(Math.floor(now / ms) * ms).toISOString();
}

/** pg-boss's back-off, used by both engines: the n-th retry waits delay·2^(n-1)·(1..2) seconds. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number, random = Math.random()): number {
  if (!policy.backoff) return policy.delaySeconds * 1000;
  const base = Math.max(1, policy.delaySeconds) * 2 ** Math.min(16, failedAttempts - 1);
  return Math.round(base * (1 + random) * 1000);
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message || error.name : String(error)).slice(0, 500);
}

/** A run that outlives its timeout fails (and is retried); the work itself cannot be cancelled, only abandoned. */
export async function withTimeout(work: Promise<void>, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${timeoutSeconds} s`)), timeoutSeconds * 1000);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
