import { describe, expect, it } from "vitest";
import { documentTags, qualityTag, yearRangeTags, yearTags } from "./tags.ts";

describe("yearRangeTags", () => {
  it("covers a range with whole centuries and decades inside it and single years at its ends", () => {
    expect(yearRangeTags(1990, 2010)).toEqual(["d199", "d200", "y2010"]);
    expect(yearRangeTags(1987, 1992)).toEqual(["y1987", "y1988", "y1989", "y1990", "y1991", "y1992"]);
    expect(yearRangeTags(1900, 2026)).toEqual(["c19", "d200", "d201", "y2020", "y2021", "y2022", "y2023", "y2024", "y2025", "y2026"]);
    expect(yearRangeTags(2001, 2001)).toEqual(["y2001"]);
    expect(yearRangeTags(2002, 2001)).toEqual([]);
  });
  it("stays short for an open end, and each year of the range is in exactly one of its spans", () => {
    const open = yearRangeTags(1995);
    expect(open.length).toBeLessThan(120);
    for (const [from, to] of [
      [1995, 9999],
      [0, 1994],
      [1871, 2033],
    ] as const) {
      const tags = new Set(yearRangeTags(from, to));
      for (let y = 0; y <= 9999; y += 1) {
        const covered = yearTags(String(y).padStart(4, "0")).filter((t) => tags.has(t)).length;
        expect(covered, `year ${y} in ${from}–${to}`).toBe(y >= from && y <= to ? 1 : 0);
      }
    }
  });
});

describe("documentTags", () => {
  it("names the type, year spans, genres and distinct qualities, each as one [a-z0-9] word", () => {
    const tags = documentTags({ type: "tv", year: "2004", genreIds: [12], qualities: ["WEB-DL 1080p", "web-dl 1080p", ""] });
    expect(tags).toBe(`ttv y2004 d200 c20 g12 ${qualityTag("WEB-DL 1080p")}`);
    expect(tags).toMatch(/^[a-z0-9 ]+$/);
    expect(documentTags({ type: "movie", year: "", genreIds: [], qualities: [] })).toBe("tmovie");
  });
  it("keeps qualities apart that differ by more than case and outer spaces", () => {
    expect(qualityTag(" 4K ")).toBe(qualityTag("4k"));
    expect(qualityTag("WEB-DL")).not.toBe(qualityTag("WEBDL"));
  });
});
