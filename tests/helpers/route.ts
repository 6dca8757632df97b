import pino from "pino";
import { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "#app/context.ts";
import type { Db } from "#app/db/client.server.ts";
import { dialectOf } from "#app/db/dialect.server.ts";
import { createNotifier } from "#app/modules/inbox/notify.server.ts";
import { createRateLimits } from "#app/modules/limits/limiter.server.ts";

/** One per test process, like the server's: a limit counts across the requests of a test file. */
const limits = createRateLimits({ kind: "memory" });

/** The router context the server would build for one request (see server/app.ts). */
export function routeContext(db: Db, overrides: Partial<AppContext> = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    db,
    dialect: dialectOf(db),
    publicUrl: "http://localhost",
    cspNonce: "n",
    requestId: "test",
    logger: pino({ level: "silent" }),
    clientAddress: "127.0.0.1",
    google: null,
    sessionSecret: "test-session-secret-that-is-long-enough-0123456789",
    tmdb: null,
    // No SMTP: with the default settings (no recipients, no webhook) nothing is sent.
    notifier: createNotifier({ smtp: null }),
    jobs: null,
    geoip: null,
    limits,
    ...overrides,
  });
  return context;
}

/** Loader/action arguments for calling a route module directly. */
export function routeArgs<A>(request: Request, context: RouterContextProvider, params: Record<string, string> = {}): A {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params, context } as unknown as A;
}
