import type { Logger } from "pino";
import type { Db } from "#app/db/client.server.ts";
import { hasFilters, type SearchParams } from "./params.ts";
import { recordSearch } from "./search-queries.server.ts";
import { searchCatalogue, type CatalogueSource, type SearchResults } from "./search.server.ts";

/**
 * One search as the results pages run it (/?q= and /search): filtered and sorted
 * from the query string; a plain first-page search is counted for the admin's
 * search statistics. A failing search is logged and reported as `failed`, so the
 * page shows the spec's message instead of an error page.
 */
export async function runResultsSearch(
  db: Db,
  source: CatalogueSource,
  logger: Logger,
  params: SearchParams,
): Promise<{ results: SearchResults | null; failed: boolean }> {
  let results: SearchResults;
  try {
    results = await searchCatalogue(db, source, { text: params.text, page: params.page, filters: params.filters, sort: params.sort });
  } catch (error) {
    logger.error({ err: error }, "search failed");
    return { results: null, failed: true };
  }
  if (results.query && params.page === 1 && !hasFilters(params.filters) && params.sort === "relevance") {
    await recordSearch(db, results.query, results.total).catch((error: unknown) => logger.warn({ err: error }, "search not counted"));
  }
  return { results: results.query ? results : null, failed: false };
}
