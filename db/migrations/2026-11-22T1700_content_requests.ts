import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: visitors' content requests (the request form, an item's quick request,
// and "Request" on a search result only TMDB knows). Identical requests are merged
// into one row whose request_count counts the people who asked.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const timestamp = pg ? "timestamptz" : "text";
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("content_requests")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    // Movie | Series | Anime | Documentary
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    // Lowercased, whitespace collapsed: the merge key together with the year.
    .addColumn("title_key", "text", (c) => c.notNull())
    .addColumn("year", "integer")
    .addColumn("imdb_id", "text")
    .addColumn("tmdb_id", "integer")
    .addColumn("message", "text")
    // form | quick | tmdb-search
    .addColumn("source", "text", (c) => c.notNull())
    // pending | fulfilled | declined
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("request_count", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("content_requests_status_idx").on("content_requests").columns(["status", "updated_at"]).execute();
  await db.schema.createIndex("content_requests_title_idx").on("content_requests").columns(["title_key", "year"]).execute();
  await db.schema.createIndex("content_requests_tmdb_idx").on("content_requests").column("tmdb_id").execute();
  await db.schema.createIndex("content_requests_imdb_idx").on("content_requests").column("imdb_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_requests").execute();
}
