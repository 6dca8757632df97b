import { describe, expect, it } from "vitest";
import { normalizeText, parseQuery, searchDocument, similarity, trigrams } from "./text.ts";

describe("normalizeText", () => {
  it("folds case and accents and treats everything else as a separator", () => {
    expect(normalizeText("  Amélie — Le Fabuleux Destin!! ")).toBe("amelie le fabuleux destin");
    expect(normalizeText("Dr. Jekyll & Mr. Hyde")).toBe("dr jekyll and mr hyde");
    expect(normalizeText("Straße Ærø Łódź")).toBe("strasse aero lodz");
    expect(normalizeText(`'; DROP TABLE titles; -- % _ * "NEAR" OR`)).toBe("drop table titles near or");
    expect(normalizeText("七人の侍")).toBe("");
  });
});

describe("parseQuery", () => {
  it("is null for text that is blank once normalised", () => {
    for (const blank of ["", "   ", "\t\n", "%%%", "\"'*", "七人の侍"]) expect(parseQuery(blank)).toBeNull();
  });
  it("keeps at most 8 distinct words and 200 characters of input", () => {
    expect(parseQuery("the the night NIGHT")).toEqual({ text: "the night", tokens: ["the", "night"] });
    expect(parseQuery("a b c d e f g h i j")!.tokens).toHaveLength(8);
    expect(parseQuery(`${"x".repeat(5000)} tail`)!.text).toBe("x".repeat(200));
  });
});

describe("trigram similarity (as pg_trgm computes it)", () => {
  it("pads each word with two spaces before and one after", () => {
    expect([...trigrams("cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
    expect(trigrams("a b").size).toBe(4);
  });
  it("gives pg_trgm's figures", () => {
    expect(similarity("word", "word")).toBe(1);
    expect(similarity("word", "two words")).toBeCloseTo(4 / 11, 6);
    expect(similarity("nite", "night")).toBeCloseTo(2 / 9, 6);
    expect(similarity("nite of the living dead", "night of the living dead")).toBeCloseTo(0.75, 2);
    expect(similarity("", "x")).toBe(0);
  });
});

describe("searchDocument", () => {
  it("normalises the title, drops an original title equal to it and keeps the year and the filter words", () => {
    expect(
      searchDocument({
        title: "Nosferatu",
        originalTitle: "NOSFERATU",
        releaseDate: "1922-03-04",
        names: ["F. W. Murnau", "Max Schreck"],
        type: "movie",
        genreIds: [3, 8],
        qualities: ["1080p", " 1080P ", "4K"],
        uploadedAt: "2026-01-01T00:00:00.000Z",
        rating: 7.9,
      }),
    ).toEqual({
      title: "nosferatu",
      original: "",
      names: "f w murnau max schreck",
      alt: "",
      keys: "|nosferatu|",
      year: "1922",
      tags: "tmovie y1922 d192 c19 g3 g8 q3130383070 q346b",
      type: "movie",
      uploadedAt: "2026-01-01T00:00:00.000Z",
      rating: 7.9,
    });
  });
});
