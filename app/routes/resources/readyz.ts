import { getApp } from "#app/context.ts";
import { checkDatabase, missingMigrations } from "#app/db/health.server.ts";
import { DatabaseUnavailableError, RETRY_AFTER_SECONDS } from "#app/utils/errors.ts";
import type { Route } from "./+types/readyz";

/**
 * For load balancers: 200 only when this instance can serve, i.e. its database
 * answers and has every migration this build expects (an instance of a newer build
 * started against an old schema, or a database restored from an older backup,
 * answers 503 until migrated), and an instance that is stopping answers 503 from the
 * signal on, so the balancer sends it nothing new. /healthz says only whether the
 * database answers.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger, shuttingDown } = getApp(context);
  const headers = { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) };
  if (shuttingDown?.()) return Response.json({ status: "stopping" }, { status: 503, headers });
  try {
    await checkDatabase(db);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) logger.error({ err: error }, "readiness check: database unavailable");
    return Response.json({ status: "error", database: "unavailable" }, { status: 503, headers });
  }
  let pending: string[];
  try {
    pending = await missingMigrations(db);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError)) logger.error({ err: error }, "readiness check: cannot read the migrations");
    return Response.json({ status: "error", database: "unavailable" }, { status: 503, headers });
  }
  if (pending.length > 0) {
    return Response.json({ status: "error", database: "ok", migrations: "pending", pending }, { status: 503, headers });
  }
  return Response.json({ status: "ok", database: "ok", migrations: "current" }, { headers: { "Cache-Control": "no-store" } });
}
