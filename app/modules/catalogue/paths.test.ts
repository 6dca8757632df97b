import { expect, it } from "vitest";
import { archivePath, linkDetailsPath, middlemanPath, outlinkPath, parseLinkDetailsRef } from "./paths.ts";

it("names each download page the way SPEC.md's route table does", () => {
  expect(archivePath(12, "season-1-480p")).toBe("/archive/12/season-1-480p");
  expect(linkDetailsPath(12, "720p", { kind: "movie" })).toBe("/desksync/12/null/720p/movie");
  expect(linkDetailsPath(12, "season-1-480p", { kind: "release", id: 34 })).toBe("/desksync/12/34/season-1-480p/tv");
  expect(linkDetailsPath(12, "season-1-480p", { kind: "episode", id: 56 })).toBe("/desksync/12/e56/season-1-480p/tv");
  expect(middlemanPath(7)).toBe("/middleman?id=7");
  expect(outlinkPath(7)).toBe("/page3?id=7");
});

it("reads link-details segments back, and nothing else", () => {
  expect(parseLinkDetailsRef("movie", "null", "720p")).toEqual({ kind: "release-key", key: "720p" });
  expect(parseLinkDetailsRef("tv", "34", "season-1-480p")).toEqual({ kind: "release", id: 34 });
  expect(parseLinkDetailsRef("tv", "e56", "season-1-480p")).toEqual({ kind: "file", id: 56 });
  for (const [type, seasonId] of [
    ["movie", "34"],
    ["tv", "null"],
    ["tv", "e0"],
    ["tv", "034"],
    ["tv", "e1x"],
    ["tv", "-3"],
    ["book", "null"],
    ["tv", "99999999999"],
  ]) {
    expect(parseLinkDetailsRef(type!, seasonId!, "720p"), `${type}/${seasonId}`).toBeNull();
  }
});
