import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { setPopularity } from "./popularity.server.ts";
import { searchCatalogue, suggest } from "#app/modules/catalogue/search.server.ts";
import type { SearchOptions } from "./search.server.ts";

/** Titles for the parser's rules, with ones named like noise and filter words. */
const FILMS: { title: string; year: number; votes: number; type?: "movie" | "tv"; quality?: string; cast?: string[] }[] = [
  { title: "Joker", year: 2019, votes: 1_400_000, quality: "1080p" },
  { title: "Joker", year: 2012, votes: 2_000, type: "tv" },
  { title: "Interstellar", year: 2014, votes: 2_000_000 },
  { title: "Gladiator", year: 2000, votes: 1_600_000, quality: "720p" },
  { title: "Gladiator", year: 1992, votes: 30_000 },
  { title: "The Toolbox Murders", year: 1978, votes: 5_000 },
  { title: "Deadpool", year: 2016, votes: 1_100_000 },
  { title: "Free Guy", year: 2021, votes: 400_000 },
  { title: "Guy Ritchie's The Covenant", year: 2023, votes: 200_000 },
  { title: "A Guy Thing", year: 2003, votes: 30_000 },
  { title: "The Movie", year: 2005, votes: 100 },
  { title: "Hindi Medium", year: 2017, votes: 30_000 },
  { title: "1917", year: 2019, votes: 650_000 },
  { title: "2001: A Space Odyssey", year: 1968, votes: 700_000 },
  { title: "Rocky IV", year: 1985, votes: 400_000 },
  { title: "Seven Samurai", year: 1954, votes: 370_000 },
  { title: "Breaking Bad", year: 2008, votes: 2_100_000, type: "tv" },
  { title: "Shrek the Musical", year: 2013, votes: 3_000, cast: ["Brian d'Arcy James"] },
];

async function fill(db: Db) {
  for (const [i, f] of FILMS.entries()) {
    const created = await createTitle(db, {
      type: f.type ?? "movie",
      title: f.title,
      releaseDate: `${f.year}-06-01`,
      cast: (f.cast ?? []).map((name) => ({ name, character: null })),
      releases: f.quality ? [{ quality: f.quality, season: null, files: [], zipLinks: [] }] : [],
      uploadedAt: `2026-06-01T12:${String(i).padStart(2, "0")}:00.000Z`,
    });
    await setPopularity(db, created.id, { votes: f.votes });
  }
}

const titlesOf = async (db: Db, options: SearchOptions) => (await searchCatalogue(db, options)).items.map((t) => `${t.title} (${t.year})`);
const first = async (db: Db, text: string) => (await titlesOf(db, { text }))[0];

describeEachDatabase("query understanding", (ctx) => {
  it("finds the film through the words visitors add", async () => {
    await fill(ctx.db);
    expect(await first(ctx.db, "joker film")).toBe("Joker (2019)");
    expect(await first(ctx.db, "interstellar movie")).toBe("Interstellar (2014)");
    expect(await titlesOf(ctx.db, { text: "gladiator 2000 full movie" })).toEqual(["Gladiator (2000)"]);
    expect(await first(ctx.db, "download interstellar hd free")).toBe("Interstellar (2014)");
    expect((await suggest(ctx.db, "interstellar full movie")).map((t) => t.title)).toEqual(["Interstellar"]);
  });

  it("turns types, years and qualities into filters it reports, and says what it did not apply", async () => {
    await fill(ctx.db);
    expect(await titlesOf(ctx.db, { text: "joker series" })).toEqual(["Joker (2012)"]);
    expect(await titlesOf(ctx.db, { text: "joker 1080p" })).toEqual(["Joker (2019)"]);
    const dubbed = await searchCatalogue(ctx.db, { text: "joker hindi dubbed" });
    expect(dubbed.items[0]?.title).toBe("Joker");
    expect(dubbed.understood).toEqual([{ kind: "language", label: "Hindi dubbed", words: ["hindi", "dubbed"], applied: false }]);
    const season = await searchCatalogue(ctx.db, { text: "breaking bad season 2" });
    expect(season.items.map((t) => t.title)).toEqual(["Breaking Bad"]);
    expect(season.understood.map((c) => [c.label, c.applied])).toEqual([["Season 2", false]]);
    expect((await searchCatalogue(ctx.db, { text: "gladiator 1992" })).understood.map((c) => c.label)).toEqual(["Year: 1992"]);
    // An explicit filter wins over the words' and no chip claims otherwise.
    const explicit = await searchCatalogue(ctx.db, { text: "joker movie", filters: { type: "tv" } });
    expect([explicit.items.map((t) => t.year), explicit.understood]).toEqual([[2012], []]);
  });

  it("drops the filters the words name when they leave nothing, and says no more about them", async () => {
    await fill(ctx.db);
    expect(await first(ctx.db, "2001 space odyssey")).toBe("2001: A Space Odyssey (1968)");
    const year = await searchCatalogue(ctx.db, { text: "interstellar 1999" });
    expect([year.items.map((t) => t.title), year.understood]).toEqual([["Interstellar"], []]);
    expect(await titlesOf(ctx.db, { text: "interstellar 4k" })).toEqual(["Interstellar (2014)"]);
  });

  it("still finds titles named like noise and filter words", async () => {
    await fill(ctx.db);
    expect(await first(ctx.db, "free guy")).toBe("Free Guy (2021)");
    expect(await first(ctx.db, "free guy hd")).toBe("Free Guy (2021)");
    expect(await first(ctx.db, "the movie")).toBe("The Movie (2005)");
    expect(await first(ctx.db, "hindi medium")).toBe("Hindi Medium (2017)");
    expect(await first(ctx.db, "1917")).toBe("1917 (2019)");
    expect((await searchCatalogue(ctx.db, { text: "free guy" })).understood).toEqual([]);
  });

  it("joins and splits words the catalogue writes the other way, and numbers both ways", async () => {
    await fill(ctx.db);
    expect(await first(ctx.db, "tool box murders")).toBe("The Toolbox Murders (1978)");
    expect(await first(ctx.db, "dead pool")).toBe("Deadpool (2016)");
    expect(await first(ctx.db, "rocky4")).toBe("Rocky IV (1985)");
    expect(await first(ctx.db, "rocky four")).toBe("Rocky IV (1985)");
    expect(await first(ctx.db, "7 samurai")).toBe("Seven Samurai (1954)");
    expect(await first(ctx.db, "vii samurai")).toBe("Seven Samurai (1954)");
    expect(await first(ctx.db, "freeguy")).toBe("Free Guy (2021)");
    // The last word may be unfinished: "interst" is not split, it starts "interstellar".
    expect((await suggest(ctx.db, "interst")).map((t) => t.title)).toEqual(["Interstellar"]);
  });

  it("offers the corrected query when the best results needed a correction", async () => {
    await fill(ctx.db);
    // No 1080p release: the quality is dropped, the correction offered with the words as typed.
    expect((await searchCatalogue(ctx.db, { text: "interstelar 1080p" })).corrected).toBe("interstellar 1080p");
    const typo = await searchCatalogue(ctx.db, { text: "intersteller full movie" });
    expect([typo.items[0]?.title, typo.corrected]).toEqual(["Interstellar", "interstellar full movie"]);
    expect((await searchCatalogue(ctx.db, { text: "dead pool" })).corrected).toBe("deadpool");
    expect((await searchCatalogue(ctx.db, { text: "interstellar" })).corrected).toBeNull();
  });

  it("finds nothing for nonsense, however many noise words come with it", async () => {
    await fill(ctx.db);
    for (const text of ["qwxz full movie download", "zzkq vbnm 1080p", "xqjv hindi dubbed", "the of and movie", "a the full movie 2019"]) {
      expect(await titlesOf(ctx.db, { text }), text).toEqual([]);
      expect(await suggest(ctx.db, text), text).toEqual([]);
    }
  });
});

describe("query understanding fixtures", () => {
  it("names each film once per year and type", () => {
    expect(new Set(FILMS.map((f) => `${f.title}|${f.year}|${f.type}`)).size).toBe(FILMS.length);
  });
});
