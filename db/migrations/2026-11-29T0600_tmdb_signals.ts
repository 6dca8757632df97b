import { PostgresAdapter, type Kysely } from "kysely";

// Frozen: TMDB's figures of a title (issue 31): its popularity, vote average and
// vote count as TMDB last reported them, and when they were last refreshed. Filled
// by the TMDB fill, the imports and the API, and refreshed hourly for titles with a
// TMDB id, oldest refresh first (the index serves that order). They feed the
// title's search popularity (ADR 007), with the site's page views of the title,
// which the hourly popularity refresh copies into title_popularity (search's own
// table: search does not read analytics' tables).

const COLUMNS = ["tmdb_popularity", "tmdb_vote_average", "tmdb_vote_count", "tmdb_refreshed_at"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const real = pg ? "double precision" : "real";
  await db.schema.alterTable("titles").addColumn("tmdb_popularity", real).execute();
  await db.schema.alterTable("titles").addColumn("tmdb_vote_average", real).execute();
  await db.schema.alterTable("titles").addColumn("tmdb_vote_count", "integer").execute();
  await db.schema
    .alterTable("titles")
    .addColumn("tmdb_refreshed_at", pg ? "timestamptz" : "text")
    .execute();
  await db.schema.createIndex("titles_tmdb_refreshed_idx").on("titles").columns(["tmdb_refreshed_at", "id"]).execute();
  await db.schema
    .alterTable("title_popularity")
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("title_popularity").dropColumn("views").execute();
  await db.schema.dropIndex("titles_tmdb_refreshed_idx").execute();
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("titles").dropColumn(column).execute();
}
