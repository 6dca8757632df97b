import { z } from "#app/utils/zod.ts";

/**
 * The parts of TMDB v3 responses Cinedex reads. Lenient on purpose: a field TMDB
 * leaves out or sends as null becomes a default instead of failing the lookup.
 */
const str = z.string().nullish().catch(null);
const num = z.number().nullish().catch(null);
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish().catch(null);

const genre = z.object({ id: z.number().optional(), name: z.string() });
const castMember = z.object({ name: z.string(), character: str, order: num });
const crewMember = z.object({ name: z.string(), job: str, department: str });
const video = z.object({ key: z.string(), site: str, type: str, official: z.boolean().nullish(), published_at: str });
const language = z.object({ iso_639_1: str, english_name: str, name: str });

const credits = z
  .object({ cast: list(castMember), crew: list(crewMember) })
  .nullish()
  .catch(null);
const videos = z
  .object({ results: list(video) })
  .nullish()
  .catch(null);
const externalIds = z.object({ imdb_id: str }).nullish().catch(null);

export const rawMovieSchema = z.object({
  id: z.number(),
  title: z.string(),
  original_title: str,
  overview: str,
  tagline: str,
  release_date: str,
  runtime: num,
  vote_average: num,
  vote_count: num,
  popularity: num,
  adult: z.boolean().nullish(),
  original_language: str,
  spoken_languages: list(language),
  poster_path: str,
  backdrop_path: str,
  imdb_id: str,
  genres: list(genre),
  credits,
  videos,
  external_ids: externalIds,
});

export const rawTvSchema = z.object({
  id: z.number(),
  name: z.string(),
  original_name: str,
  overview: str,
  tagline: str,
  first_air_date: str,
  episode_run_time: list(z.number()),
  vote_average: num,
  vote_count: num,
  popularity: num,
  adult: z.boolean().nullish(),
  original_language: str,
  spoken_languages: list(language),
  poster_path: str,
  backdrop_path: str,
  genres: list(genre),
  created_by: list(z.object({ name: z.string() })),
  seasons: list(z.object({ season_number: z.number(), name: str, episode_count: num })),
  credits,
  videos,
  external_ids: externalIds,
});

export const rawSeasonSchema = z.object({
  season_number: z.number(),
  name: str,
  episodes: list(z.object({ episode_number: z.number(), name: str, runtime: num })),
});

export const rawSearchSchema = z.object({
  page: z.number().optional(),
  total_pages: z.number().optional(),
  results: z.array(
    z.object({
      id: z.number(),
      media_type: z.string().optional(),
      title: str,
      name: str,
      original_title: str,
      original_name: str,
      poster_path: str,
      release_date: str,
      first_air_date: str,
      overview: str,
      adult: z.boolean().nullish(),
    }),
  ),
});

const idOnly = z.object({ id: z.number() });
export const rawFindSchema = z.object({ movie_results: list(idOnly), tv_results: list(idOnly) });

export type RawMovie = z.infer<typeof rawMovieSchema>;
export type RawTv = z.infer<typeof rawTvSchema>;
export type RawSeason = z.infer<typeof rawSeasonSchema>;
export type RawSearch = z.infer<typeof rawSearchSchema>;

/** The figures of a movie or TV show's details (the hourly refresh reads nothing else). */
export const rawFiguresSchema = z.object({ id: z.number(), popularity: num, vote_average: num, vote_count: num });
