import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { TitleType } from "#app/db/schema.ts";

/**
 * Read-only figures about visitors' behaviour: out-link clicks (link_clicks holds a
 * count per link and UTC day) and searches (search_queries holds one row per
 * normalised query).
 */

const DAY_MS = 86_400_000;

/** The UTC day `days - 1` days before `now`'s, so a window of `days` days ends today. */
export function windowStart(days: number, now = new Date()): string {
  return new Date(now.getTime() - (Math.max(1, days) - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** Clicks on all out-links in the last `days` UTC days, today included. */
export async function countRecentClicks(db: Db, days: number, now = new Date()): Promise<number> {
  const { n } = await db
    .selectFrom("link_clicks")
    .select((eb) => eb.fn.sum<number | string | null>("count").as("n"))
    .where("day", ">=", windowStart(days, now))
    .executeTakeFirstOrThrow();
  return toCount(n);
}

export interface DailyClicks {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  clicks: number;
}

/** One entry per UTC day of the last `days` days, oldest first; days without clicks count 0. */
export async function clicksPerDay(db: Db, days: number, now = new Date()): Promise<DailyClicks[]> {
  const start = windowStart(days, now);
  const rows = await db
    .selectFrom("link_clicks")
    .select((eb) => ["day", eb.fn.sum<number | string>("count").as("n")])
    .where("day", ">=", start)
    .groupBy("day")
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, toCount(r.n)]));
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: Math.max(1, days) }, (_, i) => {
    const day = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    return { day, clicks: byDay.get(day) ?? 0 };
  });
}

export interface TitleClicks {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  clicks: number;
}

/** Titles by the clicks on all their links in the last `days` days, most clicked first. */
export async function mostClickedTitles(db: Db, options: { days: number; limit: number }, now = new Date()): Promise<TitleClicks[]> {
  const rows = await db
    .selectFrom("link_clicks as c")
    .innerJoin("links as l", "l.id", "c.link_id")
    .innerJoin("releases as r", "r.id", "l.release_id")
    .innerJoin("titles as t", "t.id", "r.title_id")
    .select((eb) => ["t.id", "t.type", "t.slug", "t.title", eb.fn.sum<number | string>("c.count").as("clicks")])
    .where("c.day", ">=", windowStart(options.days, now))
    .groupBy(["t.id", "t.type", "t.slug", "t.title"])
    .orderBy("clicks", "desc")
    .orderBy("t.title")
    .orderBy("t.id")
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, slug: r.slug, title: r.title, clicks: toCount(r.clicks) }));
}

export interface SearchQueryStats {
  /** The query as searched (normalised: lowercase words). */
  query: string;
  searches: number;
  zeroResultSearches: number;
  lastResultCount: number;
  lastSearchedAt: string;
}

function toQueryStats(r: {
  query: string;
  searches: number;
  zero_result_searches: number;
  last_result_count: number;
  last_searched_at: string;
}): SearchQueryStats {
  return {
    query: r.query,
    searches: toCount(r.searches),
    zeroResultSearches: toCount(r.zero_result_searches),
    lastResultCount: toCount(r.last_result_count),
    lastSearchedAt: r.last_searched_at,
  };
}

/** The most frequent searches. */
export async function topSearches(db: Db, limit: number): Promise<SearchQueryStats[]> {
  const rows = await db
    .selectFrom("search_queries")
    .selectAll()
    .orderBy("searches", "desc")
    .orderBy("last_searched_at", "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return rows.map(toQueryStats);
}

/** Searches that found nothing at least once, the most frequent first: what visitors look for and miss. */
export async function searchesWithoutResults(db: Db, limit: number): Promise<SearchQueryStats[]> {
  const rows = await db
    .selectFrom("search_queries")
    .selectAll()
    .where("zero_result_searches", ">", 0)
    .orderBy("zero_result_searches", "desc")
    .orderBy("last_searched_at", "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return rows.map(toQueryStats);
}

export interface AnalyticsReport {
  days: number;
  perDay: DailyClicks[];
  totalClicks: number;
  titles: TitleClicks[];
  searches: SearchQueryStats[];
  missed: SearchQueryStats[];
}

/** Everything the Analytics page shows, for the last `days` days. */
export async function getAnalyticsReport(db: Db, options: { days: number; limit: number }, now = new Date()): Promise<AnalyticsReport> {
  const [perDay, titles, searches, missed] = await Promise.all([
    clicksPerDay(db, options.days, now),
    mostClickedTitles(db, options, now),
    topSearches(db, options.limit),
    searchesWithoutResults(db, options.limit),
  ]);
  return {
    days: options.days,
    perDay,
    totalClicks: perDay.reduce((sum, d) => sum + d.clicks, 0),
    titles,
    searches,
    missed,
  };
}
