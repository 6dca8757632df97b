import { createContext, type RouterContextProvider } from "react-router";
import type { Logger } from "pino";
import type { Db, DialectName } from "#app/db/client.server.ts";
import type { GoogleConfig } from "#server/config.ts";
import type { GeoLocator } from "#app/integrations/geoip/geoip.server.ts";
import type { TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import type { Notifier } from "#app/modules/inbox/notify.server.ts";
import type { JobRunner } from "#app/modules/jobs/jobs.server.ts";
import type { RateLimits } from "#app/modules/limits/limiter.server.ts";

/** What the server hands every loader and action (see server/app.ts). */
export interface AppContext {
  db: Db;
  dialect: DialectName;
  /** Origin of the site, for canonical and share URLs. */
  publicUrl: string;
  /** Per-request nonce that the Content-Security-Policy allows scripts with; none in development, which has no CSP. */
  cspNonce: string | undefined;
  requestId: string;
  logger: Logger;
  /** The client's address: the socket's, or a trusted proxy's X-Forwarded-For (TRUST_PROXY). */
  clientAddress: string;
  /** Google sign-in for the Drive dashboard; null when not configured. */
  google: GoogleConfig | null;
  /** The server's session secret (configured or generated), for keys derived from it. */
  sessionSecret: string;
  /** TMDB lookups; null when the site has no TMDB key (external features then show nothing). */
  tmdb: TmdbClient | null;
  /** Operator notifications' mail transport and deliveries under way (one per process). */
  notifier: Notifier;
  /** Queues background jobs (ADR 028); null where no runner exists (route tests). */
  jobs: Pick<JobRunner, "enqueue"> | null;
  /** Locates client addresses (quick requests); null when GEOIP_DB is not set or cannot be read. */
  geoip: GeoLocator | null;
  /** Rate limits shared by every instance (ADR 027): in the database, Redis or this process's memory. */
  limits: RateLimits;
  /** Whether this instance sweeps download links on schedule (LINK_CHECKS, ADR 029); unset means on. */
  linkChecks?: boolean;
  /** True from the moment the process starts to stop (SIGTERM): /readyz then answers 503. */
  shuttingDown?: () => boolean;
}

// One key per process: in development the server (run by tsx) and the app (loaded
// through Vite) each load this module, and both must use the same key.
const KEY = Symbol.for("cinedex.appContext");
const registry = globalThis as { [KEY]?: ReturnType<typeof createContext<AppContext>> };
export const appContext = (registry[KEY] ??= createContext<AppContext>());

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
