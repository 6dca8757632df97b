import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import type { TitleType } from "#app/db/schema.ts";
import { linkAddressRows, linkTitleRows, titleRows } from "#app/modules/catalogue/link-refs.server.ts";
import { pendingRequestCounts } from "#app/modules/inbox/requests/counts.server.ts";
import { requestTitleKey } from "#app/modules/inbox/requests/schema.ts";
import { searchesWithoutResults, topSearches, type SearchQueryStats } from "#app/modules/search/search-queries.server.ts";

/**
 * Read-only figures about visitors' behaviour: out-link clicks (link_clicks holds a
 * count per link and UTC day, written by clicks.server.ts), page views (title_views per title and day, and
 * site_requests per day, written by counter.server.ts) and searches (read
 * from the search module, search/search-queries.server.ts).
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
  return everyDay(start, days, { clicks: new Map(rows.map((r) => [r.day, toCount(r.n)])) });
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
    .innerJoin(linkTitleRows(db).as("l"), "l.id", "c.link_id")
    .select((eb) => ["l.title_id as id", "l.type", "l.slug", "l.title", eb.fn.sum<number | string>("c.count").as("clicks")])
    .where("c.day", ">=", windowStart(options.days, now))
    .groupBy(["l.title_id", "l.type", "l.slug", "l.title"])
    .orderBy("clicks", "desc")
    .orderBy("l.title")
    .orderBy("l.title_id")
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, slug: r.slug, title: r.title, clicks: toCount(r.clicks) }));
}

/** One entry per UTC day of a `days`-day window ending today, oldest first, from sparse day → count rows. */
function everyDay<K extends string>(
  start: string,
  days: number,
  series: Record<K, Map<string, number>>,
): ({ day: string } & Record<K, number>)[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: Math.max(1, days) }, (_, i) => {
    const day = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    const entry: Record<string, number | string> = { day };
    for (const key of Object.keys(series) as K[]) entry[key] = series[key].get(day) ?? 0;
    return entry as { day: string } & Record<K, number>;
  });
}

export interface DailyTraffic {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  views: number;
  requests: number;
  clicks: number;
}

/** Title page views, page requests and out-link clicks per UTC day of the last `days` days, oldest first. */
export async function trafficPerDay(db: Db, days: number, now = new Date()): Promise<DailyTraffic[]> {
  const start = windowStart(days, now);
  const [views, requests, clicks] = await Promise.all([
    db
      .selectFrom("title_views as v")
      .innerJoin(titleRows(db).as("t"), "t.id", "v.title_id")
      .select((eb) => ["v.day", eb.fn.sum<number | string>("v.views").as("n")])
      .where("v.day", ">=", start)
      .groupBy("v.day")
      .execute(),
    db.selectFrom("site_requests").select(["day", "requests as n"]).where("day", ">=", start).execute(),
    clicksPerDay(db, days, now),
  ]);
  const byDay = (rows: { day: string; n: number | string }[]) => new Map(rows.map((r) => [r.day, toCount(r.n)]));
  return everyDay(start, days, {
    views: byDay(views),
    requests: byDay(requests),
    clicks: new Map(clicks.map((c) => [c.day, c.clicks])),
  });
}

export interface TitleViews {
  id: number;
  type: TitleType;
  slug: string;
  title: string;
  views: number;
}

/** Titles by their page views in the last `days` days, most viewed first. */
export async function mostViewedTitles(db: Db, options: { days: number; limit: number }, now = new Date()): Promise<TitleViews[]> {
  const rows = await db
    .selectFrom("title_views as v")
    .innerJoin(titleRows(db).as("t"), "t.id", "v.title_id")
    .select((eb) => ["t.id", "t.type", "t.slug", "t.title", eb.fn.sum<number | string>("v.views").as("views")])
    .where("v.day", ">=", windowStart(options.days, now))
    .groupBy(["t.id", "t.type", "t.slug", "t.title"])
    .orderBy("views", "desc")
    .orderBy("t.title")
    .orderBy("t.id")
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, slug: r.slug, title: r.title, views: toCount(r.views) }));
}

export interface TrendingTitle extends TitleViews {
  /** Views in the 7 days before this week. */
  previous: number;
  /** Growth over the previous week in percent; null when it had no views then (new this week). */
  growth: number | null;
}

/**
 * Titles viewed more this week (the last 7 days) than in the 7 days before, by how
 * many views they gained, then by growth.
 */
export async function trendingTitles(db: Db, limit: number, now = new Date()): Promise<TrendingTitle[]> {
  const thisWeek = windowStart(7, now);
  const lastWeek = windowStart(14, now);
  const rows = await db
    .selectFrom("title_views as v")
    .innerJoin(titleRows(db).as("t"), "t.id", "v.title_id")
    .select((eb) => [
      "t.id",
      "t.type",
      "t.slug",
      "t.title",
      eb.fn.sum<number | string>(eb.case().when("v.day", ">=", thisWeek).then(eb.ref("v.views")).else(0).end()).as("views"),
      eb.fn.sum<number | string>(eb.case().when("v.day", "<", thisWeek).then(eb.ref("v.views")).else(0).end()).as("previous"),
    ])
    .where("v.day", ">=", lastWeek)
    .groupBy(["t.id", "t.type", "t.slug", "t.title"])
    .execute();
  return rows
    .map((r) => {
      const views = toCount(r.views);
      const previous = toCount(r.previous);
      const growth = previous > 0 ? Math.round(((views - previous) / previous) * 100) : null;
      return { id: r.id, type: r.type, slug: r.slug, title: r.title, views, previous, growth };
    })
    .filter((t) => t.views > t.previous)
    .sort(
      (a, b) =>
        b.views - b.previous - (a.views - a.previous) || (b.growth ?? Infinity) - (a.growth ?? Infinity) || a.title.localeCompare(b.title),
    )
    .slice(0, limit);
}

export interface HostClicks {
  host: string;
  clicks: number;
  /** Links on that host clicked in the window. */
  links: number;
}

/** Out-link clicks in the last `days` days per link host, most clicked first. */
export async function clicksPerHost(db: Db, options: { days: number; limit: number }, now = new Date()): Promise<HostClicks[]> {
  // Per link in SQL, per host here: the host is parsed from the URL the same way on both databases.
  const rows = await db
    .selectFrom("link_clicks as c")
    .innerJoin(linkAddressRows(db).as("l"), "l.id", "c.link_id")
    .select((eb) => ["l.url", eb.fn.sum<number | string>("c.count").as("clicks")])
    .where("c.day", ">=", windowStart(options.days, now))
    .groupBy(["l.id", "l.url"])
    .execute();
  const hosts = new Map<string, HostClicks>();
  for (const r of rows) {
    const host = hostOf(r.url);
    const entry = hosts.get(host) ?? { host, clicks: 0, links: 0 };
    entry.clicks += toCount(r.clicks);
    entry.links += 1;
    hosts.set(host, entry);
  }
  return [...hosts.values()].sort((a, b) => b.clicks - a.clicks || a.host.localeCompare(b.host)).slice(0, options.limit);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "(no host)";
  } catch {
    return "(no host)";
  }
}

export interface MissedSearch extends SearchQueryStats {
  /** How many times visitors asked for a title by these words (pending content requests). */
  requested: number;
}

/** Searches that found nothing, each with the pending content requests for the same title words. */
export async function missedSearches(db: Db, limit: number): Promise<MissedSearch[]> {
  const missed = await searchesWithoutResults(db, limit);
  if (missed.length === 0) return [];
  const keys = [...new Set(missed.map((s) => requestTitleKey(s.query)))].filter(Boolean);
  const requested = await pendingRequestCounts(db, keys);
  return missed.map((s) => ({ ...s, requested: requested.get(requestTitleKey(s.query)) ?? 0 }));
}

export interface AnalyticsReport {
  days: number;
  perDay: DailyTraffic[];
  totalClicks: number;
  totalViews: number;
  totalRequests: number;
  titles: TitleClicks[];
  viewed: TitleViews[];
  trending: TrendingTitle[];
  hosts: HostClicks[];
  searches: SearchQueryStats[];
  missed: MissedSearch[];
}

/** Everything the Analytics page shows, for the last `days` days. */
export async function getAnalyticsReport(db: Db, options: { days: number; limit: number }, now = new Date()): Promise<AnalyticsReport> {
  const [perDay, titles, viewed, trending, hosts, searches, missed] = await Promise.all([
    trafficPerDay(db, options.days, now),
    mostClickedTitles(db, options, now),
    mostViewedTitles(db, options, now),
    trendingTitles(db, options.limit, now),
    clicksPerHost(db, options, now),
    topSearches(db, options.limit),
    missedSearches(db, options.limit),
  ]);
  const total = (key: "views" | "requests" | "clicks") => perDay.reduce((sum, d) => sum + d[key], 0);
  return {
    days: options.days,
    perDay,
    totalClicks: total("clicks"),
    totalViews: total("views"),
    totalRequests: total("requests"),
    titles,
    viewed,
    trending,
    hosts,
    searches,
    missed,
  };
}
