import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { Form, Link, redirect, useLocation, useNavigation, useSubmit } from "react-router";
import { Pagination } from "#app/components/catalogue/pagination.tsx";
import { SearchResultCard } from "#app/components/search/search-result-card.tsx";
import { TitleGridSkeleton } from "#app/components/catalogue/title-grid-skeleton.tsx";
import { ADMIN_QUALITY_OPTIONS } from "#app/constants.ts";
import { getApp } from "#app/context.ts";
import { listGenres } from "#app/modules/catalogue/read.server.ts";
import { missingFromCatalogue } from "#app/modules/catalogue/tmdb.server.ts";
import { ExternalResults } from "#app/components/search/external-results.tsx";
import { hasFilters, parseSearchParams, SORT_LABELS } from "#app/modules/search/params.ts";
import { recordSearch, searchCatalogue, type SearchResults } from "#app/modules/search/search.server.ts";
import { SEARCH_SORTS } from "#app/modules/search/types.ts";
import { pageHref } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/search";

const NOT_FOUND_TEXT = "Data not found";
const EXTERNAL_LIMIT = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseSearchParams(url.searchParams);
  if (params.badPage) throw redirect(pageHref(url.pathname, url.search, 1));
  const { db, logger, tmdb } = getApp(context);
  const genres = await listGenres(db);
  let results: SearchResults | null = null;
  let failed = false;
  try {
    results = await searchCatalogue(db, { text: params.text, page: params.page, filters: params.filters, sort: params.sort });
  } catch (error) {
    logger.error({ err: error }, "search failed");
    failed = true;
  }
  if (results && results.total > 0 && params.page > results.totalPages)
    throw redirect(pageHref(url.pathname, url.search, results.totalPages));
  if (results?.query && params.page === 1 && !hasFilters(params.filters) && params.sort === "relevance") {
    await recordSearch(db, results.query, results.total).catch((error) => logger.warn({ err: error }, "search not counted"));
  }
  // Titles TMDB knows and the catalogue does not: first page of an unfiltered search only, none without a TMDB key.
  const external =
    tmdb && params.text.trim() && params.page === 1 && !hasFilters(params.filters)
      ? (await missingFromCatalogue(db, await tmdb.search(params.text)).catch(() => [])).slice(0, EXTERNAL_LIMIT)
      : [];
  return { params, results: results?.query ? results : null, failed, genres, external };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const q = data?.params.text.trim();
  return seoMeta(originOf(matches), {
    title: q ? `Search: ${q}` : "Search",
    description: q ? `Movies and TV shows on Cinedex matching “${q}”.` : "Search the Cinedex catalogue of movies and TV shows.",
    path: q ? `/search?${new URLSearchParams({ q })}` : "/search",
    noindex: true,
  });
}

const field =
  "h-10 w-full rounded-lg border border-white/10 bg-ink-900 px-3 text-sm text-white focus:border-accent-400/60 focus:outline-none";

function Filters({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { params, genres } = data;
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const autoSubmit = () => {
    if (form.current) void submit(form.current, { replace: true });
  };
  return (
    <Form ref={form} method="get" action="/search" aria-label="Filter results" className="rounded-xl bg-ink-800 p-4 ring-1 ring-white/5">
      <input type="hidden" name="q" value={params.text} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <label className="text-xs font-medium text-mist-300">
          Type
          <select name="type" defaultValue={params.filters.type ?? ""} onChange={autoSubmit} className={`${field} mt-1`}>
            <option value="">All</option>
            <option value="movie">Movies</option>
            <option value="tv">TV shows</option>
          </select>
        </label>
        <label className="text-xs font-medium text-mist-300">
          Genre
          <select name="genre" defaultValue={params.filters.genre ?? ""} onChange={autoSubmit} className={`${field} mt-1`}>
            <option value="">All genres</option>
            {genres.map((g) => (
              <option key={g.id} value={g.slug}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-mist-300">
          Quality
          <select name="quality" defaultValue={params.filters.quality ?? ""} onChange={autoSubmit} className={`${field} mt-1`}>
            <option value="">Any quality</option>
            {ADMIN_QUALITY_OPTIONS.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        {(["yearFrom", "yearTo"] as const).map((key) => (
          <label key={key} className="text-xs font-medium text-mist-300">
            {key === "yearFrom" ? "From year" : "To year"}
            <input
              name={key}
              inputMode="numeric"
              maxLength={4}
              pattern="\d{4}"
              placeholder={key === "yearFrom" ? "1900" : "2026"}
              defaultValue={params.typed[key]}
              aria-invalid={params.errors[key] ? true : undefined}
              aria-describedby={params.errors[key] ? `${key}-error` : undefined}
              className={`${field} mt-1`}
            />
            {params.errors[key] && (
              <span id={`${key}-error`} className="mt-1 block text-amber-300">
                {params.errors[key]}
              </span>
            )}
          </label>
        ))}
        <label className="text-xs font-medium text-mist-300">
          Sort by
          <select name="sort" defaultValue={params.sort} onChange={autoSubmit} className={`${field} mt-1`}>
            {SEARCH_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded-full bg-accent-500 px-5 py-2 text-sm font-semibold text-ink-950 hover:bg-accent-400">
          Apply filters
        </button>
        {hasFilters(params.filters) && (
          <Link to={`/search?${new URLSearchParams({ q: params.text })}`} className="text-sm font-semibold text-accent-300 hover:underline">
            Clear filters
          </Link>
        )}
      </div>
    </Form>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { params, results, failed } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  useEffect(() => {
    if (failed) toast.error("Something went wrong");
  }, [failed]);
  const q = params.text.trim();

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{q ? <>Search results for “{q}”</> : "Search"}</h1>
      {results && results.total > 0 && (
        <p className="mt-2 text-sm text-mist-400" aria-live="polite">
          {results.total.toLocaleString("en-US")} {results.total === 1 ? "title" : "titles"}
          {results.match === "similar" && " with a similar name"}
          {results.totalPages > 1 && ` · page ${results.page} of ${results.totalPages}`}
        </p>
      )}
      {/* Filters only narrow results down: offered when there are results, or filters to clear. */}
      {q && ((results?.total ?? 0) > 0 || hasFilters(params.filters) || Object.keys(params.errors).length > 0) && (
        <div className="mt-6">
          <Filters key={location.search} data={loaderData} />
        </div>
      )}
      <section aria-label="Results" aria-busy={loading || undefined} className="mt-8">
        {loading ? (
          <TitleGridSkeleton />
        ) : failed ? (
          <p className="rounded-xl bg-amber-400/10 px-6 py-10 text-center text-amber-200 ring-1 ring-amber-400/30" role="alert">
            Something went wrong. Please try again later.
          </p>
        ) : !q ? (
          <p className="rounded-xl bg-ink-800 px-6 py-14 text-center text-mist-300">
            Type a title, a name or a year in the search box above.
          </p>
        ) : !results || results.total === 0 ? (
          <div className="rounded-xl bg-ink-800 px-6 py-14 text-center ring-1 ring-white/5">
            <p className="text-2xl font-semibold text-white">{NOT_FOUND_TEXT}</p>
            <p className="mt-3 text-mist-300">
              Check the spelling, try fewer words{hasFilters(params.filters) ? " or clear the filters" : ""}, or{" "}
              <Link
                to={`/request?${new URLSearchParams({ movieSeriesName: q })}`}
                className="font-semibold text-accent-300 underline underline-offset-2"
              >
                request this title
              </Link>
              .
            </p>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
            {results.items.map((title) => (
              <li key={title.id}>
                <SearchResultCard title={title} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {results && !loading && (
        <Pagination
          variant="compact"
          page={results.page}
          totalPages={results.totalPages}
          hrefFor={(n) => pageHref(location.pathname, location.search, n)}
        />
      )}
      {!loading && loaderData.external.length > 0 && <ExternalResults items={loaderData.external} />}
    </div>
  );
}
