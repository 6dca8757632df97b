// Search v2 (issue 16): one test per cause the issue lists, on every test database,
// and the same answers from SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "#tests/helpers/database.ts";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { PINNED, refreshPopularity, setPopularity, setSearchBoost } from "./popularity.server.ts";
import { searchCatalogue, suggest } from "./search.server.ts";

interface Film {
  title: string;
  year: number;
  votes?: number;
  directors?: string[];
  cast?: string[];
  originalTitle?: string;
  type?: "movie" | "tv";
}

/** Real titles with the near-misses the issue names; votes stand for TMDB/IMDb popularity. */
const FILMS: Film[] = [
  { title: "Psycho", year: 1960, votes: 700_000, directors: ["Alfred Hitchcock"], cast: ["Anthony Perkins"] },
  { title: "Psycho", year: 1998, votes: 45_000, directors: ["Gus Van Sant"], cast: ["Vince Vaughn"] },
  { title: "American Psycho", year: 2000, votes: 650_000, directors: ["Mary Harron"], cast: ["Christian Bale"] },
  { title: "Titanic", year: 1996, votes: 3_000, type: "tv" },
  { title: "Titanic", year: 1997, votes: 1_200_000, directors: ["James Cameron"], cast: ["Leonardo DiCaprio", "Kate Winslet"] },
  { title: "2001: A Space Odyssey", year: 1968, votes: 700_000, directors: ["Stanley Kubrick"] },
  { title: "2001 Maniacs", year: 2005, votes: 15_000 },
  { title: "The Godfather", year: 1972, votes: 2_000_000, directors: ["Francis Ford Coppola"], cast: ["Marlon Brando", "Al Pacino"] },
  { title: "The Godfather Part II", year: 1974, votes: 1_300_000, directors: ["Francis Ford Coppola"], cast: ["Al Pacino"] },
  { title: "3 Godfathers", year: 1948, votes: 9_000, directors: ["John Ford"] },
  { title: "The Ex", year: 2006, votes: 10_000 },
  { title: "The Dark Knight", year: 2008, votes: 2_800_000, directors: ["Christopher Nolan"], cast: ["Christian Bale"] },
  { title: "Spirited", year: 2022, votes: 60_000 },
  { title: "Spirited Away", year: 2001, votes: 850_000, originalTitle: "Sen to Chihiro no Kamikakushi" },
  { title: "Indiana Jones and the Last Crusade", year: 1989, votes: 800_000, directors: ["Steven Spielberg"], cast: ["Harrison Ford"] },
  { title: "Indiana Jones and the Temple of Doom", year: 1984, votes: 500_000, directors: ["Steven Spielberg"], cast: ["Harrison Ford"] },
  { title: "Harry Potter and the Sorcerer's Stone", year: 2001, votes: 850_000, directors: ["Chris Columbus"] },
  { title: "The Matrix", year: 1999, votes: 2_000_000, directors: ["Lana Wachowski", "Lilly Wachowski"], cast: ["Keanu Reeves"] },
  { title: "The Mating", year: 2009, votes: 200 },
  { title: "Glory", year: 1989, votes: 150_000 },
  { title: "Rocky", year: 1976, votes: 650_000, cast: ["Sylvester Stallone"] },
  { title: "Rocky IV", year: 1985, votes: 400_000, cast: ["Sylvester Stallone"] },
  { title: "12 Angry Men", year: 1957, votes: 850_000, directors: ["Sidney Lumet"] },
  { title: "Ocean's Eleven", year: 2001, votes: 600_000, directors: ["Steven Soderbergh"] },
  { title: "Frozen", year: 2013, votes: 700_000 },
  { title: "Frozen II", year: 2019, votes: 200_000 },
  { title: "The Frozen Ground", year: 2013, votes: 70_000 },
  { title: "Forrest Gump", year: 1994, votes: 2_200_000, directors: ["Robert Zemeckis"], cast: ["Tom Hanks"] },
  { title: "Goodfellas", year: 1990, votes: 1_200_000, directors: ["Martin Scorsese"], cast: ["Robert De Niro"] },
  { title: "WALL·E", year: 2008, votes: 1_100_000, directors: ["Andrew Stanton"] },
  { title: "Beach Party", year: 1963, votes: 3_000, cast: ["Deborah Walley"] },
  { title: "Spider-Man", year: 2002, votes: 900_000, directors: ["Sam Raimi"] },
  { title: "Alien³", year: 1992, votes: 300_000, directors: ["David Fincher"] },
  { title: "Dumb & Dumber", year: 1994, votes: 400_000 },
  { title: "El laberinto del fauno", year: 2006, votes: 700_000, directors: ["Guillermo del Toro"] },
];

async function fill(db: Db) {
  for (const [i, f] of FILMS.entries()) {
    const created = await createTitle(db, {
      type: f.type ?? "movie",
      title: f.title,
      originalTitle: f.originalTitle ?? null,
      releaseDate: `${f.year}-06-01`,
      directors: f.directors ?? [],
      cast: (f.cast ?? []).map((name) => ({ name, character: null })),
      // Upload order opposite to popularity would decide ties without the signal.
      uploadedAt: `2026-06-01T12:${String(59 - i).padStart(2, "0")}:00.000Z`,
    });
    if (f.votes) await setPopularity(db, created.id, { votes: f.votes });
  }
}

const top = async (db: Db, text: string, n = 1) =>
  (await searchCatalogue(db, { text, limit: 10 })).items.slice(0, n).map((t) => `${t.title} (${t.year})`);
const suggestions = async (db: Db, text: string) => (await suggest(db, text, 8)).map((t) => `${t.title} (${t.year})`);

describeEachDatabase("search v2", (ctx) => {
  it("breaks ties between equal matches by popularity, in results and suggestions", async () => {
    await fill(ctx.db);
    expect(await top(ctx.db, "psycho", 2)).toEqual(["Psycho (1960)", "Psycho (1998)"]);
    expect(await top(ctx.db, "titanic")).toEqual(["Titanic (1997)"]);
    expect(await top(ctx.db, "2001")).toEqual(["2001: A Space Odyssey (1968)"]);
    expect(await top(ctx.db, "godfather")).toEqual(["The Godfather (1972)"]);
    expect((await suggestions(ctx.db, "the"))[0]).toBe("The Dark Knight (2008)");
    expect(await suggestions(ctx.db, "the")).not.toContain("The Ex (2006)");
    expect((await suggestions(ctx.db, "spiri"))[0]).toBe("Spirited Away (2001)");
  });

  it("lets an admin boost or pin a title, and refuses a boost out of range", async () => {
    await fill(ctx.db);
    const remake = (await searchCatalogue(ctx.db, { text: "psycho 1998" })).items[0]!;
    await setSearchBoost(ctx.db, remake.id, PINNED);
    expect(await top(ctx.db, "psycho", 2)).toEqual(["Psycho (1998)", "Psycho (1960)"]);
    // A pin breaks ties; it does not lift a weaker match over an exact one.
    expect(await top(ctx.db, "american psycho")).toEqual(["American Psycho (2000)"]);
    await setSearchBoost(ctx.db, remake.id, 0);
    expect(await top(ctx.db, "psycho")).toEqual(["Psycho (1960)"]);
    await expect(setSearchBoost(ctx.db, remake.id, 101)).rejects.toMatchObject({ status: 400 });
    await expect(setSearchBoost(ctx.db, remake.id, 1.5)).rejects.toBeInstanceOf(AppError);
    await expect(setSearchBoost(ctx.db, 999_999, 1)).rejects.toMatchObject({ status: 404 });
  });

  it("counts the site's own requests in popularity once refreshed", async () => {
    await fill(ctx.db);
    const tvFilm = (await searchCatalogue(ctx.db, { text: "titanic 1996" })).items[0]!;
    expect(tvFilm.year).toBe(1996);
    await ctx.db
      .insertInto("content_requests")
      .values({
        name: "A visitor",
        content_type: "Movie",
        title: "Titanic",
        title_key: "titanic",
        source: "quick",
        title_id: tvFilm.id,
        request_count: 5_000_000,
        created_at: "2026-06-02T00:00:00.000Z",
        updated_at: "2026-06-02T00:00:00.000Z",
      } as never)
      .execute();
    expect(await top(ctx.db, "titanic")).toEqual(["Titanic (1997)"]);
    expect(await refreshPopularity(ctx.db)).toBe(FILMS.length);
    expect(await top(ctx.db, "titanic")).toEqual(["Titanic (1996)"]);
  });

  it("corrects each mistyped word, transpositions included, and leaves nonsense empty", async () => {
    await fill(ctx.db);
    expect(await top(ctx.db, "indiana jnoes")).toEqual(["Indiana Jones and the Last Crusade (1989)"]);
    expect(await top(ctx.db, "harry poter")).toEqual(["Harry Potter and the Sorcerer's Stone (2001)"]);
    expect(await top(ctx.db, "the matirx")).toEqual(["The Matrix (1999)"]);
    expect(await top(ctx.db, "pyscho")).toEqual(["Psycho (1960)"]);
    const corrected = await searchCatalogue(ctx.db, { text: "forest gump" });
    expect(corrected.match).toBe("similar");
    expect(corrected.items[0]!.title).toBe("Forrest Gump");
    for (const text of ["glorbnax", "zxqvbn", "xyzzy plugh", "qwertyuiop"])
      expect(await searchCatalogue(ctx.db, { text }), text).toMatchObject({ total: 0, items: [], match: "none" });
    // Three letters are too few to correct: "clb" is not "club".
    expect(await top(ctx.db, "mtx")).toEqual([]);
  });

  it("reads numerals as roman, arabic or words, and the year only as a whole 4-digit number", async () => {
    await fill(ctx.db);
    expect(await top(ctx.db, "godfather 2")).toEqual(["The Godfather Part II (1974)"]);
    expect(await top(ctx.db, "godfather part two")).toEqual(["The Godfather Part II (1974)"]);
    expect(await top(ctx.db, "rocky 4")).toEqual(["Rocky IV (1985)"]);
    expect(await top(ctx.db, "twelve angry men")).toEqual(["12 Angry Men (1957)"]);
    expect(await top(ctx.db, "oceans 11")).toEqual(["Ocean's Eleven (2001)"]);
    expect(await top(ctx.db, "ocean's eleven")).toEqual(["Ocean's Eleven (2001)"]);
    const frozen = await searchCatalogue(ctx.db, { text: "frozen 2" });
    expect(frozen.items.map((t) => `${t.title} (${t.year})`)).toEqual(["Frozen II (2019)"]);
    expect(await top(ctx.db, "frozen 2013", 2)).toEqual(["Frozen (2013)", "The Frozen Ground (2013)"]);
    expect(await top(ctx.db, "alien 3")).toEqual(["Alien³ (1992)"]);
    expect(await top(ctx.db, "dumb and dumber")).toEqual(["Dumb & Dumber (1994)"]);
  });

  it("does not let a leading article lower a title's rank", async () => {
    await fill(ctx.db);
    expect(await top(ctx.db, "dark knight")).toEqual(["The Dark Knight (2008)"]);
    expect(await top(ctx.db, "laberinto del fauno")).toEqual(["El laberinto del fauno (2006)"]);
    expect(await top(ctx.db, "matrix")).toEqual(["The Matrix (1999)"]);
  });

  it("finds credited names with typos, split or joined", async () => {
    await fill(ctx.db);
    expect(await top(ctx.db, "tom hnaks")).toEqual(["Forrest Gump (1994)"]);
    expect(await top(ctx.db, "scorcese")).toEqual(["Goodfellas (1990)"]);
    expect(await top(ctx.db, "steven spielburg", 2)).toEqual([
      "Indiana Jones and the Last Crusade (1989)",
      "Indiana Jones and the Temple of Doom (1984)",
    ]);
    expect(await top(ctx.db, "di caprio")).toEqual(["Titanic (1997)"]);
    expect(await top(ctx.db, "deltoro")).toEqual(["El laberinto del fauno (2006)"]);
  });

  it("ranks partial matches instead of losing the title, and joins compounds", async () => {
    await fill(ctx.db);
    expect(await top(ctx.db, "walle")).toEqual(["WALL·E (2008)"]);
    expect(await top(ctx.db, "wall-e")).toEqual(["WALL·E (2008)"]);
    expect(await top(ctx.db, "spiderman")).toEqual(["Spider-Man (2002)"]);
    const extra = await searchCatalogue(ctx.db, { text: "batman dark knight" });
    expect(extra.items[0]!.title).toBe("The Dark Knight");
    expect(extra.match).toBe("similar");
    // Fewer than half the words may be missing: one of two is too many.
    expect(await top(ctx.db, "knight zzzzqq")).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("search v2 on SQLite and PostgreSQL", () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([createTestDatabase("sqlite"), createTestDatabase("postgres")]);
    await Promise.all([fill(sqlite.db), fill(postgres.db)]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.destroy(), postgres?.destroy()]);
  });

  it("give the same results and suggestions", async () => {
    const texts = [
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
      "spiri",
      "fro",
    ];
    for (const text of texts) {
      const [a, b] = await Promise.all([searchCatalogue(sqlite.db, { text }), searchCatalogue(postgres.db, { text })]);
      expect(b, text).toEqual(a);
      expect(await suggest(postgres.db, text), text).toEqual(await suggest(sqlite.db, text));
    }
  });
});
