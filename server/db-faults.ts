import type { Logger } from "pino";

/** At most one log line per this interval while the database is away (each request would add one). */
export const FAULT_LOG_INTERVAL_MS = 5_000;

/**
 * Logs database faults at error level without flooding: the first one at once,
 * then one line per interval saying how many more there were.
 */
export function databaseFaultLogger(logger: Logger, intervalMs = FAULT_LOG_INTERVAL_MS): (error: unknown) => void {
  let last = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      suppressed += 1;
      return;
    }
    logger.error({ err: error, ...(suppressed > 0 && { suppressed }) }, "database unavailable");
    last = now;
    suppressed = 0;
  };
}
