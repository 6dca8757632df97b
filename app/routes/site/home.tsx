import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link, redirect } from "react-router";
import { FeaturedCarousel } from "#app/components/catalogue/featured-carousel.tsx";
import { GenreExplorer } from "#app/components/catalogue/genre-explorer.tsx";
import { TitleListing } from "#app/components/catalogue/title-listing.tsx";
import { getApp } from "#app/context.ts";
import { listFeatured, listGenres, listTitles } from "#app/modules/catalogue/read.server.ts";
import { recordSearch, searchCatalogue } from "#app/modules/search/search.server.ts";
import { pageHref, parsePageParam } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/home";

const EMPTY_CATALOGUE = "No movies available at the moment. Please try again later.";
const SEARCH_FAILED = "Something went wrong";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, valid } = parsePageParam(url.searchParams.get("page"));
  if (!valid) throw redirect(pageHref(url.pathname, url.search, 1));
  const { db, logger } = getApp(context);
  const genres = await listGenres(db);
  const q = url.searchParams.get("q");

  // A search from the navbar: results replace the listing; none found goes to the search page.
  if (q !== null) {
    try {
      const results = await searchCatalogue(db, { text: q, page });
      if (results.query !== null) {
        if (results.total === 0) throw redirect(`/search?${new URLSearchParams({ q })}`);
        if (page > results.totalPages) throw redirect(pageHref(url.pathname, url.search, results.totalPages));
        if (page === 1)
          await recordSearch(db, results.query, results.total).catch((error) => logger.warn({ err: error }, "search not counted"));
        return { mode: "search" as const, q, results, genres };
      }
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error({ err: error }, "search failed");
      return { mode: "listing" as const, searchFailed: true, ...(await listing(db, 1)), genres };
    }
  }

  const data = await listing(db, page);
  if (page > data.titles.totalPages) throw redirect(pageHref(url.pathname, url.search, data.titles.totalPages));
  return { mode: "listing" as const, searchFailed: false, ...data, genres };
}

async function listing(db: Parameters<typeof listTitles>[0], page: number) {
  const [titles, featured] = await Promise.all([listTitles(db, { page }), listFeatured(db)]);
  return { titles, featured };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const origin = originOf(matches);
  if (data?.mode === "search") {
    return seoMeta(origin, {
      title: `Search results for “${data.q}”`,
      description: `Movies and TV shows on Cinedex matching “${data.q}”.`,
      path: `/?${new URLSearchParams({ q: data.q })}`,
      noindex: true,
    });
  }
  const page = data?.titles.page ?? 1;
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
    const { q, results, genres } = loaderData;
    return (
      <>
        <h1 className="sr-only">Search results</h1>
        <GenreExplorer genres={genres} />
        <TitleListing
          titles={results}
          heading={`Results for “${q.trim()}”`}
          headingId="results-heading"
          emptyText=""
          actions={
            <div className="flex flex-wrap gap-2">
              <Link
                to={`/search?${new URLSearchParams({ q })}`}
                className="rounded-full bg-white/5 px-4 py-2 text-sm font-semibold text-mist-100 ring-1 ring-white/10 hover:bg-white/10"
              >
                Filter results
              </Link>
              <Link to="/" className="rounded-full px-4 py-2 text-sm font-semibold text-accent-300 hover:bg-white/5">
                Clear search
              </Link>
            </div>
          }
        />
      </>
    );
  }

  const { titles, featured, genres } = loaderData;
  return (
    <>
      <h1 className="sr-only">Cinedex: movies and TV shows</h1>
      {failed && (
        <p className="mb-6 rounded-xl bg-amber-400/10 px-4 py-3 text-amber-200 ring-1 ring-amber-400/30 [html.js_&]:hidden" role="alert">
          {SEARCH_FAILED}. Please try again later.
        </p>
      )}
      <FeaturedCarousel items={featured} />
      <GenreExplorer genres={genres} />
      <TitleListing titles={titles} heading="Latest uploads" headingId="latest-heading" emptyText={EMPTY_CATALOGUE} />
    </>
  );
}
