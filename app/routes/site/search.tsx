import { useEffect } from "react";
import toast from "react-hot-toast";
import { data, redirect, useNavigation } from "react-router";
import { ExternalResults } from "#app/components/search/external-results.tsx";
import { SearchResults } from "#app/components/search/search-results.tsx";
import { getApp } from "#app/context.ts";
import { searchPath } from "#app/modules/catalogue/paths.ts";
import { listGenresInUse } from "#app/modules/catalogue/read.server.ts";
import { missingFromCatalogue } from "#app/modules/catalogue/tmdb.server.ts";
import { requestExternalTitle } from "#app/http/request-title.server.ts";
import { hasFilters, parseSearchParams } from "#app/modules/search/params.ts";
import { runResultsSearch } from "#app/modules/catalogue/search.server.ts";
import { withActionHeaders } from "#app/utils/http-cache.ts";
import { pageHref } from "#app/utils/pagination.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/search";

const EXTERNAL_LIMIT = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseSearchParams(url.searchParams);
  if (params.badPage) throw redirect(pageHref(url.pathname, url.search, 1));
  const { db, logger, tmdb } = getApp(context);
  const [genres, { results, failed }] = await Promise.all([listGenresInUse(db), runResultsSearch(db, logger, params)]);
  if (results && results.total > 0 && params.page > results.totalPages)
    throw redirect(pageHref(url.pathname, url.search, results.totalPages));
  // Titles TMDB knows and the catalogue does not: first page of an unfiltered search only, none without a TMDB key.
  const external =
    tmdb && params.text.trim() && params.page === 1 && !hasFilters(params.filters)
      ? (await missingFromCatalogue(db, await tmdb.search(params.text)).catch(() => [])).slice(0, EXTERNAL_LIMIT)
      : [];
  return { params, results, failed, genres, external };
}

/**
 * "Request" on a result only TMDB knows; without JavaScript the page comes back saying Requested.
 * Without a TMDB key there is nothing to request: 405, as for a page without an action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (!app.tmdb) throw data("Method Not Allowed", { status: 405 });
  return requestExternalTitle(request, app);
}

export const headers = withActionHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const q = data?.params.text.trim();
  return seoMeta(originOf(matches), {
    title: q ? `Search: ${q}` : "Search",
    description: q ? `Movies and TV shows on Cinedex matching “${q}”.` : "Search the Cinedex catalogue of movies and TV shows.",
    path: q ? searchPath(q) : "/search",
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { params, results, failed, genres, external } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  useEffect(() => {
    if (failed) toast.error("Something went wrong");
  }, [failed]);
  return (
    <>
      <SearchResults
        params={params}
        results={results}
        failed={failed}
        genres={genres}
        pagination="compact"
        moreBelow={external.length > 0}
      />
      {!loading && external.length > 0 && <ExternalResults items={external} />}
    </>
  );
}
