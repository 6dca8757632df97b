import { parsePage } from "#app/utils/pagination.ts";
import { z } from "#app/utils/zod.ts";
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
  return { q, sort, page: parsePage(params.get("page")).page };
}

export const TYPE_NOUNS: Record<TitleType, { one: string; many: string }> = {
  movie: { one: "movie", many: "movies" },
  tv: { one: "TV show", many: "TV shows" },
};

/** What an empty list says (docs/product/spec.md "Movie and TV management"). */
export const EMPTY_LIST_TEXT: Record<TitleType, string> = {
  movie: "No movies found",
  tv: "No TV shows found",
};

/**
 * What the lists can be narrowed to besides the title text. "broken" means a link
 * marked Broken, or an open broken-link report on the title or one of its links
 * (ADR 033): what a visitor has told us, not a guess.
 */
export const ADMIN_SHOWS = ["all", "no-links", "broken", "no-poster", "no-tmdb"] as const;
export type AdminShow = (typeof ADMIN_SHOWS)[number];

export const ADMIN_SHOW_LABELS: Record<AdminShow, string> = {
  all: "All titles",
  "no-links": "No links",
  broken: "Broken links",
  "no-poster": "No poster",
  "no-tmdb": "No TMDB ID",
};

export interface AdminListFilters {
  show: AdminShow;
  /** A genre's slug, or "" for any. */
  genre: string;
  /** A release year, or null for any. */
  year: number | null;
}

export function parseAdminListFilters(params: URLSearchParams): AdminListFilters {
  const showParam = params.get("show");
  const show = ADMIN_SHOWS.includes(showParam as AdminShow) ? (showParam as AdminShow) : "all";
  const genreParam = (params.get("genre") ?? "").trim().toLowerCase();
  const genre = /^[a-z0-9][a-z0-9-]{0,79}$/.test(genreParam) ? genreParam : "";
  const yearParam = (params.get("year") ?? "").trim();
  const year = /^\d{4}$/.test(yearParam) ? Number(yearParam) : null;
  return { show, genre, year };
}

export function hasAdminFilters(filters: AdminListFilters): boolean {
  return filters.show !== "all" || filters.genre !== "" || filters.year !== null;
}

/** The list's address with these parameters (defaults left out), for sort links and "clear filters". */
export function adminListHref(path: string, params: AdminListParams & Partial<AdminListFilters>): string {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.show && params.show !== "all") query.set("show", params.show);
  if (params.genre) query.set("genre", params.genre);
  if (params.year) query.set("year", String(params.year));
  if (params.sort !== "newest") query.set("sort", params.sort);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The bulk actions of the lists, in the menu's order. */
export const BULK_ACTIONS = [
  "feature",
  "unfeature",
  "add-genre",
  "remove-genre",
  "disable-links",
  "enable-links",
  "refresh-artwork",
  "delete",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  feature: "Feature on the home page",
  unfeature: "Stop featuring",
  "add-genre": "Add a genre",
  "remove-genre": "Remove a genre",
  "disable-links": "Disable all links",
  "enable-links": "Enable all links",
  "refresh-artwork": "Refresh artwork from TMDB",
  delete: "Delete",
};

/** Titles one bulk action takes at most (a list page has 20). */
export const BULK_MAX_TITLES = 100;

export const BULK_NOTHING_SELECTED = "Select at least one title.";
export const BULK_CHOOSE_ACTION = "Choose what to do with the selected titles.";
export const BULK_CHOOSE_GENRE = "Choose a genre.";
export const BULK_TOO_MANY = `Select at most ${BULK_MAX_TITLES} titles at once.`;

const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, BULK_NOTHING_SELECTED)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, BULK_NOTHING_SELECTED));

/** The bulk form: `operation` (a field named "action" would shadow the form element's own), `ids` (repeated) and, for the genre actions, `genre` (an id). */
export const bulkFormSchema = z
  .object({
    operation: z.enum(BULK_ACTIONS, { error: BULK_CHOOSE_ACTION }),
    ids: z
      .union([idText.transform((id) => [id]), z.array(idText)], { error: BULK_NOTHING_SELECTED })
      .pipe(z.array(z.number()).min(1, BULK_NOTHING_SELECTED).max(BULK_MAX_TITLES, BULK_TOO_MANY)),
    genre: z.string().optional(),
  })
  .transform((input, ctx) => {
    const needsGenre = input.operation === "add-genre" || input.operation === "remove-genre";
    const genreId = needsGenre && input.genre && /^[1-9]\d{0,9}$/.test(input.genre) ? Number(input.genre) : undefined;
    if (needsGenre && genreId === undefined) {
      ctx.addIssue({ code: "custom", path: ["genre"], message: BULK_CHOOSE_GENRE });
      return z.NEVER;
    }
    return { action: input.operation, ids: input.ids, genreId };
  });
