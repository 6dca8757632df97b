import type { AnalyticsReport } from "./analytics.server.ts";

/** The Analytics page's tables, each downloadable as CSV. */
export const ANALYTICS_TABLES = ["daily", "viewed", "trending", "clicked", "hosts", "searches", "missed"] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

export function isAnalyticsTable(value: string | null): value is AnalyticsTable {
  return (ANALYTICS_TABLES as readonly (string | null)[]).includes(value);
}

/**
 * One CSV field (RFC 4180). Search words are visitors' text: a field starting like a
 * formula (= + - @) gets a leading apostrophe so a spreadsheet shows it instead of running it.
 */
function field(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** A table of the report as CSV text, with a header row. */
export function analyticsCsv(report: AnalyticsReport, table: AnalyticsTable): string {
  switch (table) {
    case "daily":
      return csv(
        ["day", "title_views", "page_requests", "outlink_clicks"],
        report.perDay.map((d) => [d.day, d.views, d.requests, d.clicks]),
      );
    case "viewed":
      return csv(
        ["title_id", "type", "title", "views"],
        report.viewed.map((t) => [t.id, t.type, t.title, t.views]),
      );
    case "trending":
      return csv(
        ["title_id", "type", "title", "views_this_week", "views_previous_week", "growth_percent"],
        report.trending.map((t) => [t.id, t.type, t.title, t.views, t.previous, t.growth]),
      );
    case "clicked":
      return csv(
        ["title_id", "type", "title", "clicks"],
        report.titles.map((t) => [t.id, t.type, t.title, t.clicks]),
      );
    case "hosts":
      return csv(
        ["host", "clicks", "links"],
        report.hosts.map((h) => [h.host, h.clicks, h.links]),
      );
    case "searches":
      return csv(
        ["search", "searches", "zero_result_searches", "last_result_count", "last_searched_at"],
        report.searches.map((s) => [s.query, s.searches, s.zeroResultSearches, s.lastResultCount, s.lastSearchedAt]),
      );
    case "missed":
      return csv(
        ["search", "zero_result_searches", "requested", "last_searched_at"],
        report.missed.map((s) => [s.query, s.zeroResultSearches, s.requested, s.lastSearchedAt]),
      );
  }
}
