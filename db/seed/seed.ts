import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { dialectOf, toCount } from "#app/db/dialect.server.ts";
import type { TitleType } from "#app/db/schema.ts";
import { createTitle } from "#app/modules/catalogue/write.server.ts";
import { vacuumAfterBulkWrite, writeSearchDocuments } from "#app/modules/search/index.server.ts";
import { NO_SIGNALS, popularityScore } from "#app/modules/search/popularity.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { searchDocument } from "#app/modules/search/text.ts";
import { demoCatalogue } from "./demo-catalogue.ts";
import { syntheticBatch } from "./synthetic.ts";

export async function countTitles(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom("titles")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(n);
}

const HOUR_MS = 3_600_000;

/**
 * Adds the demo titles that are not in the catalogue yet (same type, title and
 * release year); titles already there, edited or not, are left alone, except that
 * one without a poster or a trailer gets the demo's (an admin's choice is kept). The
 * first demo title gets the newest upload time, so the home page shows them in order.
 */
export async function seedDemoCatalogue(db: Db): Promise<{ added: number; kept: number; artwork: number }> {
  const now = Date.now();
  let added = 0;
  let kept = 0;
  let artwork = 0;
  for (const [i, input] of demoCatalogue.entries()) {
    const year = input.releaseDate?.slice(0, 4) ?? null;
    const existing = await db
      .selectFrom("titles")
      .select(["id", "poster_url", "trailer_url"])
      .where("type", "=", input.type)
      .where(sql<string>`lower(title)`, "=", input.title.toLowerCase())
      .where((eb) => (year ? eb(sql<string>`substr(cast(release_date as text), 1, 4)`, "=", year) : eb("release_date", "is", null)))
      .executeTakeFirst();
    if (existing) {
      kept++;
      const missing = {
        ...(existing.poster_url === null && input.posterUrl ? { poster_url: input.posterUrl } : {}),
        ...(existing.trailer_url === null && input.trailerUrl ? { trailer_url: input.trailerUrl } : {}),
      };
      if (Object.keys(missing).length > 0) {
        await db.transaction().execute(async (trx) => {
          await trx.updateTable("titles").set(missing).where("id", "=", existing.id).execute();
          await bumpContentVersion(trx);
        });
        artwork++;
      }
      continue;
    }
    await createTitle(db, { ...input, uploadedAt: new Date(now - i * HOUR_MS).toISOString() });
    added++;
  }
  return { added, kept, artwork };
}

/** Seeds the demo catalogue into an empty database; returns how many titles it added. */
export async function seedDemoIfEmpty(db: Db): Promise<number> {
  if ((await countTitles(db)) > 0) return 0;
  return (await seedDemoCatalogue(db)).added;
}

export interface SyntheticOptions {
  /** Same seed, same catalogue. */
  seed?: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Inserts `count` generated titles with releases, files and links, for load and
 * scale benchmarks. Rows go in with multi-row inserts, one transaction a batch.
 */
export async function seedSynthetic(db: Db, count: number, options: SyntheticOptions = {}): Promise<{ titles: number; rows: number }> {
  const batchSize = options.batchSize ?? 500;
  const genres = await db.selectFrom("genres").select(["id", "name"]).orderBy("position").execute();
  // Parameter limits: SQLite allows 32,766 per statement, PostgreSQL 65,535.
  const maxParams = dialectOf(db) === "postgres" ? 65_000 : 32_000;
  const start = await countTitles(db);
  let rows = 0;
  for (let done = 0; done < count; done += batchSize) {
    const size = Math.min(batchSize, count - done);
    const batch = syntheticBatch({ seed: (options.seed ?? 42) + start + done, offset: start + done, size, genres });
    rows += await db.transaction().execute(async (trx) => {
      const inserted = await insertChunked(trx, "titles", batch.titles, maxParams, ["id", "type", "slug"]);
      const titleIds = new Map(inserted.map((r) => [`${r.type as TitleType}/${r.slug as string}`, r.id as number]));
      const idOf = (key: string) => titleIds.get(key)!;

      await insertChunked(
        trx,
        "title_genres",
        batch.titleGenres.map(({ title, ...r }) => ({ ...r, title_id: idOf(title) })),
        maxParams,
      );
      await insertChunked(
        trx,
        "credits",
        batch.credits.map(({ title, ...r }) => ({ ...r, title_id: idOf(title) })),
        maxParams,
      );
      await insertChunked(
        trx,
        "title_subtitles",
        batch.subtitles.map(({ title, ...r }) => ({ ...r, title_id: idOf(title) })),
        maxParams,
      );
      await insertChunked(
        trx,
        "screenshots",
        batch.screenshots.map(({ title, ...r }) => ({ ...r, title_id: idOf(title) })),
        maxParams,
      );

      const releases = await insertChunked(
        trx,
        "releases",
        batch.releases.map(({ title, ref: _ref, ...r }) => ({ ...r, title_id: idOf(title) })),
        maxParams,
        ["id", "title_id", "position"],
      );
      const releaseIds = new Map(releases.map((r) => [`${r.title_id as number}/${r.position as number}`, r.id as number]));
      const releaseIdOf = (ref: { title: string; position: number }) => releaseIds.get(`${idOf(ref.title)}/${ref.position}`)!;

      const files = await insertChunked(
        trx,
        "files",
        batch.files.map(({ release, ...r }) => ({ ...r, release_id: releaseIdOf(release) })),
        maxParams,
        ["id", "release_id", "position"],
      );
      const fileIds = new Map(files.map((f) => [`${f.release_id as number}/${f.position as number}`, f.id as number]));

      const links = batch.links.map(({ release, filePosition, ...r }) => {
        const releaseId = releaseIdOf(release);
        return { ...r, release_id: releaseId, file_id: filePosition === null ? null : fileIds.get(`${releaseId}/${filePosition}`)! };
      });
      await insertChunked(trx, "links", links, maxParams);
      await bumpContentVersion(trx);

      const names = new Map<string, string[]>();
      for (const c of batch.credits) names.set(c.title, [...(names.get(c.title) ?? []), c.name]);
      const genreIds = new Map<string, number[]>();
      for (const g of batch.titleGenres) genreIds.set(g.title, [...(genreIds.get(g.title) ?? []), g.genre_id]);
      const qualities = new Map<string, string[]>();
      for (const r of batch.releases) qualities.set(r.title, [...(qualities.get(r.title) ?? []), r.quality]);
      await writeSearchDocuments(
        trx,
        batch.titles.map((t) => {
          const key = `${t.type as TitleType}/${t.slug as string}`;
          return {
            titleId: idOf(key),
            doc: searchDocument({
              title: t.title as string,
              originalTitle: null,
              releaseDate: t.release_date as string,
              names: names.get(key) ?? [],
              type: t.type as TitleType,
              genreIds: genreIds.get(key) ?? [],
              qualities: qualities.get(key) ?? [],
              uploadedAt: t.uploaded_at as string,
              rating: t.rating as number,
            }),
            popularity: popularityScore({ ...NO_SIGNALS, rating: t.rating as number | null }),
          };
        }),
      );
      return (
        batch.titles.length +
        batch.titleGenres.length +
        batch.credits.length +
        batch.subtitles.length +
        batch.screenshots.length +
        releases.length +
        files.length +
        links.length
      );
    });
    options.onProgress?.(done + size, count);
  }
  await vacuumAfterBulkWrite(db);
  return { titles: count, rows };
}

type Row = Record<string, unknown>;

async function insertChunked(trx: Db, table: string, rows: Row[], maxParams: number, returning?: string[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const perRow = Object.keys(rows[0]!).length;
  const chunk = Math.max(1, Math.floor(maxParams / perRow));
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    // The tables and columns are this module's own; the generic Kysely types cannot follow a table name chosen at run time.
    const query = (trx as unknown as Db).insertInto(table as "titles").values(rows.slice(i, i + chunk) as never);
    if (returning) out.push(...((await query.returning(returning as never).execute()) as Row[]));
    else await query.execute();
  }
  return out;
}
