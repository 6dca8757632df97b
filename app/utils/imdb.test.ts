import { describe, expect, it } from "vitest";
import { parseLookup } from "#app/integrations/tmdb/ids.ts";
import { imdbIdFromUrl, validImdbId } from "./imdb.ts";

describe("IMDb ids", () => {
  it("accepts tt followed by 7 to 10 digits", () => {
    expect(validImdbId("tt0133093")).toBe("tt0133093");
    expect(validImdbId("tt12345678")).toBe("tt12345678");
    for (const value of ["tt123", "0133093", "TT0133093", "tt0133093x", 133093]) expect(validImdbId(value)).toBeNull();
  });
  it("reads the id from IMDb title addresses only", () => {
    expect(imdbIdFromUrl("https://www.imdb.com/title/tt0133093/?ref_=nv")).toBe("tt0133093");
    expect(imdbIdFromUrl("https://m.imdb.com/title/tt0133093")).toBe("tt0133093");
    expect(imdbIdFromUrl("http://imdb.com/de/title/tt12345678")).toBe("tt12345678");
    expect(imdbIdFromUrl("https://www.imdb.com/title/tt01330931234/")).toBeNull();
    expect(imdbIdFromUrl("https://www.imdb.com/name/nm0000206/")).toBeNull();
    expect(imdbIdFromUrl("https://imdb.com.evil.example/title/tt0133093/")).toBeNull();
    expect(imdbIdFromUrl("javascript:alert(1)")).toBeNull();
  });
  it("is the same rule in the visitors' request form and the admin's TMDB lookup", () => {
    expect(parseLookup("https://www.imdb.com/de/title/tt0133093/")).toEqual({ kind: "imdb", id: "tt0133093" });
    expect(parseLookup("tt0133093")).toEqual({ kind: "imdb", id: "tt0133093" });
  });
});
