import { href, Link } from "react-router";
import { RelativeTime } from "#app/components/admin/relative-time.tsx";
import { Card, EmptyState } from "#app/components/admin/ui.tsx";
import type { AnalyticsReport } from "#app/modules/analytics/analytics.server.ts";
import { formatCount } from "#app/utils/format.ts";
import { CsvLink, DailyChart, num, shortDay, Table, td, TitleCell } from "./parts.tsx";

/** The add form pre-filled with a missed search's words. */
function addPath(search: string): string {
  return `${href("/add")}?${new URLSearchParams({ title: search })}`;
}

/** Views, requests and clicks per day: two charts and the same figures as a table. */
export function PerDayCard({ report }: { report: AnalyticsReport }) {
  const days = report.days;
  return (
    <Card title="Per day" className="mt-6" action={<CsvLink table="daily" days={days} name="the figures per day" />}>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
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
  );
}

/** The ranked tables: missed searches, trending, most viewed and clicked, hosts, top searches. */
export function ReportTables({ report, now }: { report: AnalyticsReport; now: number }) {
  const days = report.days;
  return (
    <div className="mt-6 grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
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
  );
}
