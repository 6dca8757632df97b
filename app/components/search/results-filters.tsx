import { useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { ADMIN_QUALITY_OPTIONS } from "#app/constants.ts";
import type { Genre } from "#app/modules/catalogue/types.ts";
import { hasFilters, SORT_LABELS, type SearchParams } from "#app/modules/search/params.ts";
import type { SearchSort } from "#app/modules/search/types.ts";

const field =
  "h-10 w-full rounded-lg border border-white/10 bg-ink-900 px-3 text-sm text-white focus:border-accent-400/60 focus:outline-none";
const label = "text-xs font-medium text-mist-300";

interface ResultsFiltersProps {
  /** The page the form reloads with its values (a GET form: every state has a URL). */
  action: string;
  params: Pick<SearchParams, "text" | "filters" | "sort" | "errors" | "typed">;
  sorts: readonly SearchSort[];
  /** Offered as a genre filter; left out on a genre's own page. */
  genres?: Genre[];
  /** The type filter; left out where the type is part of the path (genre pages). */
  withType?: boolean;
  /** Where "Clear filters" goes. */
  clearHref: string;
}

const chip = "inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-medium ring-1 transition-colors whitespace-nowrap";
const chipOff = `${chip} bg-white/5 text-mist-100 ring-white/10 hover:bg-white/10`;
const chipOn = `${chip} bg-accent-500 text-ink-950 ring-accent-400`;

/** This page's address with the type filter set (or cleared), from its first page. */
function withType(search: string, type: "movie" | "tv" | undefined): string {
  const params = new URLSearchParams(search);
  if (type) params.set("type", type);
  else params.delete("type");
  params.delete("page");
  return `?${params.toString()}`;
}

/**
 * Sort and filters of a results grid (search results, genre pages): selects apply
 * at once with JavaScript, "Apply filters" applies them without. On a phone the panel
 * is folded away behind one row of chips (the type, and a Filters toggle saying how many
 * others are set), so the results come first; a checkbox opens it, without JavaScript too.
 * It starts open only when a value typed needs correcting.
 */
export function ResultsFilters(props: ResultsFiltersProps) {
  const { params, withType: typed = true } = props;
  const location = useLocation();
  const { type, ...others } = params.filters;
  const sorted = params.sort !== props.sorts[0] && props.sorts.includes(params.sort);
  const set = Object.values(others).filter((v) => v !== undefined).length + (sorted ? 1 : 0);
  const needsFixing = Object.keys(params.errors).length > 0;
  return (
    <div className="group/filters">
      <ul aria-label="Quick filters" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:hidden">
        {typed &&
          (
            [
              [undefined, "All"],
              ["movie", "Movies"],
              ["tv", "TV shows"],
            ] as const
          ).map(([value, name]) => (
            <li key={name} className="flex">
              <Link
                to={withType(location.search, value)}
                aria-current={type === value ? "true" : undefined}
                className={type === value ? chipOn : chipOff}
              >
                {name}
              </Link>
            </li>
          ))}
        <li className="flex">
          <label
            className={`${chipOff} cursor-pointer gap-1.5 has-focus-visible:ring-2 has-focus-visible:ring-accent-300 has-checked:bg-white/15`}
          >
            <input type="checkbox" defaultChecked={needsFixing} className="filters-toggle sr-only" aria-controls="filters-panel" />
            {typed ? "More filters" : "Filters and sort"}
            {set > 0 && <span className="rounded-full bg-accent-500 px-1.5 text-xs font-bold text-ink-950">{set}</span>}
          </label>
        </li>
      </ul>
      <div id="filters-panel" className="mt-3 hidden group-has-[.filters-toggle:checked]/filters:block sm:mt-0 sm:block">
        <FiltersForm {...props} />
      </div>
    </div>
  );
}

function FiltersForm({ action, params, sorts, genres, withType = true, clearHref }: ResultsFiltersProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const autoSubmit = () => {
    if (form.current) void submit(form.current, { replace: true, preventScrollReset: true });
  };
  const sort = sorts.includes(params.sort) ? params.sort : sorts[0];
  const columns = 3 + (withType ? 1 : 0) + (genres ? 1 : 0) + 1;
  return (
    <Form ref={form} method="get" action={action} aria-label="Filter results" className="rounded-xl bg-ink-800 p-4 ring-1 ring-white/5">
      {params.text && <input type="hidden" name="q" value={params.text} />}
      <div className={`grid grid-cols-2 gap-3 ${columns >= 6 ? "lg:grid-cols-6" : "sm:grid-cols-4"}`}>
        {withType && (
          <label className={label}>
            Type
            <select name="type" defaultValue={params.filters.type ?? ""} onChange={autoSubmit} className={`${field} mt-1`}>
              <option value="">All</option>
              <option value="movie">Movies</option>
              <option value="tv">TV shows</option>
            </select>
          </label>
        )}
        {genres && (
          <label className={label}>
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
        )}
        <label className={label}>
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
          <label key={key} className={label}>
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
        <label className={label}>
          Sort by
          <select name="sort" defaultValue={sort} onChange={autoSubmit} className={`${field} mt-1`}>
            {sorts.map((s) => (
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
          <Link to={clearHref} className="text-sm font-semibold text-accent-300 hover:underline">
            Clear filters
          </Link>
        )}
      </div>
    </Form>
  );
}
