import type { Kysely } from "kysely";

// Frozen: an admin can hide a genre from the public site (its chips, pages and title
// links) without deleting it or untagging its titles.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("genres")
    .addColumn("hidden", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genres").dropColumn("hidden").execute();
}
