// Search v2 (issue 16): one test per cause the issue lists, on every test database.
// search.server.test.ts checks that SQLite and PostgreSQL answer these alike.
import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { FILMS, fillFilms as fill } from "#tests/factories/search-films.ts";
import type { Db } from "#app/db/client.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { PINNED, refreshPopularity, setSearchBoost } from "./popularity.server.ts";
import { searchCatalogue, suggest } from "#app/modules/catalogue/search.server.ts";

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
