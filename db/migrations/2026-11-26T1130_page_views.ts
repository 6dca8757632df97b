import type { Kysely } from "kysely";

// Frozen: privacy-friendly daily counters (ADR 035). Page views per title and page
// requests per UTC day, added to in batches from each instance's memory. No foreign
// key on title_id: a batch counted just before a title is deleted must not fail the
// whole flush; readers join titles, and deleting a title deletes its rows (catalogue/write, bulk).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("title_views")
    .addColumn("title_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("title_views_pk", ["title_id", "day"])
    .execute();
  await db.schema.createIndex("title_views_day_idx").on("title_views").column("day").execute();
  await db.schema
    .createTable("site_requests")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("requests", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_requests").execute();
  await db.schema.dropTable("title_views").execute();
}
