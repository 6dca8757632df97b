import { type FormEvent, useEffect, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useLocation, useNavigationType, useSearchParams } from "react-router";
import { MAX_QUERY_LENGTH, FaqItem, ResultsStatus, SearchForm, FaqSidebar } from "#app/components/help/faq.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { FAQ_ENTRIES, type FaqEntry, filterFaq } from "#app/modules/help/faq.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/faq";

/** Typing updates the address bar once the visitor pauses. */
const URL_SYNC_DELAY_MS = 300;

function queryOf(params: URLSearchParams): string {
  return (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
}

/** The ?q= value for what is typed: a blank query leaves the address without one. */
function paramFor(query: string): string {
  return query.trim() ? query : "";
}

/** Without JavaScript the search form reloads the page with ?q=, filtered here. */
export function loader({ request }: Route.LoaderArgs) {
  const query = queryOf(new URL(request.url).searchParams);
  return { query, matchIds: filterFaq(FAQ_ENTRIES, query).map((entry) => entry.id) };
}

/** Once hydrated the page filters by itself, so a new ?q= needs no loader call. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(originOf(matches), {
    title: "Frequently asked questions",
    description:
      "Answers about downloading from Cinedex: qualities up to 4K, MP4 and MKV, broken links, TV shows, requests and why links lead to third-party hosts.",
    path: "/faq",
  });
}

/** Navigation state marking the address updates made while typing. */
interface TypingState {
  faqTyping: true;
}

function isTyping(state: unknown): state is TypingState {
  return typeof state === "object" && state !== null && (state as Partial<TypingState>).faqTyping === true;
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = queryOf(searchParams);

  // The input is the source of truth while typing; a navigation that did not come
  // from typing (a link, back/forward, a submitted form) sets it from the address.
  const [query, setQuery] = useState(urlQuery);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    if (navigationType === "POP" || !isTyping(location.state)) setQuery(urlQuery);
  }

  // The address follows the input (replacing the history entry), so a filtered
  // list can be shared or reloaded.
  useEffect(() => {
    if (paramFor(query) === urlQuery) return;
    const timer = window.setTimeout(() => writeQuery(setSearchParams, query), URL_SYNC_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, urlQuery, setSearchParams]);

  const results: readonly FaqEntry[] =
    query === loaderData.query ? FAQ_ENTRIES.filter((entry) => loaderData.matchIds.includes(entry.id)) : filterFaq(FAQ_ENTRIES, query);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Typing has already filtered the list; only the address is brought up to date.
    event.preventDefault();
    if (paramFor(query) !== urlQuery) writeQuery(setSearchParams, query);
  }

  const search = { query, onQueryChange: setQuery, onSubmit };

  return (
    <StaticPage
      title="Frequently asked questions"
      lead="Quick answers about finding and downloading movies and TV shows on Cinedex."
      aside={<FaqSidebar search={search} />}
    >
      <div className="lg:hidden">
        <SearchForm {...search} />
      </div>
      <ResultsStatus query={query} count={results.length} />
      {results.length > 0 && (
        <div className="space-y-3">
          {results.map((entry) => (
            <FaqItem key={entry.id} entry={entry} />
          ))}
        </div>
      )}
    </StaticPage>
  );
}

function writeQuery(setSearchParams: ReturnType<typeof useSearchParams>[1], query: string) {
  const state: TypingState = { faqTyping: true };
  setSearchParams(
    (previous) => {
      const next = new URLSearchParams(previous);
      const value = paramFor(query);
      if (value) next.set("q", value);
      else next.delete("q");
      return next;
    },
    { replace: true, preventScrollReset: true, state },
  );
}
