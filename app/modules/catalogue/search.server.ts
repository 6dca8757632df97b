import type { Logger } from "pino";
import type { Db } from "#app/db/client.server.ts";
import { toBool } from "#app/db/dialect.server.ts";
import type { SearchParams } from "#app/modules/search/params.ts";
import { runResultsSearch as runSearch } from "#app/modules/search/results.server.ts";
import * as search from "#app/modules/search/search.server.ts";
import type { CatalogueSource, SearchOptions, SearchFilters } from "#app/modules/search/search.server.ts";
import { cardColumns, toCard } from "./read.server.ts";

/**
 * Catalogue search: the search module's ranking over its own index, with what it
 * shows of the titles (cards, credits, genres) read here. Search never queries the
 * catalogue's tables; the catalogue hands it this source (issue 33: catalogue ->
 * search only). Routes, the API and tests search through these functions.
 */
export function catalogueSource(db: Db): CatalogueSource {
  return {
    async genres() {
      const rows = await db.selectFrom("genres").select(["id", "name", "slug", "hidden"]).orderBy("position").orderBy("name").execute();
      return rows.map((g) => ({ id: g.id, name: g.name, slug: g.slug, hidden: toBool(g.hidden) }));
    },
    async cards(ids) {
      if (ids.length === 0) return [];
      return (await db.selectFrom("titles as t").select(cardColumns).where("t.id", "in", ids).execute()).map(toCard);
    },
    async credits(ids) {
      if (ids.length === 0) return [];
      return db.selectFrom("credits").select(["title_id", "name", "role"]).where("title_id", "in", ids).execute();
    },
  };
}

export function searchCatalogue(db: Db, options: SearchOptions): Promise<search.SearchResults> {
  return search.searchCatalogue(db, catalogueSource(db), options);
}

export function browseCatalogue(db: Db, options: Omit<SearchOptions, "text"> & { filters: SearchFilters }) {
  return search.browseCatalogue(db, catalogueSource(db), options);
}

export function suggest(db: Db, text: string, limit?: number) {
  return search.suggest(db, catalogueSource(db), text, limit);
}

export function suggestGrouped(db: Db, text: string, limits?: Parameters<typeof search.suggestGrouped>[3]) {
  return search.suggestGrouped(db, catalogueSource(db), text, limits);
}

/** One search as the results pages run it (search/results.server.ts). */
export function runResultsSearch(db: Db, logger: Logger, params: SearchParams) {
  return runSearch(db, catalogueSource(db), logger, params);
}
