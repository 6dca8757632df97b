import { sql, type Kysely } from "kysely";

// Frozen: what "More like this" reads (app/modules/catalogue/related.server.ts) is the
// newest ~100 titles per shared person and per namesake. Without these indexes a
// person's titles were found by scanning every credit, and a namesake by scanning
// every title: 0.3–2.3 s per call at 100k titles.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index credits_name_title_idx on credits (name, title_id)`.execute(db);
  await sql`create index titles_lower_title_idx on titles (lower(title), id)`.execute(db);
  // SQLite's planner passes over an index it has no statistics for; PostgreSQL keeps
  // statistics of an expression index (lower(title)) only once it is analyzed.
  await sql`analyze credits`.execute(db);
  await sql`analyze titles`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index titles_lower_title_idx`.execute(db);
  await sql`drop index credits_name_title_idx`.execute(db);
}
