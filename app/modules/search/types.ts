import type { TitleType } from "#app/db/schema.ts";

export const SEARCH_SORTS = ["relevance", "newest", "rating", "title"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchFilters {
  type?: TitleType;
  /** Genre slug. */
  genre?: string;
  yearFrom?: number;
  yearTo?: number;
  /** A release quality label, e.g. 1080p (any case). */
  quality?: string;
}

/** One instant suggestion, as GET /api/suggest returns it. */
export interface Suggestion {
  id: number;
  title: string;
  year: number | null;
  type: TitleType;
  posterUrl: string | null;
  href: string;
}
