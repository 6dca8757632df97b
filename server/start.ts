import http from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server.ts";
import { DatabaseUnavailableError } from "#app/utils/errors.ts";
import { createNotifier, NOTIFY_SHUTDOWN_WAIT_MS, type Notifier } from "#app/modules/inbox/notify.server.ts";
import { defineAppJobs } from "#app/modules/jobs/app-jobs.server.ts";
import type { JobRunner } from "#app/modules/jobs/jobs.server.ts";
import { createJobRunner } from "#app/modules/jobs/runner.server.ts";
import { defineTestJobs } from "#app/modules/jobs/test-jobs.server.ts";
import { indexMissingTitles } from "#app/modules/catalogue/search-index.server.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { seedDemoIfEmpty } from "#db/seed/seed.ts";
import { openSharedState } from "#app/modules/limits/shared-state.server.ts";
import { AnalyticsCounter } from "#app/modules/analytics/counter.server.ts";
import { analyticsWarning, createApp, openTmdb, sharedStateWarning } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { databaseFaultLogger } from "./db-faults.ts";
import { createLogger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";

/** Slow clients may not hold a socket for long; in-flight work gets a grace period on shutdown. */
export const SERVER_TIMEOUTS = {
  headersMs: 15_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  /** How often Node looks for connections past the two timeouts above (its default, 30 s, lets them run long). */
  checkIntervalMs: 1_000,
  shutdownGraceMs: 10_000,
};

export interface StartOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  viteMiddleware?: RequestHandler;
  /** Called once the database is closed on shutdown (development closes Vite here). */
  onClose?: () => Promise<void>;
}

/** Prints one line for the operator and stops the process. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function reason(error: unknown): string {
  if (error instanceof DatabaseUnavailableError) return reason(error.cause);
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}

export async function startServer(options: StartOptions): Promise<http.Server> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config);
  for (const warning of config.warnings) logger.warn(warning);

  const metrics = config.metrics ? createMetrics() : undefined;
  const logFault = databaseFaultLogger(logger);
  let database: DatabaseHandle;
  try {
    database = openDatabase(config.database, {
      onFault: (error) => {
        logFault(error);
        metrics?.databaseFault();
      },
    });
  } catch (error) {
    fail(`Cannot open the database: ${reason(error)}`);
  }
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    if (config.seedDemo) {
      const added = await seedDemoIfEmpty(database.db);
      if (added > 0) logger.info(`added ${added} demo titles to the empty catalogue`);
    }
    const indexed = await indexMissingTitles(database.db);
    if (indexed > 0) logger.info(`added ${indexed} titles to the search index`);
  } catch (error) {
    await database.close().catch(() => {});
    fail(`Cannot prepare the database (${database.location}): ${reason(error)}`);
  }

  // The test jobs' instances tick and look for dead runs often, so the suite stays short.
  const jobs = createJobRunner(database, config.database, {
    logger,
    onError: databaseFaultLogger(logger),
    onOutcome: (name, outcome) => metrics?.recordJob(name, outcome),
    ...(config.jobsTestRecord ? { tickMs: 500, maintenanceSeconds: 1 } : {}),
  });
  const notifier = createNotifier({ smtp: config.smtp, allowPrivateWebhooks: config.webhookAllowPrivate, jobs });
  const shared = openSharedState(database, { redisUrl: config.redisUrl, onError: sharedStateWarning(logger) });
  // One TMDB client for the site and the jobs (the hourly figures refresh).
  const tmdb = openTmdb(config, shared, logger);
  defineAppJobs(
    jobs,
    { db: database.db, logger, publicUrl: config.publicUrl, notifier },
    {
      tmdb,
      linkChecks: config.linkChecks,
      onLinkSweep: (summary) => {
        metrics?.recordLinkChecks(summary);
      },
    },
  );
  if (config.jobsTestRecord) defineTestJobs(jobs, config.jobsTestRecord);
  metrics?.observeJobs(() => jobs.stats());
  try {
    await jobs.start({ work: config.jobsWorker });
  } catch (error) {
    await database.close().catch(() => {});
    fail(`Cannot start the job queue (${database.location}): ${reason(error)}`);
  }
  if (!config.jobsWorker) {
    logger.info("JOBS=off: this instance queues background jobs but does not run them");
    if (database.dialect === "sqlite")
      logger.warn("JOBS=off on SQLite: queued jobs (operator notifications) wait until the site runs with JOBS on");
  }
  if (config.smtp) logger.info({ host: config.smtp.host, port: config.smtp.port }, "operator e-mail goes through SMTP");
  logger.info(`rate limits and the TMDB cache are kept in ${shared.location}`);
  const counter = new AnalyticsCounter(database.db, { onError: analyticsWarning(logger) });
  const lifecycle = { stopping: false };
  const app = createApp({
    config,
    database,
    logger,
    notifier,
    jobs,
    metrics,
    shared,
    tmdb,
    counter,
    shuttingDown: () => lifecycle.stopping,
    ...options,
  });
  const server = http.createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs }, app);
  server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  server.requestTimeout = SERVER_TIMEOUTS.requestMs;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;

  await new Promise<void>((resolve) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const where = `${config.host || "port"} ${config.port}`.replace("port port", "port");
      fail(
        error.code === "EADDRINUSE"
          ? `Cannot listen on ${where}: it is already in use (set PORT to another port).`
          : `Cannot listen on ${where}: ${reason(error)}`,
      );
    });
    server.listen(config.port, config.host || undefined, resolve);
  });
  logger.info({ url: config.publicUrl, database: database.location }, `Cinedex is listening on port ${config.port}`);
  stopGracefully({
    server,
    database,
    notifier,
    jobs,
    counter,
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    lifecycle,
    onClose: async () => {
      await shared.close();
      await options.onClose?.();
    },
  });
  return server;
}

/** What stopGracefully closes, in order. */
interface Closables {
  server: http.Server;
  database: DatabaseHandle;
  notifier: Notifier;
  jobs: JobRunner;
  counter: AnalyticsCounter;
  logger: Logger;
  /** SHUTDOWN_TIMEOUT_MS: the whole stop, from the signal to the exit. */
  timeoutMs: number;
  /** Set from the signal on (/readyz answers 503). */
  lifecycle: { stopping: boolean };
  onClose?: () => Promise<void>;
}

/**
 * On SIGTERM or SIGINT: answer /readyz 503, stop accepting connections, let in-flight
 * requests finish (cut off after a grace period), give operator notifications still
 * being queued a moment (their submissions are stored either way), stop the jobs
 * (their signal aborts a link sweep's checks; a run cut off is retried later), then
 * close the database and exit 0. The whole stop is bounded: past `timeoutMs` the
 * process exits 1 with a line naming what it was still waiting for (a database that
 * stopped answering would otherwise hold it forever).
 */
function stopGracefully({ server, database, notifier, jobs, counter, logger, timeoutMs, lifecycle, onClose }: Closables) {
  let connections = 0;
  server.on("connection", (socket) => {
    connections += 1;
    socket.once("close", () => (connections -= 1));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    logger.info({ signal, timeoutMs }, "shutting down");
    // What the stop is still waiting for, with how much of it, for the line the deadline writes.
    const open = new Map<string, () => string>();
    const step = async (name: string, work: () => Promise<unknown>, detail: () => string = () => "") => {
      open.set(name, detail);
      try {
        await work();
      } finally {
        open.delete(name);
      }
    };
    setTimeout(() => {
      const still = [...open].map(([name, detail]) => (detail() ? `${name} (${detail()})` : name));
      logger.error({ still, timeoutMs }, `shutdown took longer than ${timeoutMs} ms; still open: ${still.join(", ") || "nothing known"}`);
      process.exit(1);
    }, timeoutMs);
    const graceMs = Math.min(SERVER_TIMEOUTS.shutdownGraceMs, timeoutMs / 2);
    const grace = setTimeout(() => {
      logger.warn("requests still running after the grace period; closing their connections");
      server.closeAllConnections();
    }, graceMs);
    grace.unref();
    // Connections that finish their last request while we wait would otherwise
    // linger for the keep-alive timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const poolDetail = () => {
      const stats = database.poolStats?.();
      return stats ? `${stats.total} connections, ${stats.total - stats.idle} in use, ${stats.waiting} waiting` : "";
    };
    void (async () => {
      try {
        await step(
          "HTTP server",
          () =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
          () => `${connections} connections`,
        );
        clearTimeout(grace);
        clearInterval(sweep);
        if (notifier.pending > 0) {
          await step("operator notifications", async () => {
            if (!(await notifier.drain(NOTIFY_SHUTDOWN_WAIT_MS)))
              logger.warn({ pending: notifier.pending }, "operator notifications still being sent at shutdown were abandoned");
          });
        }
        await step("job runner", () =>
          jobs.stop().catch((error: unknown) => logger.error({ err: error }, "the job runner did not stop cleanly")),
        );
        // The last counted page views, before the database goes.
        await step("page-view counter", () =>
          counter.close().catch((error: unknown) => logger.warn({ err: error }, "page-view counts could not be written at shutdown")),
        );
        await step(`database (${database.location})`, () => database.close(), poolDetail);
        await step("shared state", async () => onClose?.());
        logger.info("stopped");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while shutting down");
        process.exit(1);
      }
    })();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
