import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: SQLite's full-text index also keeps the 1- and 2-letter starts of its words
// (FTS5 prefix indexes), so a last word of one or two letters, as in "the s" while a
// title is typed, is one lookup instead of a merge of every word it starts: 17 → 3 ms
// at 100k titles, for an index 2.5 times the size (ADR 007). FTS5 options are fixed
// at creation, so the table is rebuilt from its own rows. PostgreSQL reads prefixes
// from its GIN index's term tree: nothing to do there.

const rebuild = async (db: Kysely<any>, options: string) => {
  await sql`create virtual table search_words_next using fts5(title, original, names, alt, year, ${sql.raw(options)})`.execute(db);
  await sql`insert into search_words_next (rowid, title, original, names, alt, year)
    select rowid, title, original, names, alt, year from search_words`.execute(db);
  await sql`drop trigger search_titles_delete`.execute(db);
  await sql`drop table search_words`.execute(db);
  await sql`alter table search_words_next rename to search_words`.execute(db);
  await sql`create trigger search_titles_delete after delete on titles begin
      delete from search_words where rowid = old.id;
    end`.execute(db);
};

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rebuild(db, "tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2'");
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rebuild(db, "tokenize = 'unicode61 remove_diacritics 2'");
}
