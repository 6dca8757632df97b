import type { TitleType } from "#app/db/schema.ts";

/** The orders of the admin Movies and TV Shows lists; `newest` (last uploaded first) is the default. */
export const ADMIN_SORTS = ["newest", "az", "za"] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];

export const ADMIN_SORT_LABELS: Record<AdminSort, string> = {
  newest: "Newest",
  az: "A-Z",
  za: "Z-A",
};

/** Longer search text than any title is cut, so a pasted novel never reaches the database. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

export interface AdminListParams {
  q: string;
  sort: AdminSort;
  page: number;
}

/**
 * Reads a list's query string. Anything unexpected falls back to the default (a bad
 * or missing page is page 1; the query clamps pages past the end), never an error.
 */
export function parseAdminListParams(params: URLSearchParams): AdminListParams {
  const q = (params.get("q") ?? "").trim().slice(0, ADMIN_SEARCH_MAX_LENGTH);
  const sortParam = params.get("sort");
  const sort = ADMIN_SORTS.includes(sortParam as AdminSort) ? (sortParam as AdminSort) : "newest";
  const pageParam = params.get("page") ?? "";
  const page = /^\d{1,9}$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1;
  return { q, sort, page };
}

export const TYPE_NOUNS: Record<TitleType, { one: string; many: string }> = {
  movie: { one: "movie", many: "movies" },
  tv: { one: "TV show", many: "TV shows" },
};

/** What an empty list says (SPEC.md "Movie and TV management"). */
export const EMPTY_LIST_TEXT: Record<TitleType, string> = {
  movie: "No movies found",
  tv: "No TV shows found",
};
