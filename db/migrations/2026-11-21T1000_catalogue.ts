import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Frozen: this file must keep producing the same schema forever. It imports
// nothing from the app; dialect differences are branched on explicitly.

const GENRES = [
  "Action",
  "Adventure",
  "Biography",
  "BollyWood",
  "Comedy",
  "Crime",
  "Documentary",
  "Drama",
  "Dual Audio",
  "Family",
  "Fantasy",
  "Hindi Dubbed",
  "History",
  "HollyWood",
  "Horror",
  "Romance",
  "Sci-Fi",
  "South Hindi Movies",
  "Thriller",
  "TV-Shows",
  "WEB-Series",
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const timestampType = pg ? "timestamptz" : "text";
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable("titles")
    .addColumn("id", "integer", id)
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("original_title", "text")
    .addColumn("tmdb_id", "integer")
    .addColumn("imdb_id", "text")
    .addColumn("overview", "text")
    .addColumn("tagline", "text")
    .addColumn("storyline", "text")
    .addColumn("release_date", pg ? "date" : "text")
    .addColumn("runtime_minutes", "integer")
    .addColumn("rating", pg ? "double precision" : "real")
    .addColumn("adult", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("language", "text")
    .addColumn("poster_url", "text")
    .addColumn("background_url", "text")
    .addColumn("trailer_url", "text")
    .addColumn("file_format", "text", (c) => c.notNull().defaultTo("mkv"))
    .addColumn("featured", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("featured_order", "integer")
    .addColumn("uploaded_at", timestampType, (c) => c.notNull().defaultTo(now))
    .addColumn("created_at", timestampType, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("titles_type_slug_unique", ["type", "slug"])
    .addCheckConstraint("titles_type_check", sql`type in ('movie', 'tv')`)
    .addCheckConstraint("titles_rating_check", sql`rating is null or (rating >= 0 and rating <= 10)`)
    .addCheckConstraint("titles_runtime_check", sql`runtime_minutes is null or runtime_minutes >= 0`)
    .execute();
  await db.schema.createIndex("titles_uploaded_idx").on("titles").columns(["uploaded_at desc", "id desc"]).execute();
  await db.schema.createIndex("titles_type_uploaded_idx").on("titles").columns(["type", "uploaded_at desc", "id desc"]).execute();
  await db.schema.createIndex("titles_featured_idx").on("titles").columns(["featured", "featured_order"]).execute();
  await db.schema.createIndex("titles_tmdb_idx").on("titles").columns(["type", "tmdb_id"]).execute();
  await db.schema.createIndex("titles_imdb_idx").on("titles").column("imdb_id").execute();

  await db.schema
    .createTable("genres")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("genres")
    .values(
      GENRES.map((name, i) => ({
        name,
        slug: name.toLowerCase().replace(/\s+/g, "-"),
        position: i + 1,
      })),
    )
    .execute();

  await db.schema
    .createTable("title_genres")
    .addColumn("title_id", "integer", (c) => c.notNull().references("titles.id").onDelete("cascade"))
    .addColumn("genre_id", "integer", (c) => c.notNull().references("genres.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("title_genres_pk", ["title_id", "genre_id"])
    .execute();
  await db.schema.createIndex("title_genres_genre_idx").on("title_genres").columns(["genre_id", "title_id"]).execute();

  await db.schema
    .createTable("credits")
    .addColumn("id", "integer", id)
    .addColumn("title_id", "integer", (c) => c.notNull().references("titles.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("character", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addCheckConstraint("credits_role_check", sql`role in ('director', 'cast')`)
    .execute();
  await db.schema.createIndex("credits_title_idx").on("credits").columns(["title_id", "role", "position"]).execute();

  await db.schema
    .createTable("title_subtitles")
    .addColumn("title_id", "integer", (c) => c.notNull().references("titles.id").onDelete("cascade"))
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("title_subtitles_pk", ["title_id", "language"])
    .execute();

  await db.schema
    .createTable("screenshots")
    .addColumn("id", "integer", id)
    .addColumn("title_id", "integer", (c) => c.notNull().references("titles.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("screenshots_title_idx").on("screenshots").columns(["title_id", "position"]).execute();

  await db.schema
    .createTable("releases")
    .addColumn("id", "integer", id)
    .addColumn("title_id", "integer", (c) => c.notNull().references("titles.id").onDelete("cascade"))
    .addColumn("quality", "text", (c) => c.notNull())
    .addColumn("season", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("releases_title_idx").on("releases").columns(["title_id", "position"]).execute();

  await db.schema
    .createTable("files")
    .addColumn("id", "integer", id)
    .addColumn("release_id", "integer", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("size", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("files_release_idx").on("files").columns(["release_id", "position"]).execute();

  await db.schema
    .createTable("links")
    .addColumn("id", "integer", id)
    .addColumn("release_id", "integer", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (c) => c.references("files.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("size", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ok"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addCheckConstraint("links_kind_check", sql`(kind = 'file' and file_id is not null) or (kind = 'zip' and file_id is null)`)
    .addCheckConstraint("links_status_check", sql`status in ('ok', 'broken', 'disabled')`)
    .execute();
  await db.schema.createIndex("links_file_idx").on("links").columns(["file_id", "position"]).execute();
  await db.schema.createIndex("links_release_idx").on("links").columns(["release_id", "kind", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["links", "files", "releases", "screenshots", "title_subtitles", "credits", "title_genres", "genres", "titles"]) {
    await db.schema.dropTable(table).execute();
  }
}
