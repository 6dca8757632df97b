import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: the search index. Both databases keep one normalised row per title in
// search_documents (the app fills it; see app/modules/search), with copies of the
// fields results are filtered and ordered by, so a search reads one table. SQLite
// adds two FTS5 tables beside it, words and trigrams; PostgreSQL a tsvector and
// pg_trgm GiST indexes (nearest-neighbour ordering) on the same table. Search
// counts are kept per normalised query.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  if (pg) {
    // Trusted since PostgreSQL 13: the database owner may create it. In public, so
    // every schema on the usual search_path sees its functions and operators.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  }

  await db.schema
    .createTable("search_documents")
    .addColumn("title_id", "integer", (c) => c.primaryKey().references("titles.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("original", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("names", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("year", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("uploaded_at", pg ? "timestamptz" : "text", (c) => c.notNull())
    .addColumn("rating", pg ? "double precision" : "real")
    .execute();
  await db.schema.createIndex("search_documents_year_idx").on("search_documents").column("year").execute();

  if (pg) {
    await sql`alter table search_documents add column tsv tsvector generated always as
      (to_tsvector('simple'::regconfig, title || ' ' || original || ' ' || names || ' ' || year)) stored`.execute(db);
    await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    await sql`create index search_documents_title_trgm_idx on search_documents using gist (title gist_trgm_ops)`.execute(db);
    await sql`create index search_documents_original_trgm_idx on search_documents using gist (original gist_trgm_ops) where original <> ''`.execute(
      db,
    );
  } else {
    // rowid = title id. Kept by the app next to search_documents; a deleted title's
    // rows go with it through the trigger below.
    await sql`create virtual table search_words using fts5(title, original, names, year, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create virtual table search_trigrams using fts5(text, tokenize = 'trigram')`.execute(db);
    // How many titles hold each trigram, to pick the rarest ones for a query.
    await sql`create virtual table search_trigram_terms using fts5vocab(search_trigrams, 'row')`.execute(db);
    await sql`create trigger search_titles_delete after delete on titles begin
      delete from search_words where rowid = old.id;
      delete from search_trigrams where rowid = old.id;
    end`.execute(db);
  }

  await db.schema
    .createTable("search_queries")
    .addColumn("query", "text", (c) => c.primaryKey())
    .addColumn("searches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("zero_result_searches", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_result_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_searched_at", pg ? "timestamptz" : "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_queries_searches_idx").on("search_queries").column("searches").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("search_queries").execute();
  if (!pg) {
    await sql`drop trigger search_titles_delete`.execute(db);
    await sql`drop table search_trigram_terms`.execute(db);
    await sql`drop table search_trigrams`.execute(db);
    await sql`drop table search_words`.execute(db);
  }
  await db.schema.dropTable("search_documents").execute();
}
