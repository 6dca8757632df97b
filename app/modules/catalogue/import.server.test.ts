import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#app/db/client.server.ts";
import { createTmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { listAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import { readContentVersion } from "#app/modules/site/content-version.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { buildMovie, buildSeries } from "#tests/factories/titles.ts";
import { createTestDatabase, describeEachDatabase } from "#tests/helpers/database.ts";
import { MOCK_API_KEY, startTmdbMock, type TmdbMock } from "#tests/mocks/tmdb/server.ts";
import { exportCatalogue, exportText } from "./export.server.ts";
import type { ImportFileFormat } from "./import-constants.ts";
import {
  applyImportRun,
  claimImportRun,
  createImportRun,
  getImportRun,
  prepareImport,
  runImport,
  type DuplicatesAs,
} from "./import.server.ts";
import { getTitle } from "./read.server.ts";
import { createTitle } from "./write.server.ts";

const operator: Actor = { id: null, name: "cli" };

let mock: TmdbMock;
beforeAll(async () => {
  mock = await startTmdbMock();
});
afterAll(() => mock.close());

async function importText(db: Db, text: string, format: ImportFileFormat, options: { batchSize?: number; duplicates?: DuplicatesAs } = {}) {
  const prepared = await prepareImport(db, text, { format, duplicates: options.duplicates ?? null });
  expect(prepared.plan.errors).toEqual([]);
  const run = await createImportRun(db, operator, { name: `catalogue.${format}`, format }, prepared);
  return { plan: prepared.plan, run: await runImport(db, operator, run.id, options) };
}

async function seedCatalogue(db: Db) {
  await createTitle(db, buildMovie({ title: "Night of the Living Test", genres: ["Horror", "Cult Classics"] }));
  const series = buildSeries({ title: "Test Show" });
  await createTitle(db, series);
  await createTitle(
    db,
    buildMovie({
      title: "No Ids",
      tmdbId: null,
      imdbId: null,
      releases: [
        {
          quality: "480p",
          files: [{ title: "No Ids 480p", links: [{ label: "dead", url: "https://dead.example/x", status: "disabled" }] }],
        },
      ],
    }),
  );
}

function withoutDate(doc: Awaited<ReturnType<typeof exportCatalogue>>) {
  const { exportedAt: _at, ...rest } = doc;
  return rest;
}

const CSV_HEADER =
  "key,type,title,tmdb_id,release_date,genres,quality,season,file_title,file_size,link_label,link_url,link_size,link_status";
const CSV = [
  CSV_HEADER,
  "m1,movie,Alpha,501,2001-02-03,Action|Drama,1080p,,Alpha 1080p,2 GB,gdrive,https://a.example/1,,ok",
  "m1,,,,,,1080p,,Alpha 1080p,,mega,https://a.example/2,,",
  "m1,,,,,,720p,,,,pack,https://a.example/zip,700 MB,",
  "s1,tv,Beta Show,,,,720p,Season 1,Episode 1,,gdrive,https://b.example/e1,,",
  "s1,,,,,,720p,Season 1,Episode 2,,gdrive,https://b.example/e2,,broken",
].join("\n");

describeEachDatabase("catalogue import and export", (ctx) => {
  it("export → import into an empty database gives the same catalogue", async () => {
    await seedCatalogue(ctx.db);
    const before = await exportCatalogue(ctx.db);
    const text = exportText(before);
    const target = await createTestDatabase(ctx.dialect);
    try {
      const { plan, run } = await importText(target.db, text, "json", { batchSize: 2 });
      expect(plan.counts.titles).toEqual({ create: 3, update: 0, skip: 0 });
      expect(run).toMatchObject({ status: "done", total: 3, done: 3, created: 3 });
      const after = await exportCatalogue(target.db);
      expect(withoutDate(after)).toEqual(withoutDate(before));
      expect(after.genres).toContain("Cult Classics");
      if (ctx.dialect === "postgres") {
        // The bulk load ended with ANALYZE, so the planner knows the new rows.
        const { rows } = await sql<{ analyzed: boolean }>`select last_analyze is not null as analyzed from pg_stat_user_tables
          where schemaname = current_schema() and relname = 'links'`.execute(target.db);
        expect(rows).toEqual([{ analyzed: true }]);
      }
    } finally {
      await target.destroy();
    }
  });

  it("re-importing the same file changes nothing: every title is skipped, ids, times and the content version stay", async () => {
    await seedCatalogue(ctx.db);
    const text = exportText(await exportCatalogue(ctx.db));
    const titlesBefore = await ctx.db.selectFrom("titles").select(["id", "updated_at"]).orderBy("id").execute();
    const linksBefore = await ctx.db.selectFrom("links").select(["id", "url"]).orderBy("id").execute();
    const version = await readContentVersion(ctx.db);

    const { plan, run } = await importText(ctx.db, text, "json");
    expect(plan.counts.titles).toEqual({ create: 0, update: 0, skip: 3 });
    expect(plan.counts.links).toMatchObject({ create: 0, update: 0, remove: 0 });
    expect(run).toMatchObject({ created: 0, updated: 0, skipped: 3 });
    expect(await ctx.db.selectFrom("titles").select(["id", "updated_at"]).orderBy("id").execute()).toEqual(titlesBefore);
    expect(await ctx.db.selectFrom("links").select(["id", "url"]).orderBy("id").execute()).toEqual(linksBefore);
    expect(await readContentVersion(ctx.db)).toBe(version);

    // The same for a CSV imported twice.
    const first = await importText(ctx.db, CSV, "csv");
    expect(first.run.created).toBe(2);
    // Beta Show has no ids and the CSV no slugs: the operator says a title of the same name is the same title.
    const second = await importText(ctx.db, CSV, "csv", { duplicates: "update" });
    expect(second.plan.counts.titles).toEqual({ create: 0, update: 0, skip: 2 });
    expect(second.run).toMatchObject({ created: 0, updated: 0, skipped: 2 });
  });

  it("groups CSV rows into titles, releases, files and zip links", async () => {
    const { plan } = await importText(ctx.db, CSV, "csv");
    expect(plan.counts).toEqual({ titles: { create: 2, update: 0, skip: 0 }, links: { create: 5, update: 0, skip: 0, remove: 0 } });
    const alpha = await ctx.db.selectFrom("titles").select("id").where("tmdb_id", "=", 501).executeTakeFirstOrThrow();
    const title = (await getTitle(ctx.db, alpha.id, { includeDisabled: true }))!;
    expect(title.genres.map((g) => g.name)).toEqual(["Action", "Drama"]);
    expect(title.releaseDate).toBe("2001-02-03");
    expect(title.releases.map((r) => r.quality)).toEqual(["1080p", "720p"]);
    expect(title.releases[0]!.files).toMatchObject([
      { title: "Alpha 1080p", size: "2 GB", links: [{ label: "gdrive" }, { label: "mega" }] },
    ]);
    expect(title.releases[1]!.zipLinks).toMatchObject([{ label: "pack", url: "https://a.example/zip", size: "700 MB" }]);
    const show = await ctx.db.selectFrom("titles").select("id").where("title", "=", "Beta Show").executeTakeFirstOrThrow();
    const tree = (await getTitle(ctx.db, show.id, { includeDisabled: true }))!;
    expect(tree.releases[0]).toMatchObject({ quality: "720p", season: "Season 1" });
    expect(tree.releases[0]!.files.map((f) => [f.title, f.links[0]!.status])).toEqual([
      ["Episode 1", "ok"],
      ["Episode 2", "broken"],
    ]);
  });

  it("updates a title in place, keeping the ids of the links it keeps, and counts it as updated", async () => {
    await importText(ctx.db, CSV, "csv");
    const before = await ctx.db.selectFrom("links").select(["id", "url", "label"]).orderBy("id").execute();
    const changed = CSV.replace("mega,https://a.example/2", "mega-new,https://a.example/2").replace(
      "s1,,,,,,720p,Season 1,Episode 2,,gdrive,https://b.example/e2,,broken\n",
      "",
    );
    const edited = changed.split("\n").slice(0, -1).join("\n");
    const { plan, run } = await importText(ctx.db, edited, "csv", { duplicates: "update" });
    expect(plan.counts.titles).toEqual({ create: 0, update: 2, skip: 0 });
    expect(plan.counts.links).toEqual({ create: 0, update: 1, skip: 3, remove: 1 });
    expect(run).toMatchObject({ updated: 2 });
    const after = await ctx.db.selectFrom("links").select(["id", "url", "label"]).orderBy("id").execute();
    const renamed = before.find((l) => l.url === "https://a.example/2")!;
    expect(after.find((l) => l.url === "https://a.example/2")).toEqual({ ...renamed, label: "mega-new" });
    expect(after.map((l) => l.id)).toEqual(before.filter((l) => l.url !== "https://b.example/e2").map((l) => l.id));
  });

  it("a CSV update keeps what the CSV has no column for (cast, screenshots) and replaces the downloads", async () => {
    const before = await createTitle(ctx.db, buildMovie({ title: "Kept", tmdbId: 777 }));
    const csv = [CSV_HEADER, "k,movie,Kept Renamed,777,,,2160p,,Kept 2160p,,gdrive,https://k.example/4k,,"].join("\n");
    const { plan } = await importText(ctx.db, csv, "csv");
    expect(plan.counts.titles).toEqual({ create: 0, update: 1, skip: 0 });
    expect(plan.counts.links).toEqual({ create: 1, update: 0, skip: 0, remove: 3 });
    const after = (await getTitle(ctx.db, before.id, { includeDisabled: true }))!;
    expect(after).toMatchObject({ title: "Kept Renamed", slug: before.slug, cast: before.cast, overview: before.overview });
    expect(after.screenshots.map((s) => s.url)).toEqual(before.screenshots.map((s) => s.url));
    // Blank cells of columns the file has do clear: this CSV has release_date and genres columns, both blank.
    expect(after).toMatchObject({ releaseDate: null, genres: [] });
    expect(after.releases.map((r) => r.quality)).toEqual(["2160p"]);
  });

  it("a dry run counts and reports every row's error with its line number and field, and writes nothing", async () => {
    const bad = [
      CSV_HEADER,
      "m1,movie,Alpha,501,2001-02-30,,1080p,,Alpha 1080p,,gdrive,https://a.example/1,,ok",
      "m1,,,,,,1080p,,Alpha 1080p,,mega,ftp://a.example/2,,",
      "m2,film,Gamma,,,,,,,,,,,",
      "m3,movie,Delta,abc,,,,,,,,,,",
      "m4,movie,Epsilon,,,,720p,,E 720p,,gdrive,https://e.example/1,,lost",
      "m5,movie,Zeta,,,,720p,,Z 720p,,,https://z.example/1,,",
      "m6,movie,Eta,,,,,,,,,,,",
    ].join("\n");
    const prepared = await prepareImport(ctx.db, bad, { format: "csv" });
    expect(prepared.plan.errors).toEqual([
      { line: 2, field: "release_date", message: "Must be a real calendar date" },
      { line: 3, field: "link_url", message: "Must be an http:// or https:// address" },
      { line: 4, field: "type", message: "Must be movie or tv" },
      { line: 5, field: "tmdb_id", message: "Must be a whole number" },
      { line: 6, field: "link_status", message: "Must be ok, broken or disabled" },
      { line: 7, field: "link_label", message: "Enter the provider label" },
    ]);
    expect(prepared.plan.counts.titles).toEqual({ create: 1, update: 0, skip: 0 });
    const run = await createImportRun(ctx.db, operator, { name: "bad.csv", format: "csv" }, prepared);
    await expect(claimImportRun(ctx.db, run.id)).rejects.toMatchObject({ status: 400 });
    expect(await ctx.db.selectFrom("titles").select("id").execute()).toEqual([]);

    const json =
      '{\n  "titles": [\n    { "type": "movie", "title": "Ok" },\n    {\n      "type": "movie",\n      "title": "",\n      "rating": 11\n    }\n  ]\n}';
    const jsonPlan = (await prepareImport(ctx.db, json, { format: "json" })).plan;
    expect(jsonPlan.errors).toEqual([
      { line: 4, field: "titles[1].title", message: "Title is required" },
      { line: 4, field: "titles[1].rating", message: "Rating must be between 0 and 10" },
    ]);
    expect((await prepareImport(ctx.db, '{\n  "titles": [\n    {,\n  ]\n}', { format: "json" })).plan.errors).toEqual([
      { line: 3, field: "file", message: "This is not valid JSON." },
    ]);
  });

  it("resumes an interrupted apply at the first title it had not written", async () => {
    await seedCatalogue(ctx.db);
    const text = exportText(await exportCatalogue(ctx.db));
    const target = await createTestDatabase(ctx.dialect);
    try {
      const prepared = await prepareImport(target.db, text, { format: "json" });
      const run = await createImportRun(target.db, operator, { name: "cat.json", format: "json" }, prepared);
      await claimImportRun(target.db, run.id);
      // The process dies after the first batch of two.
      const crash = new Error("killed");
      await expect(
        applyImportRun(target.db, operator, run.id, {
          batchSize: 2,
          onProgress: () => {
            throw crash;
          },
        }),
      ).rejects.toBe(crash);
      expect(await getImportRun(target.db, run.id)).toMatchObject({ status: "failed", done: 2, created: 2 });
      expect(await target.db.selectFrom("titles").select("id").execute()).toHaveLength(2);

      const finished = await runImport(target.db, operator, run.id, { batchSize: 2 });
      expect(finished).toMatchObject({ status: "done", done: 3, created: 3, updated: 0, skipped: 0 });
      expect(withoutDate(await exportCatalogue(target.db)).titles).toEqual(withoutDate(await exportCatalogue(ctx.db)).titles);
      const audit = await listAudit(target.db, { entityType: "import" });
      expect(audit.items[0]!.summary).toBe("Imported cat.json: 3 titles added, 0 updated, 0 unchanged");
    } finally {
      await target.destroy();
    }
  });

  it("a run being applied by another process cannot be taken until it has stalled", async () => {
    const prepared = await prepareImport(ctx.db, CSV, { format: "csv" });
    const run = await createImportRun(ctx.db, operator, { name: "a.csv", format: "csv" }, prepared);
    await claimImportRun(ctx.db, run.id);
    const busy = await claimImportRun(ctx.db, run.id).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(AppError);
    expect((busy as AppError).status).toBe(409);
    const later = Date.now() + 3 * 60_000;
    await claimImportRun(ctx.db, run.id, later);
    expect((await applyImportRun(ctx.db, operator, run.id)).created).toBe(2);
  });

  it("imports a list of TMDB and IMDb ids with details from TMDB, and skips the ones already in the catalogue", async () => {
    const tmdb = createTmdbClient({ apiKey: MOCK_API_KEY, readToken: null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" });
    const list = "# my list\n603\n\ntt5687612\nmovie:999999\nnonsense\n";
    const prepared = await prepareImport(ctx.db, list, { format: "ids", tmdb, tmdbIntervalMs: 0 });
    expect(prepared.plan.errors).toEqual([
      { line: 5, field: "id", message: "TMDB has no movie with this id." },
      {
        line: 6,
        field: "id",
        message: "Enter a TMDB id (603, tv:1399), an IMDb id (tt0133093) or a TMDB address.",
      },
    ]);
    expect(prepared.plan.counts.titles).toEqual({ create: 2, update: 0, skip: 0 });

    const good = await prepareImport(ctx.db, "603\ntt5687612\n", { format: "ids", tmdb, tmdbIntervalMs: 0 });
    const run = await createImportRun(ctx.db, operator, { name: "ids.txt", format: "ids" }, good);
    expect(await runImport(ctx.db, operator, run.id)).toMatchObject({ created: 2 });
    const titles = await ctx.db.selectFrom("titles").select(["type", "title", "tmdb_id"]).orderBy("title").execute();
    expect(titles).toEqual([
      { type: "tv", title: "Fleabag", tmdb_id: 67070 },
      { type: "movie", title: "The Matrix", tmdb_id: 603 },
    ]);

    mock.requests.length = 0;
    const again = await prepareImport(ctx.db, "603\ntt5687612\n", { format: "ids", tmdb, tmdbIntervalMs: 0 });
    expect(again.plan.counts.titles).toEqual({ create: 0, update: 0, skip: 2 });
    expect(mock.requests).toEqual([]);

    await expect(prepareImport(ctx.db, "603\n", { format: "ids", tmdb: null })).rejects.toMatchObject({
      status: 503,
      message: "TMDB is not configured on this site: an id list needs TMDB to fetch each title's details.",
    });
  });

  it("waits and asks again when TMDB limits requests", async () => {
    const tmdb = createTmdbClient(
      { apiKey: MOCK_API_KEY, readToken: null, baseUrl: mock.origin, imageBase: "https://img.test/t/p" },
      { maxRetryWaitSeconds: 0 },
    );
    mock.override("/movie/603", { kind: "status", status: 429, headers: { "Retry-After": "1" } }, 1);
    const prepared = await prepareImport(ctx.db, "603\n", { format: "ids", tmdb, tmdbIntervalMs: 0, tmdbRetryWaitMs: 1_100 });
    expect(prepared.plan.errors).toEqual([]);
    expect(prepared.plan.counts.titles.create).toBe(1);
  });
});
