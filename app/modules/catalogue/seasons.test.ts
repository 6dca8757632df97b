import { expect, it } from "vitest";
import { groupSeasons, parseEpisodeTitle, seasonKey } from "./seasons.ts";
import type { Release } from "./types.ts";

const link = (id: number) => ({
  id,
  kind: "file" as const,
  label: "gdrive",
  url: `https://x.example/${id}`,
  size: null,
  status: "ok" as const,
});
let nextId = 1;
function release(season: string | null, quality: string, titles: string[], zip = false): Release {
  const id = nextId++;
  return {
    id,
    quality,
    season,
    key: `${season ?? "x"}-${quality}`.toLowerCase().replace(/\s+/g, "-"),
    files: titles.map((title) => ({ id: nextId++, title, size: null, links: [link(nextId)] })),
    zipLinks: zip ? [{ ...link(nextId++), kind: "zip", size: "1 GB" }] : [],
  };
}

it("reads episode numbers and names as the demo catalogue and the TMDB fill write them", () => {
  expect(parseEpisodeTitle("S01E02 - The Case of Lady Beryl")).toEqual({ number: 2, name: "The Case of Lady Beryl" });
  expect(parseEpisodeTitle("Episode 12: Pilot")).toEqual({ number: 12, name: "Pilot" });
  expect(parseEpisodeTitle("  The Finale ")).toEqual({ number: null, name: "The Finale" });
});

it("season keys are short and stable", () => {
  expect(seasonKey("Season 2")).toBe("2");
  expect(seasonKey("Complete")).toBe("complete");
  expect(seasonKey("Season 1 (1954)")).toBe("season-1-1954");
  expect(seasonKey("!!!")).toBe("episodes");
});

it("groups releases by season and matches each episode across qualities", () => {
  const seasons = groupSeasons([
    release("Season 1", "480p", ["S01E02 - Two", "S01E01 - One"]),
    release("Season 1", "720p", ["S01E01 - One"], true),
    release("Season 2", "480p", ["Episode 1: Again"]),
  ]);
  expect(seasons.map((s) => [s.key, s.label, s.qualities])).toEqual([
    ["1", "Season 1", ["480p", "720p"]],
    ["2", "Season 2", ["480p"]],
  ]);
  const [first] = seasons;
  expect(first!.episodes.map((e) => [e.number, e.name, e.downloads.map((d) => d.quality)])).toEqual([
    [1, "One", ["480p", "720p"]],
    [2, "Two", ["480p"]],
  ]);
  expect(first!.archives.map((a) => a.quality)).toEqual(["720p"]);
});

it("episodes without numbers are matched by name and keep their order", () => {
  const [season] = groupSeasons([release(null, "480p", ["Pilot", "Finale"]), release(null, "1080p", ["finale"])]);
  expect(season!.label).toBe("Episodes");
  expect(season!.episodes.map((e) => [e.name, e.downloads.length])).toEqual([
    ["Pilot", 1],
    ["Finale", 2],
  ]);
});
