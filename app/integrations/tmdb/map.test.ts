import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { mapFigures, mapGenres, mapMovie, mapSearch, mapTv } from "./map.ts";
import { rawMovieSchema, rawSearchSchema, rawSeasonSchema, rawTvSchema } from "./schema.ts";

const IMG = "https://image.tmdb.org/t/p";
const load = (name: string): unknown => JSON.parse(fs.readFileSync(`tests/mocks/tmdb/fixtures/${name}.json`, "utf8"));

describe("TMDB → catalogue mapping", () => {
  it("maps a movie's details, credits and videos", () => {
    const movie = mapMovie(rawMovieSchema.parse(load("movie-603")), IMG);
    expect(movie).toMatchObject({
      tmdbId: 603,
      type: "movie",
      title: "The Matrix",
      releaseDate: "1999-03-31",
      year: 1999,
      runtimeMinutes: 136,
      rating: 8.2,
      adult: false,
      language: "English",
      tagline: "Welcome to the Real World.",
      imdbId: "tt0133093",
      posterUrl: `${IMG}/w500/p96dm7sCMn4VYAStA6siNz30G1r.jpg`,
      backgroundUrl: `${IMG}/w1280/ncEsesgOJDNrTUED89hYbA117wo.jpg`,
      // The official trailer, not the featurette or the fan trailer listed before it.
      trailerUrl: "https://www.youtube.com/watch?v=vKQi3bBA1y8",
      genres: ["Action", "Sci-Fi"],
      directors: ["Lana Wachowski", "Lilly Wachowski"],
      seasons: [],
    });
    expect(movie.overview).toMatch(/^Set in the 22nd century/);
    expect(movie.cast[0]).toEqual({ name: "Keanu Reeves", character: "Thomas A. Anderson / Neo" });
    expect(movie.cast.map((c) => c.name)).toEqual(["Keanu Reeves", "Laurence Fishburne", "Carrie-Anne Moss", "Hugo Weaving"]);
  });

  it("keeps TMDB's popularity, vote average and vote count, and drops figures out of range", () => {
    expect(mapMovie(rawMovieSchema.parse(load("movie-603")), IMG)).toMatchObject({
      tmdbPopularity: 87.1,
      tmdbVoteAverage: 8.217,
      tmdbVoteCount: 26000,
    });
    expect(mapFigures({ popularity: -3, vote_average: 12, vote_count: 10.4 })).toEqual({
      tmdbPopularity: null,
      tmdbVoteAverage: 10,
      tmdbVoteCount: 10,
    });
    expect(mapFigures({})).toEqual({ tmdbPopularity: null, tmdbVoteAverage: null, tmdbVoteCount: null });
  });

  it("names a language from its code when TMDB lists no spoken language for it", () => {
    const raw = rawMovieSchema.parse({ ...(load("movie-4977") as object), spoken_languages: [] });
    expect(mapMovie(raw, IMG).language).toBe("Japanese");
  });

  it("maps a TV show with its numbered seasons and episodes (no specials)", () => {
    const seasons = [1, 2].map((n) => rawSeasonSchema.parse(load(`tv-67070-season-${n}`)));
    const tv = mapTv(rawTvSchema.parse(load("tv-67070")), seasons, IMG);
    expect(tv).toMatchObject({
      tmdbId: 67070,
      type: "tv",
      title: "Fleabag",
      year: 2016,
      runtimeMinutes: 27,
      directors: ["Phoebe Waller-Bridge"],
    });
    expect(tv.tagline).toBeNull();
    expect(tv.genres).toEqual(["Comedy", "Drama"]);
    expect(tv.seasons).toEqual([
      {
        number: 1,
        name: "Season 1",
        episodes: [
          { number: 1, name: "Episode 1" },
          { number: 2, name: "The Cafe" },
          { number: 3, name: "The Party" },
        ],
      },
      {
        number: 2,
        name: "Season 2",
        episodes: [
          { number: 1, name: "The Dinner" },
          { number: 2, name: "The Priest" },
        ],
      },
    ]);
  });

  it("maps genre names that differ from the catalogue's list", () => {
    expect(mapGenres(["Science Fiction", "Sci-Fi & Fantasy", "Action & Adventure", "TV Movie", "Drama"])).toEqual([
      "Sci-Fi",
      "Fantasy",
      "Action",
      "Adventure",
      "Drama",
    ]);
  });

  it("keeps movies and TV shows of a multi search and drops people", () => {
    const items = mapSearch(rawSearchSchema.parse(load("search-paprika")), IMG);
    expect(items).toEqual([
      {
        tmdbId: 4977,
        type: "movie",
        title: "Paprika",
        year: 2006,
        posterUrl: `${IMG}/w500/bLUUr474Go1DfeN1HLjE3rnZXBq.jpg`,
        overview: expect.any(String),
      },
      { tmdbId: 99123, type: "tv", title: "Paprika Kitchen", year: 2019, posterUrl: null, overview: "A cooking show." },
    ]);
  });

  it("ignores image paths that are not plain file names", () => {
    const raw = rawMovieSchema.parse({ ...(load("movie-4977") as object), poster_path: "/../../evil.jpg?x=1" });
    expect(mapMovie(raw, IMG).posterUrl).toBeNull();
  });
});
