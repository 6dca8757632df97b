/** A title as TMDB describes it, in the catalogue's terms (see map.ts). Plain JSON: it travels to the browser. */
export type ExternalType = "movie" | "tv";

export interface ExternalEpisode {
  number: number;
  name: string;
}

export interface ExternalSeason {
  number: number;
  name: string;
  episodes: ExternalEpisode[];
}

/** TMDB's own figures as reported (search popularity); null when TMDB gives none. */
export interface ExternalFigures {
  tmdbPopularity: number | null;
  /** 0 to 10, as TMDB reports it (rating is the rounded one the site shows). */
  tmdbVoteAverage: number | null;
  tmdbVoteCount: number | null;
}

export interface ExternalTitle extends ExternalFigures {
  tmdbId: number;
  type: ExternalType;
  title: string;
  originalTitle: string | null;
  overview: string | null;
  tagline: string | null;
  /** YYYY-MM-DD */
  releaseDate: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  /** 0 to 10, one decimal. */
  rating: number | null;
  adult: boolean;
  language: string | null;
  posterUrl: string | null;
  backgroundUrl: string | null;
  trailerUrl: string | null;
  imdbId: string | null;
  /** Names from the catalogue's genre list where TMDB names them differently. */
  genres: string[];
  directors: string[];
  cast: { name: string; character: string | null }[];
  /** TV only: the numbered seasons (no "Specials") with their episodes. */
  seasons: ExternalSeason[];
}

export interface ExternalSearchItem {
  tmdbId: number;
  type: ExternalType;
  title: string;
  year: number | null;
  posterUrl: string | null;
  overview: string | null;
}
