import { data, NavLink, redirect, useLocation } from "react-router";
import { TitleListing } from "#app/components/catalogue/title-listing.tsx";
import { ResultsFilters } from "#app/components/search/results-filters.tsx";
import { getApp } from "#app/context.ts";
import { genrePath } from "#app/modules/catalogue/paths.ts";
import { findGenre } from "#app/modules/catalogue/read.server.ts";
import type { TitleType } from "#app/modules/catalogue/types.ts";
import { hasFilters, parseSearchParams } from "#app/modules/search/params.ts";
import { browseCatalogue } from "#app/modules/catalogue/search.server.ts";
import type { SearchSort } from "#app/modules/search/types.ts";
import { pageHref } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/genre";
import { pageLoader, requireFound } from "#app/utils/errors.ts";

const TYPES: Record<string, TitleType> = { movie: "movie", tv: "tv" };
/** A genre page lists rather than searches: no "Best match"; newest upload first. */
const GENRE_SORTS: readonly SearchSort[] = ["newest", "rating", "title"];

export const loader = pageLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const type = "type" in params && params.type !== undefined ? TYPES[params.type] : undefined;
  if ("type" in params && params.type !== undefined && !type) throw data(null, { status: 404 });
  const query = parseSearchParams(url.searchParams);
  if (query.badPage) throw redirect(pageHref(url.pathname, url.search, 1));
  const { db } = getApp(context);
  const genre = requireFound(await findGenre(db, params.category), "There is no such genre.");
  const sort = GENRE_SORTS.includes(query.sort) ? query.sort : "newest";
  // The genre and the type come from the path; the query string adds years, quality and sort.
  const filters = { yearFrom: query.filters.yearFrom, yearTo: query.filters.yearTo, quality: query.filters.quality };
  const titles = await browseCatalogue(db, { page: query.page, sort, filters: { ...filters, genre: genre.slug, type } });
  if (query.page > titles.totalPages) throw redirect(pageHref(url.pathname, url.search, titles.totalPages));
  return {
    genre,
    titles,
    type: type ?? null,
    query: { text: "", filters, sort, errors: query.errors, typed: query.typed },
  };
});

const typeLabel = (type: TitleType | null) => (type === "movie" ? "Movies" : type === "tv" ? "TV Shows" : "All");

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Genre not found | Cinedex" }];
  const { genre, type, titles } = data;
  const base = genrePath(genre, type ?? undefined);
  return seoMeta(originOf(matches), {
    title: `${genre.name}${type ? ` ${typeLabel(type)}` : ""}${titles.page > 1 ? `, page ${titles.page}` : ""}`,
    description: `${genre.name} ${type === "tv" ? "TV shows" : type === "movie" ? "movies" : "movies and TV shows"} on Cinedex: ${titles.total} titles.`,
    path: titles.page > 1 ? `${base}?page=${titles.page}` : base,
    // Sorted and filtered views are the same titles again: only the plain listing is indexed.
    noindex: hasFilters(data.query.filters) || data.query.sort !== "newest",
  });
}

export default function GenrePage({ loaderData }: Route.ComponentProps) {
  const { genre, titles, type, query } = loaderData;
  const location = useLocation();
  const tabs: { to: string; type: TitleType | null }[] = [
    { to: genrePath(genre), type: null },
    { to: genrePath(genre, "movie"), type: "movie" },
    { to: genrePath(genre, "tv"), type: "tv" },
  ];
  const filtered = hasFilters(query.filters);
  return (
    <TitleListing
      level={1}
      titles={titles}
      heading={genre.name}
      headingId="genre-heading"
      emptyText={
        filtered
          ? `No ${type === "tv" ? "TV shows" : type === "movie" ? "movies" : "titles"} in ${genre.name} match these filters.`
          : `No ${type === "tv" ? "TV shows" : type === "movie" ? "movies" : "titles"} in ${genre.name} yet.`
      }
      actions={
        <nav aria-label="Type">
          <ul className="flex gap-1 rounded-full bg-ink-800 p-1 ring-1 ring-white/5">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end
                  className={({ isActive }) =>
                    `block rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${isActive ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:text-white"}`
                  }
                >
                  {typeLabel(tab.type)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      }
      toolbar={
        (titles.total > 0 || filtered || Object.keys(query.errors).length > 0) && (
          <ResultsFilters
            key={location.search}
            action={location.pathname}
            params={query}
            sorts={GENRE_SORTS}
            withType={false}
            clearHref={location.pathname}
          />
        )
      }
    />
  );
}
