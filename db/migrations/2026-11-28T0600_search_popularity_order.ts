import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: the popularity index in the order the rankings read it, popularity then
// the newest title id first (it was title id ascending). SQLite walked it, then sorted
// each run of equal popularity by id in a temporary B-tree before it could stop: at
// 1M synthetic titles (91 distinct popularities, 11k titles each) a common start's
// leading read took 17 ms, 4 ms in index order (ADR 007). A real catalogue has the
// same runs wherever titles have no signals yet (popularity 0).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index search_documents_popularity_idx`.execute(db);
  await sql`create index search_documents_popularity_idx on search_documents (popularity desc, title_id desc)`.execute(db);
  // SQLite's planner passes over an index it has no statistics for.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await sql`analyze search_documents`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index search_documents_popularity_idx`.execute(db);
  await sql`create index search_documents_popularity_idx on search_documents (popularity desc, title_id)`.execute(db);
}
