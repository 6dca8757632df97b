import type { Logger } from "pino";
import { DEFAULT_TIMEOUT_SECONDS, MAX_EVERY_SECONDS, type JobDefinition, type RetryPolicy } from "./jobs.server.ts";

// What both engines share (ADR 028): their options, the check of a definition, schedule
// slots, back-off and timeouts. Modules that define or queue jobs need only jobs.server.ts.

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
