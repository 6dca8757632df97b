import { describe, expect, it } from "vitest";
import { firstFreeSlug, genreSlug, releaseKey } from "./slug.ts";

describe("genreSlug", () => {
  it("follows the spec: lowercase, spaces to hyphens", () => {
    expect(genreSlug("South Hindi Movies")).toBe("south-hindi-movies");
    expect(genreSlug("Sci-Fi")).toBe("sci-fi");
    expect(genreSlug("TV-Shows")).toBe("tv-shows");
  });
});

describe("releaseKey", () => {
  it("names a movie release by quality and a TV release by season and quality", () => {
    expect(releaseKey({ quality: "720p", season: null })).toBe("720p");
    expect(releaseKey({ quality: "1080p 10Bit", season: null })).toBe("1080p-10bit");
    expect(releaseKey({ quality: "480p", season: "Season 1" })).toBe("season-1-480p");
  });
});

describe("firstFreeSlug", () => {
  it("adds the first free number", () => {
    expect(firstFreeSlug("metropolis", [])).toBe("metropolis");
    expect(firstFreeSlug("metropolis", ["metropolis", "metropolis-2", "metropolis-4"])).toBe("metropolis-3");
  });
});
