import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: the link checker's state (ADR 029).
// - link_health: one row per checked link: its latest health, what the last
//   conclusive answer said, consecutive failures, when it is due again, and whether
//   the checker (not an admin) set links.status to 'broken'.
// - link_checks: the recent checks of each link (the checker keeps the newest few).
// - link_reports.found_by_checker: the report the checker opened for a broken link.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? "timestamptz" : "text";
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("link_health")
    .addColumn("link_id", "integer", (c) => c.primaryKey().references("links.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("unknown"))
    .addColumn("http_status", "integer")
    .addColumn("final_url", "text")
    // Files are often larger than 2 GiB.
    .addColumn("content_length", "bigint")
    .addColumn("content_type", "text")
    .addColumn("response_ms", "integer")
    .addColumn("error", "text")
    .addColumn("checked_at", timestamp)
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_check_at", timestamp)
    .addColumn("marked_broken", "boolean", (c) => c.notNull().defaultTo(false))
    .addCheckConstraint("link_health_status_check", sql`status in ('ok', 'broken', 'unknown')`)
    .execute();
  await db.schema.createIndex("link_health_due_idx").on("link_health").column("next_check_at").execute();
  await db.schema.createIndex("link_health_status_idx").on("link_health").column("status").execute();

  await db.schema
    .createTable("link_checks")
    .addColumn("id", "integer", id)
    .addColumn("link_id", "integer", (c) => c.notNull().references("links.id").onDelete("cascade"))
    .addColumn("checked_at", timestamp, (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("final_url", "text")
    .addColumn("response_ms", "integer")
    .addColumn("error", "text")
    .addCheckConstraint("link_checks_outcome_check", sql`outcome in ('ok', 'failed', 'inconclusive')`)
    .execute();
  await db.schema.createIndex("link_checks_link_idx").on("link_checks").columns(["link_id", "id"]).execute();

  await db.schema
    .alterTable("link_reports")
    .addColumn("found_by_checker", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("link_reports").dropColumn("found_by_checker").execute();
  await db.schema.dropTable("link_checks").execute();
  await db.schema.dropTable("link_health").execute();
}
