import type { ReactNode } from "react";
import { Link } from "react-router";
import { BarChart } from "#app/components/admin/bar-chart.tsx";
import { formatCount } from "#app/utils/format.ts";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { StatCard, StatGrid } from "#app/components/admin/stat-card.tsx";
import { Card, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { getAnalyticsReport, type DailyClicks } from "#app/modules/analytics/analytics.server.ts";
import { ANALYTICS_TOP_LIMIT, ANALYTICS_WINDOW_DAYS } from "#app/modules/analytics/windows.ts";
import type { Route } from "./+types/analytics";
import { adminEditPath } from "#app/modules/catalogue/admin-form.ts";

export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/error-boundary.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const report = await getAnalyticsReport(getApp(context).db, { days: ANALYTICS_WINDOW_DAYS, limit: ANALYTICS_TOP_LIMIT }, now);
  return { report, now: now.getTime() };
}

export function meta() {
  return [{ title: "Analytics | Cinedex Admin" }, { name: "robots", content: "noindex, nofollow" }];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 2" for "2026-03-02": built by hand so server and browser agree. */
function shortDay(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

function busiest(days: DailyClicks[]): DailyClicks | null {
  return days.reduce<DailyClicks | null>((best, d) => (d.clicks > 0 && (!best || d.clicks > best.clicks) ? d : best), null);
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase";
const td = "px-3 py-2 text-left text-mist-100";
const num = "px-3 py-2 text-right tabular-nums text-mist-100";

function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="-mx-2">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-white/8">{head}</tr>
        </thead>
        <tbody className="divide-y divide-white/8">{children}</tbody>
      </table>
    </div>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report, now } = loaderData;
  const top = busiest(report.perDay);
  const days = report.days;
  return (
    <>
      <PageHeader title="Analytics" subtitle={`Out-link clicks and visitors' searches over the last ${days} days.`} />

      <StatGrid label="Click figures" columns={3}>
        <StatCard label="Out-link clicks" value={formatCount(report.totalClicks)} hint={`In the last ${days} days`} />
        <StatCard label="Daily average" value={formatCount(Math.round(report.totalClicks / days))} hint="Clicks per day" />
        <StatCard
          label="Busiest day"
          value={top ? shortDay(top.day) : "—"}
          hint={top ? `${formatCount(top.clicks)} clicks` : "No clicks yet"}
        />
      </StatGrid>

      <Card title="Out-link clicks per day" className="mt-6">
        {report.totalClicks === 0 ? (
          <EmptyState>No out-link clicks in the last {days} days.</EmptyState>
        ) : (
          <>
            <BarChart
              title={`Out-link clicks per day, last ${days} days`}
              summary={`${formatCount(report.totalClicks)} clicks in total${top ? `; the busiest day was ${shortDay(top.day)} with ${formatCount(top.clicks)}` : ""}.`}
              bars={report.perDay.map((d) => ({ label: shortDay(d.day), title: shortDay(d.day), value: d.clicks }))}
            />
            <details className="mt-4 text-sm">
              <summary className="cursor-pointer font-semibold text-accent-300 hover:text-accent-400">Show as a table</summary>
              <div className="mt-3">
                <Table
                  caption="Out-link clicks per day"
                  head={
                    <>
                      <th scope="col" className={th}>
                        Day
                      </th>
                      <th scope="col" className={`${th} text-right`}>
                        Clicks
                      </th>
                    </>
                  }
                >
                  {[...report.perDay].reverse().map((d) => (
                    <tr key={d.day}>
                      <th scope="row" className={`${td} font-normal`}>
                        <time dateTime={d.day}>{shortDay(d.day)}</time>
                      </th>
                      <td className={num}>{formatCount(d.clicks)}</td>
                    </tr>
                  ))}
                </Table>
              </div>
            </details>
          </>
        )}
      </Card>

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <Card title="Most-clicked titles">
          {report.titles.length === 0 ? (
            <EmptyState>No out-link clicks in the last {days} days.</EmptyState>
          ) : (
            <Table
              caption={`Most-clicked titles, last ${days} days`}
              head={
                <>
                  <th scope="col" className={th}>
                    Title
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Clicks
                  </th>
                </>
              }
            >
              {report.titles.map((t) => (
                <tr key={t.id}>
                  <th scope="row" className={`${td} font-normal`}>
                    <Link to={adminEditPath(t)} className="font-medium text-white hover:text-accent-300">
                      {t.title}
                    </Link>
                    <span className="ml-2 text-xs text-mist-400">{t.type === "movie" ? "Movie" : "TV show"}</span>
                  </th>
                  <td className={num}>{formatCount(t.clicks)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Top searches">
          {report.searches.length === 0 ? (
            <EmptyState>No searches yet.</EmptyState>
          ) : (
            <Table
              caption="Top searches"
              head={
                <>
                  <th scope="col" className={th}>
                    Search
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Times
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Results
                  </th>
                </>
              }
            >
              {report.searches.map((s) => (
                <tr key={s.query}>
                  <th scope="row" className={`${td} font-normal break-words`}>
                    {s.query}
                  </th>
                  <td className={num}>{formatCount(s.searches)}</td>
                  <td className={num}>{formatCount(s.lastResultCount)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Searches with no results">
          {report.missed.length === 0 ? (
            <EmptyState>Every search found something.</EmptyState>
          ) : (
            <Table
              caption="Searches with no results"
              head={
                <>
                  <th scope="col" className={th}>
                    Search
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Times
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Last
                  </th>
                </>
              }
            >
              {report.missed.map((s) => (
                <tr key={s.query}>
                  <th scope="row" className={`${td} font-normal break-words`}>
                    {s.query}
                  </th>
                  <td className={num}>{formatCount(s.zeroResultSearches)}</td>
                  <td className={`${num} whitespace-nowrap text-mist-300`}>
                    <RelativeTime at={s.lastSearchedAt} now={now} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </div>
      <p className="mt-4 text-xs text-mist-400">
        Searches are grouped by their words, lowercased and without accents. “Results” is how many titles the latest such search found.
      </p>
    </>
  );
}
