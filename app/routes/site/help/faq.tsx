import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useLocation, useNavigationType, useSearchParams } from "react-router";
import { HELP_LINKS, Icon, LinkPanel, SupportCard } from "#app/components/help/help-bits.tsx";
import { StaticPage } from "#app/components/layout/static-page.tsx";
import { FAQ_ENTRIES, type FaqEntry, filterFaq } from "#app/modules/help/faq.ts";
import { originOf, seoMeta } from "#app/utils/seo.ts";
import type { Route } from "./+types/faq";

/** Longer queries are cut: no question is that long. */
const MAX_QUERY_LENGTH = 100;
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

function FaqItem({ entry }: { entry: FaqEntry }) {
  return (
    <details
      name="faq"
      id={entry.id}
      className="group scroll-mt-24 rounded-xl bg-ink-800 ring-1 ring-white/5 transition-shadow open:ring-accent-500/30"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 leading-snug font-semibold text-white transition-colors hover:bg-white/[0.03] [&::-webkit-details-marker]:hidden">
        {entry.question}
        <Icon
          name="chevron"
          className="size-5 shrink-0 text-mist-400 transition-transform group-open:rotate-180 group-open:text-accent-300"
        />
      </summary>
      <div className="space-y-3 px-5 pb-5 text-mist-300">
        {entry.answer.map((paragraph, index) => (
          <p key={index}>
            {paragraph.map((run, runIndex) =>
              typeof run === "string" ? (
                run
              ) : (
                <Link key={runIndex} to={run.href}>
                  {run.text}
                </Link>
              ),
            )}
          </p>
        ))}
      </div>
    </details>
  );
}

/** Announces how many questions match; says so, with a way back, when none do. */
function ResultsStatus({ query, count }: { query: string; count: number }) {
  const trimmed = query.trim();
  const total = FAQ_ENTRIES.length;
  return (
    <div role="status">
      {!trimmed ? (
        <p className="sr-only">{total} questions</p>
      ) : count > 0 ? (
        <p className="text-sm text-mist-400">
          Showing {count} of {total} questions for “{trimmed}”.{" "}
          <Link to="/faq" preventScrollReset>
            Clear search
          </Link>
        </p>
      ) : (
        <div className="rounded-xl bg-ink-800 px-6 py-10 text-center ring-1 ring-white/5">
          <Icon name="search" className="mx-auto size-8 text-mist-400" />
          <p className="mt-3 text-lg font-semibold break-words text-white">No questions match “{trimmed}”</p>
          <p className="mt-1 text-mist-300">
            Try other words, or{" "}
            <Link to="/faq" preventScrollReset>
              clear the search
            </Link>{" "}
            to see all {total} questions.
          </p>
        </div>
      )}
    </div>
  );
}

interface SearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A plain GET form: without JavaScript it reloads /faq?q=…; with it, the list
 * filters as the visitor types.
 */
function SearchForm({ query, onQueryChange, onSubmit }: SearchProps) {
  const id = useId();
  return (
    <form method="get" action="/faq" role="search" aria-label="Search the FAQ" onSubmit={onSubmit}>
      <label htmlFor={id} className="block text-sm font-medium text-mist-300">
        Search questions
      </label>
      <div className="relative mt-2">
        <input
          id={id}
          type="search"
          name="q"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 4K, MKV, broken link"
          className="w-full rounded-lg bg-ink-900 py-2.5 pr-12 pl-3.5 text-mist-100 ring-1 ring-white/10 transition-shadow placeholder:text-mist-400 hover:ring-white/20"
        />
        <button
          type="submit"
          className="absolute inset-y-1 right-1 grid w-10 place-items-center rounded-md text-mist-300 transition-colors hover:bg-white/5 hover:text-white"
        >
          <Icon name="search" className="size-5" />
          <span className="sr-only">Search</span>
        </button>
      </div>
    </form>
  );
}

function FaqSidebar({ search }: { search: SearchProps }) {
  return (
    <div className="space-y-5 lg:sticky lg:top-24">
      <section aria-labelledby="faq-search-heading" className="hidden rounded-xl bg-ink-800 p-5 ring-1 ring-white/5 lg:block">
        <h2 id="faq-search-heading" className="mb-3 font-semibold text-white">
          Search the FAQ
        </h2>
        <SearchForm {...search} />
      </section>
      <SupportCard heading="Still have a question?" label="Contact Support" />
      <LinkPanel
        id="faq-resources"
        heading="Resources"
        links={[HELP_LINKS.howTo, HELP_LINKS.broken, HELP_LINKS.request, HELP_LINKS.dmca]}
      />
    </div>
  );
}
