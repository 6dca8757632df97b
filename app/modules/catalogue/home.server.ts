import type { Db } from "#app/db/client.server.ts";
import { perContentVersion } from "#app/modules/site/content-version.server.ts";
import { LISTING_PAGE_SIZE } from "#app/constants.ts";
import { pageRequest, totalPagesOf, type Page } from "#app/utils/pagination.ts";
import { countIndexedTitles, popularityRows } from "#app/modules/search/popularity.server.ts";
import { genrePath } from "./paths.ts";
import { cardColumns, listTitles, toCard } from "./read.server.ts";
import type { Genre, TitleCard } from "./types.ts";

/** Cards per home row: a desktop screen shows about seven, a phone scrolls through the rest. */
export const HOME_ROW_SIZE = 12;
/** A genre gets a "Popular in" row only with enough titles to fill a screen's width. */
export const GENRE_ROW_MIN_TITLES = 8;
/** How many "Popular in <genre>" rows the home page shows at most. */
export const GENRE_ROWS = 2;

export interface HomeRow {
  /** Stable id: the row's heading id and React key. */
  id: string;
  heading: string;
  /** The full listing the row is a preview of. */
  seeAll: string;
  titles: TitleCard[];
}

/** The most popular titles, optionally of one genre, by the popularity the search index keeps (popularity.server.ts). */
async function mostPopular(
  db: Db,
  { genreId, limit = HOME_ROW_SIZE, offset = 0 }: { genreId?: number; limit?: number; offset?: number } = {},
) {
  let query = db.selectFrom(popularityRows(db).as("d")).innerJoin("titles as t", "t.id", "d.title_id");
  if (genreId !== undefined) query = query.innerJoin("title_genres as tg", "tg.title_id", "t.id").where("tg.genre_id", "=", genreId);
  const rows = await query
    .select(cardColumns)
    .orderBy("d.popularity", "desc")
    .orderBy("t.uploaded_at", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toCard);
}

/** The whole catalogue, most popular first: "Trending now"'s See all. */
export async function listPopularTitles(db: Db, options: { page?: number } = {}): Promise<Page<TitleCard>> {
  const { page, perPage, offset } = pageRequest(options.page, LISTING_PAGE_SIZE);
  const [items, total] = await Promise.all([mostPopular(db, { limit: perPage, offset }), countIndexedTitles(db)]);
  return { items, page, perPage, total, totalPages: totalPagesOf(total, perPage) };
}

/** The genres that get a "Popular in" row: the largest public ones with enough titles. */
export function rowGenres(genres: (Genre & { titles: number })[]): (Genre & { titles: number })[] {
  return genres
    .filter((g) => g.titles >= GENRE_ROW_MIN_TITLES)
    .toSorted((a, b) => b.titles - a.titles || a.name.localeCompare(b.name))
    .slice(0, GENRE_ROWS);
}

/**
 * The home page's rows: Trending now, New on Cinedex, then Popular in <genre> for
 * the largest genres. "New" is the first page of the latest uploads the page lists
 * anyway; the popularity rows are read once per content version (three queries).
 */
export async function listHomeRows(
  db: Db,
  genres: (Genre & { titles: number })[],
  latest?: Page<TitleCard>,
): Promise<{ rows: HomeRow[]; latest: Page<TitleCard> }> {
  const picked = rowGenres(genres);
  const [popular, latestPage] = await Promise.all([
    perContentVersion(db, `home.rows.${picked.map((g) => g.id).join(",")}`, async () => {
      const [trending, ...byGenre] = await Promise.all([mostPopular(db), ...picked.map((g) => mostPopular(db, { genreId: g.id }))]);
      return { trending: trending!, byGenre };
    }),
    latest ?? listTitles(db, { page: 1 }),
  ]);
  const rows: HomeRow[] = [
    { id: "trending", heading: "Trending now", seeAll: "/?sort=popular", titles: popular.trending },
    { id: "new", heading: "New on Cinedex", seeAll: "#latest-heading", titles: latestPage.items.slice(0, HOME_ROW_SIZE) },
    ...picked.map((g, i) => ({
      id: `genre-${g.slug}`,
      heading: `Popular in ${g.name}`,
      seeAll: genrePath(g),
      titles: popular.byGenre[i] ?? [],
    })),
  ];
  return { rows: rows.filter((r) => r.titles.length > 0), latest: latestPage };
}
