import type { TitleType } from "#app/db/schema.ts";
import { parsePage } from "#app/utils/pagination.ts";
import type { SearchFilters, SearchSort } from "./types.ts";

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  rating: "Rating",
  title: "Title A–Z",
};

/** The rules of the search filters, shared with the read API's parameters (app/modules/api/schemas.ts). */
export const YEAR_PATTERN = /^\d{4}$/;
export const GENRE_SLUG_PATTERN = /^[\p{L}\p{N}-]{1,60}$/u;
export const QUALITY_MAX_LENGTH = 30;
export const YEAR_MESSAGE = "Please enter a valid 4-digit year";

export interface SearchParams {
  text: string;
  page: number;
  /** The page parameter was present but not a page number. */
  badPage: boolean;
  filters: SearchFilters;
  sort: SearchSort;
  /** Filter values that were ignored, with the reason shown next to them. */
  errors: Partial<Record<"yearFrom" | "yearTo", string>>;
  /** The years as typed, so a bad one stays in its box to be corrected. */
  typed: Record<"yearFrom" | "yearTo", string>;
}

/** Reads a search page's query string; bad filter values are dropped with a message, never an error page. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const errors: SearchParams["errors"] = {};
  const filters: SearchFilters = {};
  const type = params.get("type");
  if (type === "movie" || type === "tv") filters.type = type satisfies TitleType;
  const genre = params.get("genre")?.trim();
  if (genre && GENRE_SLUG_PATTERN.test(genre)) filters.genre = genre.toLowerCase();
  const quality = params.get("quality")?.trim();
  if (quality && quality.length <= QUALITY_MAX_LENGTH) filters.quality = quality;
  for (const key of ["yearFrom", "yearTo"] as const) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (YEAR_PATTERN.test(value)) filters[key] = Number(value);
    else errors[key] = YEAR_MESSAGE;
  }
  if (filters.yearFrom !== undefined && filters.yearTo !== undefined && filters.yearFrom > filters.yearTo) {
    [filters.yearFrom, filters.yearTo] = [filters.yearTo, filters.yearFrom];
  }
  const sortParam = params.get("sort");
  const sort = sortParam && sortParam in SORT_LABELS ? (sortParam as SearchSort) : "relevance";
  const { page, valid } = parsePage(params.get("page"));
  const typed = { yearFrom: params.get("yearFrom") ?? "", yearTo: params.get("yearTo") ?? "" };
  return {
    text: params.get("q") ?? "",
    page,
    badPage: !valid,
    filters,
    sort,
    errors,
    typed,
  };
}

export function hasFilters(filters: SearchFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}
