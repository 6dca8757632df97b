import type { AppContext } from "#app/context.ts";
import { pruneLoginAttempts } from "#app/modules/auth/login.server.ts";
import { pruneSessions } from "#app/modules/auth/sessions.server.ts";
import { pruneGoogleSessions } from "#app/modules/desksync/sessions.server.ts";
import { notifyJob } from "#app/modules/inbox/notify.server.ts";
import { pruneClickVisitors } from "#app/modules/outlinks/outlinks.server.ts";
import type { JobRunner } from "./jobs.server.ts";
import { pruneFinishedJobs } from "./table-runner.server.ts";

export const PRUNE_JOB = "prune";
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

/** The site's jobs: operator notification delivery and the hourly prune. Link-health checks are added beside these. */
export function defineAppJobs(runner: JobRunner, app: JobApp): void {
  runner.define(notifyJob(app));
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
