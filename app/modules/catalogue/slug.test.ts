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
