import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTmdbClient } from "#app/integrations/tmdb/client.server.ts";
import type { Actor } from "#app/modules/audit/audit.server.ts";
import { buildMovie } from "#tests/factories/titles.ts";
import { describeEachDatabase } from "#tests/helpers/database.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";
import { exportCatalogue, exportText } from "./export.server.ts";
import type { ImportFileFormat } from "./import-constants.ts";
import { createImportRun, prepareImport, runImport } from "./import.server.ts";
import { getTitle } from "./read.server.ts";
import { POPULARITY_MESSAGE, VOTE_AVERAGE_MESSAGE, VOTE_COUNT_MESSAGE } from "./schema.ts";
import { searchCatalogue } from "./search.server.ts";
import { refreshTmdbFigures, TmdbFiguresBackOff } from "./tmdb-figures.server.ts";
import { createTitle, replaceTitle } from "./write.server.ts";

const operator: Actor = { id: null, name: "cli" };

let mock: TmdbMock;
beforeAll(async () => {
  mock = await startTmdbMock();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.requests.length = 0;
});

const tmdbClient = () =>
  createTmdbClient(
    { apiKey: MOCK_API_KEY, readToken: null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" },
    { maxRetryWaitSeconds: 0 },
  );

async function importText(db: Db, text: string, format: ImportFileFormat) {
  const prepared = await prepareImport(db, text, { format, duplicates: null, tmdb: tmdbClient(), tmdbIntervalMs: 0 });
  expect(prepared.plan.errors).toEqual([]);
  const run = await createImportRun(db, operator, { name: `catalogue.${format}`, format }, prepared);
  return runImport(db, operator, run.id);
}

const figuresOf = async (db: Db, id: number) => {
  const t = (await getTitle(db, id, { includeDisabled: true }))!;
  return { tmdbPopularity: t.tmdbPopularity, tmdbVoteAverage: t.tmdbVoteAverage, tmdbVoteCount: t.tmdbVoteCount };
};

const refreshedAt = async (db: Db, id: number) =>
  (await db.selectFrom("titles").select("tmdb_refreshed_at").where("id", "=", id).executeTakeFirstOrThrow()).tmdb_refreshed_at;

describeEachDatabase("TMDB's figures of a title", (ctx) => {
  it("are validated field by field, and an editor save that leaves them out keeps them", async () => {
    await expect(createTitle(ctx.db, buildMovie({ tmdbPopularity: -1, tmdbVoteAverage: 10.5, tmdbVoteCount: 1.5 }))).rejects.toMatchObject({
      status: 400,
      fields: { tmdbPopularity: [POPULARITY_MESSAGE], tmdbVoteAverage: [VOTE_AVERAGE_MESSAGE], tmdbVoteCount: [VOTE_COUNT_MESSAGE] },
    });
    const input = buildMovie({ tmdbPopularity: 12.5, tmdbVoteAverage: 7.2, tmdbVoteCount: 800 });
    const created = await createTitle(ctx.db, input);
    expect(await figuresOf(ctx.db, created.id)).toEqual({ tmdbPopularity: 12.5, tmdbVoteAverage: 7.2, tmdbVoteCount: 800 });
    const { tmdbPopularity: _p, tmdbVoteAverage: _a, tmdbVoteCount: _c, ...editorInput } = input;
    await replaceTitle(ctx.db, created.id, { ...editorInput, title: "Renamed" });
    expect(await figuresOf(ctx.db, created.id)).toEqual({ tmdbPopularity: 12.5, tmdbVoteAverage: 7.2, tmdbVoteCount: 800 });
  });

  it("come from the id-list import's TMDB details, CSV columns and JSON, and survive an export and import", async () => {
    await importText(ctx.db, "603\n", "ids");
    const matrix = (await ctx.db.selectFrom("titles").select("id").where("tmdb_id", "=", 603).executeTakeFirstOrThrow()).id;
    expect(await figuresOf(ctx.db, matrix)).toEqual({ tmdbPopularity: 87.1, tmdbVoteAverage: 8.217, tmdbVoteCount: 26000 });

    const csv = [
      "key,type,title,tmdb_id,tmdb_popularity,tmdb_vote_average,tmdb_vote_count,quality,file_title,link_label,link_url",
      "c1,movie,Csv Film,701,15.25,6.5,420,1080p,Csv Film 1080p,gdrive,https://a.example/1",
    ].join("\n");
    await importText(ctx.db, csv, "csv");
    const csvFilm = (await ctx.db.selectFrom("titles").select("id").where("tmdb_id", "=", 701).executeTakeFirstOrThrow()).id;
    expect(await figuresOf(ctx.db, csvFilm)).toEqual({ tmdbPopularity: 15.25, tmdbVoteAverage: 6.5, tmdbVoteCount: 420 });
    const badCsv = await prepareImport(ctx.db, csv.replace("6.5,420", "12,4.5"), { format: "csv", duplicates: null });
    expect(badCsv.plan.errors).toEqual([{ line: 2, field: "tmdb_vote_count", message: "Must be a whole number" }]);

    const json = JSON.stringify({ titles: [buildMovie({ title: "Json Film", tmdbId: 702, tmdbVoteCount: 9, tmdbPopularity: 1.5 })] });
    await importText(ctx.db, json, "json");
    const jsonFilm = (await ctx.db.selectFrom("titles").select("id").where("tmdb_id", "=", 702).executeTakeFirstOrThrow()).id;
    expect(await figuresOf(ctx.db, jsonFilm)).toEqual({ tmdbPopularity: 1.5, tmdbVoteAverage: null, tmdbVoteCount: 9 });

    const exported = await exportCatalogue(ctx.db);
    expect(exported.titles.find((t) => t.tmdbId === 701)).toMatchObject({
      tmdbPopularity: 15.25,
      tmdbVoteAverage: 6.5,
      tmdbVoteCount: 420,
    });
    // Imported again, nothing changes; into an empty catalogue, the same figures.
    const again = await importText(ctx.db, exportText(exported), "json");
    expect(again.updated).toBe(0);
    await ctx.db.deleteFrom("titles").execute();
    await importText(ctx.db, exportText(exported), "json");
    const back = (await ctx.db.selectFrom("titles").select("id").where("tmdb_id", "=", 701).executeTakeFirstOrThrow()).id;
    expect(await figuresOf(ctx.db, back)).toEqual({ tmdbPopularity: 15.25, tmdbVoteAverage: 6.5, tmdbVoteCount: 420 });
  });

  it("rank a title with TMDB votes before an otherwise equal title without", async () => {
    const plain = await createTitle(ctx.db, buildMovie({ title: "Comet Tale", rating: 7, tmdbId: null, imdbId: null }));
    const voted = await createTitle(
      ctx.db,
      buildMovie({ title: "Comet Tale", rating: 7, tmdbId: null, imdbId: null, tmdbVoteCount: 5_000, tmdbPopularity: 20 }),
    );
    const order = (await searchCatalogue(ctx.db, { text: "comet tale" })).items.map((t) => t.id);
    expect(order).toEqual([voted.id, plain.id]);
  });

  it("are refreshed hourly from TMDB, never-refreshed titles first, up to 200 a run", async () => {
    const matrix = await createTitle(ctx.db, buildMovie({ title: "The Matrix", tmdbId: 603, imdbId: null }));
    const gone = await createTitle(ctx.db, buildMovie({ title: "Gone", tmdbId: 999_999, imdbId: null }));
    const fresh = await createTitle(ctx.db, buildMovie({ title: "Fresh", tmdbId: 4977, imdbId: null, tmdbVoteCount: 1 }));
    await createTitle(ctx.db, buildMovie({ title: "No Id", tmdbId: null, imdbId: null }));
    // An hour after the writes (a fixed date would fall before them once the clock passes it).
    const later = new Date(Date.now() + 3_600_000);
    const now = () => later;

    // A bound of 2 takes the two never refreshed; the one refreshed on write waits.
    expect(await refreshTmdbFigures(ctx.db, tmdbClient(), { limit: 2, now })).toEqual({ refreshed: 1, missing: 1 });
    expect(mock.requests.map((r) => r.url.split("?")[0])).toEqual(["/movie/603", "/movie/999999"]);
    expect(await figuresOf(ctx.db, matrix.id)).toEqual({ tmdbPopularity: 87.1, tmdbVoteAverage: 8.217, tmdbVoteCount: 26000 });
    expect(await refreshedAt(ctx.db, gone.id)).toBeTruthy();
    expect(await figuresOf(ctx.db, fresh.id)).toMatchObject({ tmdbVoteCount: 1 });
    // The refreshed figures rank the title.
    const doc = await ctx.db
      .selectFrom("search_documents")
      .select("popularity")
      .where("title_id", "=", matrix.id)
      .executeTakeFirstOrThrow();
    expect(doc.popularity).toBeGreaterThan(6);

    mock.requests.length = 0;
    expect(await refreshTmdbFigures(ctx.db, tmdbClient(), { limit: 1, now })).toEqual({ refreshed: 1, missing: 0 });
    expect(mock.requests.map((r) => r.url.split("?")[0])).toEqual(["/movie/4977"]);
    expect(await figuresOf(ctx.db, fresh.id)).toMatchObject({ tmdbVoteCount: 3000 });
  });

  it("takes at most 200 titles a run by default", async () => {
    const ids = Array.from({ length: 201 }, (_, i) => 100_000 + i);
    await ctx.db
      .insertInto("titles")
      .values(
        ids.map((tmdbId) => ({
          type: "movie" as const,
          slug: `t-${tmdbId}`,
          title: `T ${tmdbId}`,
          tmdb_id: tmdbId,
          adult: false,
          featured: false,
          uploaded_at: "2026-11-01T00:00:00.000Z",
          created_at: "2026-11-01T00:00:00.000Z",
          updated_at: "2026-11-01T00:00:00.000Z",
        })),
      )
      .execute();
    // Unknown to the mock: each is a 404, marked refreshed.
    expect(await refreshTmdbFigures(ctx.db, tmdbClient())).toEqual({ refreshed: 0, missing: 200 });
    expect(mock.requests).toHaveLength(200);
  });

  it("back off when TMDB answers 429: the run stops, keeps what it did, and throws for the job runner to retry later", async () => {
    const first = await createTitle(ctx.db, buildMovie({ title: "The Matrix", tmdbId: 603, imdbId: null }));
    const second = await createTitle(ctx.db, buildMovie({ title: "Paprika", tmdbId: 4977, imdbId: null }));
    await createTitle(ctx.db, buildMovie({ title: "Third", tmdbId: 605, imdbId: null }));
    mock.override("/movie/4977", { kind: "status", status: 429, headers: { "Retry-After": "60" } }, 1);
    const error = await refreshTmdbFigures(ctx.db, tmdbClient()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TmdbFiguresBackOff);
    expect((error as TmdbFiguresBackOff).done).toEqual({ refreshed: 1, missing: 0 });
    expect(await figuresOf(ctx.db, first.id)).toMatchObject({ tmdbVoteCount: 26000 });
    expect(await refreshedAt(ctx.db, second.id)).toBeNull();
    // The third title was not asked for: a rate-limited TMDB is not hammered.
    expect(mock.requests.some((r) => r.url.startsWith("/movie/605"))).toBe(false);
  });
});
