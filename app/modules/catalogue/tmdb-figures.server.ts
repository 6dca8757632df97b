import { sql } from "kysely";
import type { Db } from "#app/db/client.server.ts";
import { TmdbError, type TmdbClient } from "#app/integrations/tmdb/client.server.ts";
import { inTransaction } from "#app/db/transaction.server.ts";
import { bumpContentVersion } from "#app/modules/site/content-version.server.ts";
import { indexTitles } from "./search-index.server.ts";

/** Titles a run of the hourly refresh asks TMDB about at most: 200 requests an hour stay far below TMDB's limits. */
export const TMDB_FIGURES_BATCH = 200;

export interface FiguresRefresh {
  /** Titles whose figures were read from TMDB and stored. */
  refreshed: number;
  /** Titles TMDB no longer knows (404): marked refreshed so they go to the back of the queue. */
  missing: number;
}

/**
 * TMDB stopped answering usefully (429, a 5xx, a timeout): the run ends early, what
 * it refreshed is kept, and the job runner tries again later with a growing delay.
 */
export class TmdbFiguresBackOff extends Error {
  readonly done: FiguresRefresh;
  constructor(cause: TmdbError, done: FiguresRefresh) {
    super(`TMDB refused the figures refresh (${cause.kind}); ${done.refreshed} titles refreshed before it`, { cause });
    this.name = "TmdbFiguresBackOff";
    this.done = done;
  }
}

/**
 * Refreshes TMDB's popularity, vote average and vote count of up to `limit` titles
 * with a TMDB id, the never refreshed first, then the longest ago, one request at a
 * time; each title's search popularity follows. Throws TmdbFiguresBackOff when TMDB
 * rate-limits or fails, after keeping what was done.
 */
export async function refreshTmdbFigures(
  db: Db,
  tmdb: TmdbClient,
  { limit = TMDB_FIGURES_BATCH, now = () => new Date() }: { limit?: number; now?: () => Date } = {},
): Promise<FiguresRefresh> {
  const due = await db
    .selectFrom("titles")
    .select(["id", "type", "tmdb_id"])
    .where("tmdb_id", "is not", null)
    // Never refreshed first on both databases (PostgreSQL sorts nulls last).
    .orderBy(sql`case when tmdb_refreshed_at is null then 0 else 1 end`)
    .orderBy("tmdb_refreshed_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  const done: FiguresRefresh = { refreshed: 0, missing: 0 };
  try {
    for (const title of due) {
      let figures;
      try {
        figures = await tmdb.figures(title.type, title.tmdb_id);
      } catch (error) {
        if (error instanceof TmdbError && (error.kind === "not_found" || error.kind === "invalid_id")) {
          await db.updateTable("titles").set({ tmdb_refreshed_at: now().toISOString() }).where("id", "=", title.id).execute();
          done.missing += 1;
          continue;
        }
        if (error instanceof TmdbError) throw new TmdbFiguresBackOff(error, done);
        throw error;
      }
      await inTransaction(db, async (trx) => {
        await trx
          .updateTable("titles")
          .set({
            tmdb_popularity: figures.tmdbPopularity,
            tmdb_vote_average: figures.tmdbVoteAverage,
            tmdb_vote_count: figures.tmdbVoteCount,
            tmdb_refreshed_at: now().toISOString(),
          })
          .where("id", "=", title.id)
          .execute();
        await indexTitles(trx, [title.id]);
      });
      done.refreshed += 1;
    }
  } finally {
    // Rankings changed: once per run, not per title, so cached pages are not dropped 200 times an hour.
    if (done.refreshed > 0) await bumpContentVersion(db);
  }
  return done;
}
