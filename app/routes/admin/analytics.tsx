import { Link } from "react-router";
import { PerDayCard, ReportTables } from "#app/components/admin/analytics/report-cards.tsx";
import { formatCount } from "#app/utils/format.ts";
import { StatCard, StatGrid } from "#app/components/admin/stat-card.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { getAnalyticsReport } from "#app/modules/analytics/analytics.server.ts";
import { ANALYTICS_TOP_LIMIT, ANALYTICS_WINDOWS, analyticsWindow } from "#app/modules/analytics/windows.ts";
import type { Route } from "./+types/analytics";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const days = analyticsWindow(new URL(request.url));
  const report = await getAnalyticsReport(getApp(context).db, { days, limit: ANALYTICS_TOP_LIMIT }, now);
  return { report, now: now.getTime() };
}

export function meta() {
  return [{ title: "Analytics | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report, now } = loaderData;
  const days = report.days;
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={`Title page views, out-link clicks and visitors' searches over the last ${days} days. Counted on the server, per day, without cookies or addresses.`}
        actions={
          <nav aria-label="Window" className="flex gap-1 rounded-lg border border-white/12 p-1 text-sm">
            {ANALYTICS_WINDOWS.map((w) => (
              <Link
                key={w}
                to={`?days=${w}`}
                aria-current={w === days ? "page" : undefined}
                className={`rounded-md px-3 py-1.5 font-semibold ${w === days ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:bg-white/8 hover:text-white"}`}
              >
                {w} days
              </Link>
            ))}
          </nav>
        }
      />

      <StatGrid label="Traffic figures" columns={3}>
        <StatCard label="Title page views" value={formatCount(report.totalViews)} hint={`In the last ${days} days`} />
        <StatCard label="Page requests" value={formatCount(report.totalRequests)} hint="Pages and their data, robots left out" />
        <StatCard label="Out-link clicks" value={formatCount(report.totalClicks)} hint="Once per visitor, link and day" />
      </StatGrid>

      <PerDayCard report={report} />

      <ReportTables report={report} now={now} />
      <p className="mt-4 text-xs text-mist-400">
        Searches are counted since the start, not per window; they are grouped by their words, lowercased and without accents. “Results” is
        how many titles the latest such search found. “Requested” counts pending content requests for the same title.
      </p>
    </>
  );
}
