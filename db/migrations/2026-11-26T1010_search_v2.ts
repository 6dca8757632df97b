import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: search v2 (ADR 007). search_documents gains the other forms of a title's
// words (alt: numerals, joined compounds, split names), the keys exact and leading
// matches compare with, and a popularity score; the year becomes the index word
// "y<year>", matched only by a whole 4-digit query word. title_popularity keeps what
// is known of a title's popularity from outside and the admin's boost.
// Typo tolerance moves from whole-title trigram similarity to words: search_terms
// is the dictionary of indexed words, search_term_keys its deletion keys (each word
// and its one-letter deletions), so both databases find the same near words by
// plain equality. The trigram tables and indexes go.
// The index is emptied: the app rebuilds every title's search row at start-up
// (indexMissingTitles), as it would for a database from before search.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("title_popularity")
    .addColumn("title_id", "integer", (c) => c.primaryKey().references("titles.id").onDelete("cascade"))
    .addColumn("votes", "integer")
    .addColumn("tmdb_popularity", pg ? "double precision" : "real")
    .addColumn("boost", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("search_terms")
    .addColumn("term", "text", (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable("search_term_keys")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("term", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_term_keys_pk", ["key", "term"])
    .execute();

  await db.deleteFrom("search_documents").execute();
  await db.schema
    .alterTable("search_documents")
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("search_documents")
    .addColumn("keys", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("search_documents")
    .addColumn("popularity", pg ? "double precision" : "real", (c) => c.notNull().defaultTo(0))
    .execute();

  if (pg) {
    await sql`drop index search_documents_tsv_idx`.execute(db);
    await sql`alter table search_documents drop column tsv`.execute(db);
    await sql`alter table search_documents add column tsv tsvector generated always as
      (to_tsvector('simple'::regconfig, title || ' ' || original || ' ' || names || ' ' || alt || ' ' ||
        case when year = '' then '' else 'y' || year end)) stored`.execute(db);
    await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    await sql`drop index search_documents_title_trgm_idx`.execute(db);
    await sql`drop index search_documents_original_trgm_idx`.execute(db);
  } else {
    await sql`drop trigger search_titles_delete`.execute(db);
    await sql`drop table search_words`.execute(db);
    await sql`drop table search_trigram_terms`.execute(db);
    await sql`drop table search_trigrams`.execute(db);
    await sql`create virtual table search_words using fts5(title, original, names, alt, year, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger search_titles_delete after delete on titles begin
      delete from search_words where rowid = old.id;
    end`.execute(db);
  }
  // Filters and relevance order read these without the full-text index.
  await sql`create index search_documents_popularity_idx on search_documents (popularity desc, title_id)`.execute(db);
  await db.schema.createIndex("search_documents_type_idx").on("search_documents").column("type").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex("search_documents_type_idx").execute();
  await db.schema.dropIndex("search_documents_popularity_idx").execute();
  await db.schema.dropTable("search_term_keys").execute();
  await db.schema.dropTable("search_terms").execute();
  await db.deleteFrom("search_documents").execute();
  if (pg) {
    await sql`drop index search_documents_tsv_idx`.execute(db);
    await sql`alter table search_documents drop column tsv`.execute(db);
    await sql`alter table search_documents add column tsv tsvector generated always as
      (to_tsvector('simple'::regconfig, title || ' ' || original || ' ' || names || ' ' || year)) stored`.execute(db);
    await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    await sql`create index search_documents_title_trgm_idx on search_documents using gist (title gist_trgm_ops)`.execute(db);
    await sql`create index search_documents_original_trgm_idx on search_documents using gist (original gist_trgm_ops) where original <> ''`.execute(
      db,
    );
  } else {
    await sql`drop trigger search_titles_delete`.execute(db);
    await sql`drop table search_words`.execute(db);
    await sql`create virtual table search_words using fts5(title, original, names, year, tokenize = 'unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create virtual table search_trigrams using fts5(text, tokenize = 'trigram')`.execute(db);
    await sql`create virtual table search_trigram_terms using fts5vocab(search_trigrams, 'row')`.execute(db);
    await sql`create trigger search_titles_delete after delete on titles begin
      delete from search_words where rowid = old.id;
      delete from search_trigrams where rowid = old.id;
    end`.execute(db);
  }
  for (const column of ["popularity", "keys", "alt"]) await db.schema.alterTable("search_documents").dropColumn(column).execute();
  await db.schema.dropTable("title_popularity").execute();
}
