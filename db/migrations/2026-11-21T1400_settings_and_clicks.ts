import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: settings the admin changes at run time, and out-link clicks per day.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", pg ? "timestamptz" : "text", (c) => c.notNull().defaultTo(now))
    .execute();

  // One row per link and UTC day, counted up with an upsert.
  await db.schema
    .createTable("link_clicks")
    .addColumn("link_id", "integer", (c) => c.notNull().references("links.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("link_clicks_pk", ["link_id", "day"])
    .execute();
  await db.schema.createIndex("link_clicks_day_idx").on("link_clicks").column("day").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("link_clicks").execute();
  await db.schema.dropTable("settings").execute();
}
