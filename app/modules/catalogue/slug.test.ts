import { describe, expect, it } from "vitest";
import { firstFreeSlug, genreSlug, releaseKey } from "./slug.ts";

describe("genreSlug", () => {
  it("follows the spec: lowercase, spaces to hyphens", () => {
    expect(genreSlug("South Hindi Movies")).toBe("south-hindi-movies");
    expect(genreSlug("Sci-Fi")).toBe("sci-fi");
    expect(genreSlug("TV-Shows")).toBe("tv-shows");
    expect(genreSlug("Comédie  Dramatique")).toBe("comédie-dramatique");
    expect(genreSlug("Аниме")).toBe("аниме");
  });

  it("keeps only letters, digits and hyphens, so a slug is a clean address segment", () => {
    expect(genreSlug('Horror"<>')).toBe("horror");
    expect(genreSlug('"<script>alert(1)</script>"')).toBe("scriptalert1script");
    expect(genreSlug("Action & Adventure")).toBe("action-adventure");
    expect(genreSlug("Sci-Fi & Fantasy")).toBe("sci-fi-fantasy");
    expect(genreSlug("  -Noir- ")).toBe("noir");
    expect(genreSlug("?!")).toBe("genre");
    expect(genreSlug("x".repeat(100))).toHaveLength(60);
    for (const name of ['a"b', "a<b>c", "a/b\\c", "a?b#c", "a%20b", "a.b", "\u{1F600} smile"]) {
      expect(genreSlug(name)).toMatch(/^[\p{L}\p{M}\p{N}-]{1,60}$/u);
    }
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

describe("slug disambiguation", () => {
  it("tries the release year before numbers", () => {
    expect(firstFreeSlug("it", ["it"], "2017")).toBe("it-2017");
    expect(firstFreeSlug("it", ["it", "it-2017"], "2017")).toBe("it-2");
  });

  it("cuts long slugs so the suffix fits: two long same-prefix titles stay two slugs within 80 characters", () => {
    const base = "a".repeat(80);
    const second = firstFreeSlug(base, [base]);
    expect(second).toBe(`${"a".repeat(78)}-2`);
    expect(second.length).toBe(80);
    expect(firstFreeSlug(base, [base], "1999")).toBe(`${"a".repeat(75)}-1999`);
  });
});
