import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";

/**
 * The searches visitors made (search_queries: one row per normalised query): counted
 * here, read by the Analytics screen (analytics/analytics.server.ts).
 */

/** Counts a search (by its normalised text) and what it found, for the admin's statistics. */
export async function recordSearch(db: Db, query: string, resultCount: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const zero = resultCount === 0 ? 1 : 0;
  await db
    .insertInto("search_queries")
    .values({ query, searches: 1, zero_result_searches: zero, last_result_count: resultCount, last_searched_at: at })
    .onConflict((oc) =>
      oc.column("query").doUpdateSet((eb) => ({
        searches: eb("search_queries.searches", "+", 1),
        zero_result_searches: eb("search_queries.zero_result_searches", "+", zero),
        last_result_count: resultCount,
        last_searched_at: at,
      })),
    )
    .execute();
}

/**
 * Adds searches served from the page cache (counted in memory by analytics/counter.server.ts):
 * a cached page is served only at the content version it was rendered at, so the
 * query's last result count (written by that render) is still this search's.
 */
export async function countCachedSearches(db: Db, searches: Map<string, number>, at: string): Promise<void> {
  for (const [query, n] of searches) {
    await db
      .updateTable("search_queries")
      .set((eb) => ({
        searches: eb("searches", "+", n),
        zero_result_searches: eb("zero_result_searches", "+", eb.case().when("last_result_count", "=", 0).then(n).else(0).end()),
        last_searched_at: at,
      }))
      .where("query", "=", query)
      .execute();
  }
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
