import { data } from "react-router";
import { getApp } from "#app/context.ts";
import { getAnalyticsReport } from "#app/modules/analytics/analytics.server.ts";
import { analyticsCsv, isAnalyticsTable } from "#app/modules/analytics/csv.ts";
import { analyticsWindow, ANALYTICS_EXPORT_LIMIT, UNKNOWN_TABLE } from "#app/modules/analytics/windows.ts";
import type { Route } from "./+types/analytics-export";

/** GET /dashboard/analytics/export?table=…&days=…: one of the Analytics page's tables as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const table = url.searchParams.get("table");
  if (!isAnalyticsTable(table)) throw data(UNKNOWN_TABLE, { status: 400 });
  const days = analyticsWindow(url);
  const now = new Date();
  const report = await getAnalyticsReport(getApp(context).db, { days, limit: ANALYTICS_EXPORT_LIMIT }, now);
  const day = now.toISOString().slice(0, 10);
  return new Response(analyticsCsv(report, table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="cinedex-${table}-${days}d-${day}.csv"`,
    },
  });
}
