import { describe, expect, it } from "vitest";
import { externalTitlePath } from "#app/integrations/tmdb/ids.ts";
import { slugify } from "./slug.ts";

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

describe("the one slug rule", () => {
  it("names TMDB-only title pages as it names stored titles", () => {
    expect(externalTitlePath({ type: "movie", tmdbId: 603, title: "The Matrix" })).toBe("/movie/tmdb-603/the-matrix");
    expect(externalTitlePath({ type: "tv", tmdbId: 1399, title: "Tom & Jerry: Amélie" })).toBe("/movie/tmdb-tv-1399/tom-and-jerry-amelie");
    expect(externalTitlePath({ type: "movie", tmdbId: 1, title: "七人の侍" })).toBe(`/movie/tmdb-1/${encodeURIComponent("七人の侍")}`);
  });
});
