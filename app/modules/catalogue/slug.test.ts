import { describe, expect, it } from "vitest";
import { firstFreeSlug, genreSlug, releaseKey, slugify } from "./slug.ts";

describe("slugify", () => {
  it("lowercases, turns whitespace into hyphens and strips what is unsafe in a path", () => {
    expect(slugify("Night of the Living Dead")).toBe("night-of-the-living-dead");
    expect(slugify("  D.O.A.  ")).toBe("doa");
    expect(slugify("Dr. Jekyll & Mr. Hyde")).toBe("dr-jekyll-and-mr-hyde");
    expect(slugify("Nosferatu: A Symphony of Horror")).toBe("nosferatu-a-symphony-of-horror");
    expect(slugify("../../etc/passwd?x=1#y")).toBe("etcpasswdx1y");
    expect(slugify("<script>alert(1)</script>")).toBe("scriptalert1script");
  });

  it("drops accents but keeps letters of other scripts", () => {
    expect(slugify("Amélie Poulain")).toBe("amelie-poulain");
    expect(slugify("Shichinin no Samurai 七人の侍")).toBe("shichinin-no-samurai-七人の侍");
  });

  it("is never empty and never too long", () => {
    expect(slugify("!!!")).toBe("title");
    expect(slugify("")).toBe("title");
    expect(slugify("word ".repeat(40)).length).toBeLessThanOrEqual(80);
    expect(slugify("word ".repeat(40))).not.toMatch(/-$/);
  });
});

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
