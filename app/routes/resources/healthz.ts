import { getApp } from "#app/context.ts";
import { checkDatabase } from "#app/db/health.server.ts";
import { DatabaseUnavailableError, RETRY_AFTER_SECONDS } from "#app/utils/errors.ts";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getApp(context);
  const headers = { "Cache-Control": "no-store" };
  try {
    await checkDatabase(db);
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch (error) {
    // An outage the database layer recognised is already logged there, throttled (server/db-faults.ts).
    if (!(error instanceof DatabaseUnavailableError)) logger.error({ err: error }, "health check: database unavailable");
    return Response.json(
      { status: "error", database: "unavailable" },
      { status: 503, headers: { ...headers, "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
}
