import { expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { createTestDatabase, describeEachDatabase } from "#tests/helpers/database.ts";
import { exportCatalogue, exportText } from "./export.server.ts";
import type { ImportFileFormat } from "./import-constants.ts";
import { decodeImportFile } from "./import-format.server.ts";
import { createImportRun, prepareImport, runImport, type DuplicatesAs } from "./import.server.ts";
import { getTitle } from "./read.server.ts";
import { createTitle } from "./write.server.ts";
import { CONTROL_CHARACTER_MESSAGE } from "#app/utils/zod.ts";

/** Issue 30's reproductions: titles known by their ids, and text that every export can bring back. */

const operator: Actor = { id: null, name: "cli" };

async function dryRun(db: Db, text: string, format: ImportFileFormat, duplicates: DuplicatesAs | null = null) {
  return prepareImport(db, text, { format, duplicates });
}

async function apply(db: Db, text: string, format: ImportFileFormat, duplicates: DuplicatesAs | null = null) {
  const prepared = await dryRun(db, text, format, duplicates);
  expect(prepared.plan.errors).toEqual([]);
  const run = await createImportRun(db, operator, { name: `f.${format}`, format }, prepared);
  return { plan: prepared.plan, run: await runImport(db, operator, run.id) };
}

const titles = (db: Db) => db.selectFrom("titles").select(["id", "title", "slug", "tmdb_id"]).orderBy("id").execute();

describeEachDatabase("import identity (issue 30)", (ctx) => {
  it("two films with the same slug but different TMDB ids are two titles in one file (It / I.T.)", async () => {
    const csv = "key,type,title,tmdb_id\na,movie,It,346364\nb,movie,I.T.,340677\n";
    const { plan } = await apply(ctx.db, csv, "csv");
    expect(plan.counts.titles).toEqual({ create: 2, update: 0, skip: 0 });
    expect((await titles(ctx.db)).map((t) => [t.title, t.slug, t.tmdb_id])).toEqual([
      ["It", "it", 346364],
      ["I.T.", "it-2", 340677],
    ]);
    // Again: both known by their TMDB ids, nothing changes.
    expect((await dryRun(ctx.db, csv, "csv")).plan.counts.titles).toEqual({ create: 0, update: 0, skip: 2 });
  });

  it("importing a film never overwrites a different film of the same name (Miracle in Cell No. 7, 2013 and 2019)", async () => {
    const old = await createTitle(
      ctx.db,
      buildMovie({ title: "Miracle in Cell No. 7", tmdbId: 158445, imdbId: null, releaseDate: "2013-01-23" }),
    );
    const csv = [
      "type,title,tmdb_id,release_date,quality,file_title,link_label,link_url",
      "movie,Miracle in Cell No. 7,637920,2019-10-10,1080p,Miracle 1080p,gdrive,https://m.example/2019",
    ].join("\n");
    const { plan } = await apply(ctx.db, csv, "csv");
    expect(plan.counts.titles).toEqual({ create: 1, update: 0, skip: 0 });
    expect(plan.counts.links.remove).toBe(0);
    expect(await getTitle(ctx.db, old.id, { includeDisabled: true })).toEqual(old);
    const added = (await titles(ctx.db)).find((t) => t.tmdb_id === 637920)!;
    expect(added.slug).toBe("miracle-in-cell-no-7-2019");
  });

  it("a title of the same name with no id on either side is a possible duplicate the operator resolves", async () => {
    const old = await createTitle(ctx.db, buildMovie({ title: "Home Movie", tmdbId: null, imdbId: null }));
    const csv = "type,title,overview\nmovie,Home Movie,Shot at home.\n";
    const unresolved = await dryRun(ctx.db, csv, "csv");
    expect(unresolved.plan.errors).toEqual([
      {
        line: 2,
        field: "title",
        message: `Possible duplicate of #${old.id} “Home Movie” (home-movie): no TMDB or IMDb id tells them apart. Give it an id, or the slug home-movie to update that title, or say what duplicates are (update or add).`,
      },
    ]);
    expect((await dryRun(ctx.db, csv, "csv", "update")).plan.counts.titles).toEqual({ create: 0, update: 1, skip: 0 });
    const added = await apply(ctx.db, csv, "csv", "add");
    expect(added.plan.counts.titles).toEqual({ create: 1, update: 0, skip: 0 });
    expect(added.plan.duplicates).toHaveLength(1);
    expect((await titles(ctx.db)).map((t) => t.slug)).toEqual(["home-movie", "home-movie-2"]);
    // The slug column says which title a row is.
    const bySlug = await dryRun(ctx.db, "type,title,slug,overview\nmovie,Home Movie,home-movie-2,Shot at home.\n", "csv");
    expect(bySlug.plan).toMatchObject({ errors: [], counts: { titles: { create: 0, update: 0, skip: 1 } } });
  });

  it("an IMDb id another catalogue title has is caught by the dry run, not by the apply", async () => {
    const other = await createTitle(ctx.db, buildMovie({ title: "Other", tmdbId: 5, imdbId: "tt0000005" }));
    const csv = "type,title,tmdb_id,imdb_id\nmovie,New,6,tt0000005\n";
    const { plan } = await dryRun(ctx.db, csv, "csv");
    expect(plan.errors).toEqual([
      { line: 2, field: "imdbId", message: `A title with IMDb ID tt0000005 is already in the catalogue: “${other.title}”.` },
    ]);
  });

  it("8 parallel creates of different films with the same title all succeed, with distinct slugs", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        createTitle(ctx.db, buildMovie({ title: "Race X", tmdbId: 90_000 + i, imdbId: null, releaseDate: null, genres: ["Racing"] })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("fulfilled"));
    const slugs = (await titles(ctx.db)).map((t) => t.slug).sort();
    expect(slugs).toEqual(["race-x", "race-x-2", "race-x-3", "race-x-4", "race-x-5", "race-x-6", "race-x-7", "race-x-8"]);
  });

  it("refuses NUL and other control characters at validation: the dry run catches what the apply would fail on", async () => {
    const list = Array.from({ length: 300 }, (_, i) => ({ type: "movie", title: i === 249 ? "Bad\u0000Title" : `Film ${i}` }));
    const json = JSON.stringify({ titles: list }, null, 1);
    const { plan } = await dryRun(ctx.db, json, "json");
    expect(plan.errors).toEqual([{ line: expect.any(Number) as number, field: "titles[249].title", message: CONTROL_CHARACTER_MESSAGE }]);
    const csv = 'type,title,overview\nmovie,Fine,"a\u0007bell"\n';
    expect((await dryRun(ctx.db, csv, "csv")).plan.errors).toEqual([{ line: 2, field: "overview", message: CONTROL_CHARACTER_MESSAGE }]);
    // The editor and the API share the rule.
    await expect(createTitle(ctx.db, buildMovie({ title: "A\u0000B" }))).rejects.toMatchObject({
      status: 400,
      fields: { title: [CONTROL_CHARACTER_MESSAGE] },
    });
    // Tabs and new lines are text (a tab at the edge is trimmed like a space); other control characters are refused even there.
    await expect(createTitle(ctx.db, buildMovie({ title: "\u000bEdge" }))).rejects.toMatchObject({ status: 400 });
    const ok = await createTitle(ctx.db, buildMovie({ title: "Edge\t", overview: "Line one\nline\ttwo" }));
    expect(ok).toMatchObject({ title: "Edge", overview: "Line one\nline\ttwo" });
  });

  it("refuses invalid UTF-8 with its line number", () => {
    const bytes = Buffer.concat([Buffer.from("type,title\nmovie,Fine\nmovie,Caf"), Buffer.from([0xe9]), Buffer.from("\n")]);
    expect(decodeImportFile(bytes)).toEqual({
      text: "",
      errors: [{ line: 3, field: "file", message: "This line is not UTF-8 text; save the file as UTF-8." }],
    });
    expect(decodeImportFile(Buffer.from("type,title\nmovie,Café\n")).errors).toEqual([]);
  });

  it("counts CSV lines by line feeds: a bare CR inside a quoted field does not shift the lines after it", async () => {
    const csv = 'type,title,overview\nmovie,One,"a\rb\rc"\nmovie,Two,"x\ny"\nmovie,,\n';
    expect((await dryRun(ctx.db, csv, "csv")).plan.errors).toEqual([{ line: 5, field: "title", message: "Title is required" }]);
  });

  it("lists the genres an import would add", async () => {
    const csv = "type,title,tmdb_id,genres\nmovie,One,1,Horror|Mumblecore\nmovie,Two,2,mumblecore|Slow Cinema\n";
    expect((await dryRun(ctx.db, csv, "csv")).plan.newGenres).toEqual(["Mumblecore", "Slow Cinema"]);
  });

  it("refuses a genre name longer than the genre list takes (its slug would not pass the genre filter)", async () => {
    const csv = `type,title,genres\nmovie,One,${"g".repeat(61)}\n`;
    expect((await dryRun(ctx.db, csv, "csv")).plan.errors).toEqual([
      { line: 2, field: "genres", message: "Must be at most 60 characters" },
    ]);
  });

  async function reimportsIntoEmpty(count: number) {
    const stored = await titles(ctx.db);
    const text = exportText(await exportCatalogue(ctx.db));
    const target = await createTestDatabase(ctx.dialect);
    try {
      const { plan } = await apply(target.db, text, "json");
      expect(plan.counts.titles).toEqual({ create: count, update: 0, skip: 0 });
      expect((await titles(target.db)).map((t) => t.slug)).toEqual(stored.map((t) => t.slug));
      const again = await dryRun(target.db, text, "json");
      expect(again.plan).toMatchObject({ errors: [], counts: { titles: { create: 0, update: 0, skip: count } }, newGenres: [] });
    } finally {
      await target.destroy();
    }
  }

  it("an export of two long same-prefix titles re-imports: slugs cut at 80 characters stay distinct", async () => {
    const long = "A very long title that goes on and on ".repeat(3);
    await createTitle(ctx.db, buildMovie({ title: `${long} one`, tmdbId: 1, imdbId: null, releaseDate: null }));
    await createTitle(ctx.db, buildMovie({ title: `${long} two`, tmdbId: 2, imdbId: null, releaseDate: null }));
    expect((await titles(ctx.db)).every((t) => t.slug.length <= 80)).toBe(true);
    await reimportsIntoEmpty(2);
  });

  it("an export of more than 1,000 genres re-imports", async () => {
    await createTitle(ctx.db, buildMovie({ title: "One" }));
    await ctx.db
      .insertInto("genres")
      .values(Array.from({ length: 1_100 }, (_, i) => ({ name: `Genre ${i}`, slug: `genre-${i}`, position: 100 + i })))
      .execute();
    await reimportsIntoEmpty(1);
  });

  it("a slug over 80 characters is cut once, as stored: a second import of the file changes nothing", async () => {
    const file = JSON.stringify([{ type: "movie", title: "Cut", slug: "c".repeat(100) }]);
    await apply(ctx.db, file, "json");
    expect((await titles(ctx.db)).map((t) => t.slug)).toEqual(["c".repeat(80)]);
    expect((await dryRun(ctx.db, file, "json")).plan.counts.titles).toEqual({ create: 0, update: 0, skip: 1 });
    await reimportsIntoEmpty(1);
  });

  it("a file title whose slug is taken keeps its disambiguated slug: a second import changes nothing", async () => {
    await createTitle(ctx.db, buildMovie({ title: "It", tmdbId: 1, imdbId: null }));
    const file = JSON.stringify([{ type: "movie", title: "It", slug: "it", tmdbId: 2, releaseDate: "2017-09-08" }]);
    await apply(ctx.db, file, "json");
    expect((await titles(ctx.db)).map((t) => t.slug)).toEqual(["it", "it-2017"]);
    expect((await dryRun(ctx.db, file, "json")).plan.counts.titles).toEqual({ create: 0, update: 0, skip: 1 });
  });

  it("two titles in one file giving the same slug are an error, whatever their ids", async () => {
    const csv = "type,title,slug,tmdb_id\nmovie,It,it,1\nmovie,It,it,\n";
    expect((await dryRun(ctx.db, csv, "csv")).plan.errors).toEqual([
      { line: 3, field: "key", message: "The same slug as the title on line 2; give both rows the same key or fix the ids or slugs." },
    ]);
  });
});
