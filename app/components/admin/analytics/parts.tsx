import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { BarChart } from "#app/components/admin/bar-chart.tsx";
import { EmptyState } from "#app/components/admin/ui.tsx";
import type { DailyTraffic } from "#app/modules/analytics/analytics.server.ts";
import type { AnalyticsTable } from "#app/modules/analytics/csv.ts";
import { adminEditPath } from "#app/modules/catalogue/admin-form.ts";
import { formatCount } from "#app/utils/format.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 2" for "2026-03-02": built by hand so server and browser agree. */
export function shortDay(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
}

function busiest(days: DailyTraffic[], key: "views" | "clicks"): DailyTraffic | null {
  return days.reduce<DailyTraffic | null>((best, d) => (d[key] > 0 && (!best || d[key] > best[key]) ? d : best), null);
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-mist-400 uppercase";
export const td = "px-3 py-2 text-left text-mist-100";
export const num = "px-3 py-2 text-right tabular-nums text-mist-100";
const link = "font-medium text-white hover:text-accent-300";

export function Table({ caption, columns, children }: { caption: string; columns: [string, ...string[]]; children: ReactNode }) {
  return (
    // Focusable and named: on a phone a table wider than its card scrolls here, and a table
    // with no links in it could not be scrolled by keyboard otherwise (WCAG 2.1.1).
    <div role="region" aria-label={caption} tabIndex={0} className="-mx-2 overflow-x-auto">
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

export function CsvLink({ table, days, name }: { table: AnalyticsTable; days: number; name: string }) {
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

export function TitleCell({ t }: { t: { id: number; type: "movie" | "tv"; slug: string; title: string } }) {
  return (
    <th scope="row" className={`${td} font-normal`}>
      <Link to={adminEditPath(t)} className={link}>
        {t.title}
      </Link>
      <span className="ml-2 text-xs text-mist-400">{t.type === "movie" ? "Movie" : "TV show"}</span>
    </th>
  );
}

export function DailyChart({ perDay, days, kind }: { perDay: DailyTraffic[]; days: number; kind: "views" | "clicks" }) {
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
