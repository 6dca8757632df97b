import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "#app/context.ts";
import { POSTGRES_POOL_SIZE, type DatabaseHandle } from "#app/db/client.server.ts";
import { openGeoLocator } from "#app/integrations/geoip/geoip.server.ts";
import { createTmdbClient, type TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import type { Notifier } from "#app/modules/inbox/notify.server.ts";
import type { JobRunner } from "#app/modules/jobs/jobs.server.ts";
import { openSharedState, type SharedState } from "#app/modules/limits/shared-state.server.ts";
import { isUnavailable } from "#app/db/faults.server.ts";
import { AnalyticsCounter } from "#app/modules/analytics/counter.server.ts";
import { readContentVersion } from "#app/modules/site/content-version.server.ts";
import type { Config } from "./config.ts";
import { refuse } from "./api-problems.ts";
import { knownMethods } from "./methods.ts";
import { createHitPath } from "./hit-path.ts";
import { createMetrics, markRouted, metricsEndpoint, metricsMiddleware, requestObserver, routeResolver, type Metrics } from "./metrics.ts";
import { countPageViews, recordPageView } from "./page-views.ts";
import { createPageHandler, expressPageHandler, oncePerTurn, PageStore, type ExpressState } from "./page-cache.ts";
import { IMPORT_UPLOAD_LIMIT } from "#app/constants.ts";
import { IMPORT_PATH } from "#app/modules/catalogue/import-constants.ts";
import { requestLogSerializers } from "./logger.ts";
import { requestTarget } from "./request-target.ts";
import { bodyLimit, cspNonce, hstsOverHttps, MAX_BODY_BYTES, sameOriginWrites, securityHeaders } from "./security.ts";

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Operator notifications; start.ts keeps it to wait for deliveries on shutdown. */
  notifier: Notifier;
  /** Queues background jobs (the import, ADR 028); the notifier's runner when not given. */
  jobs?: Pick<JobRunner, "enqueue"> | null;
  /** Rate limits and the TMDB cache; opened from the configuration when not given (start.ts gives it, to close it on shutdown). */
  shared?: SharedState;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the built client folder, served as static files. */
  clientDir?: string;
  /** Development: Vite's middleware, which serves and hot-reloads sources. */
  viteMiddleware?: RequestHandler;
  /** Page views and requests (ADR 035); start.ts gives it, to flush it on shutdown; made here when omitted. */
  counter?: AnalyticsCounter;
  /** Shared with the rest of the process (start.ts counts database faults into it); made here when omitted. */
  metrics?: Metrics;
  /** The TMDB client (start.ts makes it, to share it with the jobs); made from the configuration when omitted. */
  tmdb?: TmdbClient | null;
  /** start.ts: true once the process is stopping (/readyz answers 503). */
  shuttingDown?: () => boolean;
}

/** The process's TMDB client when TMDB is configured; its cache and 429 back-off live in the shared state, so every instance sees them. */
export function openTmdb(config: Config, state: SharedState, logger: Logger): TmdbClient | null {
  return config.tmdb
    ? createTmdbClient(config.tmdb, { cache: state.cache, onWarning: (message, error) => logger.warn({ err: error }, message) })
    : null;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** A proxy's request id is kept so log lines can be followed across hops; otherwise a new one. */
function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** A recurring failure is logged at most once a minute. */
function warnOncePerMinute(logger: Logger, message: string): (error: unknown) => void {
  let last = 0;
  return (error) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    logger.warn({ err: error }, message);
  };
}

/** The shared store failing: the limits fall back to per-process counts meanwhile. */
export const sharedStateWarning = (logger: Logger) =>
  warnOncePerMinute(logger, "shared state (rate limits, TMDB cache) unavailable; counting per instance meanwhile");

/** A failed flush keeps its counts for the next one. */
export const analyticsWarning = (logger: Logger) =>
  warnOncePerMinute(logger, "page-view counts could not be written; kept in memory for the next try");

export function createApp({
  config,
  database,
  logger,
  notifier,
  jobs = notifier.jobs,
  shared,
  counter,
  build,
  clientDir,
  viteMiddleware,
  ...options
}: AppOptions) {
  const app = express();
  const metrics = config.metrics ? (options.metrics ?? createMetrics()) : null;
  if (metrics && database.poolStats) metrics.observePool(database.poolStats, POSTGRES_POOL_SIZE);
  const state = shared ?? openSharedState(database, { redisUrl: config.redisUrl, onError: sharedStateWarning(logger) });
  // One client per process; its cache and 429 back-off live in the shared state, so every instance sees them.
  const tmdb = options.tmdb !== undefined ? options.tmdb : openTmdb(config, state, logger);
  // Read once: every request shares the open database.
  const geoip = openGeoLocator(config.geoipDb, (message) => logger.warn(message));
  app.disable("x-powered-by");
  // The problem details of refusals under /api/ name their type on the site's address (server/api-problems.ts).
  app.locals.publicUrl = config.publicUrl;
  app.set("trust proxy", config.trustProxy);
  const resolveRoute = routeResolver(build);
  if (metrics && config.metrics) {
    // Before logging and the rest: a scrape every few seconds is neither logged nor counted.
    app.get("/metrics", metricsEndpoint(metrics, config.metrics));
    app.use(metricsMiddleware(metrics, resolveRoute));
  }

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdFor(req.headers["x-request-id"]);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      serializers: requestLogSerializers,
    }),
  );
  // Before anything reads the address: absolute-form targets, `*`, bad Host headers, odd forwarded protocols.
  app.use(requestTarget());
  // Development has no CSP, so no nonce (a nonce the browser hides would only make React warn on hydration).
  app.use(knownMethods);
  if (!viteMiddleware) app.use(cspNonce);
  app.use(securityHeaders({ development: Boolean(viteMiddleware) }));
  app.use(hstsOverHttps);
  app.use(compression());
  // The import screen refuses a file over its limit itself, on the page, with the limit stated.
  app.use(bodyLimit(MAX_BODY_BYTES, { [IMPORT_PATH]: IMPORT_UPLOAD_LIMIT }, new Set([IMPORT_PATH])));
  app.use(sameOriginWrites());

  if (viteMiddleware) {
    app.use(viteMiddleware);
  } else if (clientDir) {
    // Fingerprinted by the build, so they never change under the same name.
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(onlyUnder(fs.readdirSync(clientDir), express.static(clientDir, { maxAge: "1h", index: false })));
  }

  // After the static files: only pages and their data requests count, cache hits included.
  const views = counter ?? new AnalyticsCounter(database.db, { onError: analyticsWarning(logger) });
  app.use(countPageViews(views));

  const renderRequest = createRequestHandler(build, viteMiddleware ? "development" : "production");
  const loadContext = (nonce: string | undefined, { req }: ExpressState) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      db: database.db,
      dialect: database.dialect,
      publicUrl: config.publicUrl,
      cspNonce: nonce,
      requestId: String(req.id),
      logger: req.log,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      google: config.google,
      sessionSecret: config.sessionSecret,
      tmdb,
      notifier,
      jobs,
      geoip,
      limits: state.limits,
      linkChecks: config.linkChecks,
      shuttingDown: options.shuttingDown,
    });
    return context;
  };
  // Anonymous public pages go through the page cache (ADR 014); development renders every time.
  const store = config.pageCache && !viteMiddleware ? new PageStore(config.pageCache.maxBytes) : null;
  const readVersion = () =>
    readContentVersion(database.db).catch((error: unknown) => (isUnavailable(error) ? null : Promise.reject(error)));
  const pages = createPageHandler<ExpressState>({
    render: (request, nonce, state) => renderRequest(request, loadContext(nonce, state)),
    // While the database is away nothing is served from or kept in the cache: the render answers 503 (ADR 022).
    readVersion: oncePerTurn(readVersion),
    store,
  });
  app.all("*splat", markRouted, expressPageHandler(pages));

  // Errors that reach Express itself: a client's malformed request (Express marks
  // those with a 4xx status, e.g. an undecodable URL) or a bug.
  const onError: ErrorRequestHandler = (error: { status?: number }, req, res, _next) => {
    const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) req.log.error({ err: error }, "unhandled error");
    if (res.headersSent) {
      res.end();
      return;
    }
    refuse(
      req,
      res,
      status === 500
        ? {
            kind: "internal",
            detail: "Something went wrong. Please try again later.",
            text: "Something went wrong. Please try again later.",
          }
        : {
            kind: "bad-request",
            detail: "The address is malformed: it has a percent-encoding that is not UTF-8 text.",
            text: "Bad Request: the address is malformed.",
            textStatus: status,
          },
    );
  };
  app.use(onError);

  if (!store) return app;
  // Hits are answered in front of Express (ADR 014), with what Express sent for the page and the same per-request work.
  const observe = metrics && config.metrics ? requestObserver(metrics, resolveRoute) : null;
  const hits = createHitPath({
    lookup: pages.lookup,
    logger,
    trustProxy: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
    requestId: requestIdFor,
    onAnswered: ({ method, path, url, status, seconds, header }) => {
      observe?.({ path, method, status, seconds, routed: true, cache: "hit" });
      recordPageView(views, { method, path, url, status, header, cache: "hit" });
    },
  });
  return (req: http.IncomingMessage, res: http.ServerResponse) => hits(req, res, () => app(req, res));
}

/**
 * Runs `handler` only for paths whose first segment is one of `names` (the build's
 * top-level client files, fixed after the build): a page is then never looked up on
 * disk first, which cost a stat and a 404 error object per request.
 */
function onlyUnder(names: string[], handler: RequestHandler): RequestHandler {
  const first = new Set(names);
  return (req, res, next) => {
    const segment = req.path.split("/", 2)[1] ?? "";
    if (first.has(segment)) handler(req, res, next);
    else next();
  };
}
