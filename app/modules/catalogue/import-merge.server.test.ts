import { expect, it } from "vitest";
import { inTransaction } from "#app/db/transaction.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { prepareImport } from "./import.server.ts";
import { insertParsedTitles, parseTitleInput } from "./write.server.ts";

/** Issue 30, where the two halves meet: the streamed CSV keeps the line rule, the set-based insert the slug rule. */

/** The bytes in chunks of `size`, as a file streams in (a chunk may end inside a character). */
async function* chunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describeEachDatabase("import: streaming and set-based inserts (issue 30)", (ctx) => {
  it("a streamed CSV counts lines by line feeds and refuses a bad byte with its line, however it is cut", async () => {
    const csv = Buffer.from('\uFEFFtype,title,overview\nmovie,Çà,"a\rb\rc"\nmovie,Two,"x\ny"\nmovie,,\n');
    for (const size of [1, 2, 3, 7, 1024]) {
      const { plan } = await prepareImport(ctx.db, chunks(csv, size), { format: "csv" });
      expect(plan.errors).toEqual([{ line: 5, field: "title", message: "Title is required" }]);
    }
    const bad = Buffer.concat([Buffer.from("type,title\nmovie,Fine\nmovie,Caf"), Buffer.from([0xe9]), Buffer.from("\nmovie,Más\n")]);
    for (const size of [1, 4, 1024]) {
      const { plan } = await prepareImport(ctx.db, chunks(bad, size), { format: "csv" });
      expect(plan.errors).toEqual([{ line: 3, field: "file", message: "This line is not UTF-8 text; save the file as UTF-8." }]);
    }
  });

  it("batches inserted at once by parallel transactions give same-named films distinct slugs, none failing", async () => {
    const batch = (i: number) =>
      [
        buildMovie({ title: "Race Y", tmdbId: 91_000 + i, imdbId: null, releaseDate: null, genres: ["Racing"] }),
        buildMovie({ title: `Solo ${i}`, tmdbId: 92_000 + i, imdbId: null, releaseDate: null, genres: ["Racing"] }),
      ].map(parseTitleInput);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => inTransaction(ctx.db, (trx) => insertParsedTitles(trx, batch(i)))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill("fulfilled"));
    const rows = await ctx.db.selectFrom("titles").select(["title", "slug"]).where("title", "=", "Race Y").execute();
    expect(rows.map((r) => r.slug).sort()).toEqual(["race-y", "race-y-2", "race-y-3", "race-y-4", "race-y-5", "race-y-6"]);
    // Each title has its own row tree: the genre rows point at the ids the insert returned.
    const genres = await ctx.db.selectFrom("title_genres").select("title_id").execute();
    expect(genres).toHaveLength(12);
  });

  it("the set-based insert gives a taken slug the release year first, then a number, as the editor does", async () => {
    const data = (tmdbId: number) => parseTitleInput(buildMovie({ title: "It", tmdbId, imdbId: null, releaseDate: "2017-09-08" }));
    const ids = await inTransaction(ctx.db, (trx) => insertParsedTitles(trx, [data(1), data(2), data(3)]));
    const rows = await ctx.db.selectFrom("titles").select(["id", "slug"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: ids[0], slug: "it" },
      { id: ids[1], slug: "it-2017" },
      { id: ids[2], slug: "it-2" },
    ]);
  });
});
