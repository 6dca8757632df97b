import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import type { Db } from "#app/db/client.server.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { searchCatalogue } from "#app/modules/catalogue/search.server.ts";

async function fill(db: Db) {
  await createTitle(
    db,
    buildMovie({
      title: "The General",
      releaseDate: "1926-12-31",
      directors: ["Clyde Bruckman", "Buster Keaton"],
      cast: [
        { name: "Buster Keaton", character: "Johnnie Gray" },
        { name: "Marion Mack", character: "Annabelle Lee" },
      ],
    }),
  );
  await createTitle(
    db,
    buildMovie({
      title: "Sherlock Jr.",
      releaseDate: "1924-04-21",
      directors: ["Buster Keaton"],
      cast: [{ name: "Kathryn McGuire", character: "The Girl" }],
    }),
  );
  await createTitle(db, buildMovie({ title: "The General Line", releaseDate: "1929-10-07", directors: ["Sergei Eisenstein"], cast: [] }));
}

const reasons = async (db: Db, text: string) => (await searchCatalogue(db, { text })).items.map((hit) => [hit.title, hit.matchedPerson]);

describeEachDatabase("why a search result matched", (ctx) => {
  it("names the credit holding the words a title lacks, a director before the cast, none when the title has them all", async () => {
    await fill(ctx.db);
    // Three words: one may be missing, so Keaton's other film follows, found through him alone.
    expect(await reasons(ctx.db, "general buster keaton")).toEqual([
      ["The General", "Buster Keaton"],
      ["Sherlock Jr.", "Buster Keaton"],
    ]);
    expect(await reasons(ctx.db, "general keaton")).toEqual([["The General", "Buster Keaton"]]);
    // Found by the title's own words: no reason to give, though Keaton is credited.
    expect(await reasons(ctx.db, "the general")).toEqual([
      ["The General", null],
      ["The General Line", null],
    ]);
    // A typo in the name still names the person as credited.
    expect(await reasons(ctx.db, "sherlock keatn")).toEqual([["Sherlock Jr.", "Buster Keaton"]]);
    expect(await reasons(ctx.db, "general eisenstein")).toEqual([["The General Line", "Sergei Eisenstein"]]);
  });

  it("finds every title of a person searched by name alone, each saying through whom, and lists the person in People", async () => {
    await fill(ctx.db);
    const results = await searchCatalogue(ctx.db, { text: "buster keaton" });
    expect(results.items.map((hit) => [hit.title, hit.matchedPerson]).sort()).toEqual([
      ["Sherlock Jr.", "Buster Keaton"],
      ["The General", "Buster Keaton"],
    ]);
    expect(results.people).toEqual([{ name: "Buster Keaton", role: "director", titles: 2 }]);
    // A person's surname alone names them too; the film's own words name no one.
    expect((await searchCatalogue(ctx.db, { text: "keaton" })).people.map((p) => p.name)).toEqual(["Buster Keaton"]);
    expect((await searchCatalogue(ctx.db, { text: "general" })).people).toEqual([]);
    expect((await searchCatalogue(ctx.db, { text: "zzqqx" })).people).toEqual([]);
  });
});
