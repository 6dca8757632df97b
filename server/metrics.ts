import crypto from "node:crypto";
import net from "node:net";
import type { RequestHandler } from "express";
import type { SweepSummary } from "#app/modules/linkhealth/sweep.server.ts";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Seconds; spans a cached page (under a millisecond) to a slow render or a timed-out database. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Route ids per path are remembered; beyond this many distinct paths the oldest are forgotten. */
const ROUTE_MEMO_SIZE = 2_000;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** What the job runner reports per job (app/modules/jobs JobStats). */
export interface JobFigures {
  name: string;
  queued: number;
  active: number;
  failed: number;
  failures: number;
}

/** Pool figures a database handle reports; null where there is no pool (SQLite). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop lag, handles). */
  processMetrics?: boolean;
}

/**
 * The process's metrics, one registry per app (so tests can build several apps).
 * Everything per request is a label lookup and two increments; figures that cost a
 * query or a walk are read only when /metrics is scraped (collect callbacks).
 *
 * Other parts of the server add their own through `registry` (any prom-client
 * metric with `registers: [metrics.registry]`), or report through the job and
 * link-check hooks here so names stay consistent.
 */
export function createMetrics({ processMetrics = true }: MetricsOptions = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "cinedex_http_requests_total",
    help: "HTTP requests answered, by React Router route id, method and status code.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "cinedex_http_request_duration_seconds",
    help: "Time from the request's arrival to the last byte of its answer, by React Router route id and method.",
    labelNames: ["route", "method"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "cinedex_page_cache_requests_total",
    help: "Anonymous page requests by page-cache outcome (hit, miss, bypass).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const databaseFaults = new Counter({
    name: "cinedex_database_faults_total",
    help: "Database operations that failed because the database was away (connection refused or lost, timeout, SQLite busy past its timeout).",
    registers: [registry],
  });
  const jobOutcomes = new Counter({
    name: "cinedex_job_runs_total",
    help: "Background job attempts this process ran, by job and how they ended (completed, retried, failed).",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  // For the link checker to report into (wired where it starts).
  const linkChecks = new Counter({
    name: "cinedex_link_checks_total",
    help: "Download-link checks by scheduled sweeps, by result (ok, failed, inconclusive, deferred, marked_broken, recovered).",
    labelNames: ["result"] as const,
    registers: [registry],
  });

  return {
    registry,
    requests,
    duration,
    pageCache,
    /** Exports a PostgreSQL pool's use, read at each scrape. Call once. */
    observePool(poolStats: () => PoolStats, poolMax: number) {
      new Gauge({
        name: "cinedex_db_pool_connections",
        help: "PostgreSQL pool connections: total open, idle, and requests waiting for one.",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const stats = poolStats();
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        },
      });
      new Gauge({ name: "cinedex_db_pool_max", help: "PostgreSQL pool size limit.", registers: [registry] }).set(poolMax);
    },
    /** Count a database fault (pass to openDatabase's onFault next to the logger). */
    databaseFault: () => databaseFaults.inc(),
    recordLinkCheck: (result: string) => linkChecks.inc({ result }),
    recordJob: (job: string, outcome: "completed" | "retried" | "failed") => jobOutcomes.inc({ job, outcome }),
    /** Counts a finished link-check sweep's results. */
    recordLinkChecks(summary: SweepSummary) {
      const { checked: _checked, markedBroken, ...results } = summary;
      for (const [result, n] of Object.entries({ ...results, marked_broken: markedBroken })) if (n > 0) linkChecks.inc({ result }, n);
    },
    /**
     * Exports the job runner's figures per job, read at each scrape. A queue that
     * cannot be read (database away) leaves them out of that scrape; /metrics still answers.
     */
    observeJobs(stats: () => Promise<JobFigures[]>) {
      let latest: Promise<JobFigures[] | null> | null = null;
      // The four metrics are collected one after the other: one read of the queue serves them all.
      const read = () =>
        (latest ??= stats()
          .catch(() => null)
          .finally(() => setTimeout(() => (latest = null), 0)));
      const gauge = (name: string, help: string, pick: (figures: JobFigures) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ["job"] as const,
          registers: [registry],
          async collect() {
            const figures = await read();
            this.reset();
            for (const job of figures ?? []) this.set({ job: job.name }, pick(job));
          },
        });
      gauge("cinedex_job_queue_depth", "Background jobs waiting to run, including retries not yet due, by job.", (j) => j.queued);
      gauge("cinedex_jobs_active", "Background jobs running now (on any instance), by job.", (j) => j.active);
      gauge("cinedex_jobs_failed", "Stored background jobs whose retries are used up, by job.", (j) => j.failed);
      new Counter({
        name: "cinedex_job_attempt_failures_total",
        help: "Failed attempts of background jobs seen by this process since it started, by job.",
        labelNames: ["job"] as const,
        registers: [registry],
        async collect() {
          const figures = await read();
          this.reset();
          for (const job of figures ?? []) this.inc({ job: job.name }, job.failures);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The id of the route that answers a path (the deepest match), from the build's
 * route manifest: a label with as many values as the app has routes, whatever
 * URLs clients send. Remembered per path (bounded), since matching walks every route.
 */
export function routeResolver(build: ServerBuild | (() => Promise<ServerBuild>)) {
  let tree: RouteObject[] | null = null;
  let loading: Promise<void> | null = null;
  const memo = new Map<string, string>();
  const load = () =>
    (loading ??= (async () => {
      const manifest = (typeof build === "function" ? await build() : build).routes;
      const byParent = new Map<string | undefined, RouteObject[]>();
      for (const route of Object.values(manifest)) {
        if (!route) continue;
        const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
        const siblings = byParent.get(route.parentId) ?? [];
        siblings.push(node);
        byParent.set(route.parentId, siblings);
      }
      const attach = (nodes: RouteObject[]): RouteObject[] =>
        nodes.map((node) => {
          const children = byParent.get(node.id);
          return children && !node.index ? { ...node, children: attach(children) } : node;
        });
      tree = attach(byParent.get(undefined) ?? []);
    })());
  // A build that cannot load yet (development, Vite still starting) is tried again on a later request.
  const tryLoad = () =>
    void load().catch(() => {
      loading = null;
    });
  tryLoad();

  return (pathname: string): string => {
    const known = memo.get(pathname);
    if (known !== undefined) return known;
    if (!tree) {
      tryLoad();
      return "unknown";
    }
    const matches = matchRoutes(tree, pathname);
    const id = matches?.at(-1)?.route.id ?? "unmatched";
    if (memo.size >= ROUTE_MEMO_SIZE) memo.delete(memo.keys().next().value!);
    memo.set(pathname, id);
    return id;
  };
}

/** One answered request, as the metrics count it. */
export interface ObservedRequest {
  path: string;
  method: string;
  status: number;
  seconds: number;
  /** Handed to the router (or answered from the page cache); otherwise static or rejected. */
  routed: boolean;
  /** The X-Page-Cache answer, when the page cache answered. */
  cache: string | undefined;
}

/** Records answered requests into the metrics (Express's through metricsMiddleware, and the page cache's hit path). */
export function requestObserver(metrics: Metrics, resolveRoute: (pathname: string) => string): (request: ObservedRequest) => void {
  // Labelled children per (route, method, status), so a request costs no label hashing: about 2 µs in all.
  const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
  const childFor = (route: string, method: string, status: string) => {
    const key = `${route} ${method} ${status}`;
    let child = children.get(key);
    if (!child) {
      const counter = metrics.requests.labels(route, method, status);
      const histogram = metrics.duration.labels(route, method);
      child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      children.set(key, child);
    }
    return child;
  };
  return ({ path, method, status, seconds, routed, cache }) => {
    const route = routed ? resolveRoute(path) : status < 400 ? "static" : "rejected";
    const child = childFor(route, METHODS.has(method) ? method : "OTHER", String(status));
    child.count();
    child.observe(seconds);
    if (cache !== undefined) metrics.pageCache.inc({ result: cache });
  };
}

/**
 * Times every request and counts it by route id when its answer is finished.
 * Requests answered before the router (static files, refused methods, oversized
 * bodies) are labelled "static" or "rejected".
 */
export function metricsMiddleware(metrics: Metrics, resolveRoute: (pathname: string) => string): RequestHandler {
  const observe = requestObserver(metrics, resolveRoute);
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      const cache = res.getHeader("X-Page-Cache");
      observe({
        path: req.path,
        method: req.method,
        status: res.statusCode,
        seconds: Number(process.hrtime.bigint() - start) / 1e9,
        routed: Boolean(res.locals.routed),
        cache: typeof cache === "string" ? cache : undefined,
      });
    });
    next();
  };
}

/** Marks a request as handed to the router (see metricsMiddleware). */
export const markRouted: RequestHandler = (_req, res, next) => {
  res.locals.routed = true;
  next();
};

/** Who may read /metrics: listed addresses or networks, and whoever presents the token. */
export interface MetricsAccess {
  /** IP addresses or CIDR networks. */
  allow: string[];
  /** A bearer token; null: addresses only. */
  token: string | null;
}

function blockListOf(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const type = net.isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Lengths leak, contents do not; the token's length is not the secret.
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * GET /metrics. A wrong token is refused (401) even from an allowed address, so a
 * misconfigured scraper is noticed; no token from an address not listed: 401 when
 * a token is configured (say how to get in), 403 when only addresses are.
 * The address is Express's req.ip: behind a proxy set TRUST_PROXY, or every
 * client looks like the proxy (and block /metrics at the proxy).
 */
export function metricsEndpoint(metrics: Metrics, access: MetricsAccess): RequestHandler {
  const allowed = blockListOf(access.allow);
  return async (req, res, next) => {
    try {
      // Answered before the security headers (so scrapes skip logging): the two that matter for text.
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Content-Type-Options", "nosniff");
      const auth = req.get("authorization");
      const bearer = auth && /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
      if (auth !== undefined && access.token) {
        if (!bearer || !constantTimeEqual(bearer, access.token)) {
          res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
          res.status(401).type("text/plain").send("Unauthorized: wrong metrics token.");
          return;
        }
      } else {
        const ip = (req.ip ?? req.socket.remoteAddress ?? "").replace(/^::ffff:(?=\d+\.)/, "");
        const type = net.isIP(ip) === 6 ? "ipv6" : "ipv4";
        if (!net.isIP(ip) || !allowed.check(ip, type)) {
          if (access.token) {
            res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
            res.status(401).type("text/plain").send("Unauthorized: send the metrics token as a Bearer token.");
          } else {
            res.status(403).type("text/plain").send("Forbidden: metrics are not available from this address.");
          }
          return;
        }
      }
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  };
}
