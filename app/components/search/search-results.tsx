import { Link, useLocation, useNavigation } from "react-router";
import { Pagination } from "#app/components/catalogue/pagination.tsx";
import { TitleGrid } from "#app/components/catalogue/title-card.tsx";
import { TitleGridSkeleton } from "#app/components/catalogue/title-grid-skeleton.tsx";
import { searchPath } from "#app/modules/catalogue/paths.ts";
import type { Genre } from "#app/modules/catalogue/types.ts";
import { hasFilters, type SearchParams } from "#app/modules/search/params.ts";
import { withoutWords } from "#app/modules/search/chips.ts";
import type { SearchResults as Results } from "#app/modules/search/search.server.ts";
import { SEARCH_SORTS } from "#app/modules/search/types.ts";
import { pageHref } from "#app/utils/pagination.ts";
import { ResultsFilters } from "./results-filters.tsx";

export const NOT_FOUND_TEXT = "Data not found";

/**
 * Search results, the same on the home page (/?q=) and the search page (/search):
 * heading and count, what was read from the words, the people the words name, sort and
 * filters, the title cards (the home page's, with "with {name}" under a title found
 * through a credit), the empty and failed states, and pagination (the home page's
 * five-number window, the search page's compact one).
 */
export function SearchResults({
  params,
  results,
  failed,
  genres,
  pagination,
  moreBelow = false,
}: {
  params: SearchParams;
  results: Omit<Results, "query"> | null;
  failed: boolean;
  genres: Genre[];
  pagination: "window" | "compact";
  /** Other results follow (TMDB's): an empty catalogue search says so briefly instead of "Data not found". */
  moreBelow?: boolean;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const q = params.text.trim();
  const clearHref = `${location.pathname}?${new URLSearchParams({ q: params.text })}`;

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{q ? <>Search results for “{q}”</> : "Search"}</h1>
      {results && results.total > 0 && (
        <p className="mt-2 text-sm text-mist-400" aria-live="polite">
          {results.total.toLocaleString("en-US")}
          {results.capped ? "+" : ""} {results.total === 1 ? "title" : "titles"}
          {results.match === "similar" && " with a similar name"}
          {results.totalPages > 1 && ` · page ${results.page} of ${results.totalPages}`}
        </p>
      )}
      {results && !loading && <Understanding results={results} />}
      {results && !loading && results.people.length > 0 && <People people={results.people} query={q} />}
      {/* Filters only narrow results down: offered when there are results, or filters to clear. */}
      {q && ((results?.total ?? 0) > 0 || hasFilters(params.filters) || Object.keys(params.errors).length > 0) && (
        <div className="mt-6">
          <ResultsFilters
            key={location.search}
            action={location.pathname}
            params={params}
            sorts={SEARCH_SORTS}
            genres={genres}
            clearHref={clearHref}
          />
        </div>
      )}
      <section aria-labelledby="results-heading" aria-busy={loading || undefined} className="mt-8">
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
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
        ) : (!results || results.total === 0) && moreBelow ? (
          <p className="rounded-xl bg-ink-800 px-6 py-6 text-mist-300 ring-1 ring-white/5">
            Nothing on Cinedex matches “{q}” yet. TMDB knows the titles below: request one and we will try to add it.
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
          <TitleGrid titles={results.items} noteOf={(hit) => (hit.matchedPerson ? `with ${hit.matchedPerson}` : null)} />
        )}
      </section>
      {results && !loading && (
        <Pagination
          variant={pagination}
          page={results.page}
          totalPages={results.totalPages}
          hrefFor={(n) => pageHref(location.pathname, location.search, n)}
        />
      )}
    </div>
  );
}

/** This page's address with another search text, from its first page. */
function withText(location: { pathname: string; search: string }, text: string): string {
  const params = new URLSearchParams(location.search);
  params.set("q", text);
  params.delete("page");
  return `${location.pathname}?${params.toString()}`;
}

/**
 * What the search read from the words (query.ts) as removable chips, each a link to
 * the search without its words: filters it applied, and words it understood but has
 * nothing to filter by (audio languages, seasons), said so. Then "Did you mean" when
 * the best results came from a corrected query.
 */
function Understanding({ results }: { results: Pick<Results, "understood" | "interpreted" | "corrected"> }) {
  const location = useLocation();
  const { understood, interpreted, corrected } = results;
  if (!corrected && (!interpreted || understood.length === 0)) return null;
  return (
    <>
      {interpreted && understood.length > 0 && (
        <ul aria-label="Read from your search" className="mt-3 flex flex-wrap gap-2">
          {understood.map((chip) => (
            <li key={chip.label}>
              <Link
                to={withText(location, withoutWords(interpreted, chip))}
                className="inline-flex items-center gap-1.5 rounded-full bg-white/5 px-3 py-1 text-sm text-mist-100 ring-1 ring-white/10 transition-colors hover:bg-white/10"
                aria-label={`Remove ${chip.label}${chip.applied ? "" : " (not a filter here)"}`}
              >
                {chip.label}
                {!chip.applied && <span className="text-mist-400">· not a filter here</span>}
                <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {corrected && (
        <p className="mt-3 text-mist-300">
          Did you mean{" "}
          <Link to={withText(location, corrected)} className="font-semibold text-accent-300 underline underline-offset-2">
            {corrected}
          </Link>
          ?
        </p>
      )}
    </>
  );
}

/**
 * People credited on the results whose names hold every word searched: each opens a
 * search for the full name (shown without a link when that is this search).
 */
function People({ people, query }: { people: Results["people"]; query: string }) {
  const chip = "inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white/5 px-4 text-sm text-mist-100 ring-1 ring-white/10";
  return (
    <section aria-labelledby="people-heading" className="mt-4">
      <h2 id="people-heading" className="text-sm font-semibold text-mist-300">
        People
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {people.map((person) => {
          const label = (
            <>
              <span className="font-semibold text-white">{person.name}</span>
              <span className="text-mist-400">· {person.role === "director" ? "Director" : "Cast"}</span>
            </>
          );
          return (
            <li key={person.name}>
              {person.name.toLowerCase() === query.toLowerCase() ? (
                <span className={chip}>{label}</span>
              ) : (
                <Link to={searchPath(person.name)} className={`${chip} transition-colors hover:bg-white/10`}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
