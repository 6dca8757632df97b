import { type FormEvent, useId } from "react";
import { Link } from "react-router";
import { FAQ_ENTRIES, type FaqEntry } from "#app/modules/help/faq.ts";
import { HELP_LINKS, Icon, LinkPanel, SupportCard } from "#app/components/help/help-bits.tsx";

/** Longer queries are cut: no question is that long. */
export const MAX_QUERY_LENGTH = 100;

interface SearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export function FaqItem({ entry }: { entry: FaqEntry }) {
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
export function ResultsStatus({ query, count }: { query: string; count: number }) {
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

/**
 * A plain GET form: without JavaScript it reloads /faq?q=…; with it, the list
 * filters as the visitor types.
 */
export function SearchForm({ query, onQueryChange, onSubmit }: SearchProps) {
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

export function FaqSidebar({ search }: { search: SearchProps }) {
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
