import type { DatabaseHandle, DatabaseTarget } from "#app/db/client.server.ts";
import type { RunnerOptions } from "./engine.server.ts";
import type { JobRunner } from "./jobs.server.ts";
import { createPgBossRunner } from "./pgboss-runner.server.ts";
import { createTableRunner } from "./table-runner.server.ts";

/**
 * The engine for the database (ADR 028): pg-boss on PostgreSQL, so with several
 * instances a scheduled job runs once and a job of an instance that died is retried
 * by another; a jobs table polled in process on SQLite (one instance). The server
 * then defines the site's jobs on it (defineAppJobs in app-jobs.server.ts).
 */
export function createJobRunner(database: DatabaseHandle, target: DatabaseTarget, options: RunnerOptions): JobRunner {
  return target.dialect === "postgres"
    ? createPgBossRunner(target.url, { ...options, schema: options.schema ?? (target.schema ? `${target.schema}_jobs` : undefined) })
    : createTableRunner(database.db, options);
}
