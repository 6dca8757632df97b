import { describe, expect, it } from "vitest";
import { parseSearchParams } from "./params.ts";

describe("parseSearchParams", () => {
  const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
  it("reads the text, page, filters and sort", () => {
    expect(parse("q=night&page=2&type=tv&genre=Horror&yearFrom=1960&yearTo=1970&quality=720p&sort=rating")).toEqual({
      text: "night",
      page: 2,
      badPage: false,
      filters: { type: "tv", genre: "horror", yearFrom: 1960, yearTo: 1970, quality: "720p" },
      sort: "rating",
      errors: {},
      typed: { yearFrom: "1960", yearTo: "1970" },
    });
  });
  it("drops bad values, saying why where the visitor typed them", () => {
    expect(parse("q=x&page=abc&type=book&genre=<script>&yearFrom=19&yearTo=2000a&sort=drop")).toEqual({
      text: "x",
      page: 1,
      badPage: true,
      filters: {},
      sort: "relevance",
      errors: { yearFrom: "Please enter a valid 4-digit year", yearTo: "Please enter a valid 4-digit year" },
      typed: { yearFrom: "19", yearTo: "2000a" },
    });
  });
  it("swaps a year range given backwards", () => {
    expect(parse("yearFrom=2000&yearTo=1990").filters).toEqual({ yearFrom: 1990, yearTo: 2000 });
  });
});
