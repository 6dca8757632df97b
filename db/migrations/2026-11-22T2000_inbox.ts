import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: the visitor inbox (docs/product/decisions.md "Visitor forms"). Every submission is
// kept as typed; what the admin triages is one row per wanted title, per reported
// link, per message and per notice.
//
// - content_request_submissions: each person's ask behind a content_requests row
//   (the form, an item's quick request, a search result's Request), so a merged
//   request loses nobody's name, message or location.
// - link_reports: one row per report; reports on the same link point at the first
//   open one (primary_id), which carries the status for the group.
// - contact_messages, dmca_notices, and dmca_notice_targets: the catalogue items a
//   notice names (resolved from its URL or chosen by the admin) and whether the
//   notice's action disabled them.
// Visitors' addresses are never stored: client_hash is a salted SHA-256 of it.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const timestamp = pg ? "timestamptz" : "text";
  const real = pg ? "double precision" : "real";
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  // Triage columns shared by every inbox table.
  const triage = (t: any) =>
    t
      // When an admin first opened it; null = unread (the sidebar's counts).
      .addColumn("read_at", timestamp)
      .addColumn("resolved_at", timestamp)
      .addColumn("resolved_by", "integer", (c: any) => c.references("admins.id").onDelete("set null"))
      .addColumn("created_at", timestamp, (c: any) => c.notNull().defaultTo(now))
      .addColumn("updated_at", timestamp, (c: any) => c.notNull().defaultTo(now));

  // content_requests: the title wanted. A quick request names a catalogue title and
  // a quality; fulfilment links the title that answers it; a decline has a reason.
  await db.schema
    .alterTable("content_requests")
    .addColumn("title_id", "integer", (c) => c.references("titles.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("content_requests").addColumn("quality", "text").execute();
  await db.schema
    .alterTable("content_requests")
    .addColumn("fulfilled_title_id", "integer", (c) => c.references("titles.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("content_requests").addColumn("decline_reason", "text").execute();
  await db.schema.alterTable("content_requests").addColumn("read_at", timestamp).execute();
  await db.schema.alterTable("content_requests").addColumn("resolved_at", timestamp).execute();
  await db.schema
    .alterTable("content_requests")
    .addColumn("resolved_by", "integer", (c) => c.references("admins.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("content_requests_title_quality_idx").on("content_requests").columns(["title_id", "quality"]).execute();

  await db.schema
    .createTable("content_request_submissions")
    .addColumn("id", "integer", id)
    .addColumn("request_id", "integer", (c) => c.notNull().references("content_requests.id").onDelete("cascade"))
    // form | quick | tmdb-search
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("content_type", "text")
    .addColumn("title", "text")
    .addColumn("year", "text")
    .addColumn("imdb_url", "text")
    .addColumn("message", "text")
    .addColumn("quality", "text")
    .addColumn("country", "text")
    .addColumn("region", "text")
    .addColumn("city", "text")
    // Rounded to 2 decimals (about 1 km): a place, never a person.
    .addColumn("latitude", real)
    .addColumn("longitude", real)
    .addColumn("client_hash", "text")
    .addColumn("created_at", timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("content_request_submissions_request_idx")
    .on("content_request_submissions")
    .columns(["request_id", "id"])
    .execute();
  // Requests filed before this table existed keep their one known asker.
  await sql`insert into content_request_submissions (request_id, source, name, email, content_type, title, year, message, created_at)
    select id, source, name, email, content_type, title, ${pg ? sql`year::text` : sql`cast(year as text)`}, message, created_at from content_requests`.execute(
    db,
  );

  await triage(
    db.schema
      .createTable("link_reports")
      .addColumn("id", "integer", id)
      // The first open report on the same link; null on that first report itself.
      .addColumn("primary_id", "integer", (c) => c.references("link_reports.id").onDelete("set null"))
      // Known when the report came from a link's page; the URL as it was then, so a
      // report whose link was since replaced can close itself.
      .addColumn("link_id", "integer", (c) => c.references("links.id").onDelete("set null"))
      .addColumn("link_url", "text")
      .addColumn("title_id", "integer", (c) => c.references("titles.id").onDelete("set null"))
      .addColumn("content_name", "text", (c) => c.notNull())
      .addColumn("season_episode", "text")
      .addColumn("quality", "text")
      .addColumn("link_type", "text")
      .addColumn("additional_info", "text")
      // open | fixed | invalid
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
      .addColumn("resolution_note", "text")
      .addColumn("client_hash", "text"),
  ).execute();
  await db.schema.createIndex("link_reports_status_idx").on("link_reports").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("link_reports_link_idx").on("link_reports").columns(["link_id", "status"]).execute();
  await db.schema.createIndex("link_reports_primary_idx").on("link_reports").column("primary_id").execute();

  await triage(
    db.schema
      .createTable("contact_messages")
      .addColumn("id", "integer", id)
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("subject", "text")
      .addColumn("message", "text", (c) => c.notNull())
      // new | answered | archived
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .addColumn("client_hash", "text"),
  ).execute();
  await db.schema.createIndex("contact_messages_status_idx").on("contact_messages").columns(["status", "created_at"]).execute();

  await triage(
    db.schema
      .createTable("dmca_notices")
      .addColumn("id", "integer", id)
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("content_url", "text", (c) => c.notNull())
      .addColumn("content_type", "text")
      .addColumn("copyright_proof", "text", (c) => c.notNull())
      .addColumn("message", "text")
      .addColumn("declaration", "boolean", (c) => c.notNull())
      // received | actioned | rejected
      .addColumn("status", "text", (c) => c.notNull().defaultTo("received"))
      .addColumn("resolution_note", "text")
      .addColumn("client_hash", "text"),
  ).execute();
  await db.schema.createIndex("dmca_notices_status_idx").on("dmca_notices").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("dmca_notice_targets")
    .addColumn("id", "integer", id)
    .addColumn("notice_id", "integer", (c) => c.notNull().references("dmca_notices.id").onDelete("cascade"))
    // A whole title, or one link of it.
    .addColumn("title_id", "integer", (c) => c.references("titles.id").onDelete("set null"))
    .addColumn("link_id", "integer", (c) => c.references("links.id").onDelete("set null"))
    // url: resolved from the notice's content URL; admin: chosen when actioning it.
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("disabled_at", timestamp)
    .addColumn("reenabled_at", timestamp)
    .execute();
  await db.schema.createIndex("dmca_notice_targets_notice_idx").on("dmca_notice_targets").column("notice_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["dmca_notice_targets", "dmca_notices", "contact_messages", "link_reports", "content_request_submissions"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("content_requests_title_quality_idx").execute();
  for (const column of ["resolved_by", "resolved_at", "read_at", "decline_reason", "fulfilled_title_id", "quality", "title_id"]) {
    await db.schema.alterTable("content_requests").dropColumn(column).execute();
  }
}
