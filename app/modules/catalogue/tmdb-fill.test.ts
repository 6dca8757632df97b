import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { mapMovie, mapTv } from "#app/integrations/tmdb/map.ts";
import { rawMovieSchema, rawSeasonSchema, rawTvSchema } from "#app/integrations/tmdb/schema.ts";
import { checkEditor, emptyEditorValues } from "./admin-form.ts";
import { applyExternalFields, externalChanges, fillFromExternal } from "./tmdb-fill.ts";

const load = (name: string): unknown => JSON.parse(fs.readFileSync(`tests/mocks/tmdb/fixtures/${name}.json`, "utf8"));
const IMG = "https://image.tmdb.org/t/p";
const matrix = mapMovie(rawMovieSchema.parse(load("movie-603")), IMG);
const fleabag = mapTv(
  rawTvSchema.parse(load("tv-67070")),
  [1, 2].map((n) => rawSeasonSchema.parse(load(`tv-67070-season-${n}`))),
  IMG,
);

describe("TMDB details in the title editor", () => {
  it("fills every field TMDB has and produces a valid title", () => {
    const values = fillFromExternal({ ...emptyEditorValues("movie", "2026-01-01T00:00:00.000Z"), tmdbId: "tt0133093" }, matrix);
    expect(values).toMatchObject({
      title: "The Matrix",
      tmdbId: "603",
      genres: "Action, Sci-Fi",
      directors: "Lana Wachowski, Lilly Wachowski",
      actors: "Keanu Reeves, Laurence Fishburne, Carrie-Anne Moss, Hugo Weaving",
      releaseDate: "1999-03-31",
      rating: "8.2",
      runtime: "136",
      language: "English",
      tagline: "Welcome to the Real World.",
      adult: false,
      trailerUrl: "https://www.youtube.com/watch?v=vKQi3bBA1y8",
    });
    expect(checkEditor(values).ok).toBe(true);
  });

  it("creates one download group per season with its episodes for a TV show", () => {
    const values = fillFromExternal({ ...emptyEditorValues("tv", "2026-01-01T00:00:00.000Z"), tmdbId: "67070" }, fleabag);
    expect(values.groups.map((g) => [g.season, g.quality, g.files.map((f) => f.title)])).toEqual([
      ["Season 1", "1080p", ["Episode 1: Episode 1", "Episode 2: The Cafe", "Episode 3: The Party"]],
      ["Season 2", "1080p", ["Episode 1: The Dinner", "Episode 2: The Priest"]],
    ]);
  });

  it("keeps download rows the admin already typed", () => {
    const start = emptyEditorValues("tv", "2026-01-01T00:00:00.000Z");
    start.groups[0]!.season = "Season 9";
    expect(fillFromExternal(start, fleabag).groups.map((g) => g.season)).toEqual(["Season 9"]);
  });

  it("lists only the fields that differ, and applies only the chosen ones", () => {
    const values = {
      ...fillFromExternal(emptyEditorValues("movie", "2026-01-01T00:00:00.000Z"), matrix),
      tagline: "Old tagline",
      runtime: "130",
    };
    const changes = externalChanges(values, matrix);
    expect(changes.map((c) => [c.label, c.current, c.next])).toEqual([
      ["Runtime", "130", "136"],
      ["Tagline", "Old tagline", "Welcome to the Real World."],
    ]);
    const applied = applyExternalFields(values, matrix, ["runtime"]);
    expect(applied.runtime).toBe("136");
    expect(applied.tagline).toBe("Old tagline");
  });
});
