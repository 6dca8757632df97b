import type { AppContext } from "#app/context.ts";
import { importJob } from "#app/modules/catalogue/import.server.ts";
import { pruneLoginAttempts } from "#app/modules/auth/login.server.ts";
import { pruneSessions } from "#app/modules/auth/sessions.server.ts";
import { pruneGoogleSessions } from "#app/modules/desksync/sessions.server.ts";
import { notifyJob, notifyOperators } from "#app/modules/inbox/notify.server.ts";
import { runDueLinkChecks, type SweepSummary } from "#app/modules/linkhealth/sweep.server.ts";
import { refreshPopularity } from "#app/modules/search/popularity.server.ts";
import { pruneClickVisitors } from "#app/modules/outlinks/outlinks.server.ts";
import type { JobRunner } from "./jobs.server.ts";
import { pruneFinishedJobs } from "./table-runner.server.ts";

export const PRUNE_JOB = "prune";
export const LINK_CHECK_JOB = "link-checks";
export const POPULARITY_JOB = "search-popularity";
/** Clicks and requests change a title's popularity without a write to the title: rescored hourly. */
const POPULARITY_EVERY_S = 60 * 60;
/**
 * Every quarter hour a sweep takes the links that are due (each link about once a
 * day, spread over the day) in bounded batches, so no run holds a host or the
 * database for long and a run cut off by a restart loses little.
 */
const LINK_CHECK_EVERY_S = 15 * 60;
/** Hourly: idle admin sessions end within the hour even if nobody reads them again. */
const PRUNE_EVERY_S = 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneResult {
  adminSessions: number;
  googleSessions: number;
  clickVisitors: number;
  loginAttempts: number;
  finishedJobs: number;
}

/**
 * Removes what the site no longer needs: ended admin and Google sessions, the
 * per-visitor click hashes of past days (the daily counts stay: they are the
 * analytics), sign-in attempts past their keeping time, and finished jobs of the
 * SQLite queue (pg-boss archives its own).
 */
export async function pruneOldRows(db: AppContext["db"], now = new Date()): Promise<PruneResult> {
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  return {
    adminSessions: await pruneSessions(db, now),
    googleSessions: await pruneGoogleSessions(db, now),
    clickVisitors: await pruneClickVisitors(db, yesterday),
    loginAttempts: await pruneLoginAttempts(db, now),
    finishedJobs: await pruneFinishedJobs(db, now),
  };
}

type JobApp = Pick<AppContext, "db" | "logger" | "publicUrl" | "notifier">;

export interface AppJobHooks {
  /** Sweep download links on schedule (LINK_CHECKS; off in the test suites, which must not reach real hosts). */
  linkChecks?: boolean;
  /** A link-check sweep finished (for metrics). */
  onLinkSweep?(summary: SweepSummary): void;
}

/** The site's jobs: operator notification delivery, catalogue imports, the hourly prune and popularity refresh, and the link-health sweep. */
export function defineAppJobs(runner: JobRunner, app: JobApp, hooks: AppJobHooks = {}): void {
  runner.define(notifyJob(app));
  runner.define(importJob(app));
  runner.define({
    name: POPULARITY_JOB,
    everySeconds: POPULARITY_EVERY_S,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 30 * 60,
    async run() {
      const rescored = await refreshPopularity(app.db);
      app.logger.info({ job: POPULARITY_JOB, rescored }, "search popularity refreshed");
    },
  });
  if (hooks.linkChecks ?? true)
    runner.define({
      name: LINK_CHECK_JOB,
      everySeconds: LINK_CHECK_EVERY_S,
      // A missed sweep is not retried: the next quarter hour takes the same due links.
      retry: { limit: 0, delaySeconds: 60, backoff: false },
      timeoutSeconds: LINK_CHECK_EVERY_S,
      async run(_data, { signal }) {
        // Stopping the process aborts the checks under way; their links stay due for the next sweep.
        const summary = await runDueLinkChecks(app.db, { signal, notify: (event) => notifyOperators(app, event) });
        hooks.onLinkSweep?.(summary);
        if (summary.checked > 0 || summary.deferred > 0) app.logger.info({ job: LINK_CHECK_JOB, ...summary }, "download links checked");
      },
    });
  runner.define({
    name: PRUNE_JOB,
    everySeconds: PRUNE_EVERY_S,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 10 * 60,
    async run() {
      const removed = await pruneOldRows(app.db);
      app.logger.info({ job: PRUNE_JOB, removed }, "old rows pruned");
    },
  });
}
