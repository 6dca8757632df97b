import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { searchRowOf, writeTitleIndex } from "#app/modules/search/index.server.ts";

/**
 * The catalogue's side of the search index: it reads what search indexes and
 * hands it over (search/index.server.ts writes the rows), so the dependency runs
 * catalogue -> search only (issue 33).
 */

function byTitle<R extends { title_id: number }, T>(rows: R[], value: (row: R) => T): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(r.title_id, [...(map.get(r.title_id) ?? []), value(r)]);
  return map;
}

/**
 * Recomputes the search rows of titles from their current fields, credits, genres and
 * release qualities. Every write that changes one of those calls it in its transaction.
 */
export async function indexTitles(trx: Db, titleIds: number[]): Promise<void> {
  if (titleIds.length === 0) return;
  const [titles, credits, genres, releases] = await Promise.all([
    trx
      .selectFrom("titles")
      .select(["id", "title", "original_title", "release_date", "type", "uploaded_at", "rating"])
      .where("id", "in", titleIds)
      .execute(),
    trx.selectFrom("credits").select(["title_id", "name"]).where("title_id", "in", titleIds).orderBy("position").execute(),
    trx.selectFrom("title_genres").select(["title_id", "genre_id"]).where("title_id", "in", titleIds).execute(),
    trx.selectFrom("releases").select(["title_id", "quality"]).where("title_id", "in", titleIds).execute(),
  ]);
  const names = byTitle(credits, (c) => c.name);
  const genreIds = byTitle(genres, (g) => g.genre_id);
  const qualities = byTitle(releases, (r) => r.quality);
  await writeTitleIndex(
    trx,
    titles.map((t) => ({
      id: t.id,
      title: t.title,
      originalTitle: t.original_title,
      releaseDate: t.release_date,
      type: t.type,
      uploadedAt: t.uploaded_at,
      rating: t.rating,
      names: names.get(t.id) ?? [],
      genreIds: genreIds.get(t.id) ?? [],
      qualities: qualities.get(t.id) ?? [],
    })),
  );
}

/**
 * Indexes titles that have no search row yet (a database from before search, or
 * rows written around the app). Safe to run at every start; returns how many.
 */
export async function indexMissingTitles(db: Db, batchSize = 1_000): Promise<number> {
  let done = 0;
  for (;;) {
    const missing = await db
      .selectFrom("titles")
      .select("id")
      .where(({ not, exists }) => not(exists(searchRowOf(db, sql.ref<number>("titles.id")))))
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (missing.length === 0) return done;
    await db.transaction().execute(async (trx) => {
      await indexTitles(
        trx,
        missing.map((m) => m.id),
      );
      // Search results change with the index.
      await bumpContentVersion(trx);
    });
    done += missing.length;
  }
}
