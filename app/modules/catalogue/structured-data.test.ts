import { expect, it } from "vitest";
import type { TitleDetail } from "./types.ts";
import { titleStructuredData } from "./structured-data.ts";

const base: TitleDetail = {
  id: 1,
  type: "movie",
  slug: "nosferatu",
  title: "Nosferatu",
  year: 1922,
  releaseDate: "1922-03-04",
  posterUrl: null,
  rating: 7.8,
  originalTitle: "Nosferatu, eine Symphonie des Grauens",
  tmdbId: null,
  imdbId: null,
  overview: "A vampire comes to Wisborg.",
  tagline: null,
  storyline: null,
  runtimeMinutes: 94,
  adult: false,
  language: "German",
  backgroundUrl: null,
  trailerUrl: null,
  fileFormat: "mp4",
  featured: false,
  featuredOrder: null,
  tmdbPopularity: null,
  tmdbVoteAverage: null,
  tmdbVoteCount: null,
  uploadedAt: "2026-01-01T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  genres: [{ id: 1, name: "Horror", slug: "horror" }],
  directors: ["F. W. Murnau"],
  cast: [{ name: "Max Schreck", character: "Count Orlok" }],
  subtitles: [],
  screenshots: [],
  releases: [],
};

it("describes a movie", () => {
  expect(titleStructuredData(base, "https://c.example/movie/1/nosferatu")).toEqual({
    "@context": "https://schema.org",
    "@type": "Movie",
    name: "Nosferatu",
    url: "https://c.example/movie/1/nosferatu",
    alternateName: "Nosferatu, eine Symphonie des Grauens",
    description: "A vampire comes to Wisborg.",
    genre: ["Horror"],
    inLanguage: "German",
    director: [{ "@type": "Person", name: "F. W. Murnau" }],
    actor: [{ "@type": "Person", name: "Max Schreck" }],
    datePublished: "1922-03-04",
    duration: "PT94M",
  });
});

it("describes a series once per season, whatever the number of qualities", () => {
  const episode = (id: number, title: string) => ({ id, title, size: null, links: [] });
  const data = titleStructuredData(
    {
      ...base,
      type: "tv",
      releases: [
        { id: 1, quality: "480p", season: "Season 1", key: "season-1-480p", files: [episode(1, "Pilot"), episode(2, "Two")], zipLinks: [] },
        { id: 2, quality: "720p", season: "Season 1", key: "season-1-720p", files: [episode(3, "Pilot"), episode(4, "Two")], zipLinks: [] },
        { id: 3, quality: "480p", season: "Season 2", key: "season-2-480p", files: [episode(5, "Three")], zipLinks: [] },
      ],
    },
    "https://c.example/movie/1/x",
  );
  expect(data).toMatchObject({
    "@type": "TVSeries",
    startDate: "1922-03-04",
    numberOfSeasons: 2,
    containsSeason: [
      {
        name: "Season 1",
        seasonNumber: 1,
        numberOfEpisodes: 2,
        episode: [
          { name: "Pilot", episodeNumber: 1 },
          { name: "Two", episodeNumber: 2 },
        ],
      },
      { name: "Season 2", seasonNumber: 2, numberOfEpisodes: 1 },
    ],
  });
});
