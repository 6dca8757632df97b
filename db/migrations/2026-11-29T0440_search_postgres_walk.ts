import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: PostgreSQL's search reads (ADR 007, revision 2026-11-29). Nothing on SQLite.
// - An index in the relevance read's whole order (popularity, title length, newest
//   upload, newest id), so a stratum of thousands of matches is read by walking it and
//   testing each title's words, stopping at the page, instead of fetching every match's
//   row and sorting them (the SQLite `walk` plan). The popularity index alone made the
//   walk sort each run of equal popularity (every title without signals is one run).
// - The words' and tags' GIN indexes without a pending list (fastupdate off): with it,
//   every search scans the entries written since the last vacuum one by one, up to
//   4 MB of them, and a catalogue edited all day with autovacuum late pays that on
//   every query. Writes update the index at once instead: a title save writes a
//   handful of words.
// - Autovacuum of the search tables after 2 % of their rows changed or were added, not
//   the default 20 %: a page written since the last vacuum is not all-visible, so every
//   read of it visits the heap (issue 30), and at 1M titles 20 % is 200k rewritten rows.
//   Statistics are refreshed as often, for the plans' row estimates.

const SEARCH_TABLES = ["search_documents", "search_keys", "search_terms", "search_term_keys"];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index search_documents_rank_order_idx
    on search_documents (popularity desc, length(title), uploaded_at desc, title_id desc)`.execute(db);
  for (const index of ["search_documents_tsv_idx", "search_documents_tags_idx"]) {
    await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
    // Turning it off keeps the entries already pending: moved into the index now.
    await sql`select gin_clean_pending_list(${sql.lit(index)}::regclass)`.execute(db);
  }
  for (const table of SEARCH_TABLES)
    await sql`alter table ${sql.id(table)} set (autovacuum_vacuum_scale_factor = 0.02,
      autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db);
  // Statistics for the new index's expression, so the planner costs it from the start.
  await sql`analyze search_documents`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index search_documents_rank_order_idx`.execute(db);
  for (const index of ["search_documents_tsv_idx", "search_documents_tags_idx"])
    await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
  for (const table of SEARCH_TABLES)
    await sql`alter table ${sql.id(table)} reset (autovacuum_vacuum_scale_factor,
      autovacuum_vacuum_insert_scale_factor, autovacuum_analyze_scale_factor)`.execute(db);
}
