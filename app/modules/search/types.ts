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

/** GET /api/suggest's answer: the search box's suggestions, grouped. */
export interface SuggestionGroups {
  items: Suggestion[];
  people: PersonSuggestionItem[];
  genres: GenreSuggestionItem[];
}

/** A credited person: opens a search for their name. */
export interface PersonSuggestionItem {
  name: string;
  role: "director" | "cast";
  href: string;
}

/** A genre: opens its page. */
export interface GenreSuggestionItem {
  id: number;
  name: string;
  href: string;
}

/** One title suggestion, as GET /api/suggest returns it. */
export interface Suggestion {
  id: number;
  title: string;
  year: number | null;
  type: TitleType;
  posterUrl: string | null;
  href: string;
}
