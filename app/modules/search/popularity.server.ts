import type { Db } from "#app/db/client.server.ts";
import { toCount } from "#app/db/dialect.server.ts";
import { AppError } from "#app/utils/errors.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { recordAudit, type Actor } from "#app/modules/audit/audit.server.ts";
import type { FormResult } from "#app/utils/submission.ts";

/** What the catalogue knows of a title's popularity from outside (TMDB, IMDb). Absent fields are left as they are. */
export interface PopularityInput {
  votes?: number | null;
  tmdbPopularity?: number | null;
}

/** The admin's boost: points added to a title's popularity. PINNED puts a title before every unboosted equal match. */
export const MAX_BOOST = 100;
export const PINNED = MAX_BOOST;

export interface PopularitySignals {
  /** TMDB's vote count (else outside votes set with setPopularity). */
  votes: number | null;
  tmdbPopularity: number | null;
  /** TMDB's vote average when known, else the title's rating; 0 to 10. */
  rating: number | null;
  /** The site's page views of the title (last 30 days, as of the hourly refresh). */
  views: number;
  linkClicks: number;
  requests: number;
  boost: number;
}

/** A title nobody has counted yet. */
export const NO_SIGNALS = { votes: null, tmdbPopularity: null, views: 0, linkClicks: 0, requests: 0, boost: 0 } as const;

const log = (n: number | null) => (n && n > 0 ? Math.log10(1 + n) : 0);

/**
 * One number per title, higher first among matches of equal quality (ADR 007).
 * Logarithms, so a blockbuster's millions of votes do not drown every other signal;
 * the site's own counts (page views, out-link clicks, requests) weigh like TMDB's
 * vote count and popularity; the vote average alone moves a title less than a point.
 */
export function popularityScore(s: PopularitySignals): number {
  const score = log(s.votes) + log(s.tmdbPopularity) + (s.rating ?? 0) / 10 + log(s.views) + log(s.linkClicks) + log(s.requests) + s.boost;
  // Rounded so both databases store and compare the same value.
  return Math.round(score * 1_000) / 1_000;
}

/** The signals of these titles, read in one go per kind. */
export async function popularitySignals(db: Db, titleIds: number[]): Promise<Map<number, PopularitySignals>> {
  const out = new Map<number, PopularitySignals>();
  if (titleIds.length === 0) return out;
  // One statement: it runs inside every title write (indexTitles).
  const rows = await db
    .selectFrom("titles as t")
    .leftJoin("title_popularity as p", "p.title_id", "t.id")
    .select((eb) => [
      "t.id",
      "t.rating",
      "t.tmdb_popularity as title_tmdb_popularity",
      "t.tmdb_vote_average",
      "t.tmdb_vote_count",
      "p.votes",
      "p.tmdb_popularity",
      "p.boost",
      "p.views",
      eb
        .selectFrom("link_clicks as c")
        .innerJoin("links as l", "l.id", "c.link_id")
        .innerJoin("releases as r", "r.id", "l.release_id")
        .select((s) => s.fn.sum<string | number>("c.count").as("n"))
        .whereRef("r.title_id", "=", "t.id")
        .as("clicks"),
      eb
        .selectFrom("content_requests as q")
        .select((s) => s.fn.sum<string | number>("q.request_count").as("n"))
        .whereRef("q.title_id", "=", "t.id")
        .as("requests"),
    ])
    .where("t.id", "in", titleIds)
    .execute();
  for (const r of rows)
    out.set(r.id, {
      // The title's own TMDB figures (imports, API, the hourly refresh) before figures set with setPopularity.
      votes: r.tmdb_vote_count ?? r.votes ?? null,
      tmdbPopularity: r.title_tmdb_popularity ?? r.tmdb_popularity ?? null,
      rating: r.tmdb_vote_average ?? r.rating ?? null,
      views: r.views ?? 0,
      boost: r.boost ?? 0,
      linkClicks: Number(r.clicks ?? 0),
      requests: Number(r.requests ?? 0),
    });
  return out;
}

/** Writes the current popularity of these titles into their search rows. */
async function rescore(db: Db, ids: number[]): Promise<void> {
  for (const [id, signals] of await popularitySignals(db, ids))
    await db
      .updateTable("search_documents")
      .set({ popularity: popularityScore(signals) })
      .where("title_id", "=", id)
      .execute();
}

/** Page views of titles by id, as the analytics module counts them (handed in: search does not read analytics' tables). */
export type ViewCounts = (titleIds: number[]) => Promise<Map<number, number>>;

async function upsert(db: Db, titleId: number, values: { votes?: number | null; tmdb_popularity?: number | null; boost?: number }) {
  const title = await db.selectFrom("titles").select("id").where("id", "=", titleId).executeTakeFirst();
  if (!title) throw new AppError(404, "Title not found");
  await db
    .insertInto("title_popularity")
    .values({ title_id: titleId, ...values })
    .onConflict((oc) => oc.column("title_id").doUpdateSet(values))
    .execute();
  await rescore(db, [titleId]);
  await bumpContentVersion(db);
}

/** Records outside popularity figures (an import or TMDB fill) and re-ranks the title. */
export async function setPopularity(db: Db, titleId: number, input: PopularityInput): Promise<void> {
  const values: { votes?: number | null; tmdb_popularity?: number | null } = {};
  if (input.votes !== undefined) values.votes = input.votes === null ? null : Math.max(0, Math.round(input.votes));
  if (input.tmdbPopularity !== undefined) values.tmdb_popularity = input.tmdbPopularity === null ? null : Math.max(0, input.tmdbPopularity);
  await inTransaction(db, (trx) => upsert(trx, titleId, values));
}

export const BOOST_OUT_OF_RANGE = `Boost must be a whole number from 0 to ${MAX_BOOST}`;

/** The title editor's boost form's answer (its route's action; the editor's fetcher reads it). */
export type SearchBoostResult = FormResult<{ boost: number }>;

/** The admin's boost of a title in search (0 none, PINNED first among equal matches); audited when an actor is given. */
export async function setSearchBoost(db: Db, titleId: number, boost: number, actor?: Actor): Promise<void> {
  if (!Number.isInteger(boost) || boost < 0 || boost > MAX_BOOST) throw new AppError(400, BOOST_OUT_OF_RANGE);
  await inTransaction(db, async (trx) => {
    await upsert(trx, titleId, { boost });
    if (actor)
      await recordAudit(trx, actor, {
        action: "title.search-boost",
        entityType: "title",
        entityId: titleId,
        summary: boost === 0 ? "Removed the search boost" : `Set the search boost to ${boost}`,
        details: { boost },
      });
  });
}

/** The admin's current boost of a title (0 when none). */
export async function getSearchBoost(db: Db, titleId: number): Promise<number> {
  const row = await db.selectFrom("title_popularity").select("boost").where("title_id", "=", titleId).executeTakeFirst();
  return row?.boost ?? 0;
}

/** The page views of these titles as counted now, kept for their scores (titles without views go back to 0). */
async function storeViews(db: Db, ids: number[], views: ViewCounts): Promise<void> {
  const counts = await views(ids);
  const rows = await db.selectFrom("title_popularity").select(["title_id", "views"]).where("title_id", "in", ids).execute();
  const stored = new Map(rows.map((r) => [r.title_id, r.views]));
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    if ((stored.get(id) ?? 0) === n) continue;
    await db
      .insertInto("title_popularity")
      .values({ title_id: id, views: n })
      .onConflict((oc) => oc.column("title_id").doUpdateSet({ views: n }))
      .execute();
  }
}

/**
 * Recomputes every title's popularity from the current counts (views, clicks and
 * requests change without a title write). `views` gives the page views to keep
 * for each batch of titles (the jobs hand analytics' counts in).
 */
export async function refreshPopularity(
  db: Db,
  { batchSize = 1_000, views }: { batchSize?: number; views?: ViewCounts } = {},
): Promise<number> {
  let after = 0;
  let done = 0;
  for (;;) {
    const ids = (await db.selectFrom("titles").select("id").where("id", ">", after).orderBy("id").limit(batchSize).execute()).map(
      (r) => r.id,
    );
    if (ids.length === 0) return done;
    if (views) await storeViews(db, ids, views);
    await rescore(db, ids);
    done += ids.length;
    after = ids[ids.length - 1]!;
  }
}

/**
 * Each indexed title's popularity, as a derived table for the catalogue's "most
 * popular" rows to join its titles to (search owns the index; both databases
 * flatten the subquery, so the popularity index still serves the order).
 */
export function popularityRows(db: Db) {
  return db.selectFrom("search_documents").select(["title_id", "popularity"]);
}

/** How many titles the search index holds. */
export async function countIndexedTitles(db: Db): Promise<number> {
  const row = await db
    .selectFrom("search_documents")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}
