import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, testDialects, type TestDatabase } from "#tests/helpers/database.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { fillFilms } from "#tests/factories/search-films.ts";
import type { Db } from "#app/db/client.server.ts";
import { migrateTo, migrateToLatest } from "#db/migrate.ts";
import { createTitle, deleteRelease, deleteTitle, replaceTitle } from "#app/modules/catalogue/write.server.ts";
import type { TitleInput } from "#app/modules/catalogue/schema.ts";
import { recordSearch } from "#app/modules/search/search-queries.server.ts";
import { indexMissingTitles } from "#app/modules/catalogue/search-index.server.ts";
import { setPopularity } from "./popularity.server.ts";
import { browseCatalogue, searchCatalogue, suggest, suggestGrouped } from "#app/modules/catalogue/search.server.ts";
import { searchPlans, type SearchOptions, type SearchResults } from "./search.server.ts";

const minute = (n: number) => `2026-06-01T12:${String(n).padStart(2, "0")}:00.000Z`;

/** A small catalogue with near-misses for every rule; later entries are newer. */
const CATALOGUE: TitleInput[] = [
  buildMovie({
    title: "Night of the Living Dead",
    originalTitle: null,
    releaseDate: "1968-10-01",
    rating: 7.8,
    directors: ["George A. Romero"],
    cast: [{ name: "Duane Jones", character: "Ben" }],
    genres: ["Horror"],
    releases: [{ quality: "720p" }, { quality: "1080p" }],
  }),
  buildMovie({
    title: "Nosferatu",
    originalTitle: "Nosferatu, eine Symphonie des Grauens",
    releaseDate: "1922-03-04",
    rating: 7.9,
    directors: ["F. W. Murnau"],
    cast: [{ name: "Max Schreck", character: "Count Orlok" }],
    genres: ["Horror", "Fantasy"],
    releases: [{ quality: "480p" }],
  }),
  buildMovie({
    title: "Dead of Night",
    originalTitle: null,
    releaseDate: "1945-09-09",
    rating: 7.6,
    directors: ["Alberto Cavalcanti"],
    cast: [{ name: "Mervyn Johns", character: "Walter Craig" }],
    genres: ["Horror"],
    releases: [{ quality: "720P" }],
  }),
  buildMovie({
    title: "Amélie",
    originalTitle: "Le Fabuleux Destin d'Amélie Poulain",
    releaseDate: "2001-04-25",
    rating: null,
    directors: ["Jean-Pierre Jeunet"],
    cast: [{ name: "Audrey Tautou", character: "Amélie" }],
    genres: ["Comedy", "Romance"],
    releases: [],
  }),
  buildMovie({
    title: "Nightmare Alley",
    originalTitle: null,
    releaseDate: "1947-10-09",
    rating: 7.6,
    directors: ["Edmund Goulding"],
    cast: [{ name: "Tyrone Power", character: "Stan" }],
    genres: ["Thriller"],
    releases: [{ quality: "1080p" }],
  }),
  buildSeries({
    title: "Night Gallery",
    originalTitle: null,
    releaseDate: "1970-12-16",
    rating: 7.4,
    directors: ["Rod Serling"],
    cast: [{ name: "Rod Serling", character: "Host" }],
    genres: ["TV-Shows", "Horror"],
  }),
  buildMovie({
    title: "The Living Daylights",
    originalTitle: null,
    releaseDate: "1987-06-29",
    rating: 6.7,
    directors: ["John Glen"],
    cast: [{ name: "Timothy Dalton", character: "James Bond" }],
    genres: ["Action"],
    releases: [{ quality: "4k" }],
  }),
  buildMovie({
    title: "Night of the Living Dead",
    originalTitle: null,
    releaseDate: "1990-10-19",
    rating: 6.8,
    directors: ["Tom Savini"],
    cast: [{ name: "Tony Todd", character: "Ben" }],
    genres: ["Horror"],
    releases: [{ quality: "720p" }],
  }),
].map((input, i) => ({ ...input, uploadedAt: minute(i) }));

async function fill(db: Db) {
  for (const input of CATALOGUE) await createTitle(db, input);
}

const titlesOf = async (db: Db, options: SearchOptions) => (await searchCatalogue(db, options)).items.map((t) => `${t.title} (${t.year})`);

describeEachDatabase("search", (ctx) => {
  it("treats blank text as no search", async () => {
    await fill(ctx.db);
    for (const text of ["", "   ", "\t", "!!!", "—"]) {
      expect(await searchCatalogue(ctx.db, { text })).toMatchObject({ query: null, total: 0, items: [], match: "none" });
    }
    expect(await suggest(ctx.db, "  ")).toEqual([]);
  });

  it("ranks the exact title first, then titles starting with the query, then the rest", async () => {
    await fill(ctx.db);
    expect(await titlesOf(ctx.db, { text: "Nosferatu" })).toEqual(["Nosferatu (1922)"]);
    // Equal matches: the more popular first (here by rating alone).
    expect(await titlesOf(ctx.db, { text: "night" })).toEqual([
      "Night of the Living Dead (1968)",
      "Night Gallery (1970)",
      "Night of the Living Dead (1990)",
      "Nightmare Alley (1947)",
      "Dead of Night (1945)",
    ]);
    expect(await titlesOf(ctx.db, { text: "dead of night" })).toEqual([
      "Dead of Night (1945)",
      "Night of the Living Dead (1968)",
      "Night of the Living Dead (1990)",
    ]);
    expect(await titlesOf(ctx.db, { text: "living" })).toEqual([
      "The Living Daylights (1987)",
      "Night of the Living Dead (1968)",
      "Night of the Living Dead (1990)",
    ]);
  });

  it("finds titles by original title, cast and director names, and year", async () => {
    await fill(ctx.db);
    expect(await titlesOf(ctx.db, { text: "symphonie des grauens" })).toEqual(["Nosferatu (1922)"]);
    expect(await titlesOf(ctx.db, { text: "romero" })).toEqual(["Night of the Living Dead (1968)"]);
    expect(await titlesOf(ctx.db, { text: "duane jones" })).toEqual(["Night of the Living Dead (1968)"]);
    expect(await titlesOf(ctx.db, { text: "night 1968" })).toEqual(["Night of the Living Dead (1968)"]);
    expect(await titlesOf(ctx.db, { text: "serling" })).toEqual(["Night Gallery (1970)"]);
  });

  it("ignores case and accents", async () => {
    await fill(ctx.db);
    for (const text of ["amelie", "AMÉLIE", "Amélie", "amélie poulain", "TAUTOU"]) {
      expect(await titlesOf(ctx.db, { text }), text).toEqual(["Amélie (2001)"]);
    }
  });

  it("tolerates typos and unfinished words", async () => {
    await fill(ctx.db);
    expect(await titlesOf(ctx.db, { text: "nosferat" })).toEqual(["Nosferatu (1922)"]);
    const typo = await searchCatalogue(ctx.db, { text: "nite of the living dead" });
    expect(typo.match).toBe("similar");
    expect(typo.items.map((t) => t.title).slice(0, 2)).toEqual(["Night of the Living Dead", "Night of the Living Dead"]);
    expect(await titlesOf(ctx.db, { text: "nosfaratu" })).toEqual(["Nosferatu (1922)"]);
    expect(await titlesOf(ctx.db, { text: "night galery" })).toEqual(["Night Gallery (1970)"]);
    expect(await searchCatalogue(ctx.db, { text: "zzzzqqq" })).toMatchObject({ total: 0, match: "none", query: "zzzzqqq" });
  });

  it("never lets search text act as SQL or as a full-text operator", async () => {
    await fill(ctx.db);
    const hostile = [
      "'; DROP TABLE titles; --",
      '" OR 1=1 --',
      "%",
      "_",
      "*",
      "night*",
      "NEAR(night dead)",
      "night OR dead",
      "night AND NOT dead",
      '"night',
      "night)",
      "title:night",
      "^night",
      "night:* & dead",
      "!night | dead",
      "\\",
      "\u0000night",
      "x".repeat(10_000),
      "night ".repeat(500),
    ];
    for (const text of hostile) {
      const results = await searchCatalogue(ctx.db, { text });
      expect(Array.isArray(results.items), text.slice(0, 30)).toBe(true);
      await suggest(ctx.db, text);
    }
    // "or" is a word like any other: no title has all three, so titles with two of them answer.
    expect(await titlesOf(ctx.db, { text: "night OR dead" })).toEqual([
      "Night of the Living Dead (1968)",
      "Dead of Night (1945)",
      "Night of the Living Dead (1990)",
    ]);
    expect(
      (
        await ctx.db
          .selectFrom("titles")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(CATALOGUE.length);
  });

  it("filters by type, genre, year range and quality, and sorts", async () => {
    await fill(ctx.db);
    expect(await titlesOf(ctx.db, { text: "night", filters: { type: "tv" } })).toEqual(["Night Gallery (1970)"]);
    expect(await titlesOf(ctx.db, { text: "night", filters: { genre: "thriller" } })).toEqual(["Nightmare Alley (1947)"]);
    expect(await titlesOf(ctx.db, { text: "night", filters: { yearFrom: 1946, yearTo: 1970 } })).toEqual([
      "Night of the Living Dead (1968)",
      "Night Gallery (1970)",
      "Nightmare Alley (1947)",
    ]);
    expect(await titlesOf(ctx.db, { text: "night", filters: { quality: "720p" } })).toEqual([
      "Night of the Living Dead (1968)",
      "Night of the Living Dead (1990)",
      "Dead of Night (1945)",
    ]);
    expect(await titlesOf(ctx.db, { text: "night", sort: "rating" })).toEqual([
      "Night of the Living Dead (1968)",
      "Nightmare Alley (1947)",
      "Dead of Night (1945)",
      "Night Gallery (1970)",
      "Night of the Living Dead (1990)",
    ]);
    expect(await titlesOf(ctx.db, { text: "night", sort: "title" })).toEqual([
      "Dead of Night (1945)",
      "Night Gallery (1970)",
      "Night of the Living Dead (1968)",
      "Night of the Living Dead (1990)",
      "Nightmare Alley (1947)",
    ]);
    expect(await titlesOf(ctx.db, { text: "night", sort: "newest" })).toEqual([
      "Night of the Living Dead (1990)",
      "Night Gallery (1970)",
      "Nightmare Alley (1947)",
      "Dead of Night (1945)",
      "Night of the Living Dead (1968)",
    ]);
    expect(await titlesOf(ctx.db, { text: "nite of the living dead", filters: { yearTo: 1980 } })).toEqual([
      "Night of the Living Dead (1968)",
    ]);
  });

  it("keeps its filters in step with every write: a deleted release, an edited title's genres, type and year", async () => {
    const title = await createTitle(
      ctx.db,
      buildMovie({
        title: "Filter Me",
        releaseDate: "1999-12-31",
        genres: ["Horror"],
        releases: [{ quality: "720p" }, { quality: "1080p" }],
      }),
    );
    const found = async (filters: SearchOptions["filters"]) => [
      (await searchCatalogue(ctx.db, { text: "filter", filters })).total,
      (await browseCatalogue(ctx.db, { filters: filters ?? {} })).total,
    ];
    expect(await found({ quality: "1080p", genre: "horror", type: "movie", yearFrom: 1999, yearTo: 1999 })).toEqual([1, 1]);
    expect(await deleteRelease(ctx.db, title.id, title.releases[1]!.id)).toBe(true);
    expect(await found({ quality: "1080p" })).toEqual([0, 0]);
    expect(await found({ quality: "720P" })).toEqual([1, 1]);

    await replaceTitle(ctx.db, title.id, { ...buildSeries({ title: "Filter Me", releaseDate: "2000-01-01", genres: ["Comedy"] }) });
    expect(await found({ genre: "horror" })).toEqual([0, 0]);
    expect(await found({ genre: "comedy", type: "tv", yearFrom: 2000 })).toEqual([1, 1]);
    expect(await found({ type: "movie" })).toEqual([0, 0]);
    expect(await found({ yearTo: 1999 })).toEqual([0, 0]);
    expect(await found({ genre: "no-such-genre" })).toEqual([0, 0]);
    // A quality with full-text syntax in it is only a label that no release has.
    expect(await found({ quality: '720p" OR "*' })).toEqual([0, 0]);
    expect(await found({ yearFrom: 2001, yearTo: 1999 })).toEqual([0, 0]);
  });

  it("puts an exact title first among more popular matches, whichever plan reads them", async () => {
    for (let i = 1; i <= 25; i++) {
      const sequel = await createTitle(ctx.db, buildMovie({ title: `Starfall ${i}`, rating: 9, tmdbId: null, imdbId: null }));
      await setPopularity(ctx.db, sequel.id, { votes: 100_000 * i });
    }
    await createTitle(ctx.db, buildMovie({ title: "Starfall", rating: 2, tmdbId: null, imdbId: null }));
    const first = async (text: string) => (await searchCatalogue(ctx.db, { text, limit: 1 })).items.map((t) => t.title);
    const firstSuggestion = async (text: string) => (await suggest(ctx.db, text, 1)).map((t) => t.title);
    const plans = { ...searchPlans };
    for (const plan of [plans, { broadStratum: 0, leadingWalk: 0 }, { broadStratum: 0, leadingWalk: Infinity }]) {
      Object.assign(searchPlans, plan);
      try {
        const label = JSON.stringify(plan);
        expect(await first("starfall"), label).toEqual(["Starfall"]);
        expect(await firstSuggestion("starfal"), label).toEqual(["Starfall"]);
        expect(await first("starfall 7"), label).toEqual(["Starfall 7"]);
      } finally {
        Object.assign(searchPlans, plans);
      }
    }
  });

  it("counts up to the cap: the total says so, and the pages hold the best matches up to it, whichever plan reads them", async () => {
    for (let i = 1; i <= 12; i++) {
      const nebula = await createTitle(ctx.db, buildMovie({ title: `Nebula Run ${i}`, rating: 5, tmdbId: null, imdbId: null }));
      await setPopularity(ctx.db, nebula.id, { votes: 1_000 * i });
    }
    await createTitle(ctx.db, buildMovie({ title: "Quasar", tmdbId: null, imdbId: null }));
    const titles = (results: SearchResults) => results.items.map((t) => t.title);
    const plans = { ...searchPlans };
    for (const plan of [
      { ...plans, countCap: 5 },
      { broadStratum: 0, leadingWalk: 0, countCap: 5 },
    ]) {
      Object.assign(searchPlans, plan);
      try {
        const label = JSON.stringify(plan);
        const first = await searchCatalogue(ctx.db, { text: "nebula", limit: 2 });
        expect(first, label).toMatchObject({ total: 5, totalPages: 3, capped: true });
        expect(titles(first), label).toEqual(["Nebula Run 12", "Nebula Run 11"]);
        expect(titles(await searchCatalogue(ctx.db, { text: "nebula", limit: 2, page: 3 })), label).toEqual(["Nebula Run 8"]);
        expect(titles(await searchCatalogue(ctx.db, { text: "nebula", limit: 2, page: 4 })), label).toEqual([]);
        // Another order pages through as many.
        const byTitle = await searchCatalogue(ctx.db, { text: "nebula", limit: 2, page: 3, sort: "title" });
        expect(byTitle, label).toMatchObject({ total: 5, capped: true });
        expect(titles(byTitle), label).toEqual(["Nebula Run 2"]);
        expect(await searchCatalogue(ctx.db, { text: "quasar" }), label).toMatchObject({ total: 1, capped: false });
      } finally {
        Object.assign(searchPlans, plans);
      }
    }
    expect(await searchCatalogue(ctx.db, { text: "nebula" })).toMatchObject({ total: 12, capped: false });
  });

  it("finds the most popular of more equal matches than a ranking reads, whichever plan reads them", async () => {
    // 60 equal matches of "zephyr" (in the title, not its start), the later ones the more popular.
    for (let i = 1; i <= 60; i++) {
      const tale = await createTitle(ctx.db, buildMovie({ title: `Tale ${i} of the Zephyr`, rating: 5, tmdbId: null, imdbId: null }));
      await setPopularity(ctx.db, tale.id, { votes: 1_000 * i });
    }
    const titles = async (options: SearchOptions) => (await searchCatalogue(ctx.db, options)).items.map((t) => t.title);
    const plans = { ...searchPlans };
    for (const plan of [plans, { broadStratum: 0, leadingWalk: 0 }]) {
      Object.assign(searchPlans, plan);
      try {
        const label = JSON.stringify(plan);
        expect(await titles({ text: "zephyr", limit: 3 }), label).toEqual([
          "Tale 60 of the Zephyr",
          "Tale 59 of the Zephyr",
          "Tale 58 of the Zephyr",
        ]);
        expect(await titles({ text: "zephyr", limit: 3, page: 2 }), label).toEqual([
          "Tale 57 of the Zephyr",
          "Tale 56 of the Zephyr",
          "Tale 55 of the Zephyr",
        ]);
        expect(
          (await suggest(ctx.db, "zephy", 2)).map((t) => t.title),
          label,
        ).toEqual(["Tale 60 of the Zephyr", "Tale 59 of the Zephyr"]);
      } finally {
        Object.assign(searchPlans, plans);
      }
    }
  });

  it("finds the most popular title starting with the query among more than a ranking reads, below more popular matches", async () => {
    // 60 titles start with "zephyr" (tier 1), the later ones the more popular; 30 mention it (tier 3) and are far more popular.
    for (let i = 1; i <= 60; i++) {
      const saga = await createTitle(ctx.db, buildMovie({ title: `Zephyr Saga ${i}`, rating: 5, tmdbId: null, imdbId: null }));
      await setPopularity(ctx.db, saga.id, { votes: 1_000 * i });
    }
    for (let i = 1; i <= 30; i++) {
      const tale = await createTitle(ctx.db, buildMovie({ title: `Tale ${i} of the Zephyr`, rating: 9, tmdbId: null, imdbId: null }));
      await setPopularity(ctx.db, tale.id, { votes: 10_000_000 + i });
    }
    const plans = { ...searchPlans };
    for (const plan of [plans, { broadStratum: 0, leadingWalk: 0 }, { broadStratum: 0, leadingWalk: Infinity }]) {
      Object.assign(searchPlans, plan);
      try {
        const label = JSON.stringify(plan);
        const found = (await searchCatalogue(ctx.db, { text: "zephyr", limit: 2 })).items.map((t) => t.title);
        expect(found, label).toEqual(["Zephyr Saga 60", "Zephyr Saga 59"]);
      } finally {
        Object.assign(searchPlans, plans);
      }
    }
  });

  it("pages through results", async () => {
    await fill(ctx.db);
    const first = await searchCatalogue(ctx.db, { text: "night", limit: 2 });
    expect(first).toMatchObject({ page: 1, perPage: 2, total: 5, totalPages: 3 });
    const third = await searchCatalogue(ctx.db, { text: "night", limit: 2, page: 3 });
    expect(third.items.map((t) => t.title)).toEqual(["Dead of Night"]);
    expect((await searchCatalogue(ctx.db, { text: "night", limit: 2, page: 9 })).items).toEqual([]);
  });

  it("suggests up to eight titles as the visitor types, typos included", async () => {
    await fill(ctx.db);
    expect((await suggest(ctx.db, "nos")).map((t) => t.title)).toEqual(["Nosferatu"]);
    expect((await suggest(ctx.db, "night", 2)).map((t) => t.title)).toEqual(["Night of the Living Dead", "Night Gallery"]);
    expect((await suggest(ctx.db, "nosfaratu")).map((t) => t.title)).toEqual(["Nosferatu"]);
    expect(await suggest(ctx.db, "qq")).toEqual([]);
  });

  it("groups suggestions: titles, then the people the words name, then genres, typos included from the 4th letter", async () => {
    await fill(ctx.db);
    const named = async (text: string) => {
      const found = await suggestGrouped(ctx.db, text);
      return { titles: found.titles.map((t) => t.title), people: found.people, genres: found.genres.map((g) => g.name) };
    };
    expect(await named("romero")).toEqual({
      titles: ["Night of the Living Dead"],
      people: [{ name: "George A. Romero", role: "director", titles: 1 }],
      genres: [],
    });
    // The last word may be unfinished; corrected words count ("murnua" is one swap from "murnau").
    expect((await named("george a rom")).people.map((p) => p.name)).toEqual(["George A. Romero"]);
    expect((await named("murnua")).people).toEqual([{ name: "F. W. Murnau", role: "director", titles: 1 }]);
    // Credited both ways: a director.
    expect((await named("rod serl")).people).toEqual([{ name: "Rod Serling", role: "director", titles: 1 }]);
    expect((await named("tony")).people).toEqual([{ name: "Tony Todd", role: "cast", titles: 1 }]);
    // Titles matched by their own words name nobody; genres by the start of their name.
    expect(await named("nosf")).toEqual({ titles: ["Nosferatu"], people: [], genres: [] });
    expect(await named("hor")).toMatchObject({ people: [], genres: ["Horror"] });
    expect((await named("horor")).genres).toEqual(["Horror"]);
    expect((await named("thril")).genres).toEqual(["Thriller"]);
    expect(await named("qq")).toEqual({ titles: [], people: [], genres: [] });
    expect(await named("  ")).toEqual({ titles: [], people: [], genres: [] });
    // Hidden genres are not offered; limits hold.
    await ctx.db.updateTable("genres").set({ hidden: true }).where("name", "=", "Fantasy").execute();
    expect((await named("fant")).genres).toEqual([]);
    expect(await suggestGrouped(ctx.db, "night", { titles: 2, people: 0, genres: 0 })).toMatchObject({ people: [], genres: [] });
    expect((await suggestGrouped(ctx.db, "night", { titles: 2, people: 0, genres: 0 })).titles).toHaveLength(2);
  });

  it("keeps the index in step with the catalogue", async () => {
    await fill(ctx.db);
    const [movie] = (await searchCatalogue(ctx.db, { text: "nightmare alley" })).items;
    await replaceTitle(ctx.db, movie!.id, {
      ...CATALOGUE[4]!,
      title: "Carnival of Souls",
      cast: [{ name: "Candace Hilligoss", character: "Mary" }],
    });
    expect(await titlesOf(ctx.db, { text: "nightmare" })).toEqual([]);
    // The title-key index (exact and leading matches) follows the rename too.
    expect((await suggest(ctx.db, "nightmare al")).map((t) => t.title)).toEqual([]);
    expect((await suggest(ctx.db, "carni")).map((t) => t.title)).toEqual(["Carnival of Souls"]);
    expect(await titlesOf(ctx.db, { text: "hilligoss" })).toEqual(["Carnival of Souls (1947)"]);
    await deleteTitle(ctx.db, movie!.id);
    expect(await titlesOf(ctx.db, { text: "carnival" })).toEqual([]);
    expect(await ctx.db.selectFrom("search_keys").select("key").where("title_id", "=", movie!.id).execute()).toEqual([]);
    if (ctx.dialect === "sqlite") {
      const left = await sql<{ n: number }>`select count(*) as n from search_words`.execute(ctx.db);
      expect(left.rows[0]!.n).toBe(CATALOGUE.length - 1);
    }
    expect(
      await ctx.db
        .selectFrom("search_documents")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: CATALOGUE.length - 1 });
  });

  it("indexes titles that were written without it", async () => {
    await ctx.db.insertInto("titles").values({ type: "movie", slug: "detour", title: "Detour", release_date: "1945-11-30" }).execute();
    expect(await titlesOf(ctx.db, { text: "detour" })).toEqual([]);
    expect(await indexMissingTitles(ctx.db)).toBe(1);
    expect(await titlesOf(ctx.db, { text: "detour" })).toEqual(["Detour (1945)"]);
    expect(await indexMissingTitles(ctx.db)).toBe(0);
  });

  it("counts searches by their normalised text", async () => {
    await ctx.db.deleteFrom("search_queries").execute();
    await recordSearch(ctx.db, "night", 5, new Date("2026-11-01T00:00:00Z"));
    await recordSearch(ctx.db, "night", 4, new Date("2026-11-02T00:00:00Z"));
    await recordSearch(ctx.db, "zzz", 0);
    const rows = await ctx.db.selectFrom("search_queries").selectAll().orderBy("query").execute();
    expect(rows).toEqual([
      { query: "night", searches: 2, zero_result_searches: 0, last_result_count: 4, last_searched_at: "2026-11-02T00:00:00.000Z" },
      expect.objectContaining({ query: "zzz", searches: 1, zero_result_searches: 1, last_result_count: 0 }),
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("search on SQLite and PostgreSQL", () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createTestDatabase("sqlite"), createTestDatabase("postgres")]);
    await Promise.all([fill(sqlite.db).then(() => fillFilms(sqlite.db)), fill(postgres.db).then(() => fillFilms(postgres.db))]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.destroy(), postgres?.destroy()]);
  });

  const cases: SearchOptions[] = [
    { text: "night" },
    { text: "night", sort: "title" },
    { text: "night", sort: "rating" },
    { text: "night", sort: "newest", limit: 2, page: 2 },
    { text: "dead night" },
    { text: "living" },
    { text: "nosferatu 1922" },
    { text: "AMÉLIE" },
    { text: "nite of the living dead" },
    { text: "nite of the living dead", sort: "title" },
    { text: "nosfaratu" },
    { text: "night galery" },
    { text: "n" },
    { text: "19" },
    { text: "horror" },
    { text: "night", filters: { genre: "horror", yearFrom: 1900, yearTo: 1969, quality: "720p" } },
    { text: "zzzzz" },
    // Search v2 (relevance.server.test.ts): popularity, typos, numerals, names, partial matches.
    ...[
      "psycho",
      "pyscho",
      "the",
      "2001",
      "godfather 2",
      "frozen 2",
      "indiana jnoes",
      "harry poter",
      "the matirx",
      "tom hnaks",
      "steven spielburg",
      "walle",
      "batman dark knight",
      "glorbnax",
    ].map((text) => ({ text })),
    { text: "the", sort: "title" },
    { text: "the", page: 2, limit: 5 },
    // Filters as index words: each alone, open year ranges, sorted, and a genre that does not exist.
    { text: "the", filters: { type: "tv" } },
    { text: "the", filters: { type: "movie" }, sort: "newest" },
    { text: "the", filters: { yearFrom: 1990 }, sort: "rating" },
    { text: "the", filters: { yearTo: 1959 }, sort: "title" },
    { text: "the", filters: { genre: "horror" }, sort: "title", page: 2, limit: 3 },
    { text: "night", filters: { quality: "720P" } },
    { text: "nite", filters: { genre: "no-such-genre" } },
    { text: "a", filters: { type: "movie", yearFrom: 1950, yearTo: 2005 } },
  ];
  const browsing: Parameters<typeof browseCatalogue>[1][] = [
    { filters: { genre: "horror" } },
    { filters: { genre: "horror", type: "movie" }, sort: "rating" },
    { filters: { genre: "drama", yearFrom: 1970, yearTo: 1999 }, sort: "title", page: 2, limit: 4 },
    { filters: { quality: "1080p" }, sort: "newest" },
  ];
  const suggestions = ["ni", "night", "nosf", "nosfaratu", "mervyn", "spiri", "fro", "the", "indiana jnoes", "the s", "a"];

  async function expectSameResults() {
    for (const options of cases) {
      const [a, b] = await Promise.all([searchCatalogue(sqlite.db, options), searchCatalogue(postgres.db, options)]);
      expect(b, JSON.stringify(options)).toEqual(a);
    }
    for (const options of browsing) {
      const [a, b] = await Promise.all([browseCatalogue(sqlite.db, options), browseCatalogue(postgres.db, options)]);
      expect(b, JSON.stringify(options)).toEqual(a);
    }
    for (const text of suggestions) expect(await suggest(postgres.db, text), text).toEqual(await suggest(sqlite.db, text));
  }

  it("give the same results for the same data", async () => {
    await expectSameResults();
  });

  it("give the same results when SQLite reads every set by walking an order's index (its plan for thousands of matches)", async () => {
    const plans = { ...searchPlans };
    for (const leadingWalk of [0, Infinity]) {
      Object.assign(searchPlans, { broadStratum: 0, leadingWalk });
      try {
        await expectSameResults();
      } finally {
        Object.assign(searchPlans, plans);
      }
    }
  });
});

describe.each(testDialects)("the search index's migrations 2026-11-27T1000, T1100, 2026-11-28T0200 and T0600 (%s)", (dialect) => {
  it("keep the titles indexed before them, find them by a one-letter start and by their filters, and still forget a deleted title", async () => {
    const handle = await createTestDatabase(dialect);
    try {
      const shining = await createTitle(
        handle.db,
        buildMovie({ title: "The Shining", releaseDate: "1980-05-23", genres: ["Horror"], releases: [{ quality: "1080p" }] }),
      );
      await createTitle(
        handle.db,
        buildMovie({ title: "The Birds", releaseDate: "1963-03-28", genres: ["Thriller"], releases: [{ quality: "WEB-DL" }] }),
      );
      // Back to the index as it was (no prefixes, no filter words), then up again: the
      // rows and their filter words are rebuilt from what the database holds.
      await migrateTo(handle.db, "2026-11-26T1130_page_views");
      // The search migrations come back up first (later migrations follow them).
      expect((await migrateToLatest(handle.db)).slice(0, 4)).toEqual([
        "2026-11-27T1000_search_prefixes",
        "2026-11-27T1100_search_tags",
        "2026-11-28T0200_search_rank_cover",
        "2026-11-28T0600_search_popularity_order",
      ]);

      const titles = async (options: SearchOptions) => (await searchCatalogue(handle.db, options)).items.map((t) => t.title);
      expect(await titles({ text: "the s" })).toEqual(["The Shining"]);
      expect(await titles({ text: "the b" })).toEqual(["The Birds"]);
      expect(await titles({ text: "shinning" })).toEqual(["The Shining"]);
      expect(await titles({ text: "the", filters: { genre: "thriller" } })).toEqual(["The Birds"]);
      expect(await titles({ text: "the", filters: { quality: "web-dl" } })).toEqual(["The Birds"]);
      expect(await titles({ text: "the", filters: { quality: "1080P", yearFrom: 1970, yearTo: 1989, type: "movie" } })).toEqual([
        "The Shining",
      ]);
      expect(await titles({ text: "the", filters: { type: "tv" } })).toEqual([]);
      // On SQLite the rebuilt table keeps the trigger that drops a deleted title's words.
      await deleteTitle(handle.db, shining.id);
      expect(await titles({ text: "shining" })).toEqual([]);
      if (dialect === "sqlite") {
        const { n } = await handle.db
          .selectFrom(sql<{ rowid: number }>`search_words`.as("w"))
          .select((eb) => eb.fn.countAll().as("n"))
          .where(sql<boolean>`search_words match 'shining'`)
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBe(0);
      }
    } finally {
      await handle.destroy();
    }
  });
});
