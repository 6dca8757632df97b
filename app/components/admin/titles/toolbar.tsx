import type { FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { buttonClass, ListSearchInput } from "#app/components/admin/ui.tsx";
import { inputClass } from "#app/components/forms/field.tsx";
import type { TitleType } from "#app/db/schema.ts";
import { adminListPath } from "#app/modules/catalogue/admin-form.ts";
import {
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_SHOW_LABELS,
  ADMIN_SHOWS,
  ADMIN_SORT_LABELS,
  ADMIN_SORTS,
  adminListHref,
  hasAdminFilters,
  TYPE_NOUNS,
  type AdminListFilters,
  type AdminListParams,
} from "#app/modules/catalogue/admin-list.ts";

export type GenreOption = { id: number; name: string; slug: string; hidden: boolean };

export function Toolbar({
  type,
  params,
  filters,
  genres,
}: {
  type: TitleType;
  params: AdminListParams;
  filters: AdminListFilters;
  genres: GenreOption[];
}) {
  const path = adminListPath(type);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === path;
  const filtered = hasAdminFilters(filters) || params.q !== "";
  const submit = useSubmit();
  // The address keeps only what narrows the list (empty filters and "all" are left out), so it reads and shares well.
  const submitNarrowing = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    for (const [name, value] of [...form.entries()]) if (value === "" || (name === "show" && value === "all")) form.delete(name);
    void submit(form, { method: "get", action: path });
  };
  return (
    <div className="mb-3 flex flex-wrap items-end gap-x-4 gap-y-3">
      <Form
        method="get"
        action={path}
        onSubmit={submitNarrowing}
        role="search"
        aria-label={`Find ${TYPE_NOUNS[type].many}`}
        className="flex flex-wrap items-end gap-x-4 gap-y-3"
      >
        <div className="flex w-full gap-2 lg:w-80">
          <ListSearchInput
            id="admin-list-q"
            label={`Search ${TYPE_NOUNS[type].many} by title`}
            defaultValue={params.q}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            placeholder={`Search ${TYPE_NOUNS[type].many}…`}
          />
          {params.sort !== "newest" && <input type="hidden" name="sort" value={params.sort} />}
          <button type="submit" className={buttonClass("secondary")} disabled={searching}>
            Search
          </button>
        </div>
        <fieldset className="flex flex-wrap items-end gap-2" key={`${filters.show}|${filters.genre}|${filters.year ?? ""}`}>
          <legend className="sr-only">Filters</legend>
          <label className="flex flex-col gap-1 text-xs font-medium text-mist-300">
            Show
            <select name="show" defaultValue={filters.show} className={`${inputClass("compact")} w-40`}>
              {ADMIN_SHOWS.map((show) => (
                <option key={show} value={show}>
                  {ADMIN_SHOW_LABELS[show]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-mist-300">
            Genre
            <select name="genre" defaultValue={filters.genre} className={`${inputClass("compact")} w-40`}>
              <option value="">Any genre</option>
              {genres.map((g) => (
                <option key={g.id} value={g.slug}>
                  {g.name}
                  {g.hidden ? " (hidden)" : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-mist-300">
            Year
            <input
              name="year"
              type="number"
              inputMode="numeric"
              min={1870}
              max={2100}
              placeholder="Any"
              defaultValue={filters.year ?? ""}
              className={`${inputClass("compact")} w-24`}
            />
          </label>
          <button type="submit" className={buttonClass("secondary")} disabled={searching}>
            Apply
          </button>
          {filtered && (
            <Link to={path} className={buttonClass("ghost")}>
              Clear
            </Link>
          )}
        </fieldset>
      </Form>
      <div role="group" aria-label="Sort order" className="inline-flex rounded-lg border border-white/12 bg-ink-900 p-1">
        {ADMIN_SORTS.map((sort) => (
          <Link
            key={sort}
            to={adminListHref(path, { ...params, ...filters, sort })}
            aria-current={params.sort === sort ? "true" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
              params.sort === sort ? "bg-accent-500 text-ink-950" : "text-mist-300 hover:bg-white/8 hover:text-white"
            }`}
          >
            {ADMIN_SORT_LABELS[sort]}
          </Link>
        ))}
      </div>
    </div>
  );
}
