import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { BarChart } from "#app/components/admin/bar-chart.tsx";
import { formatCount } from "#app/utils/format.ts";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { StatCard, StatGrid } from "#app/components/admin/stat-card.tsx";
import { Card, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.ts";
import { getAnalyticsReport, type DailyTraffic } from "#app/modules/analytics/analytics.server.ts";
import type { AnalyticsTable } from "#app/modules/analytics/csv.ts";
import { ANALYTICS_TOP_LIMIT, ANALYTICS_WINDOWS, analyticsWindow } from "#app/modules/analytics/windows.ts";
import type { Route } from "./+types/analytics";
import { adminEditPath } from "#app/modules/catalogue/admin-form.ts";

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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 2" for "2026-03-02": built by hand so server and browser agree. */
function shortDay(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

function busiest(days: DailyTraffic[], key: "views" | "clicks"): DailyTraffic | null {
  return days.reduce<DailyTraffic | null>((best, d) => (d[key] > 0 && (!best || d[key] > best[key]) ? d : best), null);
}

/** The add form pre-filled with a missed search's words. */
function addPath(search: string): string {
  return `${href("/add")}?${new URLSearchParams({ title: search })}`;
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase";
const td = "px-3 py-2 text-left text-mist-100";
const num = "px-3 py-2 text-right tabular-nums text-mist-100";
const link = "font-medium text-white hover:text-accent-300";

function Table({ caption, columns, children }: { caption: string; columns: [string, ...string[]]; children: ReactNode }) {
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-white/8">
            {columns.map((c, i) => (
              <th key={c} scope="col" className={i === 0 ? th : `${th} text-right`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/8">{children}</tbody>
      </table>
    </div>
  );
}

function CsvLink({ table, days, name }: { table: AnalyticsTable; days: number; name: string }) {
  return (
    <a
      href={`${href("/dashboard/analytics/export")}?${new URLSearchParams({ table, days: String(days) })}`}
      download
      className="text-xs font-semibold text-accent-300 hover:text-accent-400"
      aria-label={`Download ${name} as CSV`}
    >
      CSV
    </a>
  );
}

function TitleCell({ t }: { t: { id: number; type: "movie" | "tv"; slug: string; title: string } }) {
  return (
    <th scope="row" className={`${td} font-normal`}>
      <Link to={adminEditPath(t)} className={link}>
        {t.title}
      </Link>
      <span className="ml-2 text-xs text-mist-400">{t.type === "movie" ? "Movie" : "TV show"}</span>
    </th>
  );
}

function DailyChart({ perDay, days, kind }: { perDay: DailyTraffic[]; days: number; kind: "views" | "clicks" }) {
  const noun = kind === "views" ? "title page views" : "out-link clicks";
  const total = perDay.reduce((n, d) => n + d[kind], 0);
  const top = busiest(perDay, kind);
  if (total === 0)
    return (
      <EmptyState>
        No {noun} in the last {days} days.
      </EmptyState>
    );
  return (
    <BarChart
      title={`${kind === "views" ? "Title page views" : "Out-link clicks"} per day, last ${days} days`}
      summary={`${formatCount(total)} ${noun} in total${top ? `; the busiest day was ${shortDay(top.day)} with ${formatCount(top[kind])}` : ""}.`}
      bars={perDay.map((d) => ({ label: shortDay(d.day), title: shortDay(d.day), value: d[kind] }))}
    />
  );
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

      <Card title="Per day" className="mt-6" action={<CsvLink table="daily" days={days} name="the figures per day" />}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-white">Title page views</h3>
            <DailyChart perDay={report.perDay} days={days} kind="views" />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-white">Out-link clicks</h3>
            <DailyChart perDay={report.perDay} days={days} kind="clicks" />
          </div>
        </div>
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-semibold text-accent-300 hover:text-accent-400">Show as a table</summary>
          <div className="mt-3">
            <Table caption="Figures per day" columns={["Day", "Title views", "Page requests", "Clicks"]}>
              {[...report.perDay].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" className={`${td} font-normal`}>
                    <time dateTime={d.day}>{shortDay(d.day)}</time>
                  </th>
                  <td className={num}>{formatCount(d.views)}</td>
                  <td className={num}>{formatCount(d.requests)}</td>
                  <td className={num}>{formatCount(d.clicks)}</td>
                </tr>
              ))}
            </Table>
          </div>
        </details>
      </Card>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card title="Searches that found nothing" action={<CsvLink table="missed" days={days} name="searches that found nothing" />}>
          {report.missed.length === 0 ? (
            <EmptyState>Every search found something.</EmptyState>
          ) : (
            <Table caption="Searches that found nothing, most frequent first" columns={["Search", "Times", "Last", "Add"]}>
              {report.missed.map((s) => (
                <tr key={s.query}>
                  <th scope="row" className={`${td} font-normal break-words`}>
                    <span className="font-medium text-white">{s.query}</span>
                    {s.requested > 0 && (
                      <span className="ml-2 rounded bg-accent-500/15 px-1.5 py-0.5 text-xs text-accent-300">
                        requested {formatCount(s.requested)} {s.requested === 1 ? "time" : "times"}
                      </span>
                    )}
                  </th>
                  <td className={num}>{formatCount(s.zeroResultSearches)}</td>
                  <td className={`${num} whitespace-nowrap text-mist-300`}>
                    <RelativeTime at={s.lastSearchedAt} now={now} />
                  </td>
                  <td className={`${num} whitespace-nowrap`}>
                    <Link
                      to={addPath(s.query)}
                      className="font-semibold text-accent-300 hover:text-accent-400"
                      aria-label={`Add this title: ${s.query}`}
                    >
                      Add this title
                    </Link>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Trending this week" action={<CsvLink table="trending" days={days} name="trending titles" />}>
          {report.trending.length === 0 ? (
            <EmptyState>No title gained views over the week before.</EmptyState>
          ) : (
            <Table
              caption="Titles viewed more in the last 7 days than in the 7 before"
              columns={["Title", "This week", "Week before", "Growth"]}
            >
              {report.trending.map((t) => (
                <tr key={t.id}>
                  <TitleCell t={t} />
                  <td className={num}>{formatCount(t.views)}</td>
                  <td className={num}>{formatCount(t.previous)}</td>
                  <td className={num}>{t.growth === null ? "New" : `+${formatCount(t.growth)}%`}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Most-viewed titles" action={<CsvLink table="viewed" days={days} name="most-viewed titles" />}>
          {report.viewed.length === 0 ? (
            <EmptyState>No title page views in the last {days} days.</EmptyState>
          ) : (
            <Table caption={`Most-viewed titles, last ${days} days`} columns={["Title", "Views"]}>
              {report.viewed.map((t) => (
                <tr key={t.id}>
                  <TitleCell t={t} />
                  <td className={num}>{formatCount(t.views)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Most-clicked titles" action={<CsvLink table="clicked" days={days} name="most-clicked titles" />}>
          {report.titles.length === 0 ? (
            <EmptyState>No out-link clicks in the last {days} days.</EmptyState>
          ) : (
            <Table caption={`Most-clicked titles, last ${days} days`} columns={["Title", "Clicks"]}>
              {report.titles.map((t) => (
                <tr key={t.id}>
                  <TitleCell t={t} />
                  <td className={num}>{formatCount(t.clicks)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Clicks per host" action={<CsvLink table="hosts" days={days} name="clicks per host" />}>
          {report.hosts.length === 0 ? (
            <EmptyState>No out-link clicks in the last {days} days.</EmptyState>
          ) : (
            <Table caption={`Out-link clicks per host, last ${days} days`} columns={["Host", "Clicks", "Links"]}>
              {report.hosts.map((h) => (
                <tr key={h.host}>
                  <th scope="row" className={`${td} font-normal break-all`}>
                    {h.host}
                  </th>
                  <td className={num}>{formatCount(h.clicks)}</td>
                  <td className={num}>{formatCount(h.links)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>

        <Card title="Top searches" action={<CsvLink table="searches" days={days} name="top searches" />}>
          {report.searches.length === 0 ? (
            <EmptyState>No searches yet.</EmptyState>
          ) : (
            <Table caption="Top searches" columns={["Search", "Times", "Results"]}>
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
      </div>
      <p className="mt-4 text-xs text-mist-400">
        Searches are counted since the start, not per window; they are grouped by their words, lowercased and without accents. “Results” is
        how many titles the latest such search found. “Requested” counts pending content requests for the same title.
      </p>
    </>
  );
}
