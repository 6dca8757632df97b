/**
 * One interface for background work (ADR 028): what a job is (name, payload, handler,
 * retry policy, schedule) and how it is queued. The engines (pgboss-runner.server.ts
 * on PostgreSQL, table-runner.server.ts on SQLite) implement JobRunner with the rules
 * they share in engine.server.ts; runner.server.ts picks one. Nothing here imports an
 * engine, so a module that defines or queues a job never loads pg-boss.
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
