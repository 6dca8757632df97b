import { randomInt } from "node:crypto";
import type { TitleInput } from "#app/modules/catalogue/schema.ts";

let serial = 0;
// TMDB and IMDb ids are unique in the catalogue: end-to-end workers write to one
// database in parallel, so each process numbers its titles from a base of its own.
const idBase = randomInt(0, 1_000_000) * 100;

/** A movie with every field and a two-quality download tree. */
export function buildMovie(overrides: Partial<TitleInput> = {}): TitleInput {
  serial++;
  return {
    type: "movie",
    title: `Night of the Test ${serial}`,
    originalTitle: "La Nuit du Test",
    tmdbId: 10_000 + idBase + serial,
    imdbId: `tt${String(1_000_000 + idBase + serial).padStart(7, "0")}`,
    overview: "Strangers shelter in a farmhouse while the night turns against them.",
    tagline: "They keep coming back.",
    storyline: "A longer account of the night.",
    releaseDate: "1968-10-01",
    runtimeMinutes: 96,
    rating: 7.8,
    adult: false,
    language: "English",
    posterUrl: "https://images.example/poster.jpg",
    backgroundUrl: "https://images.example/backdrop.jpg",
    trailerUrl: "https://video.example/trailer",
    fileFormat: "mkv",
    featured: false,
    genres: ["Horror", "Thriller"],
    directors: ["George A. Romero"],
    cast: [
      { name: "Duane Jones", character: "Ben" },
      { name: "Judith O'Dea", character: "Barbra" },
    ],
    subtitles: ["English", "Spanish"],
    screenshots: ["https://images.example/1.jpg", "https://images.example/2.jpg"],
    releases: [
      {
        quality: "720p",
        files: [
          {
            title: "Night of the Test 720p",
            size: "1.2 GB",
            links: [
              { label: "instant", url: "https://instant.example/a" },
              { label: "gdrive", url: "https://gdrive.example/b" },
            ],
          },
        ],
      },
      {
        quality: "1080p",
        files: [{ title: "Night of the Test 1080p", size: "2.4 GB", links: [{ label: "gofile", url: "https://gofile.example/c" }] }],
      },
    ],
    ...overrides,
  };
}

/** A series with two seasons of episodes and a zip link for the first season. */
export function buildSeries(overrides: Partial<TitleInput> = {}): TitleInput {
  serial++;
  const episodes = (season: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      title: `S0${season}E0${i + 1} - Episode ${i + 1}`,
      size: `${300 + i} MB`,
      links: [{ label: "gdrive", url: `https://gdrive.example/s${season}e${i + 1}` }],
    }));
  return {
    type: "tv",
    title: `The Test Files ${serial}`,
    releaseDate: "1954-10-18",
    runtimeMinutes: 26,
    rating: 7.1,
    language: "English",
    genres: ["TV-Shows", "Crime"],
    directors: ["Sheldon Reynolds"],
    cast: [{ name: "Ronald Howard", character: "Sherlock Holmes" }],
    releases: [
      {
        season: "Season 1",
        quality: "480p",
        files: episodes(1, 3),
        zipLinks: [{ label: "gdrive", url: "https://gdrive.example/s1.zip", size: "1.1 GB" }],
      },
      { season: "Season 2", quality: "480p", files: episodes(2, 2) },
    ],
    ...overrides,
  };
}
