import { lazy, useEffect } from "react";
import toast from "react-hot-toast";
import { redirect } from "react-router";
import { FeaturedCarousel } from "#app/components/catalogue/featured-carousel.tsx";
import { GenreExplorer } from "#app/components/catalogue/genre-explorer.tsx";
import { TitleListing } from "#app/components/catalogue/title-listing.tsx";
import { TitleRow, WatchlistRow } from "#app/components/catalogue/title-row.tsx";
import { getApp } from "#app/context.ts";
import { searchPath } from "#app/modules/catalogue/paths.ts";
import { listHomeRows, listPopularTitles, type HomeRow } from "#app/modules/catalogue/home.server.ts";
import { listFeatured, listGenresInUse, listTitles } from "#app/modules/catalogue/read.server.ts";
import { hasFilters, parseSearchParams } from "#app/modules/search/params.ts";
import { runResultsSearch } from "#app/modules/catalogue/search.server.ts";
import { pageHref, parsePage } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/home";

/**
 * The results of a search from the navbar (/?q=) load with such a page only, not with
 * the listing: the home page's JS budget (tests/e2e/page-weight.spec.ts). No Suspense
 * boundary: the server renders them in the page (also for visitors without JavaScript),
 * hydration waits for their chunk, and a navigation keeps the old page until it is there.
 */
const SearchResults = lazy(() => import("#app/components/search/search-results.tsx").then((m) => ({ default: m.SearchResults })));

const EMPTY_CATALOGUE = "No movies available at the moment. Please try again later.";
const SEARCH_FAILED = "Something went wrong";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db, logger } = getApp(context);
  const genres = await listGenresInUse(db);

  // A search from the navbar: results replace the listing; none found goes to the search page.
  if (url.searchParams.get("q") !== null) {
    const params = parseSearchParams(url.searchParams);
    if (params.badPage) throw redirect(pageHref(url.pathname, url.search, 1));
    const { results, failed } = await runResultsSearch(db, logger, params);
    if (results) {
      if (results.total === 0 && !hasFilters(params.filters)) throw redirect(searchPath(params.text));
      if (results.total > 0 && params.page > results.totalPages) throw redirect(pageHref(url.pathname, url.search, results.totalPages));
      return { mode: "search" as const, params, results, genres };
    }
    if (failed) return { mode: "listing" as const, searchFailed: true, ...(await listing(db, 1, false, genres)), genres };
  }

  const { page, valid } = parsePage(url.searchParams.get("page"));
  if (!valid) throw redirect(pageHref(url.pathname, url.search, 1));
  // "Trending now"'s See all: the same grid, most popular first. Any other value is the default listing.
  const popular = url.searchParams.get("sort") === "popular";
  const data = await listing(db, page, popular, genres);
  if (page > data.titles.totalPages) throw redirect(pageHref(url.pathname, url.search, data.titles.totalPages));
  return { mode: "listing" as const, searchFailed: false, ...data, genres };
}

/** The featured titles and a page of the grid; the first page of the default listing leads with the rows. */
async function listing(
  db: Parameters<typeof listTitles>[0],
  page: number,
  popular: boolean,
  genres: Awaited<ReturnType<typeof listGenresInUse>>,
) {
  const featured = listFeatured(db);
  if (popular) return { popular, featured: await featured, titles: await listPopularTitles(db, { page }), rows: [] as HomeRow[] };
  const titles = listTitles(db, { page });
  const rows = page === 1 ? listHomeRows(db, genres, await titles).then((r) => r.rows) : Promise.resolve([] as HomeRow[]);
  return { popular, featured: await featured, titles: await titles, rows: await rows };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const origin = originOf(matches);
  if (data?.mode === "search") {
    const q = data.params.text;
    return seoMeta(origin, {
      title: `Search results for “${q}”`,
      description: `Movies and TV shows on Cinedex matching “${q}”.`,
      path: `/?${new URLSearchParams({ q })}`,
      noindex: true,
    });
  }
  const page = data?.titles.page ?? 1;
  if (data?.popular)
    return seoMeta(origin, {
      title: page > 1 ? `Trending now, page ${page}` : "Trending now",
      description: "The most popular movies and TV shows on Cinedex.",
      path: page > 1 ? `/?sort=popular&page=${page}` : "/?sort=popular",
    });
  return seoMeta(origin, {
    title: page > 1 ? `Latest uploads, page ${page}` : "Cinedex",
    description: "Browse the Cinedex catalogue of movies and TV shows by genre and find where each one can be downloaded.",
    path: page > 1 ? `/?page=${page}` : "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const failed = loaderData.mode === "listing" && loaderData.searchFailed;
  useEffect(() => {
    if (failed) toast.error(SEARCH_FAILED);
  }, [failed]);

  if (loaderData.mode === "search") {
    const { params, results, genres } = loaderData;
    return (
      <>
        <SearchResults params={params} results={results} failed={false} genres={genres} pagination="window" />
        <div className="mt-14">
          <GenreExplorer genres={genres} />
        </div>
      </>
    );
  }

  const { titles, featured, genres, rows, popular } = loaderData;
  return (
    <>
      <h1 className="sr-only">Cinedex: movies and TV shows</h1>
      {failed && (
        <p className="mb-6 rounded-xl bg-amber-400/10 px-4 py-3 text-amber-200 ring-1 ring-amber-400/30 [html.js_&]:hidden" role="alert">
          {SEARCH_FAILED}. Please try again later.
        </p>
      )}
      <FeaturedCarousel items={featured} />
      {rows.map((row, i) => (
        <TitleRow key={row.id} {...row} eager={i === 0 ? 2 : 0} />
      ))}
      {rows.length > 0 && <WatchlistRow />}
      <GenreExplorer genres={genres} />
      <TitleListing
        titles={titles}
        heading={popular ? "Trending now" : "Latest uploads"}
        headingId={popular ? "trending-heading" : "latest-heading"}
        emptyText={EMPTY_CATALOGUE}
      />
    </>
  );
}
