import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: on SQLite, a narrow index of what the relevance order reads (popularity,
// upload time, title) by title id, so a ranking picks its few candidates from that
// index and reads only their wide rows (names and other titles make a row hundreds of
// bytes): the leading-key pick 3.5 → 1.3 ms and a narrow stratum's 1.2 → 0.7 ms at
// 100k titles (ADR 007). Not on PostgreSQL: there the match itself is read from the
// document rows (their tsvector), so an index beside them saves no row reads.

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create index search_documents_rank_idx on search_documents (title_id, popularity, uploaded_at, title)`.execute(db);
  // The planner prefers the table's own rows to an index it has no statistics for.
  await sql`analyze search_documents`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop index search_documents_rank_idx`.execute(db);
}
