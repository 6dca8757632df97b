import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: search filters as words of the index, and indexes for the sorted orders
// (ADR 007, "filters as index words").
// - search_documents.tags holds a title's filter words (app/modules/search/tags.ts):
//   t<type>, y<year> d<decade> c<century>, g<genre id>, q<hex of the lower-case quality>.
//   SQLite's full-text table gains a `tags` column with them (as "_tag"), PostgreSQL a
//   generated tsvector with its own GIN index, so a filtered search is one index intersection.
// - The backfill computes the same words in SQL. Quality hex differs from the app's
//   only for non-ASCII capitals, which no quality label has; the next save of such a
//   title rewrites its words from the app's rule.
// - Newest and rating orders get indexes, so a sorted search over thousands of matches
//   walks its order and stops at the page instead of sorting every match; on SQLite the
//   title order too. Not on PostgreSQL: it plans from row estimates, and a title-order
//   walk for "the" filters past every title before "t" (75k rows, 250 ms at 100k),
//   where a bitmap scan and a sort of the matches takes 10–50 ms.

async function rebuildWords(db: Kysely<any>, withTags: boolean) {
  // With tags, "_" is a word character: the table holds each tag as "_tag", which no
  // visitor's word or prefix reaches (app/modules/search/tags.ts ftsTag).
  const columns = withTags ? "title, original, names, alt, year, tags" : "title, original, names, alt, year";
  const tokenize = withTags ? `"unicode61 remove_diacritics 2 tokenchars '_'"` : "'unicode61 remove_diacritics 2'";
  await sql`create virtual table search_words_next using fts5(${sql.raw(columns)}, tokenize = ${sql.raw(tokenize)}, prefix = '1 2')`.execute(
    db,
  );
  if (withTags) {
    await sql`insert into search_words_next (rowid, title, original, names, alt, year, tags)
      select w.rowid, w.title, w.original, w.names, w.alt, w.year,
        case when coalesce(d.tags, '') = '' then '' else '_' || replace(d.tags, ' ', ' _') end
      from search_words w left join search_documents d on d.title_id = w.rowid`.execute(db);
  } else {
    await sql`insert into search_words_next (rowid, title, original, names, alt, year)
      select rowid, title, original, names, alt, year from search_words`.execute(db);
  }
  await sql`drop trigger search_titles_delete`.execute(db);
  await sql`drop table search_words`.execute(db);
  await sql`alter table search_words_next rename to search_words`.execute(db);
  await sql`create trigger search_titles_delete after delete on titles begin
      delete from search_words where rowid = old.id;
    end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("search_documents")
    .addColumn("tags", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  if (postgres) {
    await sql`update search_documents d set tags = concat_ws(' ',
        't' || d.type,
        case when d.year ~ '^[0-9]{4}$' then 'y' || d.year || ' d' || left(d.year, 3) || ' c' || left(d.year, 2) end,
        (select string_agg('g' || tg.genre_id, ' ') from title_genres tg where tg.title_id = d.title_id),
        (select string_agg(distinct 'q' || encode(convert_to(lower(btrim(r.quality)), 'UTF8'), 'hex'), ' ')
           from releases r where r.title_id = d.title_id and btrim(r.quality) <> ''))`.execute(db);
    await sql`alter table search_documents add column tag_tsv tsvector generated always as (to_tsvector('simple'::regconfig, tags)) stored`.execute(
      db,
    );
    await sql`create index search_documents_tags_idx on search_documents using gin (tag_tsv)`.execute(db);
  } else {
    await sql`update search_documents set tags = 't' || type ||
        case when year glob '[0-9][0-9][0-9][0-9]' then ' y' || year || ' d' || substr(year, 1, 3) || ' c' || substr(year, 1, 2) else '' end ||
        coalesce((select ' ' || group_concat('g' || genre_id, ' ') from title_genres where title_id = search_documents.title_id), '') ||
        coalesce((select ' ' || group_concat('q' || lower(hex(lower(trim(quality)))), ' ') from releases
           where title_id = search_documents.title_id and trim(quality) <> ''), '')`.execute(db);
    await rebuildWords(db, true);
    await sql`create index search_documents_title_idx on search_documents (title, title_id)`.execute(db);
  }
  await sql`create index search_documents_newest_idx on search_documents (uploaded_at desc, title_id desc)`.execute(db);
  await sql`create index search_documents_rating_idx on search_documents ((rating is null), rating desc, uploaded_at desc, title_id desc)`.execute(
    db,
  );
  // Type and year filters read the tags now.
  await db.schema.dropIndex("search_documents_type_idx").execute();
  await db.schema.dropIndex("search_documents_year_idx").execute();
  if (postgres) await sql`analyze search_documents`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createIndex("search_documents_type_idx").on("search_documents").column("type").execute();
  await db.schema.createIndex("search_documents_year_idx").on("search_documents").column("year").execute();
  for (const index of ["search_documents_rating_idx", "search_documents_newest_idx"]) await db.schema.dropIndex(index).execute();
  if (postgres) {
    await db.schema.dropIndex("search_documents_tags_idx").execute();
    await db.schema.alterTable("search_documents").dropColumn("tag_tsv").execute();
  } else {
    await db.schema.dropIndex("search_documents_title_idx").execute();
    await rebuildWords(db, false);
  }
  await db.schema.alterTable("search_documents").dropColumn("tags").execute();
}
