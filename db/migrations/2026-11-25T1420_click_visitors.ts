import type { Kysely } from "kysely";

// Frozen: who clicked which link on which UTC day, as a daily keyed hash, so a
// click counts once per visitor, link and day. Rows older than a day are pruned.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("link_click_visitors")
    .addColumn("link_id", "integer", (c) => c.notNull().references("links.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("link_click_visitors_pk", ["link_id", "day", "visitor"])
    .execute();
  await db.schema.createIndex("link_click_visitors_day_idx").on("link_click_visitors").column("day").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("link_click_visitors").execute();
}
