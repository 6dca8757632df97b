import type { RawMovie, RawSearch, RawSeason, RawTv } from "./schema.ts";
import type { ExternalFigures, ExternalSearchItem, ExternalSeason, ExternalTitle, ExternalType } from "./types.ts";

/** TMDB genre names that the catalogue's genre list spells differently, or splits. */
const GENRE_NAMES: Record<string, string[]> = {
  "Science Fiction": ["Sci-Fi"],
  "Sci-Fi & Fantasy": ["Sci-Fi", "Fantasy"],
  "Action & Adventure": ["Action", "Adventure"],
  "War & Politics": ["War"],
  "TV Movie": [],
};

const TOP_BILLED = 10;

export function mapGenres(names: string[]): string[] {
  return [...new Set(names.flatMap((n) => GENRE_NAMES[n] ?? [n]))];
}

function image(base: string, path: string | null | undefined, size: "w500" | "w1280"): string | null {
  return path && /^\/[\w.-]+$/.test(path) ? `${base}/${size}${path}` : null;
}

/** The first official YouTube trailer, else the first YouTube trailer. */
function trailer(videos: RawMovie["videos"]): string | null {
  const list = (videos?.results ?? []).filter((v) => v.site === "YouTube" && v.type === "Trailer" && /^[\w-]{6,20}$/.test(v.key));
  const pick = list.find((v) => v.official) ?? list[0];
  return pick ? `https://www.youtube.com/watch?v=${pick.key}` : null;
}

function languageName(raw: { original_language?: string | null; spoken_languages?: RawMovie["spoken_languages"] }): string | null {
  const code = raw.original_language;
  if (!code) return null;
  const spoken = raw.spoken_languages?.find((l) => l.iso_639_1 === code)?.english_name;
  if (spoken) return spoken;
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function date(value: string | null | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const rating = (value: number | null | undefined) =>
  typeof value === "number" && value > 0 ? Math.round(Math.min(value, 10) * 10) / 10 : null;

const figure = (value: number | null | undefined, max = Number.MAX_SAFE_INTEGER) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.min(value, max) : null;

/** TMDB's popularity, vote average and vote count, in the ranges the catalogue stores. */
export function mapFigures(raw: { popularity?: number | null; vote_average?: number | null; vote_count?: number | null }): ExternalFigures {
  const votes = figure(raw.vote_count, 2_000_000_000);
  return {
    tmdbPopularity: figure(raw.popularity),
    tmdbVoteAverage: figure(raw.vote_average, 10),
    tmdbVoteCount: votes === null ? null : Math.round(votes),
  };
}

function cast(credits: RawMovie["credits"]) {
  return [...(credits?.cast ?? [])]
    .sort((a, b) => (a.order ?? 999) - (b.order ?? 999))
    .slice(0, TOP_BILLED)
    .map((c) => ({ name: c.name, character: text(c.character) }));
}

/** The fields movies and TV shows carry alike. */
function shared(raw: RawMovie | RawTv, imageBase: string) {
  return {
    rating: rating(raw.vote_average),
    ...mapFigures(raw),
    adult: raw.adult === true,
    language: languageName(raw),
    posterUrl: image(imageBase, raw.poster_path, "w500"),
    backgroundUrl: image(imageBase, raw.backdrop_path, "w1280"),
    trailerUrl: trailer(raw.videos),
  };
}

export function mapMovie(raw: RawMovie, imageBase: string): ExternalTitle {
  const releaseDate = date(raw.release_date);
  return {
    tmdbId: raw.id,
    type: "movie",
    title: raw.title,
    originalTitle: text(raw.original_title),
    overview: text(raw.overview),
    tagline: text(raw.tagline),
    releaseDate,
    year: releaseDate ? Number(releaseDate.slice(0, 4)) : null,
    runtimeMinutes: raw.runtime && raw.runtime > 0 ? raw.runtime : null,
    ...shared(raw, imageBase),
    imdbId: text(raw.imdb_id ?? raw.external_ids?.imdb_id),
    genres: mapGenres((raw.genres ?? []).map((g) => g.name)),
    directors: [...new Set((raw.credits?.crew ?? []).filter((c) => c.job === "Director").map((c) => c.name))],
    cast: cast(raw.credits),
    seasons: [],
  };
}

export function mapSeason(raw: RawSeason): ExternalSeason {
  return {
    number: raw.season_number,
    name: text(raw.name) ?? `Season ${raw.season_number}`,
    episodes: [...(raw.episodes ?? [])]
      .sort((a, b) => a.episode_number - b.episode_number)
      .map((e) => ({ number: e.episode_number, name: text(e.name) ?? `Episode ${e.episode_number}` })),
  };
}

export function mapTv(raw: RawTv, seasons: RawSeason[], imageBase: string): ExternalTitle {
  const releaseDate = date(raw.first_air_date);
  const runtime = raw.episode_run_time?.find((n) => n > 0) ?? null;
  const directors = (raw.created_by ?? []).map((c) => c.name);
  return {
    tmdbId: raw.id,
    type: "tv",
    title: raw.name,
    originalTitle: text(raw.original_name),
    overview: text(raw.overview),
    tagline: text(raw.tagline),
    releaseDate,
    year: releaseDate ? Number(releaseDate.slice(0, 4)) : null,
    runtimeMinutes: runtime,
    ...shared(raw, imageBase),
    imdbId: text(raw.external_ids?.imdb_id),
    genres: mapGenres((raw.genres ?? []).map((g) => g.name)),
    directors:
      directors.length > 0 ? directors : [...new Set((raw.credits?.crew ?? []).filter((c) => c.job === "Director").map((c) => c.name))],
    cast: cast(raw.credits),
    seasons: seasons
      .filter((s) => s.season_number > 0)
      .sort((a, b) => a.season_number - b.season_number)
      .map(mapSeason),
  };
}

/** Movies and TV shows of a multi search (people are left out). */
/** Search results; `only` is the type of a search/movie or search/tv answer, whose rows carry no media_type. */
export function mapSearch(raw: RawSearch, imageBase: string, only?: ExternalType): ExternalSearchItem[] {
  return raw.results.flatMap((r) => {
    const type: ExternalType | null = only ?? (r.media_type === "movie" ? "movie" : r.media_type === "tv" ? "tv" : null);
    const title = text(type === "movie" ? (r.title ?? r.original_title) : (r.name ?? r.original_name));
    if (!type || !title || r.adult) return [];
    const released = date(type === "movie" ? r.release_date : r.first_air_date);
    return [
      {
        tmdbId: r.id,
        type,
        title,
        year: released ? Number(released.slice(0, 4)) : null,
        posterUrl: image(imageBase, r.poster_path, "w500"),
        overview: text(r.overview),
      },
    ];
  });
}
