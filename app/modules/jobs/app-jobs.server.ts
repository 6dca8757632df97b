import type { AppContext } from "#app/context.ts";
import { importJob } from "#app/modules/catalogue/import.server.ts";
import { pruneLoginAttempts } from "#app/modules/auth/login.server.ts";
import { pruneSessions } from "#app/modules/auth/sessions.server.ts";
import { pruneGoogleSessions } from "#app/modules/desksync/sessions.server.ts";
import { notifyJob, notifyOperators } from "#app/modules/inbox/notify.server.ts";
import { runDueLinkChecks, type SweepSummary } from "#app/modules/linkhealth/sweep.server.ts";
import { refreshPopularity } from "#app/modules/search/popularity.server.ts";
import { POPULARITY_VIEW_DAYS, titleViewTotals } from "#app/modules/analytics/views.server.ts";
import { windowStart } from "#app/modules/analytics/analytics.server.ts";
import { refreshTmdbFigures, TmdbFiguresBackOff } from "#app/modules/catalogue/tmdb-figures.server.ts";
import type { TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { pruneClickVisitors } from "#app/modules/outlinks/outlinks.server.ts";
import type { JobRunner } from "./jobs.server.ts";
import { pruneFinishedJobs } from "./table-runner.server.ts";

export const PRUNE_JOB = "prune";
export const LINK_CHECK_JOB = "link-checks";
export const POPULARITY_JOB = "search-popularity";
export const TMDB_FIGURES_JOB = "tmdb-figures";
/**
 * Hourly, up to 200 titles (catalogue/tmdb-figures.server.ts). When TMDB rate-limits
 * or fails, the run stops and is tried again after 5, then 10, then 20 minutes; the
 * next hour's run takes over after that.
 */
const TMDB_FIGURES_EVERY_S = 60 * 60;
const TMDB_FIGURES_RETRY = { limit: 3, delaySeconds: 5 * 60, backoff: true };
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
  /** The TMDB client when TMDB is configured: the figures refresh is scheduled only then. */
  tmdb?: TmdbClient | null;
}

/** The site's jobs: operator notification delivery, catalogue imports, the hourly prune, popularity and TMDB figures refreshes, and the link-health sweep. */
export function defineAppJobs(runner: JobRunner, app: JobApp, hooks: AppJobHooks = {}): void {
  runner.define(notifyJob(app));
  runner.define(importJob(app));
  runner.define({
    name: POPULARITY_JOB,
    everySeconds: POPULARITY_EVERY_S,
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 30 * 60,
    async run() {
      const since = windowStart(POPULARITY_VIEW_DAYS);
      const rescored = await refreshPopularity(app.db, { views: (ids) => titleViewTotals(app.db, ids, since) });
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
  const tmdb = hooks.tmdb;
  if (tmdb)
    runner.define({
      name: TMDB_FIGURES_JOB,
      everySeconds: TMDB_FIGURES_EVERY_S,
      retry: TMDB_FIGURES_RETRY,
      // 200 requests within the client's 5-second timeout each.
      timeoutSeconds: 30 * 60,
      async run() {
        try {
          const done = await refreshTmdbFigures(app.db, tmdb);
          app.logger.info({ job: TMDB_FIGURES_JOB, ...done }, "TMDB figures refreshed");
        } catch (error) {
          if (error instanceof TmdbFiguresBackOff) app.logger.warn({ job: TMDB_FIGURES_JOB, ...error.done }, error.message);
          throw error;
        }
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
